// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Collectives.h"

#include "common/Units.h"
#include "eval/ResolvedPlan.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// A tier with no usable bandwidth (a workstation without NICs, a catalog gap) still yields a
// finite time: 1 GB/s, far below any real link, so such layouts rank last.
constexpr double kMinBusBw = 1e9;

double busBwOf(const CommTier &t)
{
    return std::max(t.busBw, kMinBusBw);
}

} // namespace

CommGroup placeGroup(int size, int stride, int gpusPerNode)
{
    CommGroup g;
    g.ranks = std::max(size, 1);
    if (g.ranks == 1)
        return g;
    const int node = std::max(gpusPerNode, 1);
    const int step = std::max(stride, 1);
    if (step >= node) {
        g.ranksPerNode = 1;
        g.nodes = g.ranks;
        return g;
    }
    g.ranksPerNode = std::min(g.ranks, std::max(node / step, 1));
    g.nodes = (g.ranks + g.ranksPerNode - 1) / g.ranksPerNode;
    return g;
}

double interNodeBusBw(const CommNetwork &net, int nodes)
{
    const double doublings = nodes > 2 ? std::log2(static_cast<double>(nodes)) - 1.0 : 0.0;
    const double keep = std::clamp(1.0 - net.scaleLossPerDoubling, 0.05, 1.0);
    return busBwOf(net.inter) * std::pow(keep, doublings);
}

double interNodeLatency(const CommNetwork &net, int nodes)
{
    return net.inter.latencyS * std::max(1.0, std::log2(static_cast<double>(std::max(nodes, 2))));
}

CommPath commPath(const CommGroup &group, const CommNetwork &net)
{
    CommPath path;
    path.group = group;
    if (group.nodes > 1) {
        path.interBusBw = interNodeBusBw(net, group.nodes);
        path.interLatencyS = interNodeLatency(net, group.nodes);
    }
    return path;
}

double collectiveTime(Collective op, double bytes, const CommGroup &group, const CommNetwork &net)
{
    if (group.ranks <= 1 || bytes <= 0)
        return 0.0;
    return collectiveTime(op, bytes, commPath(group, net), net);
}

double collectiveTime(Collective op, double bytes, const CommPath &path, const CommNetwork &net)
{
    const CommGroup &group = path.group;
    if (group.ranks <= 1 || bytes <= 0)
        return 0.0;
    const double n = group.ranks;
    const double local = group.ranksPerNode;
    const double nodes = group.nodes;
    const bool spansNodes = group.nodes > 1;
    if (op == Collective::AllToAll) {
        // (local-1)/n of the buffer goes to node-mates, (n-local)/n leaves the node.
        const double intra = local > 1 ? (local - 1) / n * bytes / busBwOf(net.intra) : 0.0;
        const double inter = spansNodes ? (n - local) / n * bytes / path.interBusBw : 0.0;
        const double latency = (local > 1 ? net.intra.latencyS : 0.0) + (spansNodes ? path.interLatencyS : 0.0);
        return latency + std::max(intra, inter);
    }
    const double c = op == Collective::AllReduce ? 2.0 : 1.0;
    double t = 0.0;
    if (local > 1)
        t += net.intra.latencyS + c * (local - 1) / local * bytes / busBwOf(net.intra);
    if (spansNodes)
        t += path.interLatencyS + c * (nodes - 1) / nodes * (bytes / local) / path.interBusBw;
    return t;
}

double p2pTime(double bytes, int stride, const CommNetwork &net)
{
    if (bytes <= 0)
        return 0.0;
    if (stride < net.gpusPerNode)
        return net.intra.latencyS + bytes / busBwOf(net.intra);
    return net.inter.latencyS + bytes / busBwOf(net.inter);
}

CommNetwork commNetwork(const ResolvedPlan &plan)
{
    CommNetwork net;
    net.gpusPerNode = std::max(plan.gpusPerNode, 1);
    const GpuEfficiency *eff = plan.gpu ? &plan.gpu->efficiency : nullptr;
    const double intraFraction = eff ? eff->intraBusBwFraction : 0.8;
    net.intra.latencyS = eff ? eff->intraLatencyS : 1e-5;
    double intraLink = plan.node ? plan.node->intraBandwidth : 0.0;
    if (intraLink <= 0 && plan.gpu)
        intraLink = plan.gpu->scaleUpBandwidth > 0 ? plan.gpu->scaleUpBandwidth : plan.gpu->pcieBandwidth;
    net.intra.busBw = intraLink * intraFraction;
    const double nodeNetworkGbps = plan.plan ? plan.plan->hardware.nodeNetworkGbps : 0.0;
    if (plan.node || nodeNetworkGbps > 0) {
        // A NIC runs at the slower of its own rate and the fabric's port rate (a 400 Gb/s NIC on
        // a 100 GbE fabric moves 100 Gb/s).
        const double nicGbps = plan.node ? (plan.fabric ? std::min(plan.node->nicGbps, plan.fabric->linkGbps) : plan.node->nicGbps) : 0.0;
        const double nodeNic = (nodeNetworkGbps > 0 ? nodeNetworkGbps : plan.node->nicsPerNode * nicGbps) * units::kGbps;
        const double fraction = plan.fabric ? plan.fabric->busBwFraction : 0.9;
        net.inter.busBw = nodeNic / net.gpusPerNode * fraction;
    }
    net.inter.latencyS = plan.fabric ? plan.fabric->latencyS : 2e-5;
    net.scaleLossPerDoubling = plan.fabric ? plan.fabric->scaleLossPerDoubling : 0.0;
    return net;
}

} // namespace gpuplan

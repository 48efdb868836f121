// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/TrainingComm.h"

#include "eval/Layout.h"
#include "model/ModelShape.h"
#include "perf/ExpertRouting.h"
#include "perf/LayerCost.h"

#include <algorithm>

namespace gpuplan {

ExpertExchangeBytes expertExchangeBytes(const LayerDims &d)
{
    // FP8 with one fp32 scale per 1 x 128 tile (report §3.3.1, DeepEP's fp8 dispatch).
    constexpr double kFp8WithScales = 1.0 + 4.0 / 128.0;
    const bool fp8Activations = d.actBytes < 2.0;
    ExpertExchangeBytes b;
    b.forwardDispatch = d.fp8 || fp8Activations ? kFp8WithScales : d.actBytes;
    b.backwardDispatch = fp8Activations ? kFp8WithScales : d.actBytes;
    b.combine = std::max(d.actBytes, 2.0);
    return b;
}

LayerComm layerComm(const ModelShape &s, const LayerDims &d, const Layout &l, const CommNetwork &net, bool moe)
{
    LayerComm c;
    const int G = net.gpusPerNode;
    if (l.tp > 1) {
        // Megatron TP (Shoeybi et al. 2019): one collective after attention and one after the
        // MLP in each pass, on the full activation of the micro-batch.
        const CommGroup tp = placeGroup(l.tp, 1, G);
        const double bytes = d.tokens * s.hidden * d.actBytes;
        if (l.sp) {
            c.tpS = 2.0 * (collectiveTime(Collective::AllGather, bytes, tp, net) +
                           collectiveTime(Collective::ReduceScatter, bytes, tp, net));
            c.tpKernels = 4;
        } else {
            c.tpS = 2.0 * collectiveTime(Collective::AllReduce, bytes, tp, net);
            c.tpKernels = 2;
        }
    }
    if (moe && l.ep > 1) {
        // Dispatch and combine (Megatron-Core's all-to-all dispatcher, DeepEP): each rank sends
        // top-k copies of its tokens to the ranks holding their experts; EP ranks follow TP in
        // the rank order. With sequence parallelism a TP rank dispatches only its 1/tp of the
        // tokens, and the experts' TP group all-gathers the received tokens before the expert
        // GEMMs and reduce-scatters the outputs after them.
        const int etp = l.expertTpOrTp();
        const bool split = d.sp || etp < l.tp;
        // Four all-to-alls over the one group: its inter-node figures once.
        const CommPath ep = commPath(placeGroup(l.ep, etp, G), net);
        double sent = d.tokens * s.topK * s.hidden / (split ? d.tp : 1);
        if (ep.group.nodes > 1 && s.topK > 1) {
            // Across nodes the dispatchers of MoE training (DeepEP's internode kernels, HybridEP,
            // DeepSeek-V3 §3.2.2) send a token over the scale-out network once per node that
            // holds one of its experts and forward it over NVLink inside the node, instead of
            // once per expert: the send buffer shrinks from k (N - 1)/N remote copies to the
            // expected distinct remote nodes, fewer still where routing is group-limited
            // (perf/ExpertRouting.h).
            const double nodes = ep.group.nodes;
            const double remote =
                remoteNodesPerToken(s.experts, s.topK, s.expertGroups, s.expertGroupLimit, ep.group.nodes);
            sent *= remote / (s.topK * (nodes - 1.0) / nodes);
        }
        const ExpertExchangeBytes bytes = expertExchangeBytes(d);
        const double combineS = collectiveTime(Collective::AllToAll, sent * bytes.combine, ep, net);
        c.epFwdS = collectiveTime(Collective::AllToAll, sent * bytes.forwardDispatch, ep, net) + combineS;
        c.epBwdS = collectiveTime(Collective::AllToAll, sent * bytes.backwardDispatch, ep, net) + combineS;
        if (split && etp > 1) {
            const CommGroup etpGroup = placeGroup(etp, 1, G);
            const double gathered = d.tokens * s.topK * s.hidden / d.tp * etp * d.actBytes;
            const double agRs = collectiveTime(Collective::AllGather, gathered, etpGroup, net) +
                                collectiveTime(Collective::ReduceScatter, gathered, etpGroup, net);
            c.epFwdS += agRs;
            c.epBwdS += agRs;
        }
        c.epS = c.epFwdS;
    }
    if (l.cp > 1) {
        // Ring attention: cp-1 steps, each passing this rank's K/V chunk to the next rank. All
        // hops run together, so a ring that leaves the node moves at the inter-node rate.
        const CommGroup cp = placeGroup(l.cp, l.tp, G);
        const double chunk = d.tokens * s.kvProjWidth / l.tp * d.actBytes;
        const int stride = cp.nodes > 1 ? G : l.tp;
        c.cpS = (l.cp - 1) * p2pTime(chunk, stride, net);
    }
    return c;
}

double pipelineTransferS(const ModelShape &s, const LayerDims &d, const Layout &l, const CommNetwork &net)
{
    if (l.pp <= 1)
        return 0.0;
    const double bytes = d.tokens * s.hidden * d.actBytes;
    // Ranks between neighbouring stages; only "within a node or not" matters, so it is capped at
    // the node size (tp x cp x dp itself can pass 2^31 at the plan bounds).
    const int stride = static_cast<int>(
        std::min<long long>(static_cast<long long>(l.tp) * l.cp * l.dp, std::max(net.gpusPerNode, 1)));
    double t = p2pTime(bytes / l.tp, stride, net);
    if (l.tp > 1 && !l.sp)
        t += collectiveTime(Collective::AllGather, bytes, placeGroup(l.tp, 1, net.gpusPerNode), net);
    return t;
}

GradientSync gradientSync(double denseParams, double expertParams, double gradBytes, double weightBytes,
                          const Layout &l, const CommNetwork &net)
{
    GradientSync g;
    const int G = net.gpusPerNode;
    const int full = std::max(l.dp * l.cp, 1);
    const int shard = std::max(l.shardingGroup(), 1);
    // Expert DP: the ranks of DP x CP x TP that hold the same expert shard (expert TP x EP x
    // expert DP = TP x DP x CP).
    const int etp = l.expertTpOrTp();
    const int expertFull = std::max(full * (l.tp / etp) / std::max(l.ep, 1), 1);
    // Each group carries two or three collectives: its inter-node figures once.
    const CommPath dense = commPath(placeGroup(l.zero >= 1 ? shard : full, l.tp, G), net);
    // (A dense model moves nothing over the expert group.)
    const CommGroup expertGroup = placeGroup(l.zero >= 1 ? std::min(shard, expertFull) : expertFull, etp * l.ep, G);
    const CommPath expert = expertParams > 0 ? commPath(expertGroup, net) : CommPath{expertGroup};

    auto both = [&](Collective op, double denseBytes, double expertBytes) {
        return collectiveTime(op, denseBytes, dense, net) + collectiveTime(op, expertBytes, expert, net);
    };
    const double dGrad = denseParams * gradBytes, eGrad = expertParams * gradBytes;
    const double dWeight = denseParams * weightBytes, eWeight = expertParams * weightBytes;
    switch (std::clamp(l.zero, 0, 3)) {
    case 0:
        g.reduceS = both(Collective::AllReduce, dGrad, eGrad);
        break;
    case 1:
        g.reduceS = both(Collective::ReduceScatter, dGrad, eGrad);
        g.gatherS = both(Collective::AllGather, dWeight, eWeight);
        break;
    case 2:
        g.perMicroBatchS = both(Collective::ReduceScatter, dGrad, eGrad);
        g.gatherS = both(Collective::AllGather, dWeight, eWeight);
        break;
    default:
        // ZeRO-3 / FSDP FULL_SHARD: parameters gathered for the forward and again for the
        // backward, gradients reduce-scattered, every micro-batch (docs/formulas.md §7.2).
        g.perMicroBatchS = 2.0 * both(Collective::AllGather, dWeight, eWeight) +
                           both(Collective::ReduceScatter, dGrad, eGrad);
        break;
    }
    if (l.zero >= 1) {
        g.optimizerShard = shard;
        if (shard < full) {
            // Hybrid sharding: the shards are all-reduced across the full / shard replicas.
            const CommGroup replicas = placeGroup(full / shard, l.tp * shard, G);
            g.reduceS += collectiveTime(Collective::AllReduce, (denseParams + expertParams) / shard * gradBytes,
                                        replicas, net);
        }
    }
    return g;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// NCCL alpha-beta collectives (perf/Collectives.h) against the published formulas:
// nccl-tests doc/PERFORMANCE.md (commit 03a204a) for the ring bus-bandwidth factors and
// docs/formulas.md §7.3 for the two-level all-reduce across nodes.
#include "catalog/CatalogLoader.h"
#include "eval/ResolvedPlan.h"
#include "perf/Collectives.h"
#include "support/Near.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

namespace {

// A DGX-A100-like network: NVSwitch 300 GB/s per direction at 82% NCCL efficiency, 8 x 200 Gb/s
// NICs shared by 8 GPUs at 96%, 10 us / 20 us latencies.
CommNetwork dgxA100()
{
    CommNetwork n;
    n.gpusPerNode = 8;
    n.intra = {300e9 * 0.82, 10e-6};
    n.inter = {8 * 200e9 / 8 / 8 * 0.96, 20e-6};
    n.scaleLossPerDoubling = 0.0;
    return n;
}

using gpuplan::test::near;

} // namespace

class TestCollectives final : public QObject
{
    Q_OBJECT

private slots:
    void ringInsideANode() const
    {
        // nccl-tests PERFORMANCE.md: all-reduce t = 2 (n-1)/n S / busbw; reduce-scatter and
        // all-gather (n-1)/n S / busbw; plus the latency alpha.
        const CommNetwork net = dgxA100();
        const double S = 256e6;
        const CommGroup g = placeGroup(8, 1, 8);
        QCOMPARE(g.ranksPerNode, 8);
        QCOMPARE(g.nodes, 1);
        QVERIFY(near(collectiveTime(Collective::AllReduce, S, g, net), 10e-6 + 2.0 * 7 / 8 * S / net.intra.busBw));
        QVERIFY(near(collectiveTime(Collective::ReduceScatter, S, g, net), 10e-6 + 7.0 / 8 * S / net.intra.busBw));
        QVERIFY(near(collectiveTime(Collective::AllGather, S, g, net), 10e-6 + 7.0 / 8 * S / net.intra.busBw));
        // An all-reduce is a reduce-scatter followed by an all-gather: same bandwidth term.
        QVERIFY(near(collectiveTime(Collective::AllReduce, S, g, net),
                     collectiveTime(Collective::ReduceScatter, S, g, net) + collectiveTime(Collective::AllGather, S, g, net) - 10e-6));
        // One rank: no communication.
        QCOMPARE(collectiveTime(Collective::AllReduce, S, placeGroup(1, 1, 8), net), 0.0);
    }

    void twoLevelAcrossNodes() const
    {
        // docs/formulas.md §7.3: T = 2 (G-1)/G S / b_NV + 2 (N-1)/N (S/G) / b_IB (+ latencies).
        const CommNetwork net = dgxA100();
        const double S = 1e9;
        const CommGroup g = placeGroup(64, 1, 8);
        QCOMPARE(g.ranksPerNode, 8);
        QCOMPARE(g.nodes, 8);
        const double expected = 10e-6 + 2.0 * 7 / 8 * S / net.intra.busBw +
                                20e-6 * std::log2(8.0) + 2.0 * 7 / 8 * (S / 8) / net.inter.busBw;
        QVERIFY(near(collectiveTime(Collective::AllReduce, S, g, net), expected));
    }

    void megatronRankPlacement() const
    {
        // TP innermost (stride 1), then DP (stride tp): with TP 4 on 8-GPU nodes a DP group has
        // 2 ranks per node; with TP 8 every DP rank is on its own node; TP 16 spans 2 nodes.
        QCOMPARE(placeGroup(32, 4, 8).ranksPerNode, 2);
        QCOMPARE(placeGroup(32, 4, 8).nodes, 16);
        QCOMPARE(placeGroup(32, 8, 8).ranksPerNode, 1);
        QCOMPARE(placeGroup(32, 8, 8).nodes, 32);
        QCOMPARE(placeGroup(16, 1, 8).ranksPerNode, 8);
        QCOMPARE(placeGroup(16, 1, 8).nodes, 2);
        QCOMPARE(placeGroup(4, 1, 8).nodes, 1);
    }

    void tensorParallelAcrossNodesIsSlower() const
    {
        // The same activation all-reduce over 16 ranks on two nodes costs more than over 8 in one
        // node, and the inter-node part is only the 1/8 share each rank sends over its own NIC:
        // far below a flat 16-rank ring on InfiniBand, the error behind Calculon's +192%
        // (docs/references.md §13).
        const CommNetwork net = dgxA100();
        const double S = 2 * 2048 * 3072 * 2.0;
        const double tp8 = collectiveTime(Collective::AllReduce, S, placeGroup(8, 1, 8), net);
        const double tp16 = collectiveTime(Collective::AllReduce, S, placeGroup(16, 1, 8), net);
        const double flatOnIb = 2.0 * 15 / 16 * S / net.inter.busBw;
        QVERIFY(tp16 > tp8);
        QVERIFY(tp16 < 0.5 * flatOnIb);
    }

    void bandwidthFallsWithScale() const
    {
        CommNetwork net = dgxA100();
        net.scaleLossPerDoubling = 0.07;
        QVERIFY(near(interNodeBusBw(net, 2), net.inter.busBw));
        QVERIFY(near(interNodeBusBw(net, 64), net.inter.busBw * std::pow(0.93, 5.0)));
        const double S = 1e9;
        QVERIFY(collectiveTime(Collective::AllReduce, S, placeGroup(512, 8, 8), net) >
                collectiveTime(Collective::AllReduce, S, placeGroup(64, 8, 8), net));
    }

    void allToAllAndPointToPoint() const
    {
        const CommNetwork net = dgxA100();
        const double S = 64e6;
        // Inside a node: (n-1)/n of the buffer leaves each rank.
        QVERIFY(near(collectiveTime(Collective::AllToAll, S, placeGroup(8, 1, 8), net), 10e-6 + 7.0 / 8 * S / net.intra.busBw));
        // Two nodes: the remote half moves over the NICs, concurrently with the local part.
        const double twoNodes = collectiveTime(Collective::AllToAll, S, placeGroup(16, 1, 8), net);
        QVERIFY(near(twoNodes, 10e-6 + 20e-6 + 8.0 / 16 * S / net.inter.busBw));
        // Pipeline neighbours 8 ranks apart sit on different nodes.
        QVERIFY(near(p2pTime(S, 4, net), 10e-6 + S / net.intra.busBw));
        QVERIFY(near(p2pTime(S, 8, net), 20e-6 + S / net.inter.busBw));
    }

    void nodeNetworkOverride() const
    {
        // hardware.node_network_gbps replaces the node type's NICs x line rate (a cluster with
        // fewer or slower NICs); the per-GPU share and the fabric's NCCL fraction still apply.
        Plan plan;
        plan.hardware.gpu = "A100-SXM-80GB";
        plan.hardware.numGpus = 64;
        ResolvedPlan rp;
        std::vector<ResolveError> errors;
        QVERIFY(resolvePlan(plan, bundledCatalog(), rp, errors));
        QVERIFY(rp.node && rp.fabric);
        const CommNetwork reference = commNetwork(rp);
        QVERIFY(near(reference.inter.busBw,
                     rp.node->nicsPerNode * rp.node->nicGbps * 1e9 / 8 / rp.gpusPerNode * rp.fabric->busBwFraction));
        plan.hardware.nodeNetworkGbps = 800;   // vTrain's cluster: 8 x 100 Gb/s
        const CommNetwork slower = commNetwork(rp);
        QVERIFY(near(slower.inter.busBw, 800e9 / 8 / rp.gpusPerNode * rp.fabric->busBwFraction));
        QVERIFY(slower.inter.busBw < reference.inter.busBw);
        QCOMPARE(slower.intra.busBw, reference.intra.busBw);
    }

    void slowerFabricCapsTheNics() const
    {
        // A NIC moves at most the fabric's port rate: DGX H100's 400 Gb/s NICs on 25 GbE carry
        // 25 Gb/s each (catalogs/fabrics.json eth-25 link_gbps).
        Plan plan;
        plan.hardware.gpu = "H100-SXM-80GB";
        plan.hardware.numGpus = 64;
        ResolvedPlan rp;
        std::vector<ResolveError> errors;
        QVERIFY(resolvePlan(plan, bundledCatalog(), rp, errors));
        const double native = commNetwork(rp).inter.busBw;
        plan.hardware.fabric = "eth-25";
        QVERIFY(resolvePlan(plan, bundledCatalog(), rp, errors));
        QVERIFY(rp.fabric && rp.fabric->linkGbps < rp.node->nicGbps);
        QVERIFY(near(commNetwork(rp).inter.busBw,
                     rp.node->nicsPerNode * rp.fabric->linkGbps * 1e9 / 8 / rp.gpusPerNode * rp.fabric->busBwFraction));
        QVERIFY(commNetwork(rp).inter.busBw < native / 4);
    }

    void missingNetworkStaysFinite() const
    {
        CommNetwork net = dgxA100();
        net.inter = {0.0, 0.0};
        const double t = collectiveTime(Collective::AllReduce, 1e9, placeGroup(16, 8, 8), net);
        QVERIFY(std::isfinite(t));
        QVERIFY(t > 1.0);
    }
};

QTEST_APPLESS_MAIN(TestCollectives)
#include "tst_collectives.moc"

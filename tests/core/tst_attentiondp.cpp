// SPDX-License-Identifier: GPL-3.0-or-later
// MoE serving with attention data parallelism and expert parallelism in an aggregated replica
// (perf/AttentionDp.h, docs/performance-model.md "Attention DP and expert parallelism"): the KV
// and the expert weights per rank, and that dp = ep = 1 is the tensor-parallel replica exactly.
#include "InferenceFixtures.h"

#include "memory/InferenceMemory.h"
#include "memory/MemoryModel.h"
#include "perf/AttentionDp.h"
#include "perf/InferenceTime.h"

#include <QTest>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

// 8 GPUs as one replica (TP 8), FP8 weights and KV, 2k-token prompts, 512 out. The H100 fixture
// with the 141 GB of an H200 (NVIDIA H200 datasheet), so the 671B model's weights fit.
InferenceSetup eightGpus(int dp, int ep)
{
    InferenceSetup s(deepSeekV3Arch());
    s.gpu.memoryBytes = 141e9;
    s.plan.hardware.numGpus = 8;
    s.plan.parallelism.tp = 8;
    s.plan.precision.weights = s.plan.precision.compute = s.plan.precision.kvCache = Dtype::FP8;
    s.plan.workload.inference.promptLen = 2048;
    s.plan.workload.inference.outputLen = 512;
    s.plan.workload.inference.concurrency = 64;
    s.plan.workload.inference.attentionDp = dp;
    s.plan.workload.inference.ep = ep;
    s.plan.workload.inference.kvBlockTokens = 1;
    s.layout.numGpus = 8;
    s.layout.tp = 8;
    s.layout.microBatch = 64;
    return s;
}

} // namespace

class TestAttentionDp : public QObject
{
    Q_OBJECT

private slots:
    void kvAndExpertsPerRankAreAnEighth() const
    {
        const InferenceSetup s = eightGpus(8, 8);
        const ResolvedPlan rp = s.resolved();
        const double context = 2048 + 512;
        const AttentionDpMemory m = attentionDpMemory(s.plan, rp.shape, s.layout, context, 1);
        QCOMPARE(m.dp, 8);
        QCOMPARE(m.attentionTp, 1);
        // The KV of all the replica's requests, one copy (MLA's latent, which TP replicates).
        const double requests = 64;
        const double totalKv = requests * kvBytesPerSequence(rp.shape, 1, 1, Dtype::FP8, context, 1);
        // A rank (one GPU here) holds its own 64 / 8 requests: 1/8 of the total.
        QVERIFY(near(requests * m.kvBytesPerRequest, totalKv / 8.0, 1e-12));
        // Routed experts: 256 / 8 per rank, the whole of each; 1/8 of all experts' weights.
        const double allExperts = rp.shape.expertParamsTotal * 1.0;   // FP8: 1 byte per weight
        QVERIFY(near(m.expertWeightBytes, allExperts / 8.0, 1e-12));
        // Attention weights are replicated on each rank: the whole model's attention on each GPU.
        QVERIFY(near(m.attentionWeightBytes, rp.shape.layers * rp.shape.attnParams, 1e-12));

        // The memory verdict holds the same per-rank KV: 1/8 of tensor parallelism's, whose every
        // GPU caches every request's latent.
        const MemoryResult dpMem = estimateInferenceMemory(rp, s.layout);
        const InferenceSetup tpSetup = eightGpus(1, 1);
        const MemoryResult tpMem = estimateInferenceMemory(tpSetup.resolved(), tpSetup.layout);
        QVERIFY(near(dpMem.breakdown.kvCache, tpMem.breakdown.kvCache / 8.0, 1e-12));
        QVERIFY(dpMem.breakdown.weights > tpMem.breakdown.weights);
        QVERIFY(tpMem.maxConcurrency >= 1);
        QVERIFY(dpMem.maxConcurrency > tpMem.maxConcurrency);
    }

    void dpAndEpOfOneAreTensorParallel() const
    {
        const InferenceSetup s = eightGpus(1, 1);
        const ResolvedPlan rp = s.resolved();
        QVERIFY(plainTensorParallel(attentionDpLayout(rp, 8)));
        const ForwardCostModel tp = buildForwardCost(rp, s.layout);
        const ForwardCostModel served = servingForwardCost(rp, s.layout);
        for (const double b : {1.0, 8.0, 64.0, 256.0}) {
            QCOMPARE(decodePassTime(served, b, 2560), decodePassTime(tp, b, 2560));
            QCOMPARE(prefillPassTime(served, b, 2048), prefillPassTime(tp, b, 2048));
        }
        // EP under tensor-parallel attention: every GPU already holds every token, the exchange is
        // the TP all-reduce and the expected expert bytes the same, so the cost is unchanged.
        const InferenceSetup ep = eightGpus(1, 8);
        const ResolvedPlan rpEp = ep.resolved();
        const ForwardCostModel epModel = servingForwardCost(rpEp, ep.layout);
        QCOMPARE(decodePassTime(epModel, 64, 2560), decodePassTime(tp, 64, 2560));
        QCOMPARE(epModel.expertDispatchBytesPerToken, 0.0);
    }

    void attentionDpAddsTheAllToAll() const
    {
        const InferenceSetup s = eightGpus(8, 8);
        const ResolvedPlan rp = s.resolved();
        const ForwardCostModel m = servingForwardCost(rp, s.layout);
        QVERIFY(m.valid);
        // Dispatch and combine: top-k x hidden x 2 bytes (16-bit activations) per token each way.
        QCOMPARE(m.expertDispatchBytesPerToken, 8.0 * 7168 * 2);
        QCOMPARE(m.epGroup.ranks, 8);
        QCOMPARE(m.attentionTokenShare, 1.0 / 8);
        // Decode at a large batch reads less KV per GPU than tensor parallelism (which replicates
        // MLA's latent on every GPU), so it is faster there.
        const InferenceSetup t = eightGpus(1, 1);
        const ForwardCostModel tp = buildForwardCost(t.resolved(), t.layout);
        QVERIFY(decodePassTime(m, 512, 2560) < decodePassTime(tp, 512, 2560));
        // The evaluation reports the layout it used.
        MemoryResult mem;
        mem.fits = true;
        mem.maxConcurrency = 1000;
        const InferenceResult r = estimateInference(rp, s.layout, mem);
        QCOMPARE(r.attentionDp, 8);
        QCOMPARE(r.attentionTp, 1);
        QCOMPARE(r.expertParallel, 8);
        QCOMPARE(r.expertTp, 1);
    }
};

QTEST_GUILESS_MAIN(TestAttentionDp)
#include "tst_attentiondp.moc"

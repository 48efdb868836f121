// SPDX-License-Identifier: GPL-3.0-or-later
// Serving capacity: batching policies, the concurrency curve, latency targets and replica sizing
// (docs/performance-model.md "Batching and queueing").
#include "InferenceFixtures.h"

#include "perf/Decode.h"
#include "perf/ForwardCost.h"
#include "perf/InferenceTime.h"
#include "perf/InflightBatching.h"
#include "perf/Prefill.h"
#include "perf/Serving.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

// Engine figures of the fitted TensorRT-LLM preset (catalogs/engines.json), so the numbers are
// in a realistic range; the checks below hold for any values.
EnginePreset realisticEngine()
{
    EnginePreset e = idealEngine();
    e.decodeBwFraction = 0.885;
    e.prefillFlopsFraction = 0.77;
    e.attentionFlopsFraction = 0.34;
    e.kernelLatencyS = 8.2e-6;
    e.extraKernelsPerLayer = 4;
    e.elementwiseHiddenPasses = 8;
    e.elementwiseFfnPasses = 3;
    e.allReduceLatencyS = 20e-6;
    e.allReduceBusFraction = 0.33;
    e.stepOverheadS = 3e-4;
    e.prefillOverheadS = 2.4e-3;
    e.defaultBatching = Batching::Continuous;
    return e;
}

InferenceSetup servingSetup()
{
    InferenceSetup s(llama2(false));
    s.engine = realisticEngine();
    s.plan.workload.inference.promptLen = 1024;
    s.plan.workload.inference.outputLen = 256;
    s.plan.workload.inference.concurrency = 32;
    s.layout.microBatch = 32;
    return s;
}

MemoryResult memoryFor(int maxConcurrency)
{
    MemoryResult m;
    m.fits = maxConcurrency >= 1;
    m.maxConcurrency = maxConcurrency;
    return m;
}

} // namespace

class TestServing final : public QObject
{
    Q_OBJECT

private slots:
    void continuousBeatsDynamicBeatsStatic() const
    {
        const InferenceSetup s = servingSetup();
        const ForwardCostModel m = s.cost();
        for (const double c : {1.0, 8.0, 64.0, 256.0}) {
            const ServingWorkload w{1024, 256, true};
            const double st = servingPoint(m, Batching::Static, w, c).tokensPerSPerReplica;
            const double dy = servingPoint(m, Batching::Dynamic, w, c).tokensPerSPerReplica;
            const double co = servingPoint(m, Batching::Continuous, w, c).tokensPerSPerReplica;
            QVERIFY2(co >= dy * (1 - 1e-12) && dy >= st * (1 - 1e-12), qPrintable(QString("c=%1: %2 %3 %4").arg(c).arg(st).arg(dy).arg(co)));
            if (c >= 8)
                QVERIFY(co > 1.2 * st);   // waiting for the longest response costs real throughput
        }
    }

    void fixedLengthBatchIsPrefillPlusTheDecodeSum() const
    {
        // A fixed-length benchmark batch (TensorRT-LLM gptSessionBenchmark): b x n tokens in the
        // time of one batched prefill plus the n - 1 decode steps as the context grows.
        const InferenceSetup s = servingSetup();
        const ForwardCostModel m = s.cost();
        const ServingWorkload w{2048, 128, false};
        const double b = 48;
        const double cycle = prefillTime(m, b, 2048) + decodeTotalTime(m, b, 2048, 127);
        const ServingPoint p = servingPoint(m, Batching::Static, w, b);
        QVERIFY(near(p.tokensPerSPerReplica, b * 128 / cycle, 1e-12));
        QVERIFY(near(p.tpotS, decodeTotalTime(m, b, 2048, 127) / 127, 1e-12));
        // Without length variation nobody finishes early: dynamic batching gains nothing.
        QVERIFY(near(servingPoint(m, Batching::Dynamic, w, b).tokensPerSPerReplica, p.tokensPerSPerReplica, 1e-12));
    }

    void continuousIsTheInflightStep() const
    {
        // Continuous batching runs the in-flight step (docs/performance-model.md "In-flight
        // step"): at 64 requests of 1024 + 256 tokens, a request prefills its prompt in one pass
        // (k = 1, the prompt fits the 8192-token budget), so d = 64 x 255 / 256 sequences decode
        // while d x 1024 / 255 prompt tokens are prefilled in the same pass; each pass yields 64 tokens.
        const InferenceSetup s = servingSetup();
        const ForwardCostModel m = s.cost();
        QCOMPARE(m.maxTokensPerStep, 8192.0);
        const ServingWorkload w{1024, 256, true};
        const ServingPoint p = servingPoint(m, Batching::Continuous, w, 64);
        const double d = 64.0 * 255 / 256;
        const double pass = mixedPassTime(m, d, 1024 + 128, d * 1024 / 255, 1024, d / 255);
        QVERIFY(near(p.tpotS, pass, 1e-12));
        // The mean pass carries a quarter of a prompt; the pass that carries this request's own
        // prompt carries all 1,024 tokens beside the 63 others' decodes, so TTFT is half a mean
        // pass of waiting plus that pass, and never shorter than the prompt prefilled alone.
        const double own = ownPromptTime(m, w, 64);
        QVERIFY(own > pass);
        QVERIFY(own > prefillTime(m, 1, 1024));
        QVERIFY(near(p.ttftS, 0.5 * pass + own + m.prefillOverhead, 1e-12));
        QVERIFY(near(p.tokensPerSPerReplica, 64 / pass, 1e-12));
        QVERIFY(near(p.e2eS, p.ttftS + 255 * p.tpotS, 1e-12));
        QVERIFY(near(p.requestsPerSPerReplica, p.tokensPerSPerReplica / 256, 1e-12));
        // Long prompts hit the token budget: decodes and prompt chunks of a pass stay within it
        // (d = 8192 / (1 + 20000 / 15) = 6.1), and the 250 requests not decoding share the rest
        // of the passes: by Little's law each spends 15 (256 - d) / d passes prefilling.
        const ServingWorkload longPrompts{20000, 16, false};
        const ServingPoint q = servingPoint(m, Batching::Continuous, longPrompts, 256);
        const double budgetDecodes = 8192 / (1 + 20000.0 / 15);
        QVERIFY(near(q.tokensPerSPerReplica * q.tpotS, budgetDecodes * 16 / 15, 1e-9));
        const double prefillPasses = 15 * (256 - budgetDecodes) / budgetDecodes;
        QVERIFY(near(q.ttftS, (0.5 + prefillPasses) * q.tpotS + m.prefillOverhead, 1e-9));
        // Below the budget (4 requests) the same law gives k = prompt / (budget - d), the passes
        // one prompt takes with the room the decodes leave; a request's own prompt goes in whole
        // chunks, ceil(k) = 3 passes, which is the longer of the two here.
        double k = 1;
        for (int i = 0; i < 50; ++i)
            k = 20000 / (8192 - 4.0 * 15 / (15 + k));
        QCOMPARE(std::ceil(k), 3.0);
        const ServingPoint few = servingPoint(m, Batching::Continuous, longPrompts, 4);
        const double ownLong = ownPromptTime(m, longPrompts, 4);
        QVERIFY(ownLong > k * few.tpotS);
        QVERIFY(near(few.ttftS, 0.5 * few.tpotS + ownLong + m.prefillOverhead, 1e-6));
    }

    void curveGrowsWithConcurrency() const
    {
        InferenceSetup s = servingSetup();
        const InferenceResult r = estimateInference(s.resolved(), s.layout, memoryFor(300));
        QVERIFY(r.valid);
        // Ten log-spaced points up to what fits, and the plan's 32, unless one of them already.
        QVERIFY(r.curveCount >= 8 && r.curveCount <= 13);
        QCOMPARE(r.curve[0].concurrency, 1.0);
        bool hasMax = false;
        bool hasPlan = false;
        bool hasSaturated = false;
        for (int i = 0; i < r.curveCount; ++i) {
            const double c = r.curve[static_cast<std::size_t>(i)].concurrency;
            hasMax = hasMax || c == 300;
            hasPlan = hasPlan || c == 32;
            hasSaturated = hasSaturated || c == r.saturatedConcurrency;
        }
        QVERIFY(hasMax && hasPlan && hasSaturated);
        for (int i = 1; i < r.curveCount; ++i) {
            const ConcurrencyPoint &a = r.curve[static_cast<std::size_t>(i - 1)];
            const ConcurrencyPoint &b = r.curve[static_cast<std::size_t>(i)];
            QVERIFY(b.concurrency > a.concurrency);
            QVERIFY(b.outputTokensPerSPerGpu > a.outputTokensPerSPerGpu);
            QVERIFY(b.tpotMs > a.tpotMs);
            QVERIFY(b.ttftMs >= a.ttftMs);
        }
    }

    void replicasForTheRateUnderTheTargets() const
    {
        InferenceSetup s = servingSetup();
        InferenceWorkload &w = s.plan.workload.inference;
        w.requestRate = 100;
        w.tpotTargetMs = 25;
        w.ttftTargetMs = 400;
        const InferenceResult r = estimateInference(s.resolved(), s.layout, memoryFor(400));
        // The largest concurrency that meets both targets, and the next one misses one of them.
        QVERIFY(r.sizingConcurrency > 1 && r.sizingConcurrency < 400);
        const ForwardCostModel m = s.cost();
        const ServingWorkload sw{1024, 256, true};
        const ServingPoint at = servingPoint(m, Batching::Continuous, sw, r.sizingConcurrency);
        const ServingPoint next = servingPoint(m, Batching::Continuous, sw, r.sizingConcurrency + 1);
        QVERIFY(at.tpotS * 1e3 <= 25 && at.ttftS * 1e3 <= 400);
        QVERIFY(next.tpotS * 1e3 > 25 || next.ttftS * 1e3 > 400);
        // replicas = ceil(rate / the highest load per replica meeting the P99 targets with the
        // headroom, queueing included (tst_capacity checks that load).
        QCOMPARE(r.replicasNeeded, r.capacity.replicas);
        QCOMPARE(r.replicasNeeded, static_cast<int>(std::ceil(100 / r.capacity.sloLimited.requestsPerS)));
        // The plan's own concurrency (32) meets both targets.
        QVERIFY(r.meetsTpot && r.meetsTtft);
    }

    void missedTargetsAreFlagged() const
    {
        InferenceSetup s = servingSetup();
        s.plan.workload.inference.tpotTargetMs = 1.0;   // below what one sequence can reach
        s.plan.workload.inference.requestRate = 10;
        const MemoryResult memory = memoryFor(100);
        const InferenceResult r = estimateInference(s.resolved(), s.layout, memory);
        QVERIFY(!r.meetsTpot);
        QVERIFY(r.meetsTtft);
        QCOMPARE(r.sizingConcurrency, 0);
        QCOMPARE(r.replicasNeeded, 0);
        Diagnostics d;
        addInferenceDiagnostics(s.resolved(), s.layout, memory, r, d);
        QVERIFY(d.has(DiagCode::TpotTargetMissed));
        QVERIFY(!d.has(DiagCode::TtftTargetMissed));
    }

    void concurrencyIsCappedByMemory() const
    {
        InferenceSetup s = servingSetup();
        s.layout.microBatch = 500;
        const MemoryResult memory = memoryFor(120);
        const InferenceResult capped = estimateInference(s.resolved(), s.layout, memory);
        s.layout.microBatch = 120;
        const InferenceResult at120 = estimateInference(s.resolved(), s.layout, memory);
        QCOMPARE(capped.outputTokensPerSPerGpu, at120.outputTokensPerSPerGpu);
        // The 380 requests that do not fit queue: Little's law, 380 / (requests per second).
        QVERIFY(near(capped.ttftMs, at120.ttftMs + 380.0 / at120.requestsPerSPerReplica * 1e3, 1e-9));
        QVERIFY(near(capped.e2eLatencyMs - capped.ttftMs, at120.e2eLatencyMs - at120.ttftMs, 1e-9));
        Diagnostics d;
        s.layout.microBatch = 500;
        addInferenceDiagnostics(s.resolved(), s.layout, memory, capped, d);
        QVERIFY(d.has(DiagCode::ConcurrencyTooHigh));
        // Nothing fits: latencies of one sequence are still there, the result is not valid.
        const InferenceResult none = estimateInference(s.resolved(), s.layout, memoryFor(0));
        QVERIFY(!none.valid);
        QVERIFY(none.ttftMs > 0);
    }

    void engineLimitsTheBatching() const
    {
        // An engine that only batches statically (Transformers generate()) serves a plan that asks
        // for continuous batching statically.
        InferenceSetup s = servingSetup();
        s.engine.defaultBatching = Batching::Static;
        const InferenceResult r = estimateInference(s.resolved(), s.layout, memoryFor(100));
        QVERIFY(r.batchingUsed == Batching::Static);
        QVERIFY(near(r.outputTokensPerSPerGpu, r.batchingTokensPerSPerGpu[0], 1e-12));
        QVERIFY(r.batchingTokensPerSPerGpu[2] > r.batchingTokensPerSPerGpu[0]);
    }

    void perGpuThroughputDividesByTheReplica() const
    {
        InferenceSetup s = servingSetup();
        s.plan.model = llama2(true);
        s.layout.tp = 4;
        const InferenceResult r = estimateInference(s.resolved(), s.layout, memoryFor(100));
        QCOMPARE(r.gpusPerReplica, 4);
        QVERIFY(near(r.outputTokensPerSPerGpu * 4, r.outputTokensPerSPerReplica, 1e-12));
        QVERIFY(near(r.e2eLatencyMs, r.ttftMs + 255 * r.decodeMsPerToken, 1e-9));
    }
};

QTEST_APPLESS_MAIN(TestServing)
#include "tst_serving.moc"

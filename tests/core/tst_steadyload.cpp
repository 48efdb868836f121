// SPDX-License-Identifier: GPL-3.0-or-later
// Serving at a load (core/perf/SteadyLoad.*, core/perf/SchedulerSim.*, core/perf/Disaggregated.*):
// the closed loop's simulated scheduler against hand-computed passes, the KV cache's queue, the
// prefill-first scheduler, the open loop below and above capacity, prefix caching and speculative
// decoding, and the disaggregated pools. Llama 2 7B FP16 on a hand-made H100 with an ideal engine
// (tests/core/InferenceFixtures.h), so every pass is the roofline of ForwardCost.h.
#include "InferenceFixtures.h"

#include "perf/Decode.h"
#include "perf/Disaggregated.h"
#include "perf/Prefill.h"
#include "perf/SchedulerSim.h"
#include "perf/SteadyLoad.h"

#include <QTest>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

ServingWorkload fixed(double prompt, double output)
{
    return {prompt, output, false};
}

LoadInputs closedLoop(const ForwardCostModel &m, double concurrency, double maxRunning, bool mixed = true)
{
    LoadInputs in;
    in.model = &m;
    in.workload = fixed(1024, 128);
    in.load = ServingLoad::Concurrency;
    in.concurrency = concurrency;
    in.maxRunning = maxRunning;
    in.mixedPrefill = mixed;
    return in;
}

} // namespace

class TestSteadyLoad final : public QObject
{
    Q_OBJECT

private slots:
    void oneRequestInFlightIsItsPrefillThenItsDecodes() const
    {
        // One request at a time: its prompt in one pass (1,024 tokens within the 8,192 budget),
        // then 127 decode passes at 1 sequence; TTFT = that pass, TPOT = the mean decode step.
        const InferenceSetup s(llama2(false));
        const ForwardCostModel m = s.cost();
        const SteadyLoadPoint p = servingAtLoad(closedLoop(m, 1, 256));
        QVERIFY(p.valid);
        const double prefill = mixedPassTime(m, 0, 1024, 1024, 1024, 1);
        QVERIFY2(near(p.point.ttftS, prefill, 1e-9), qPrintable(QString::number(p.point.ttftS / prefill)));
        const double decode = decodeTotalTime(m, 1, 1024, 127) / 127;
        QVERIFY2(near(p.point.tpotS, decode, 0.01), qPrintable(QString::number(p.point.tpotS / decode)));
        // Little's law of the closed loop.
        QVERIFY(near(p.point.tokensPerSPerReplica, 128.0 / p.point.e2eS, 1e-9));
        QCOMPARE(p.queued, 0.0);
    }

    void decodePassesReplayTheNextCapturedGraph() const
    {
        // Captured sizes 1, 2, 4, 8, then multiples of 8 up to the engine's largest graph; a
        // larger batch runs eagerly (0), and so does every batch of an engine without graphs.
        const InferenceSetup s(llama2(false));
        ForwardCostModel m = s.cost();
        m.graphMaxBatch = 128;
        const double expected[][2] = {{1, 1}, {2, 2}, {3, 4}, {5, 8}, {8, 8}, {9, 16}, {17, 24},
                                      {120, 120}, {121, 128}, {128, 128}, {129, 0}};
        for (const auto &e : expected)
            QCOMPARE(graphBatch(m, e[0]), e[1]);
        m.graphMaxBatch = 100;   // a largest size off the multiples of 8 is its own size
        QCOMPARE(graphBatch(m, 97), 100.0);
        m.graphMaxBatch = 0;
        QCOMPARE(graphBatch(m, 1), 0.0);

        // One request at a time: its decode passes replay the 1-sequence graph, each kernel at the
        // graph's cost instead of the eager one, so TPOT is the decode step of that model.
        // The fixture's ideal engine has no kernel latency: give it an eager 10 us and 2 us replayed.
        ForwardCostModel eagerModel = s.cost();
        eagerModel.kernelLatency = 10e-6;
        ForwardCostModel graphed = eagerModel;
        graphed.graphMaxBatch = 128;
        graphed.graphKernelLatency = 2e-6;
        ForwardCostModel replayed = graphed;
        replayed.kernelLatency = graphed.graphKernelLatency;
        const SteadyLoadPoint eager = servingAtLoad(closedLoop(eagerModel, 1, 256));
        const SteadyLoadPoint p = servingAtLoad(closedLoop(graphed, 1, 256));
        const double decode = decodeTotalTime(replayed, 1, 1024, 127) / 127;
        QVERIFY2(near(p.point.tpotS, decode, 0.01), qPrintable(QString::number(p.point.tpotS / decode)));
        QVERIFY(p.point.tpotS < eager.point.tpotS);
        QVERIFY(near(p.point.ttftS, eager.point.ttftS, 1e-9));   // the prefill pass runs eagerly
        // With the eager kernel cost equal to the replayed one, a graph changes nothing at batch 1.
        ForwardCostModel same = replayed;
        same.graphMaxBatch = 128;
        ForwardCostModel sameEager = replayed;
        sameEager.graphMaxBatch = 0;
        QVERIFY(near(servingAtLoad(closedLoop(same, 1, 256)).point.tpotS,
                     servingAtLoad(closedLoop(sameEager, 1, 256)).point.tpotS, 1e-12));
        // Padding: 9 requests decode as the captured 16, so their passes cost at least those of 9
        // sequences (more KV and GEMM rows, never less).
        const SteadyLoadPoint nine = servingAtLoad(closedLoop(graphed, 9, 256));
        ForwardCostModel unpadded = replayed;
        unpadded.graphMaxBatch = 0;
        const SteadyLoadPoint nineUnpadded = servingAtLoad(closedLoop(unpadded, 9, 256));
        QVERIFY(nine.point.tpotS > nineUnpadded.point.tpotS);

        // The one decode-only step both the scheduler and the disaggregated decode pool use: the
        // captured batch at the replayed kernel cost, host work for the real sequences only.
        graphed.sequenceStepOverhead = 5e-6;
        replayed.sequenceStepOverhead = 5e-6;
        QVERIFY(near(decodeOnlyStepTime(graphed, 9, 1500), decodeStepTime(replayed, 16, 1500) + 9 * 5e-6, 1e-12));
        graphed.pp = replayed.pp = 2;   // two micro-batches of the captured 16
        QVERIFY(near(decodeOnlyStepTime(graphed, 9, 1500), decodePassTime(replayed, 8, 1500) + 9 * 5e-6, 1e-12));
        QVERIFY(near(decodeOnlyStepTime(graphed, 200, 1500), decodeStepTime(graphed, 200, 1500) + 200 * 5e-6, 1e-12));
        QCOMPARE(decodeOnlyStepTime(graphed, 0, 1500), 0.0);
    }

    void aWaveOfPromptsSharesThePrefillPasses() const
    {
        // 32 requests of 1,024 tokens with a budget of 8,192 per pass: the first wave is
        // prefilled in 4 passes of 8 prompts, so the mean TTFT is well above one prompt's pass
        // (the steady-state formula, which spreads the prompts over all passes, would give about
        // one light pass) and the P99 is the fourth pass.
        const InferenceSetup s(llama2(false));
        const ForwardCostModel m = s.cost();
        const SteadyLoadPoint one = servingAtLoad(closedLoop(m, 1, 256));
        const SteadyLoadPoint p = servingAtLoad(closedLoop(m, 32, 256));
        QVERIFY(p.valid);
        const double eightPrompts = mixedPassTime(m, 0, 1024, 8192, 1024, 8);
        QVERIFY(p.point.ttftS > one.point.ttftS);
        QVERIFY(p.ttftP99S >= p.ttftP50S && p.ttftP50S > 0);
        QVERIFY(p.ttftP99S > 2.0 * eightPrompts);
        QVERIFY(p.point.tpotS > one.point.tpotS);   // 32 sequences per decode pass, and prompt chunks
        QVERIFY(p.point.tokensPerSPerReplica > 10.0 * one.point.tokensPerSPerReplica);
    }

    void aFullKvCacheQueuesRequestsAndTtftGrows() const
    {
        // 16 requests in flight but only 4 admitted at a time (the KV cache's limit): 12 wait, and
        // each waits for about three lives of the running ones.
        const InferenceSetup s(llama2(false));
        const ForwardCostModel m = s.cost();
        const SteadyLoadPoint fits = servingAtLoad(closedLoop(m, 4, 4));
        const SteadyLoadPoint queued = servingAtLoad(closedLoop(m, 16, 4));
        QVERIFY(fits.valid && queued.valid);
        QVERIFY2(queued.queued > 10 && queued.queued < 12.5, qPrintable(QString::number(queued.queued)));
        QVERIFY(queued.point.ttftS > 2.0 * fits.point.e2eS);
        // Throughput is about that of the 4 running: the queue adds latency, not work. (Little's
        // law over the measured requests, whose first waves waited less, puts it a little above.)
        const double ratio = queued.point.tokensPerSPerReplica / fits.point.tokensPerSPerReplica;
        QVERIFY2(ratio > 0.95 && ratio < 1.2, qPrintable(QString::number(ratio)));
        QVERIFY(queued.ttftP99S > queued.ttftP50S);
    }

    void prefillFirstSchedulerKeepsTheWaveTogether() const
    {
        // SGLang's default: a pass with prompt work runs prompts only. 16 prompts of 1,024 tokens
        // take two passes of 8; the decodes wait for the second, so all 16 end together and every
        // wave repeats the first: TTFT = 1.5 prompt passes, TPOT = the 127 decode passes of 16
        // plus, for the first 8, the second prompt pass.
        const InferenceSetup s(llama2(false));
        const ForwardCostModel m = s.cost();
        const SteadyLoadPoint first = servingAtLoad(closedLoop(m, 16, 256, false));
        QVERIFY(first.valid);
        const double eightPrompts = mixedPassTime(m, 0, 1024, 8192, 1024, 8);
        QVERIFY2(near(first.point.ttftS, 1.5 * eightPrompts, 1e-9), qPrintable(QString::number(first.point.ttftS / eightPrompts)));
        const double decode = decodeTotalTime(m, 16, 1024, 127) / 127;
        const double tpot = decode + 0.5 * eightPrompts / 127;
        QVERIFY2(near(first.point.tpotS, tpot, 0.01), qPrintable(QString::number(first.point.tpotS / tpot)));
        QVERIFY(near(first.ttftP90S, 2.0 * eightPrompts, 1e-9) && near(first.ttftP50S, eightPrompts, 1e-9));
    }

    void staticBatchTtftIsTheBatchsPrefill() const
    {
        const InferenceSetup s(llama2(false));
        const ForwardCostModel m = s.cost();
        LoadInputs in = closedLoop(m, 16, 256);
        in.load = ServingLoad::Static;
        const SteadyLoadPoint p = servingAtLoad(in);
        QVERIFY(near(p.point.ttftS, prefillTime(m, 16, 1024), 1e-12));
        QVERIFY(near(p.point.tpotS, decodeTotalTime(m, 16, 1024, 127) / 127, 1e-9));
    }

    void openLoopBelowAndAboveCapacity() const
    {
        const InferenceSetup s(llama2(false));
        const ForwardCostModel m = s.cost();
        LoadInputs in;
        in.model = &m;
        in.workload = {1024, 128, true};
        in.load = ServingLoad::Rate;
        in.maxRunning = 64;
        const ServingPoint capacity = servingPoint(m, Batching::Continuous, in.workload, 64);
        in.ratePerReplica = 0.5 * capacity.requestsPerSPerReplica;
        const SteadyLoadPoint half = servingAtLoad(in);
        QVERIFY(half.valid && !half.overloaded);
        // The tokens served follow the arrivals.
        QVERIFY(near(half.point.tokensPerSPerReplica, in.ratePerReplica * 128, 1e-12));
        QVERIFY(half.point.concurrency < 64);
        QVERIFY(half.ttftP99S >= half.ttftP90S && half.ttftP90S >= half.ttftP50S);
        // A request arriving as a pass starts waits the whole pass: P99 is at least 0.49 of a pass
        // above the median on top of the prompts' queue (perf/InflightBatching.h arrivalWaits).
        QVERIFY2(half.ttftP99S - half.ttftP50S >= 0.49 * half.point.tpotS - 1e-12,
                 qPrintable(QString::number((half.ttftP99S - half.ttftP50S) / half.point.tpotS)));
        in.ratePerReplica = 0.9 * capacity.requestsPerSPerReplica;
        const SteadyLoadPoint busy = servingAtLoad(in);
        QVERIFY(busy.point.ttftS > half.point.ttftS && busy.point.concurrency > half.point.concurrency);
        in.ratePerReplica = 1.5 * capacity.requestsPerSPerReplica;
        const SteadyLoadPoint over = servingAtLoad(in);
        QVERIFY(over.valid && over.overloaded);
        QVERIFY(near(over.point.tokensPerSPerReplica, capacity.tokensPerSPerReplica, 1e-12));
    }

    void prefixCacheAndSpeculativeDecodingAreOffUnlessSet() const
    {
        const InferenceSetup s(llama2(false));
        const ForwardCostModel m = s.cost();
        const ServingPoint base = servingPoint(m, Batching::Continuous, {4096, 256, true}, 16);
        ServingWorkload cached{4096, 256, true};
        cached.prefixHit = 0.75;
        const ServingPoint hit = servingPoint(m, Batching::Continuous, cached, 16);
        QVERIFY(hit.ttftS < base.ttftS);
        ServingWorkload spec{4096, 256, true};
        spec.specTokens = 3;
        spec.specAcceptance = 0.7;
        const ServingPoint fast = servingPoint(m, Batching::Continuous, spec, 16);
        // 1 + 0.7 + 0.49 + 0.343 = 2.533 tokens per pass for a pass of 4 tokens per sequence, the
        // KV read once: TPOT falls by less than 2.533 as the prompts that replace finished
        // requests are spread over fewer passes (more prompt tokens per pass).
        QVERIFY2(fast.tpotS < base.tpotS / 1.5 && fast.tpotS > base.tpotS / 2.533,
                 qPrintable(QString::number(base.tpotS / fast.tpotS)));
        spec.specAcceptance = 0.0;
        spec.specTokens = 0;
        const ServingPoint off = servingPoint(m, Batching::Continuous, spec, 16);
        QCOMPARE(off.tpotS, base.tpotS);
        // The closed-loop simulation applies them too.
        const SimulatedLoad simBase = simulateClosedLoop(m, fixed(4096, 256), 8, {8192, 256, true});
        ServingWorkload simSpec = fixed(4096, 256);
        simSpec.specTokens = 3;
        simSpec.specAcceptance = 0.7;
        const SimulatedLoad simFast = simulateClosedLoop(m, simSpec, 8, {8192, 256, true});
        QVERIFY(simBase.valid && simFast.valid && simFast.tpotMeanS < simBase.tpotMeanS / 2.0);
    }

    void disaggregatedWaveQueuesAtThePrefillPool() const
    {
        // 32 requests, one prefill worker taking one prompt per pass, 32 decode slots: the k-th
        // prompt of the wave waits for k - 1 passes, so TTFT = (32 + 1) / 2 passes + the transfer.
        const InferenceSetup s(llama2(false));
        const ForwardCostModel m = s.cost();
        DisaggregatedInputs in;
        in.prefill = &m;
        in.decode = &m;
        in.workload = fixed(1024, 128);
        in.concurrency = 32;
        in.decodeSlots = 32;
        in.transferS = 0.002;
        in.measuredWaves = 1;
        const DisaggregatedPoint p = disaggregatedPoint(in);
        QVERIFY(p.valid);
        QVERIFY(near(p.point.ttftS, 16.5 * prefillTime(m, 1, 1024) + 0.002, 1e-12));
        QVERIFY(near(p.point.tpotS, decodeStepTime(m, 32, 1024 + 64), 1e-12));
        // Two prefill workers halve the passes of the wave.
        in.prefillWorkers = 2;
        const DisaggregatedPoint two = disaggregatedPoint(in);
        QVERIFY(near(two.point.ttftS, 8.5 * prefillTime(m, 1, 1024) + 0.002, 1e-12));
        QVERIFY(two.point.tokensPerSPerReplica > p.point.tokensPerSPerReplica);
        // Over 10 waves the later ones, spread out by their decodes, wait one pass each.
        in.prefillWorkers = 1;
        in.measuredWaves = 10;
        const DisaggregatedPoint ten = disaggregatedPoint(in);
        QVERIFY(near(ten.point.ttftS, (16.5 + 9.0) / 10.0 * prefillTime(m, 1, 1024) + 0.002, 1e-12));
    }
};

QTEST_APPLESS_MAIN(TestSteadyLoad)
#include "tst_steadyload.moc"

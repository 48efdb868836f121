// SPDX-License-Identifier: GPL-3.0-or-later
// Capacity at a request rate: the G/G/c waiting-time approximation against the exact M/M/1,
// M/D/1 and Erlang C results, and the replicas that meet the P99 targets with headroom
// (docs/performance-model.md "Capacity at a request rate").
#include "ExampleFixture.h"
#include "InferenceFixtures.h"

#include "perf/Capacity.h"
#include "perf/InflightBatching.h"
#include "perf/InferenceTime.h"
#include "perf/Saturated.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

// Erlang C, the chance of waiting in M/M/c (Kleinrock, Queueing Systems I, 1975, M/M/m), from
// the Erlang B recursion B(k) = a B(k-1) / (k + a B(k-1)).
double erlangC(int c, double rho)
{
    const double a = c * rho;
    double b = 1.0;
    for (int k = 1; k <= c; ++k)
        b = a * b / (k + a * b);
    return b / (1.0 - rho * (1.0 - b));
}

// A 7B model on one H100 with TensorRT-LLM's fitted figures (catalogs/engines.json) and the
// in-flight step of continuous batching (8192 tokens per step).
InferenceSetup capacitySetup()
{
    InferenceSetup s(llama2(false));
    EnginePreset &e = s.engine;
    e.decodeBwFraction = 0.885;
    e.prefillFlopsFraction = 0.77;
    e.attentionFlopsFraction = 0.34;
    e.kernelLatencyS = 8.2e-6;
    e.stepOverheadS = 3.3e-5;
    e.prefillOverheadS = 2.4e-3;
    e.defaultBatching = Batching::Continuous;
    e.pagedKv = true;
    e.maxTokensPerStep = 8192;
    s.plan.workload.inference.promptLen = 1024;
    s.plan.workload.inference.outputLen = 256;
    s.layout.microBatch = 32;
    return s;
}

struct Sized
{
    CapacityResult result;
    ForwardCostModel model;
};

Sized capacityOf(const InferenceSetup &s, int requestSlots, double rate, double headroom, double ttftMs, double tpotMs)
{
    Sized out;
    out.model = s.cost();
    const InferenceWorkload &w = s.plan.workload.inference;
    const CapacityInputs in{&out.model, Batching::Continuous,
                            ServingWorkload{static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), true},
                            requestSlots, 1.0};
    out.result = planCapacity(in, {rate, 0, headroom, ttftMs, tpotMs});
    return out;
}

} // namespace

class TestCapacity : public QObject
{
    Q_OBJECT

private slots:
    void singleSlotIsExactMM1AndMD1() const
    {
        // M/M/1: P(wait) = rho, mean wait rho S / (1 - rho), P(W > t) = rho exp(-(1 - rho) t / S)
        // (Kleinrock 1975, M/M/1). M/D/1 (Pollaczek-Khinchine): mean wait rho S / (2 (1 - rho)).
        for (double rho : {0.3, 0.7, 0.95}) {
            QVERIFY(near(waitProbability(rho, 1), rho, 1e-12));
            QVERIFY(near(waitMeanS(rho, 1, 2.0, 1.0), rho * 2.0 / (1 - rho), 1e-12));
            QVERIFY(near(waitMeanS(rho, 1, 2.0, 0.5), rho * 2.0 / (2 * (1 - rho)), 1e-12));
            QVERIFY(near(waitQuantileS(rho, 1, 2.0, 1.0, 0.99), 2.0 / (1 - rho) * std::log(100 * rho), 1e-12));
        }
        // Below the quantile's share of waiting, the quantile does not wait.
        QCOMPARE(waitQuantileS(0.005, 1, 2.0, 1.0, 0.99), 0.0);
        QCOMPARE(waitQuantileS(0.4, 1, 2.0, 1.0, 0.5), 0.0);
    }

    void manySlotsNeverUnderstateErlangC() const
    {
        // Sakasegawa's P(wait) against the exact M/M/c: never below it (beyond 1%), and within 6%
        // near saturation, where the tail matters.
        for (int c : {2, 4, 16, 64, 256}) {
            for (double rho : {0.5, 0.7, 0.9, 0.95}) {
                const double exact = erlangC(c, rho);
                QVERIFY2(waitProbability(rho, c) >= 0.99 * exact, qPrintable(QString("c %1 rho %2").arg(c).arg(rho)));
                if (rho >= 0.95)
                    QVERIFY(near(waitProbability(rho, c), exact, 0.06));
            }
        }
        // Output lengths uniform on [1, 511] (mean 256): Cs^2 = 255 / 768; Poisson arrivals Ca^2 = 1.
        QVERIFY(near(waitVariability(ServingWorkload{1024, 256, true}), (1 + 255.0 / 768) / 2, 1e-12));
        QCOMPARE(waitVariability(ServingWorkload{1024, 256, false}), 0.5);
    }

    void replicasMeetTheTargetsWithHeadroom() const
    {
        const InferenceSetup s = capacitySetup();
        const Sized sized = capacityOf(s, 200, 100, 0.2, 400, 30);
        const CapacityResult &c = sized.result;
        QVERIFY(c.valid);
        QCOMPARE(c.requestSlots, 200);
        // The highest load per replica meets both P99 targets and keeps 20% spare.
        QVERIFY(c.sloLimited.ttftP99Ms <= 400 && c.sloLimited.tpotP99Ms <= 30);
        QVERIFY(c.sloLimited.utilization <= 0.8 + 1e-9);
        QVERIFY(c.limit == CapacityLimit::Tpot || c.limit == CapacityLimit::Ttft || c.limit == CapacityLimit::Headroom);
        QCOMPARE(c.replicas, static_cast<int>(std::ceil(100 / c.sloLimited.requestsPerS)));
        // Each replica carries its share of the rate, and one replica fewer would exceed the limit.
        QVERIFY(near(c.atRate.requestsPerS, 100.0 / c.replicas, 1e-3));
        QVERIFY(100.0 / (c.replicas - 1) > c.sloLimited.requestsPerS);
        QVERIFY(c.atRate.tpotP99Ms <= c.sloLimited.tpotP99Ms + 1e-9);
        QVERIFY(c.atRate.ttftP99Ms <= c.sloLimited.ttftP99Ms + 1e-9);
        QVERIFY(c.atRate.tpotP99Ms >= c.atRate.tpotMeanMs && c.atRate.ttftP99Ms >= c.atRate.ttftP50Ms);
    }

    // Arrivals one at a time spread TTFT with no queue at all: a request waits for the rest of
    // the pass under way, uniform over a pass while the replica is busy, where the mean counts half
    // a pass. Well below saturation the wait for a slot is nil, so the median is the mean and the
    // P99 is 0.49 of a pass (one pass = TPOT here, no speculative tokens) above it.
    void openLoopTtftSpreadsWithoutAQueue() const
    {
        const InferenceSetup s = capacitySetup();
        const Sized sized = capacityOf(s, 200, 5, 0.2, 0, 0);
        const LoadPoint &l = sized.result.atRate;
        QVERIFY2(l.waitProbability < 0.01, qPrintable(QString::number(l.waitProbability)));   // P99 waits for no slot
        QVERIFY(l.concurrency >= 1.0);
        QVERIFY(l.ttftP50Ms <= l.ttftMeanMs + 1e-9);   // the mean also counts the rare waits for a slot
        QVERIFY2(near(l.ttftP99Ms - l.ttftP50Ms, 0.49 * l.tpotMeanMs, 1e-6), qPrintable(QString::number(l.ttftP99Ms - l.ttftP50Ms)));
        // The rest of a pass alone: at one request in five busy no rest below the 80th percentile.
        QCOMPARE(passRestSpreadS(0.010, 0.2, 0.5), -0.005);
        QVERIFY(near(passRestSpreadS(0.010, 0.2, 0.99), 0.010 * 0.95 - 0.005, 1e-12));
        // The prompts' queue of the plan's open loop (M/D/1, exponential tail).
        ArrivalWaits busy;
        busy.rho = 0.5;
        busy.serviceS = 0.02;
        busy.prefillMeanS = 0.5 * 0.02 / (2 * 0.5);
        QCOMPARE(prefillWaitQuantileS(busy, 0.4), 0.0);   // half the prompts wait: the 40th percentile does not
        QVERIFY(near(prefillWaitQuantileS(busy, 0.99), 0.01 / 0.5 * std::log(50.0), 1e-12));
    }

    void bindingConstraintIsNamed() const
    {
        const InferenceSetup s = capacitySetup();
        // No targets: the headroom binds at 1 - headroom of the saturated throughput.
        const CapacityResult free = capacityOf(s, 200, 50, 0.25, 0, 0).result;
        QVERIFY(free.limit == CapacityLimit::Headroom);
        QVERIFY(near(free.sloLimited.utilization, 0.75, 1e-3));
        // A TPOT target just above the light-load step binds before the headroom.
        const CapacityResult light = capacityOf(s, 200, 50, 0.25, 0, 0).result;
        const double floorMs = capacityOf(s, 200, 0.01, 0.25, 0, 0).result.atRate.tpotP99Ms;
        const CapacityResult tight = capacityOf(s, 200, 50, 0.25, 0, floorMs * 1.2).result;
        QVERIFY(tight.limit == CapacityLimit::Tpot);
        QVERIFY(tight.sloLimited.requestsPerS < light.sloLimited.requestsPerS);
        QVERIFY(tight.replicas > light.replicas);
        // Below the single-request step: no load meets it.
        const CapacityResult none = capacityOf(s, 200, 50, 0.25, 0, floorMs * 0.5).result;
        QVERIFY(none.limit == CapacityLimit::Unreachable);
        QCOMPARE(none.replicas, 0);
        // No headroom and no targets: the replica runs up to saturation.
        const CapacityResult full = capacityOf(s, 200, 50, 0.0, 0, 0).result;
        QVERIFY(full.limit == CapacityLimit::None);
        QVERIFY(full.sloLimited.utilization > 0.99);
    }

    void dailyProfileBoundsTheAutoscaler() const
    {
        const InferenceSetup s = capacitySetup();
        const Sized sized = capacityOf(s, 200, 100, 0.2, 400, 30);
        const double perReplica = sized.result.sloLimited.requestsPerS;
        const InferenceWorkload &w = s.plan.workload.inference;
        const CapacityInputs in{&sized.model, Batching::Continuous,
                                ServingWorkload{static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), true},
                                200, 1.0};
        // Peak 100 requests/s, 30 on average over the day: floor ceil(30 / per replica), ceiling the peak's.
        const CapacityResult daily = planCapacity(in, {100, 30, 0.2, 400, 30});
        QCOMPARE(daily.maxReplicas, sized.result.replicas);
        QCOMPARE(daily.minReplicas, static_cast<int>(std::ceil(30 / perReplica)));
        QVERIFY(daily.minReplicas < daily.maxReplicas);
        // No average: a flat load; an average above the peak is read as the peak.
        QCOMPARE(planCapacity(in, {100, 0, 0.2, 400, 30}).minReplicas, sized.result.replicas);
        QCOMPARE(planCapacity(in, {100, 500, 0.2, 400, 30}).minReplicas, sized.result.replicas);
        // Without a rate there is nothing to scale.
        QCOMPARE(planCapacity(in, {0, 30, 0.2, 400, 30}).maxReplicas, 0);
    }

    void moreLoadNeedsMoreReplicasAndWaitsLonger() const
    {
        const InferenceSetup s = capacitySetup();
        int previous = 0;
        for (double rate : {1.0, 10.0, 40.0, 100.0, 400.0}) {
            const CapacityResult c = capacityOf(s, 200, rate, 0.1, 2000, 40).result;
            QVERIFY(c.replicas >= previous);
            previous = c.replicas;
        }
        // The P99 wait grows without bound towards saturation (Sakasegawa: 1 / (1 - rho)).
        double lastWait = 0;
        for (double rho : {0.9, 0.95, 0.99}) {
            const double wait = waitQuantileS(rho, 200, 10.0, 2.0 / 3, 0.99);
            QVERIFY(wait > lastWait);
            lastWait = wait;
        }
        QVERIFY(std::isfinite(waitQuantileS(1.0, 200, 10.0, 2.0 / 3, 0.99)));
    }

    void examplePlanIsSizedByItsQueue() const
    {
        // Llama 3 8B on H100 (examples/llama3-8b-inference.gpuplan): 40 requests/s, TTFT 500 ms,
        // TPOT 50 ms, default headroom 20%. The saturated replica holds vLLM's 256 requests
        // (max_num_seqs); the 20% headroom binds before either P99 target.
        auto f = loadExample("llama3-8b-inference.gpuplan");
        QVERIFY(f);
        const InferenceResult &r = f->evaluation.inference;
        const CapacityResult &c = r.capacity;
        QVERIFY(c.valid);
        QCOMPARE(c.requestSlots, r.saturatedConcurrency);
        QVERIFY(c.limit == CapacityLimit::Headroom);
        QCOMPARE(r.replicasNeeded, c.replicas);
        QCOMPARE(c.replicas, static_cast<int>(std::ceil(40 / c.sloLimited.requestsPerS)));
        QVERIFY(c.atRate.ttftP99Ms <= 500 && c.atRate.tpotP99Ms <= 50);
        // A TPOT target of 15 ms (below the step at 80% load) takes over as the limit.
        auto tight = loadExample("llama3-8b-inference.gpuplan", {"workload.inference.tpot_target_ms=15"});
        QVERIFY(tight);
        QVERIFY(tight->evaluation.inference.capacity.limit == CapacityLimit::Tpot);
        QVERIFY(tight->evaluation.inference.capacity.sloLimited.tpotP99Ms <= 15);
        QVERIFY(tight->evaluation.inference.capacity.replicas >= c.replicas);
    }
};

QTEST_APPLESS_MAIN(TestCapacity)
#include "tst_capacity.moc"

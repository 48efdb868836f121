// SPDX-License-Identifier: GPL-3.0-or-later
// The serving frontier (core/perf/ServingFrontier.*): aggregated against disaggregated serving on
// the plan's GPUs. The bundled Llama 3 8B example (8 H100, one replica per GPU, 1k-token prompts,
// 256-token answers, vLLM) resolved against the bundled catalog, so the figures are those the
// serving chart draws for a plan people open.
#include "ExampleFixture.h"
#include "support/Near.h"

#include "perf/AttentionDp.h"
#include "perf/Decode.h"
#include "perf/Disaggregated.h"
#include "perf/Prefill.h"
#include "perf/ServingFrontier.h"
#include "perf/SteadyLoad.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

const char *const kExample = "llama3-8b-inference.gpuplan";

const FrontierPoint &vertex(const ServingOptionCurve &c, int k)
{
    return c.points[static_cast<std::size_t>(c.frontier[static_cast<std::size_t>(k)])];
}

double topPerGpu(const ServingOptionCurve &c)
{
    double top = 0;
    for (int i = 0; i < c.count; ++i)
        top = std::max(top, c.points[static_cast<std::size_t>(i)].tokensPerSPerGpu);
    return top;
}

double topPerUser(const ServingOptionCurve &c)
{
    double top = 0;
    for (int i = 0; i < c.count; ++i)
        top = std::max(top, c.points[static_cast<std::size_t>(i)].tokensPerSPerUser);
    return top;
}

ServingFrontier frontierOf(const ExampleFixture &f)
{
    return servingFrontier(f.resolved, f.evaluation.layout);
}

} // namespace

class TestServingFrontier final : public QObject
{
    Q_OBJECT

private slots:
    void frontierHoldsThePointsNoOtherBeats() const
    {
        const auto f = loadExample(kExample);
        QVERIFY(f);
        const ServingFrontier s = frontierOf(*f);
        QVERIFY(s.valid);
        for (const ServingOptionCurve *c : {&s.aggregated, &s.disaggregated}) {
            QVERIFY(c->count >= 8);
            QVERIFY(c->frontierCount >= 3);
            for (int i = 0; i < c->count; ++i) {
                const FrontierPoint &p = c->points[static_cast<std::size_t>(i)];
                QVERIFY(std::isfinite(p.tokensPerSPerGpu) && std::isfinite(p.tokensPerSPerUser) && std::isfinite(p.ttftS));
                QVERIFY(p.tokensPerSPerGpu > 0 && p.tokensPerSPerUser > 0 && p.ttftS > 0);
                QVERIFY(std::fabs(p.tokensPerSPerUser * p.tpotS - 1.0) < 1e-12);
                QCOMPARE(p.meetsTtft, p.ttftS <= 0.5);   // the example's 500 ms target
                if (!p.meetsTtft)
                    continue;   // kept off the frontier (ttftTargetKeepsSlowPointsOffTheFrontier)
                // Every point within the target is matched or beaten on both axes by a vertex (to the frontier's
                // resolution of a thousandth in per-user rate).
                bool covered = false;
                for (int k = 0; k < c->frontierCount && !covered; ++k) {
                    const FrontierPoint &v = vertex(*c, k);
                    covered = v.tokensPerSPerGpu >= p.tokensPerSPerGpu && v.tokensPerSPerUser >= p.tokensPerSPerUser * (1 - 1e-3);
                }
                QVERIFY2(covered, qPrintable(QStringLiteral("point %1 (%2 tok/s/user, %3 tok/s/GPU) is above the frontier")
                                                 .arg(i).arg(p.tokensPerSPerUser).arg(p.tokensPerSPerGpu)));
            }
            // No vertex is beaten on both axes; the line runs right and down.
            for (int k = 0; k < c->frontierCount; ++k) {
                const FrontierPoint &v = vertex(*c, k);
                QVERIFY(v.meetsTtft);
                for (int i = 0; i < c->count; ++i) {
                    const FrontierPoint &p = c->points[static_cast<std::size_t>(i)];
                    QVERIFY(!p.meetsTtft || !(p.tokensPerSPerGpu > v.tokensPerSPerGpu && p.tokensPerSPerUser > v.tokensPerSPerUser));
                }
                if (k > 0) {
                    QVERIFY(v.tokensPerSPerUser > vertex(*c, k - 1).tokensPerSPerUser);
                    QVERIFY(v.tokensPerSPerGpu < vertex(*c, k - 1).tokensPerSPerGpu);
                }
            }
        }
    }

    void aggregatedEndsAtTheEvaluationsSaturatedPoint() const
    {
        // One serving model: the highest aggregated point is the engine's own concurrency, the
        // saturated point the step time chart marks and `evaluate` reports.
        const auto f = loadExample(kExample);
        QVERIFY(f);
        const ServingFrontier s = frontierOf(*f);
        const InferenceResult &r = f->evaluation.inference;
        QVERIFY(r.saturatedConcurrency > 0);
        QVERIFY(near(topPerGpu(s.aggregated), r.saturatedTokensPerSPerGpu, 1e-12));
        QCOMPARE(s.aggregated.workerGpus, 1);
        QCOMPARE(s.aggregated.points[0].decodeWorkers, 8);   // eight replicas
        QCOMPARE(s.workers, 8);
        QCOMPARE(s.disaggregated.workerGpus, 1);
    }

    void aggregatedWinsAtLowPerUserRatesDisaggregatedAtTheHighest() const
    {
        // 1k-token prompts, 256-token answers on 8 H100. At the throughput end (many requests, a
        // low per-user rate) aggregated serving is ahead: every GPU decodes, none sits in a
        // prefill pool sized for another load, and each replica's decode batch is as large as its
        // KV pool and max batch allow, where the disaggregated decode pool is only some of the
        // workers, each held to the same max batch, so it holds fewer requests. At the latency end the
        // disaggregated decode passes carry no prefill chunks, so a user's tokens come faster than
        // any aggregated replica gives them: the frontiers cross once, between the two.
        const auto f = loadExample(kExample);
        QVERIFY(f);
        const ServingFrontier s = frontierOf(*f);
        QCOMPARE(s.disaggregatedLimit, DisaggregatedLimit::None);
        QVERIFY(vertex(s.aggregated, 0).tokensPerSPerGpu > 1.1 * vertex(s.disaggregated, 0).tokensPerSPerGpu);
        QVERIFY(topPerUser(s.disaggregated) > topPerUser(s.aggregated));
        QCOMPARE(s.crossoverCount, 1);
        QCOMPARE(s.higherAtLowRate, ServingOption::Aggregated);
        const double u = s.crossoverTokensPerSPerUser[0];
        QVERIFY(u > vertex(s.disaggregated, 0).tokensPerSPerUser && u < topPerUser(s.aggregated));
        // The frontiers meet there, and are in the stated order on either side.
        QVERIFY(near(frontierTokensPerGpu(s.aggregated, u), frontierTokensPerGpu(s.disaggregated, u), 1e-9));
        QVERIFY(frontierTokensPerGpu(s.aggregated, 0.9 * u) > frontierTokensPerGpu(s.disaggregated, 0.9 * u));
        const double above = 0.5 * (u + std::min(topPerUser(s.aggregated), topPerUser(s.disaggregated)));
        QVERIFY(frontierTokensPerGpu(s.disaggregated, above) > frontierTokensPerGpu(s.aggregated, above));
    }

    void disaggregatedDecodeHasNoPrefillInterference() const
    {
        // The reason for the latency end above: the same requests on one GPU. Aggregated, each pass
        // also carries the prefill chunks of the requests that replace finished ones; a decode
        // worker runs the decodes alone.
        const auto f = loadExample(kExample);
        QVERIFY(f);
        const ForwardCostModel m = servingForwardCost(f->resolved, f->evaluation.layout);
        LoadInputs in;
        in.model = &m;
        in.workload = {1024, 256, true};
        in.maxRunning = 256;
        auto interference = [&](double c) {
            in.concurrency = c;
            return servingAtLoad(in).point.tpotS / decodeOnlyStepTime(m, c, 1024 + 128);
        };
        // The chunks grow with the requests they replace: a few per cent at 8 in flight, more
        // than a tenth at 64.
        QVERIFY2(interference(8) > 1.0, qPrintable(QString::number(interference(8))));
        QVERIFY2(interference(64) > 1.1, qPrintable(QString::number(interference(64))));
        QVERIFY(interference(64) > interference(8));
    }

    void prefillPoolCapsTheLoop() const
    {
        // One prefill worker for seven decode workers, 4k-token prompts: the decodes could take
        // more requests than one worker prefills. In the steady state the loop runs at the prefill
        // pool's pace (the benchmark rows' ten waves are predicted without the cap).
        const auto f = loadExample(kExample, {"workload.inference.prompt_len=4096"});
        QVERIFY(f);
        const ForwardCostModel m = servingForwardCost(f->resolved, f->evaluation.layout);
        DisaggregatedInputs in;
        in.prefill = in.decode = &m;
        in.workload = {4096, 256, false};
        in.concurrency = 896;
        in.prefillWorkers = 1;
        in.decodeWorkers = 7;
        in.promptsPerPass = 2;
        in.decodeSlots = 7 * 128;
        const DisaggregatedPoint free = disaggregatedPoint(in);
        in.prefillBound = true;
        in.measuredWaves = 1e6;
        const DisaggregatedPoint capped = disaggregatedPoint(in);
        QVERIFY(free.valid && capped.valid);
        const double capacity = 2.0 / prefillTime(m, 2, 4096);   // prompts/s of the pool
        QVERIFY(free.point.requestsPerSPerReplica > 1.5 * capacity);
        QVERIFY(near(capped.point.requestsPerSPerReplica, capacity, 1e-9));
        // Little's law over the loop, and fewer requests decoding makes each decode pass quicker.
        QVERIFY(near(capped.point.requestsPerSPerReplica * capped.point.e2eS, 896, 1e-9));
        QVERIFY(capped.point.tpotS < free.point.tpotS);
        QVERIFY(capped.point.ttftS > 10 * free.point.ttftS);
    }

    void oneGpuHasNoDisaggregatedOption() const
    {
        const auto f = loadExample(kExample, {"hardware.num_gpus=1"});
        QVERIFY(f);
        const ServingFrontier s = frontierOf(*f);
        QVERIFY(s.valid);
        QCOMPARE(s.disaggregatedLimit, DisaggregatedLimit::OneWorker);
        QCOMPARE(s.disaggregated.count, 0);
        QCOMPARE(s.crossoverCount, 0);
        QVERIFY(s.aggregated.frontierCount > 0);
    }

    void oneReplicaIsSplitIntoSmallerWorkers() const
    {
        // TP 8 on 8 GPUs is one replica: the pools get two workers of TP 4 (the model fits at 4).
        const auto f = loadExample(kExample, {"parallelism.tp=8"});
        QVERIFY(f);
        const ServingFrontier s = frontierOf(*f);
        QCOMPARE(s.aggregated.workerGpus, 8);
        QCOMPARE(s.disaggregated.workerGpus, 4);
        QCOMPARE(s.workers, 2);
        for (int i = 0; i < s.disaggregated.count; ++i) {
            QCOMPARE(s.disaggregated.points[static_cast<std::size_t>(i)].prefillWorkers, 1);
            QCOMPARE(s.disaggregated.points[static_cast<std::size_t>(i)].decodeWorkers, 1);
        }
    }

    void ttftTargetKeepsSlowPointsOffTheFrontier() const
    {
        const auto f = loadExample(kExample, {"workload.inference.ttft_target_ms=100"});
        QVERIFY(f);
        const ServingFrontier s = frontierOf(*f);
        int over = 0;
        for (const ServingOptionCurve *c : {&s.aggregated, &s.disaggregated}) {
            for (int i = 0; i < c->count; ++i)
                over += c->points[static_cast<std::size_t>(i)].meetsTtft ? 0 : 1;
            for (int k = 0; k < c->frontierCount; ++k)
                QVERIFY(vertex(*c, k).ttftS <= 0.1);
        }
        QVERIFY(over > 0);
    }

    void modelThatDoesNotFitHasNoFrontier() const
    {
        // Llama 3 70B in BF16 (141 GB of weights) on one 80 GB H100: no option serves a request.
        const auto f = loadExample(kExample, {"model.preset=llama3-70b", "hardware.num_gpus=1"});
        QVERIFY(f);
        const ServingFrontier s = frontierOf(*f);
        QVERIFY(!s.valid);
        QCOMPARE(s.aggregated.count, 0);
        QCOMPARE(s.disaggregated.count, 0);
        QCOMPARE(s.crossoverCount, 0);
    }

    void singleTokenRequestsHaveNothingToDisaggregate() const
    {
        const auto f = loadExample(kExample, {"workload.inference.output_len=1"});
        QVERIFY(f);
        const ServingFrontier s = frontierOf(*f);
        QCOMPARE(s.disaggregatedLimit, DisaggregatedLimit::SingleToken);
        QCOMPARE(s.disaggregated.count, 0);
    }
};

QTEST_APPLESS_MAIN(TestServingFrontier)
#include "tst_servingfrontier.moc"

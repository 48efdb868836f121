// SPDX-License-Identifier: GPL-3.0-or-later
// The plan later (core/procure/Growth.h, docs/cli.md "growth"): the grown plan's model, tokens and
// request rates worked out by hand, the training run re-sized to keep today's time to train, and the
// serving fleet's replicas at the grown rate from today's per-replica capacity. Plans: the bundled
// examples (Llama 3 70B: 80 layers, hidden 8192, vocabulary 128,256, untied embeddings; Llama 3
// paper, Dubey et al. 2024, Table 3).
#include "ExampleFixture.h"

#include "procure/Growth.h"
#include "procure/GrowthJson.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>

using namespace gpuplan;

class TestGrowth : public QObject
{
    Q_OBJECT

private slots:
    // Depth scaling: layers x the scale, rounded; tokens and request rates x theirs.
    void grownPlanScalesByHand()
    {
        const auto t = test::loadExample("llama3-70b-training.gpuplan");
        QVERIFY(t);
        GrowthRequest r;
        r.modelScale = 1.5;
        r.tokensScale = 2;
        const Plan g = grownPlan(t->plan, r);
        QCOMPARE(g.model.layers, 120);   // 80 x 1.5
        QCOMPARE(g.model.hidden, t->plan.model.hidden);
        QCOMPARE(g.model.heads, t->plan.model.heads);
        QCOMPARE(g.workload.training.tokens, 2 * t->plan.workload.training.tokens);
        r.modelScale = 0.1;
        QCOMPARE(grownPlan(t->plan, r).model.layers, 8);   // 80 x 0.1

        const auto s = test::loadExample("llama3-8b-inference.gpuplan");
        QVERIFY(s);
        GrowthRequest traffic;
        traffic.trafficScale = 2.5;
        const Plan gs = grownPlan(s->plan, traffic);
        QCOMPARE(gs.workload.inference.requestRate, 2.5 * s->plan.workload.inference.requestRate);
        QCOMPARE(gs.workload.inference.averageRequestRate, 2.5 * s->plan.workload.inference.averageRequestRate);
        QCOMPARE(gs.model.layers, 32);
    }

    // Twice the layers: the blocks' parameters double, the embedding and output layers (2 x V x h,
    // untied) and the final norm (h) do not, so P' = 2P - 2Vh - h. The run is re-sized to train in
    // today's time with failures.
    void trainingKeepsTodaysTime()
    {
        const auto t = test::loadExample("llama3-70b-training.gpuplan");
        QVERIFY(t);
        GrowthRequest r;
        r.modelScale = 2;
        GrowthResult g;
        std::string error;
        QVERIFY2(planGrowth(t->plan, bundledCatalog(), r, g, error), error.c_str());
        QVERIFY(!g.serving);
        const double P = t->evaluation.shape.totalParams;
        const double V = 128256, h = 8192;
        QCOMPARE(g.today.params, P);
        QVERIFY(std::abs(g.grown.params - (2 * P - 2 * V * h - h)) < 1e-6 * P);
        QCOMPARE(g.grown.layers, 160);
        QCOMPARE(g.today.gpus, 1024);
        QCOMPARE(g.today.timeToTrainDays, t->evaluation.reliability.effectiveTimeToTrainS / 86400.0);
        QVERIFY(g.meetsTarget);
        QVERIFY(g.grown.timeToTrainDays <= g.today.timeToTrainDays);
        QCOMPARE(g.grown.gpus % 8, 0);
        QCOMPARE(g.grown.layout.numGpus, g.grown.gpus);
        // About twice the work: with today's time kept, more GPUs, more power.
        QVERIFY(g.grown.gpus > g.today.gpus);
        QVERIFY(g.grown.facilityKw > g.today.facilityKw);
        QVERIFY(g.countsTried >= 2);

        // A scale for the other mode is refused, naming it.
        GrowthRequest traffic;
        traffic.trafficScale = 2;
        QVERIFY(!planGrowth(t->plan, bundledCatalog(), traffic, g, error));
        QVERIFY(error.find("--traffic-scale") != std::string::npos);
    }

    // The 8B fleet at twice its request rate, model unchanged: replicas = ceil(rate / the load one
    // replica carries within the P99 targets), today's per-replica load from today's evaluation.
    void servingReplicasAtTheGrownRate()
    {
        const auto s = test::loadExample("llama3-8b-inference.gpuplan");
        QVERIFY(s);
        const CapacityResult &cap = s->evaluation.inference.capacity;
        QVERIFY(cap.sloLimited.requestsPerS > 0);
        GrowthRequest r;
        r.trafficScale = 2;
        GrowthResult g;
        std::string error;
        QVERIFY2(planGrowth(s->plan, bundledCatalog(), r, g, error), error.c_str());
        QVERIFY(g.serving);
        const double rate = s->plan.workload.inference.requestRate;
        QCOMPARE(g.today.replicas, static_cast<int>(std::ceil(rate / cap.sloLimited.requestsPerS)));
        QCOMPARE(g.grown.replicas, static_cast<int>(std::ceil(2 * rate / cap.sloLimited.requestsPerS)));
        QCOMPARE(g.grown.gpus, g.grown.replicas * g.grown.layout.tp * g.grown.layout.pp);
        QCOMPARE(g.grown.requestRate, 2 * rate);
        QVERIFY(g.meetsTarget);
        const auto json = growthToJson(g);
        QCOMPARE(json["grown"]["replicas"].get<int>(), g.grown.replicas);
        QVERIFY(json["held_constant"].size() >= 3);

        GrowthRequest tokens;
        tokens.tokensScale = 2;
        QVERIFY(!planGrowth(s->plan, bundledCatalog(), tokens, g, error));
        QVERIFY(error.find("--tokens-scale") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestGrowth)
#include "tst_growth.moc"

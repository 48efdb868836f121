// SPDX-License-Identifier: GPL-3.0-or-later
// The auto-planner's results (core/search): the time/cost Pareto front, the top list, inference
// latency targets, progress and cancellation, concurrent searches, GPU count ranges and the JSON
// contract. The space and the pruning: tst_layoutsearch.cpp.
#include "LayoutSearchFixtures.h"

#include "search/LayoutSpace.h"
#include "search/SearchJson.h"
#include "search/SearchRanking.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>
#include <memory>
#include <thread>

using namespace gpuplan;
using namespace gpuplan::test;

class TestLayoutSearchFront final : public QObject
{
    Q_OBJECT

private slots:
    void paretoFrontIsNonDominated_data() const
    {
        QTest::addColumn<bool>("synthetic");
        QTest::newRow("synthetic model") << true;
        QTest::newRow("real models") << false;
    }

    void paretoFrontIsNonDominated() const
    {
        QFETCH(bool, synthetic);
        auto f = loadPlanFixture(presetTrainingPlan("llama3-8b", 8, 4096, 256));
        QVERIFY(f);
        SearchOptions options;
        options.evaluator = synthetic ? syntheticEvaluate : nullptr;
        options.minGpus = 8;
        options.maxGpus = 256;
        options.objective = SearchObjective::Cost;
        const SearchResult cheapest = searchLayouts(f->resolved, options);
        options.objective = SearchObjective::Time;
        const SearchResult fastest = searchLayouts(f->resolved, options);
        for (const SearchResult *r : {&cheapest, &fastest}) {
            QVERIFY(!r->pareto.empty());
            for (std::size_t i = 0; i < r->pareto.size(); ++i) {
                for (std::size_t j = 0; j < r->pareto.size(); ++j)
                    QVERIFY(i == j || !paretoDominates(r->pareto[i], r->pareto[j]));
                if (i > 0) {
                    QVERIFY(r->pareto[i].paretoTime > r->pareto[i - 1].paretoTime);
                    QVERIFY(r->pareto[i].paretoCost() < r->pareto[i - 1].paretoCost());
                }
            }
            // The front runs from the fastest layout to the cheapest.
            QCOMPARE(r->pareto.front().paretoTime, fastest.best.front().paretoTime);
            QCOMPARE(r->pareto.back().paretoCost(), cheapest.best.front().paretoCost());
        }
        // The synthetic model loses efficiency with scale: more GPUs are faster but dearer.
        if (synthetic)
            QVERIFY(cheapest.pareto.size() >= 3);
    }

    void paretoFrontUnit() const
    {
        auto point = [](double t, double c, int tp) {
            SearchCandidate s;
            s.paretoTime = t;
            s.costUsd = c;
            s.costKnown = true;
            s.objective = t;
            s.layout.tp = tp;
            return s;
        };
        ParetoFront front;
        front.offer(point(10, 5, 1));
        front.offer(point(5, 10, 2));
        front.offer(point(7, 7, 4));
        front.offer(point(8, 8, 8));   // dominated by (7, 7)
        front.offer(point(6, 6, 16));  // dominates (7, 7)
        QCOMPARE(front.items().size(), std::size_t(3));
        QCOMPARE(front.items()[0].layout.tp, 2);
        QCOMPARE(front.items()[1].layout.tp, 16);
        QCOMPARE(front.items()[2].layout.tp, 1);
    }

    void topListKeepsBestInOrder() const
    {
        TopList top(3);
        for (const double v : {5.0, 1.0, 4.0, 2.0, 3.0, 0.5}) {
            SearchCandidate c;
            c.objective = v;
            top.offer(c);
        }
        QCOMPARE(top.items().size(), std::size_t(3));
        QCOMPARE(top.items()[0].objective, 0.5);
        QCOMPARE(top.items()[2].objective, 2.0);
        QCOMPARE(top.threshold(), 2.0);
    }

    // Inference: TP in {1,2,4,8} with PP dividing 8/TP and the 32 layers -> 10 replica shapes,
    // x 13 concurrencies (1..4096) = 130 candidates; 7 with concurrency up to 64.
    void inferenceCountsAndTargets() const
    {
        Plan plan;
        std::vector<PlanError> errors;
        QVERIFY(loadPlanFile(GPUPLAN_SOURCE_DIR "/examples/llama3-8b-inference.gpuplan", &bundledCatalog(), plan, errors));
        ResolvedPlan rp;
        std::vector<ResolveError> resolveErrors;
        QVERIFY(resolvePlan(plan, bundledCatalog(), rp, resolveErrors));
        SearchOptions options;
        options.disaggregated = false;   // the replica space counted above (pools: tst_searchdisaggregated)
        QCOMPARE(countCandidates(rp, options), 130LL);
        options.maxConcurrency = 64;
        QCOMPARE(countCandidates(rp, options), 70LL);
        options.maxConcurrency = 4096;
        options.top = 50;
        const SearchResult r = searchLayouts(rp, options);
        checkAccounting(r);
        QVERIFY2(!r.best.empty(), "no layout meets the example's targets");
        const InferenceWorkload &w = plan.workload.inference;
        // Objective time: the deployment's output rate, highest first.
        for (std::size_t i = 1; i < r.best.size(); ++i)
            QVERIFY(r.best[i].tokensPerS <= r.best[i - 1].tokensPerS);
        for (const SearchCandidate &c : r.best) {
            const Evaluation e = evaluate(rp, c.layout);
            QVERIFY(e.memory.fits);
            QVERIFY(e.inference.meetsTtft && e.inference.meetsTpot);
            QVERIFY(c.ttftMs <= w.ttftTargetMs);
            QVERIFY(c.tpotMs <= w.tpotTargetMs);
            QCOMPARE(c.replicas * c.layout.tp * c.layout.pp, 8);
            QVERIFY(c.replicas * e.inference.requestsPerSPerReplica >= w.requestRate);
        }
        // Tighter latency target: fewer layouts qualify, all of them within it.
        plan.workload.inference.tpotTargetMs = r.best.front().tpotMs * 0.8;
        const SearchResult tight = searchLayouts(rp, options);
        checkAccounting(tight);
        QVERIFY(tight.feasible < r.feasible);
        for (const SearchCandidate &c : tight.best)
            QVERIFY(c.tpotMs <= plan.workload.inference.tpotTargetMs);
        // Pruned and exhaustive agree.
        options.prune = false;
        compareBest(tight, searchLayouts(rp, options));
    }

    void progressAndCancel() const
    {
        auto f = loadPlanFixture(presetTrainingPlan("llama3-8b", 64, 4096, 256));
        QVERIFY(f);
        SearchOptions options;
        options.evaluator = syntheticEvaluate;
        options.progressEvery = 100;
        std::vector<SearchProgress> seen;
        options.onProgress = [&](const SearchProgress &p) { seen.push_back(p); };
        const SearchResult r = searchLayouts(f->resolved, options);
        QVERIFY(seen.size() > 2);
        QCOMPARE(seen.back().candidatesDone, r.evaluated);
        QCOMPARE(seen.back().candidatesTotal, countCandidates(f->resolved, options));
        for (std::size_t i = 1; i < seen.size(); ++i)
            QVERIFY(seen[i].candidatesDone >= seen[i - 1].candidatesDone);

        // Cancelled from the progress callback: stops early with what it has, still consistent.
        std::atomic<bool> cancel{false};
        options.cancel = &cancel;
        options.onProgress = [&](const SearchProgress &p) {
            if (p.candidatesDone >= 300)
                cancel = true;
        };
        const SearchResult cancelled = searchLayouts(f->resolved, options);
        QVERIFY(cancelled.cancelled);
        QVERIFY(cancelled.evaluated < r.evaluated);
        checkAccounting(cancelled);
    }

    // The GUI searches on a worker thread while the plan and catalog are read elsewhere.
    void concurrentSearchesAgree() const
    {
        auto f = loadPlanFixture(presetTrainingPlan("llama3-70b", 128, 8192, 256));
        QVERIFY(f);
        const SearchResult reference = searchLayouts(f->resolved);
        SearchResult a, b;
        std::thread ta([&] { a = searchLayouts(f->resolved); });
        std::thread tb([&] { b = searchLayouts(f->resolved); });
        ta.join();
        tb.join();
        compareBest(a, reference);
        compareBest(b, reference);
    }

    void gpuCountRanges() const
    {
        QCOMPARE(gpuCountsInRange(8, 64, 8, 8), (std::vector<int>{8, 16, 24, 32, 48, 64}));
        QCOMPARE(gpuCountsInRange(1, 8, 100, 8), (std::vector<int>{1, 2, 3, 4, 6, 8}));
        QCOMPARE(gpuCountsInRange(100, 300, 200, 8), (std::vector<int>{100, 128, 192, 200, 256, 300}));
        QVERIFY(gpuCountsInRange(10, 5, 8, 8).empty());
    }

    void jsonContract() const
    {
        auto f = loadPlanFixture(tinyPlan());
        QVERIFY(f);
        SearchOptions options;
        options.evaluator = syntheticEvaluate;
        options.top = 3;
        const auto j = searchToJson(searchLayouts(f->resolved, options));
        QCOMPARE(j["objective"].get<std::string>(), std::string("time"));
        QCOMPARE(j["best"].size(), std::size_t(3));
        for (const char *key : {"tp", "pp", "dp", "cp", "ep", "vp", "sp", "micro_batch", "zero", "sharding", "recompute",
                                "offload_optimizer", "offload_params", "schedule", "num_gpus", "step_time_s", "tokens_per_s",
                                "mfu", "per_gpu_bytes"})
            QVERIFY2(j["best"][0].contains(key), key);
        long long rejected = 0;
        for (const auto &[reason, n] : j["rejected"].items())
            rejected += n.get<long long>();
        QCOMPARE(j["evaluated"].get<long long>(), j["feasible"].get<long long>() + rejected);
        QVERIFY(j["pareto"].is_array());
    }
};

QTEST_APPLESS_MAIN(TestLayoutSearchFront)
#include "tst_layoutsearchfront.moc"

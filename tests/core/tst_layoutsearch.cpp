// SPDX-License-Identifier: GPL-3.0-or-later
// The auto-planner (core/search), its space and its pruning: exact enumeration counts on small
// plans (hand-computed below), candidate accounting, pruned search == exhaustive search (with a
// synthetic model whose monotonicity is known, and with the real models) and validity of the best
// layouts. The Pareto front, the top list, inference targets, progress, cancellation and
// concurrent use: tst_layoutsearchfront.cpp.
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

class TestLayoutSearch final : public QObject
{
    Q_OBJECT

private slots:
    void expertLayoutsFoldTensorParallelRanks()
    {
        // A 128-expert model (Qwen3-30B-A3B's shape) on 16 GPUs: with TP 2 the data-parallel
        // ranks alone give EP up to 8; expert TP 1 (MoE parallel folding) reaches EP 16, and the
        // space offers it only where TP leaves ranks to fold.
        auto f = loadPlanFixture(R"({"format": "gpuplan-plan", "version": 1,
            "model": {"layers": 48, "hidden": 2048, "heads": 32, "kv_heads": 4, "head_dim": 128, "ffn_hidden": 768,
                      "gated_mlp": true, "vocab": 151936, "moe_experts": 128, "moe_top_k": 8, "moe_ffn_hidden": 768},
            "workload": {"mode": "training", "training": {"seq_len": 4096, "global_batch": 256}},
            "hardware": {"gpu": "H100-SXM-80GB", "num_gpus": 16}})");
        QVERIFY(f);
        SearchOptions options;
        TrainingSpace space(f->resolved, options, 16);
        bool folded = false, foldedWithoutTp = false, epBeyondDpAtEtpTp = false;
        space.forEachGroup([&](const Layout &l, const ShardingChoices &, bool) {
            if (l.expertTp == 1 && l.tp == 2 && l.ep == 16 && l.dp == 8)
                folded = true;
            if (l.expertTp > 0 && l.tp == 1)
                foldedWithoutTp = true;
            if (l.expertTp == 0 && l.ep > l.dp * l.cp)
                epBeyondDpAtEtpTp = true;
            return true;
        });
        QVERIFY(folded);
        QVERIFY(!foldedWithoutTp);
        QVERIFY(!epBeyondDpAtEtpTp);
    }

    void divisorLists() const
    {
        std::vector<int> v;
        divisorsUpTo(36, 100, v);
        QCOMPARE(v, (std::vector<int>{1, 2, 3, 4, 6, 9, 12, 18, 36}));
        divisorsUpTo(36, 10, v);
        QCOMPARE(v, (std::vector<int>{1, 2, 3, 4, 6, 9}));
        divisorsUpTo(1, 1, v);
        QCOMPARE(v, (std::vector<int>{1}));
        powersOfTwoDividing(48, 64, v);
        QCOMPARE(v, (std::vector<int>{1, 2, 4, 8, 16}));
        powersOfTwoDividing(48, 8, v);
        QCOMPARE(v, (std::vector<int>{1, 2, 4, 8}));
    }

    void shardingChoiceRules() const
    {
        // Megatron: DDP and the distributed optimizer (with and without CPU optimizer offload).
        ShardingChoices c = shardingChoices(ShardingImpl::Megatron, false, true, 1, 8, 3);
        QCOMPARE(c.count, 2);
        QCOMPARE(c.cells, 3 * (1 + 2));
        // All implementations, no pipeline: M0, M1, DS1, DS2, DS3, FSDP2, FSDP3.
        c = shardingChoices(ShardingImpl::Megatron, true, true, 1, 8, 3);
        QCOMPARE(c.count, 7);
        QCOMPARE(c.cells, 3 * (1 + 2 + 2 + 2 + 3 + 1 + 2));
        // DeepSpeed's pipeline engine refuses ZeRO-2/3.
        c = shardingChoices(ShardingImpl::DeepSpeed, false, true, 4, 8, 3);
        QCOMPARE(c.count, 2);
        for (int i = 0; i < c.count; ++i)
            QVERIFY(c.items[static_cast<std::size_t>(i)].zero <= 1);
        // Sharding over one rank changes nothing: stage 0 only.
        c = shardingChoices(ShardingImpl::Fsdp, true, true, 1, 1, 3);
        QCOMPARE(c.count, 1);
        QCOMPARE(c.items[0].zero, 0);
        QCOMPARE(c.cells, 3);
    }

    // Hand count for tinyPlan() (Megatron only): TP in {1,2,4} (<= 4 heads), CP in {1,2}
    // (2048 tokens / 1024 per rank), PP dividing both the 4 layers and 8/(TP*CP), VP dividing the
    // layers per stage, micro-batches dividing 8/DP; 9 settings per group when DP*CP > 1
    // (ZeRO-0 x 3 recompute + ZeRO-1 x 3 recompute x 2 offload), else 3.
    //   TP1 CP1: PP1 1x9, PP2 (2 VP x 2 mb) 4x9, PP4 3x9          =  72
    //   TP1 CP2: PP1 2x9, PP2 (2 VP x 3 mb) 6x9, PP4 4x9          = 108
    //   TP2 CP1: PP1 2x9, PP2 6x9, PP4 (DP*CP = 1) 4x3            =  84
    //   TP2 CP2: PP1 3x9, PP2 (2 VP x 4 mb) 8x9                   =  99
    //   TP4 CP1: PP1 3x9, PP2 (DP*CP = 1) 8x3                     =  51
    //   TP4 CP2: PP1 4x9                                          =  36
    //                                                               450
    void enumerationCountMegatron() const
    {
        auto f = loadPlanFixture(tinyPlan());
        QVERIFY(f);
        SearchOptions options;
        options.allShardings = false;
        QCOMPARE(countCandidates(f->resolved, options), 450LL);
        options.evaluator = syntheticEvaluate;
        const SearchResult r = searchLayouts(f->resolved, options);
        QCOMPARE(r.evaluated, 450LL);
        checkAccounting(r);
    }

    // The same with Megatron, DeepSpeed and FSDP: 39 settings per group without PP, 24 with PP
    // (no DeepSpeed ZeRO-2/3), 3 when DP*CP = 1; the same groups as above give 1365. Without
    // offload: 21, 15 and 3 per group, 816.
    void enumerationCountAllShardings() const
    {
        auto f = loadPlanFixture(tinyPlan());
        QVERIFY(f);
        SearchOptions options;
        QCOMPARE(countCandidates(f->resolved, options), 1365LL);
        options.allowOffload = false;
        QCOMPARE(countCandidates(f->resolved, options), 816LL);
    }

    // 6 heads: TP 4 does not divide them; its 51 + 36 candidates are rejected for that reason.
    void rejectionReasonsCounted() const
    {
        auto f = loadPlanFixture(tinyPlan(6));
        QVERIFY(f);
        SearchOptions options;
        options.allShardings = false;
        options.evaluator = syntheticEvaluate;
        const SearchResult r = searchLayouts(f->resolved, options);
        QCOMPARE(r.evaluated, 450LL);
        QCOMPARE(r.rejected[static_cast<std::size_t>(rejectIndex(DiagCode::TpNotDivideHeads))], 87LL);
        checkAccounting(r);
        const auto json = searchToJson(r);
        QCOMPARE(json["rejected"]["TP does not divide the attention heads"].get<long long>(), 87LL);
    }

    void batchRejections() const
    {
        // Global batch 6 on DP 4 does not split; DP 8 leaves two replicas without a sequence.
        std::string plan = tinyPlan();
        plan.replace(plan.find("\"global_batch\": 8"), 17, "\"global_batch\": 6");
        auto f = loadPlanFixture(plan);
        QVERIFY(f);
        SearchOptions options;
        options.evaluator = syntheticEvaluate;
        const SearchResult r = searchLayouts(f->resolved, options);
        checkAccounting(r);
        QVERIFY(r.rejected[static_cast<std::size_t>(rejectIndex(DiagCode::BatchNotDivisible))] > 0);
        QVERIFY(r.rejected[static_cast<std::size_t>(rejectIndex(DiagCode::ReplicasWithoutWork))] > 0);
        for (const SearchCandidate &c : r.best)
            QCOMPARE(6 % (c.layout.dp * c.layout.microBatch), 0);
    }

    void prunedEqualsExhaustiveSynthetic_data() const
    {
        QTest::addColumn<double>("capacityGiB");
        QTest::addColumn<int>("top");
        QTest::addColumn<int>("objective");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("maxGpus");
        QTest::newRow("loose, top 10") << 80.0 << 10 << 0 << 64 << 0;
        QTest::newRow("tight, top 10") << 24.0 << 10 << 0 << 64 << 0;
        QTest::newRow("very tight, top 3") << 9.0 << 3 << 0 << 64 << 0;
        QTest::newRow("tight, top 1") << 24.0 << 1 << 0 << 128 << 0;
        QTest::newRow("tight, top 25, cost") << 24.0 << 25 << 1 << 64 << 0;
        QTest::newRow("range 16-128, energy") << 30.0 << 8 << 2 << 16 << 128;
        QTest::newRow("range 8-64, time") << 30.0 << 5 << 0 << 8 << 64;
    }

    void prunedEqualsExhaustiveSynthetic() const
    {
        QFETCH(double, capacityGiB);
        QFETCH(int, top);
        QFETCH(int, objective);
        QFETCH(int, gpus);
        QFETCH(int, maxGpus);
        auto f = loadPlanFixture(presetTrainingPlan("llama3-8b", gpus, 4096, 256));
        QVERIFY(f);
        g_capacityBytes = capacityGiB * 1024 * 1024 * 1024;
        SearchOptions options;
        options.evaluator = syntheticEvaluate;
        options.top = top;
        options.objective = static_cast<SearchObjective>(objective);
        options.minGpus = gpus;
        options.maxGpus = maxGpus;
        const SearchResult pruned = searchLayouts(f->resolved, options);
        options.prune = false;
        const SearchResult exhaustive = searchLayouts(f->resolved, options);
        g_capacityBytes = 80e9;
        QVERIFY(!pruned.best.empty());
        checkAccounting(pruned);
        checkAccounting(exhaustive);
        compareBest(pruned, exhaustive);
        QVERIFY(pruned.evaluateCalls < exhaustive.evaluateCalls);
    }

    // The same with the real memory and time models. A failure here means either a pruning bug or
    // a model that is not monotone where docs/search.md says physics makes it so.
    void prunedEqualsExhaustiveReal_data() const
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("maxGpus");
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("batch");
        QTest::addColumn<int>("objective");
        QTest::newRow("llama3-8b 16") << "llama3-8b" << 16 << 0 << 8192 << 64 << 0;
        QTest::newRow("llama3-70b 64") << "llama3-70b" << 64 << 0 << 8192 << 128 << 0;
        QTest::newRow("llama3-70b 32, cost") << "llama3-70b" << 32 << 0 << 4096 << 64 << 1;
        QTest::newRow("mixtral 32") << "mixtral-8x7b" << 32 << 0 << 4096 << 128 << 0;
        QTest::newRow("llama3-8b 8-64, cost") << "llama3-8b" << 8 << 64 << 4096 << 128 << 1;
        // Mixture-of-experts plans whose best layouts use EP (folded over TP ranks too) and VP.
        QTest::newRow("qwen3-30b-a3b 32, ep and vp") << "qwen3-30b-a3b" << 32 << 0 << 4096 << 256 << 0;
        QTest::newRow("gpt-oss-20b 16, ep and vp") << "gpt-oss-20b" << 16 << 0 << 4096 << 128 << 0;
        QTest::newRow("mixtral-8x22b 64, ep and vp, cost") << "mixtral-8x22b" << 64 << 0 << 4096 << 256 << 1;
        QTest::newRow("deepseek-v3 256, ep") << "deepseek-v3" << 256 << 0 << 4096 << 1024 << 0;
    }

    void prunedEqualsExhaustiveReal() const
    {
        QFETCH(QString, preset);
        QFETCH(int, gpus);
        QFETCH(int, maxGpus);
        QFETCH(int, seq);
        QFETCH(int, batch);
        QFETCH(int, objective);
        auto f = loadPlanFixture(presetTrainingPlan(preset.toStdString().c_str(), gpus, seq, batch));
        QVERIFY(f);
        SearchOptions options;
        options.top = 10;
        options.minGpus = gpus;
        options.maxGpus = maxGpus;
        options.objective = static_cast<SearchObjective>(objective);
        const SearchResult pruned = searchLayouts(f->resolved, options);
        options.prune = false;
        const SearchResult exhaustive = searchLayouts(f->resolved, options);
        QVERIFY2(!pruned.best.empty(), "no feasible layout");
        checkAccounting(pruned);
        checkAccounting(exhaustive);
        compareBest(pruned, exhaustive);
    }

    // The DeepSeek-V3 example (2,048 H800, MLA, 256 experts, FP8) at its own count, the MoE
    // search the benchmark times: pruned (memory first, group and VP bounds) == exhaustive.
    void prunedEqualsExhaustiveDeepSeekExample() const
    {
        Plan plan;
        std::vector<PlanError> errors;
        QVERIFY(loadPlanFile(GPUPLAN_SOURCE_DIR "/examples/deepseek-v3-training.gpuplan", &bundledCatalog(), plan, errors));
        ResolvedPlan resolved;
        std::vector<ResolveError> resolveErrors;
        QVERIFY(resolvePlan(plan, bundledCatalog(), resolved, resolveErrors));
        SearchOptions options;
        const SearchResult pruned = searchLayouts(resolved, options);
        options.prune = false;
        const SearchResult exhaustive = searchLayouts(resolved, options);
        QVERIFY(!pruned.best.empty());
        QVERIFY(std::any_of(exhaustive.best.begin(), exhaustive.best.end(), [](const SearchCandidate &c) { return c.layout.ep > 1; }));
        checkAccounting(pruned);
        compareBest(pruned, exhaustive);
        QVERIFY(pruned.evaluateCalls * 10 < exhaustive.evaluateCalls);
    }

    // Every listed layout passes the layout check, fits, and matches a fresh evaluation.
    void bestLayoutsAreValid() const
    {
        auto f = loadPlanFixture(presetTrainingPlan("llama3-70b", 256, 8192, 512));
        QVERIFY(f);
        SearchOptions options;
        options.top = 20;
        const SearchResult r = searchLayouts(f->resolved, options);
        QVERIFY(!r.best.empty());
        checkAccounting(r);
        double previous = 0;
        for (const SearchCandidate &c : r.best) {
            Diagnostics d;
            checkLayout(f->resolved, c.layout, d);
            QVERIFY2(!d.hasErrors(), searchCandidateToJson(c, Mode::Training).dump().c_str());
            const Evaluation e = evaluate(f->resolved, c.layout);
            QVERIFY(e.memory.fits);
            QVERIFY(!e.diagnostics.hasErrors());
            QCOMPARE(c.tokensPerS, e.training.tokensPerS);
            QCOMPARE(c.perGpuBytes, e.memory.perGpuBytes);
            QCOMPARE(c.layout.numGpus, 256);
            QCOMPARE(c.layout.tp * c.layout.pp * c.layout.cp * c.layout.dp, 256);
            QVERIFY(c.objective >= previous);
            previous = c.objective;
        }
    }
};

QTEST_APPLESS_MAIN(TestLayoutSearch)
#include "tst_layoutsearch.moc"

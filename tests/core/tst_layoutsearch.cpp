// SPDX-License-Identifier: GPL-3.0-or-later
// The auto-planner (core/search): exact enumeration counts on small plans (hand-computed below),
// candidate accounting, pruned search == exhaustive search (with a synthetic model whose
// monotonicity is known, and with the real models), validity of the best layouts, the Pareto
// front, inference latency targets, progress, cancellation and concurrent use.
#include "catalog/CatalogLoader.h"
#include "evaluator/Evaluator.h"
#include "plan/PlanIo.h"
#include "search/LayoutSearch.h"
#include "search/LayoutSpace.h"
#include "search/SearchJson.h"
#include "search/SearchRanking.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <numeric>
#include <thread>

using namespace gpuplan;

namespace {

struct Fixture
{
    Plan plan;
    ResolvedPlan resolved;
};

std::unique_ptr<Fixture> loadFixture(const std::string &json)
{
    auto f = std::make_unique<Fixture>();
    std::vector<PlanError> errors;
    if (!loadPlanText(json, "test.gpuplan", &bundledCatalog(), f->plan, errors)) {
        for (const PlanError &e : errors)
            qWarning("%s", e.text().c_str());
        return nullptr;
    }
    std::vector<ResolveError> resolveErrors;
    if (!resolvePlan(f->plan, bundledCatalog(), f->resolved, resolveErrors))
        return nullptr;
    return f;
}

// 4 layers, 4 heads (MHA), sequence 2048, global batch 8 on 8 H100 (one node).
std::string tinyPlan(int heads = 4, const char *sharding = "megatron")
{
    return R"({"format": "gpuplan-plan", "version": 1, "name": "tiny",
      "model": {"name": "tiny", "layers": 4, "hidden": 256, "heads": )" +
           std::to_string(heads) + R"(, "head_dim": 64, "vocab": 1000},
      "workload": {"mode": "training", "training": {"seq_len": 2048, "global_batch": 8, "micro_batch": 1, "tokens": 1e9}},
      "hardware": {"gpu": "H100-SXM-80GB", "num_gpus": 8},
      "parallelism": {"sharding": ")" +
           sharding + R"("}})";
}

std::string presetTrainingPlan(const char *preset, int gpus, int seq, int batch)
{
    return std::string(R"({"format": "gpuplan-plan", "version": 1, "name": "t", "model": {"preset": ")") + preset +
           R"("}, "workload": {"mode": "training", "training": {"seq_len": )" + std::to_string(seq) +
           R"(, "global_batch": )" + std::to_string(batch) + R"(, "tokens": 1e11}},
             "hardware": {"gpu": "H100-SXM-80GB", "num_gpus": )" +
           std::to_string(gpus) + R"(}, "parallelism": {"sharding": "megatron"}})";
}

long long rejectedTotal(const SearchResult &r)
{
    return std::accumulate(r.rejected.begin(), r.rejected.end(), 0LL);
}

// A model with the properties the pruning relies on, and nothing else: memory falls with the ZeRO
// stage, recompute and offload and grows with the micro-batch; time grows with recompute and
// offload; ZeRO-1 speeds up the optimizer step (so no stage dominates another).
double g_capacityBytes = 80e9;

Evaluation syntheticEvaluate(const ResolvedPlan &rp, const Layout &l)
{
    Evaluation e;
    e.layout = l;
    e.shape = rp.shape;
    checkLayout(rp, l, e.diagnostics);
    const double params = 8e9 / (l.tp * l.pp);
    const double shard = l.dp * l.cp;
    double weights = 2 * params, grads = 4 * params, optimizer = 12 * params;
    if (l.zero >= 1)
        optimizer /= shard;
    if (l.zero >= 2)
        grads /= shard;
    if (l.zero >= 3)
        weights /= shard;
    if (l.offloadOptimizer != Offload::None)
        optimizer = 0;
    if (l.offloadParams != Offload::None)
        weights = grads = 0;
    const double keep[] = {1.0, 0.45, 0.08};
    const double seq = rp.plan->workload.training.seqLen;
    const double activations = l.microBatch * seq / l.cp * 3e5 * 32.0 / l.pp / l.tp * keep[static_cast<int>(l.recompute)] *
                               std::min<double>(l.pp, 4);
    const double implBuffers = 1.0 + 0.02 * static_cast<int>(l.sharding);
    e.memory.perGpuBytes = (weights + grads + optimizer + activations) * implBuffers;
    e.memory.capacityBytes = g_capacityBytes;
    e.memory.fits = e.memory.perGpuBytes <= g_capacityBytes;
    if (!e.memory.fits)
        e.diagnostics.add(DiagCode::DoesNotFit, Severity::Error, "hardware.gpu", e.memory.perGpuBytes, g_capacityBytes);

    const double batch = rp.plan->workload.training.globalBatch;
    const double tokens = batch * seq;
    const double x = l.microBatch * seq / (l.tp * 2048.0);
    const double efficiency = 0.6 * x / (x + 0.7);
    const double compute = tokens * 6 * 8e9 / (l.numGpus * 1e15 * efficiency);
    const double micro = batch / (l.dp * l.microBatch);
    const double recomputeFactor[] = {1.0, 1.03, 1.33};
    double step = compute * recomputeFactor[static_cast<int>(l.recompute)];
    step += compute * (l.pp - 1) / (l.vp * micro) + compute * 0.004 * l.vp;
    step += compute * 0.02 * (l.tp - 1) + compute * 0.03 * (l.cp - 1);
    step += compute * (l.zero == 3 ? 0.06 : l.zero == 2 ? 0.015 : 0.01);
    step += compute * 0.05 / (l.zero >= 1 ? shard : 1.0);
    step += compute * 0.04 * std::log2(shard);   // gradient reduction slows down with more ranks
    if (l.offloadOptimizer != Offload::None)
        step += compute * 0.07;
    if (l.offloadParams != Offload::None)
        step += compute * 0.25;
    step += compute * 0.01 * static_cast<int>(l.sharding);
    e.training.valid = true;
    e.training.stepTimeS = step;
    e.training.tokensPerStep = tokens;
    e.training.tokensPerS = tokens / step;
    e.training.mfu = compute * efficiency / step;
    return e;
}

void compareBest(const SearchResult &pruned, const SearchResult &exhaustive)
{
    QCOMPARE(pruned.evaluated, exhaustive.evaluated);
    QCOMPARE(pruned.best.size(), exhaustive.best.size());
    for (std::size_t i = 0; i < pruned.best.size(); ++i) {
        QVERIFY2(pruned.best[i].layout == exhaustive.best[i].layout, ("rank " + std::to_string(i + 1)).c_str());
        QCOMPARE(pruned.best[i].objective, exhaustive.best[i].objective);
    }
    QCOMPARE(pruned.pareto.size(), exhaustive.pareto.size());
    for (std::size_t i = 0; i < pruned.pareto.size(); ++i)
        QVERIFY(pruned.pareto[i].layout == exhaustive.pareto[i].layout);
}

void checkAccounting(const SearchResult &r)
{
    QCOMPARE(r.evaluated, r.feasible + rejectedTotal(r));
    for (const long long n : r.rejected)
        QVERIFY(n >= 0);
}

} // namespace

class TestLayoutSearch final : public QObject
{
    Q_OBJECT

private slots:
    void expertLayoutsFoldTensorParallelRanks()
    {
        // A 128-expert model (Qwen3-30B-A3B's shape) on 16 GPUs: with TP 2 the data-parallel
        // ranks alone give EP up to 8; expert TP 1 (MoE parallel folding) reaches EP 16, and the
        // space offers it only where TP leaves ranks to fold.
        auto f = loadFixture(R"({"format": "gpuplan-plan", "version": 1,
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
        auto f = loadFixture(tinyPlan());
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
        auto f = loadFixture(tinyPlan());
        QVERIFY(f);
        SearchOptions options;
        QCOMPARE(countCandidates(f->resolved, options), 1365LL);
        options.allowOffload = false;
        QCOMPARE(countCandidates(f->resolved, options), 816LL);
    }

    // 6 heads: TP 4 does not divide them; its 51 + 36 candidates are rejected for that reason.
    void rejectionReasonsCounted() const
    {
        auto f = loadFixture(tinyPlan(6));
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
        auto f = loadFixture(plan);
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
        auto f = loadFixture(presetTrainingPlan("llama3-8b", gpus, 4096, 256));
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
    }

    void prunedEqualsExhaustiveReal() const
    {
        QFETCH(QString, preset);
        QFETCH(int, gpus);
        QFETCH(int, maxGpus);
        QFETCH(int, seq);
        QFETCH(int, batch);
        QFETCH(int, objective);
        auto f = loadFixture(presetTrainingPlan(preset.toStdString().c_str(), gpus, seq, batch));
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

    // Every listed layout passes the layout check, fits, and matches a fresh evaluation.
    void bestLayoutsAreValid() const
    {
        auto f = loadFixture(presetTrainingPlan("llama3-70b", 256, 8192, 512));
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

    void paretoFrontIsNonDominated_data() const
    {
        QTest::addColumn<bool>("synthetic");
        QTest::newRow("synthetic model") << true;
        QTest::newRow("real models") << false;
    }

    void paretoFrontIsNonDominated() const
    {
        QFETCH(bool, synthetic);
        auto f = loadFixture(presetTrainingPlan("llama3-8b", 8, 4096, 256));
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
        auto f = loadFixture(presetTrainingPlan("llama3-8b", 64, 4096, 256));
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
        auto f = loadFixture(presetTrainingPlan("llama3-70b", 128, 8192, 256));
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
        auto f = loadFixture(tinyPlan());
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

QTEST_APPLESS_MAIN(TestLayoutSearch)
#include "tst_layoutsearch.moc"

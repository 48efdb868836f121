// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 11 in the auto-planner: the recompute policies it tries are the ones the plan's training
// stack offers (core/search/LayoutSpace.h recomputeLevels), ordered by the activations they keep,
// and the layouts published runs used stay in its answers. Public rows:
// tests/data/validation/memory_public.csv (MTT24-01: torchtitan, Llama 3.1 8B, 8 x H100 96GB,
// FSDP2, op-level selective checkpointing, local batch 2, sequence 8,192, 82.4 GiB reserved).
#include "ValidationTables.h"

#include "catalog/CatalogLoader.h"
#include "common/EnumNames.h"
#include "evaluator/Evaluator.h"
#include "memory/ActivationMemory.h"
#include "model/ModelShape.h"
#include "plan/FrameworkPresets.h"
#include "plan/PlanIo.h"
#include "search/LayoutSearch.h"
#include "search/LayoutSpace.h"
#include "search/SearchJson.h"
#include "support/PlanFixture.h"
#include "validate/CsvTable.h"
#include "validate/MemoryRowPlan.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>
#include <memory>

using namespace gpuplan;

namespace {

CsvTable publicMemoryTable()
{
    return test::validationTable("memory_public.csv");
}

// What the search reads of a plan: the plan, its GPU and the model's shape.
ResolvedPlan shapeOnly(const Plan &plan, const Catalog &catalog)
{
    ResolvedPlan rp;
    rp.plan = &plan;
    rp.catalog = &catalog;
    rp.gpu = catalog.findGpu(plan.hardware.gpu);
    rp.gpusPerNode = std::max(plan.hardware.gpusPerNode, 1);
    rp.shape = computeModelShape(plan.model, plan.workload.training.seqLen);
    return rp;
}

std::vector<Recompute> levelList(const RecomputeLevels &levels)
{
    return {levels.items.begin(), levels.items.begin() + levels.count};
}

bool contains(const RecomputeLevels &levels, Recompute r)
{
    const std::vector<Recompute> list = levelList(levels);
    return std::find(list.begin(), list.end(), r) != list.end();
}

// Llama 3 8B on 8 H100 80GB, sequence 8,192, global batch 16, with the given stack.
std::unique_ptr<test::PlanFixture> stackPlan(const char *framework, const char *sharding)
{
    const std::string json =
        std::string(R"({"format": "gpuplan-plan", "version": 1, "name": "t", "model": {"preset": "llama3-8b"},
          "workload": {"mode": "training", "training": {"seq_len": 8192, "global_batch": 16, "micro_batch": 2, "tokens": 1e11}},
          "hardware": {"gpu": "H100-SXM-80GB", "num_gpus": 8},
          "parallelism": {"framework": ")")
        + framework + R"(", "sharding": ")" + sharding + R"(", "zero": 3}})";
    return test::loadPlanFixture(json);
}

} // namespace

class TestSearchRecompute final : public QObject
{
    Q_OBJECT

private slots:
    // Each stack's own policies: Megatron's selective (the attention core) only where Megatron's
    // kernels run it; torchtitan's op-level and per-N-layer policies only there.
    void policiesPerStack() const
    {
        struct Case
        {
            const char *framework;
            const char *sharding;
            std::vector<Recompute> policies;
        };
        const Case cases[] = {
            {"megatron", "megatron", {Recompute::None, Recompute::Selective, Recompute::Full}},
            {"deepspeed", "deepspeed", {Recompute::None, Recompute::Selective, Recompute::Full}},
            {"generic", "megatron", {Recompute::None, Recompute::Selective, Recompute::Full}},
            {"fsdp2", "fsdp", {Recompute::None, Recompute::SelectiveOp, Recompute::EveryN, Recompute::Full}},
            {"fsdp1", "fsdp", {Recompute::None, Recompute::EveryN, Recompute::Full}},
            {"torchtune", "fsdp", {Recompute::None, Recompute::EveryN, Recompute::Full}},
            {"hf", "fsdp", {Recompute::None, Recompute::Full}},
        };
        for (const Case &c : cases) {
            auto f = stackPlan(c.framework, c.sharding);
            QVERIFY2(f, c.framework);
            std::vector<Recompute> got = levelList(recomputeLevels(f->resolved));
            std::vector<Recompute> want = c.policies;
            std::sort(got.begin(), got.end());
            std::sort(want.begin(), want.end());
            QVERIFY2(got == want, c.framework);
        }
    }

    // The walk relies on it: each policy keeps no more activations than the one before.
    void policiesOrderedByKeptActivations() const
    {
        for (const char *framework : {"megatron", "fsdp2", "fsdp1", "hf"}) {
            auto f = stackPlan(framework, framework == std::string("megatron") ? "megatron" : "fsdp");
            QVERIFY(f);
            const RecomputeLevels levels = recomputeLevels(f->resolved);
            QCOMPARE(levels.items[0], Recompute::None);
            QCOMPARE(levels.items[static_cast<std::size_t>(levels.count - 1)], Recompute::Full);
            const ActivationConfig act = trainingActivationConfig(f->plan, layoutFromPlan(f->plan));
            double previous = INFINITY;
            for (int i = 0; i < levels.count; ++i) {
                const double kept = layerBytesPerToken(f->resolved.shape, act, levels.items[static_cast<std::size_t>(i)]);
                QVERIFY2(kept <= previous, framework);
                previous = kept;
            }
        }
    }

    // Every public memory row's recompute policy is one the search offers for the row's stack:
    // a layout a published run used is in the space the auto-planner walks.
    void publishedPoliciesAreSearched() const
    {
        const CsvTable table = publicMemoryTable();
        int training = 0;
        for (std::size_t i = 0; i < table.rowCount(); ++i) {
            MemoryRowPlan row;
            std::string skip;
            if (!memoryRowPlan(table, i, bundledCatalog(), row, skip) || row.plan.workload.mode != Mode::Training)
                continue;
            ++training;
            const ResolvedPlan rp = shapeOnly(row.plan, bundledCatalog());
            const RecomputeLevels levels = recomputeLevels(rp);
            QVERIFY2(contains(levels, row.plan.parallelism.recompute),
                     (std::string(table.cell(i, "id")) + ": " + nameOf(recomputeNames(), row.plan.parallelism.recompute)
                      + " not searched for " + nameOf(frameworkNames(), row.plan.parallelism.framework))
                         .c_str());
        }
        QVERIFY(training >= 40);
    }

    // FSDP2 on 8 GPUs: the search never proposes Megatron's selective recompute (which saves
    // nothing in a PyTorch stack with fused attention), offers op-level selective, and the pruned
    // walk over four policies finds what the exhaustive one finds.
    void fsdp2SearchUsesItsOwnPolicies() const
    {
        auto f = stackPlan("fsdp2", "fsdp");
        QVERIFY(f);
        SearchOptions options;
        options.top = 100000;
        options.allShardings = false;
        const SearchResult pruned = searchLayouts(f->resolved, options);
        options.prune = false;
        const SearchResult exhaustive = searchLayouts(f->resolved, options);
        QVERIFY(!exhaustive.best.empty());
        bool opLevel = false;
        for (const SearchCandidate &c : exhaustive.best) {
            QVERIFY(c.layout.recompute != Recompute::Selective);
            opLevel = opLevel || c.layout.recompute == Recompute::SelectiveOp;
        }
        QVERIFY(opLevel);
        QVERIFY(!pruned.best.empty());
        QCOMPARE(searchCandidateToJson(pruned.best.front(), Mode::Training).dump(),
                 searchCandidateToJson(exhaustive.best.front(), Mode::Training).dump());
        QCOMPARE(pruned.evaluated, exhaustive.evaluated);
        QCOMPARE(countCandidates(f->resolved, options), exhaustive.evaluated);

        auto m = stackPlan("megatron", "megatron");
        QVERIFY(m);
        options.prune = true;
        for (const SearchCandidate &c : searchLayouts(m->resolved, options).best)
            QVERIFY(c.layout.recompute != Recompute::SelectiveOp && c.layout.recompute != Recompute::EveryN);
    }

    // MTT24-01 (torchtitan, 82.4 GiB reserved on a 96 GB H100): its own layout (DP 8, FSDP
    // full sharding, op-level selective, local batch 2) is among the search's feasible layouts;
    // before, the search offered only Megatron's policies and this layout was never tried.
    void publishedTorchtitanLayoutIsKept() const
    {
        const CsvTable table = publicMemoryTable();
        std::size_t index = table.rowCount();
        for (std::size_t i = 0; i < table.rowCount(); ++i) {
            if (table.cell(i, "id") == "MTT24-01")
                index = i;
        }
        QVERIFY(index < table.rowCount());
        MemoryRowPlan row;
        std::string skip;
        QVERIFY2(memoryRowPlan(table, index, bundledCatalog(), row, skip), skip.c_str());
        QCOMPARE(row.plan.parallelism.recompute, Recompute::SelectiveOp);
        ResolvedPlan rp;
        std::vector<ResolveError> errors;
        QVERIFY(resolvePlan(row.plan, bundledCatalog(), rp, errors));
        const Layout published = layoutFromPlan(row.plan);
        const Evaluation e = evaluate(rp, published);
        QVERIFY(e.memory.verdict != MemoryVerdict::DoesNotFit);

        SearchOptions options;
        options.top = 100000;
        options.allShardings = false;
        options.prune = false;
        const SearchResult r = searchLayouts(rp, options);
        const auto same = [&](const SearchCandidate &c) {
            const Layout &l = c.layout;
            return l.tp == published.tp && l.pp == published.pp && l.cp == published.cp && l.dp == published.dp
                   && l.microBatch == published.microBatch && l.zero == published.zero
                   && l.recompute == published.recompute && l.offloadOptimizer == Offload::None
                   && l.offloadParams == Offload::None;
        };
        QVERIFY2(std::any_of(r.best.begin(), r.best.end(), same), "MTT24-01's layout is not among the feasible ones");
    }
};

QTEST_APPLESS_MAIN(TestSearchRecompute)
#include "tst_searchrecompute.moc"

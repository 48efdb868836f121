// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the layout search tests share (tst_layoutsearch, tst_layoutsearchfront): a tiny plan with
// hand-countable layouts, a synthetic model whose monotonicity the pruning relies on, and the
// checks of a search result's accounting and of pruned == exhaustive.
#include "evaluator/Evaluator.h"
#include "search/LayoutSearch.h"
#include "support/PlanFixture.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <string>

namespace gpuplan::test {

// 4 layers, 4 heads (MHA), sequence 2048, global batch 8 on 8 H100 (one node).
inline std::string tinyPlan(int heads = 4, const char *sharding = "megatron")
{
    return R"({"format": "gpuplan-plan", "version": 1, "name": "tiny",
      "model": {"name": "tiny", "layers": 4, "hidden": 256, "heads": )" +
           std::to_string(heads) + R"(, "head_dim": 64, "vocab": 1000},
      "workload": {"mode": "training", "training": {"seq_len": 2048, "global_batch": 8, "micro_batch": 1, "tokens": 1e9}},
      "hardware": {"gpu": "H100-SXM-80GB", "num_gpus": 8},
      "parallelism": {"sharding": ")" +
           sharding + R"("}})";
}

inline long long rejectedTotal(const SearchResult &r)
{
    return std::accumulate(r.rejected.begin(), r.rejected.end(), 0LL);
}

// A model with the properties the pruning relies on, and nothing else: memory falls with the ZeRO
// stage, recompute and offload and grows with the micro-batch; time grows with recompute and
// offload; ZeRO-1 speeds up the optimizer step (so no stage dominates another).
inline double g_capacityBytes = 80e9;

inline Evaluation syntheticEvaluate(const ResolvedPlan &rp, const Layout &l)
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

inline void compareBest(const SearchResult &pruned, const SearchResult &exhaustive)
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

inline void checkAccounting(const SearchResult &r)
{
    QCOMPARE(r.evaluated, r.feasible + rejectedTotal(r));
    for (const long long n : r.rejected)
        QVERIFY(n >= 0);
}

} // namespace gpuplan::test

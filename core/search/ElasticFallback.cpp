// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/ElasticFallback.h"

#include "search/LayoutSearch.h"
#include "search/LayoutSpace.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Progress below this counts as none: the expected time then stays at zero (not finite).
constexpr double kMinProgress = 1e-6;

// Layout searches tried below the floor before the short time counts as stopped.
constexpr int kMaxFallbackSearches = 4;

// Whether `gpus` splits as TP x CP x PP x DP with the layout search's own rules (TP and CP powers
// of two, TP inside a node, PP dividing the layers) and DP dividing the global batch. Megatron and
// DeepSpeed need DP to divide the batch (docs/search.md), so a job short of one node usually
// cannot run on the nodes it has left: 126 nodes of 8 GPUs (1,008 = 2^4 x 63) has no such split
// for a batch of 1,024. Arithmetic only: the search that follows stays the judge.
bool splitsForTheBatch(const ResolvedPlan &plan, const SearchOptions &search, int gpus)
{
    const Plan &p = *plan.plan;
    const int batch = std::max(p.workload.training.globalBatch, 1);
    long long tpLimit = std::max(plan.shape.heads, 1);
    if (!search.tpBeyondNode)
        tpLimit = std::min<long long>(tpLimit, std::max(plan.gpusPerNode, 1));
    const long long cpLimit =
        std::min<long long>(std::max(1, search.maxCp),
                            std::max<long long>(1, p.workload.training.seqLen / std::max(1, search.minTokensPerCpRank)));
    const int layers = std::max(plan.shape.layers, 1);
    for (long long tp = 1; tp <= tpLimit && gpus % tp == 0; tp *= 2) {
        for (long long cp = 1; cp <= cpLimit && (gpus / tp) % cp == 0; cp *= 2) {
            const long long rest = gpus / tp / cp;
            for (int pp = 1; pp <= layers && pp <= rest; ++pp) {
                if (layers % pp != 0 || rest % pp != 0)
                    continue;
                if (batch % (rest / pp) == 0)
                    return true;
            }
        }
    }
    return false;
}

} // namespace

ElasticResult computeElastic(const ResolvedPlan &plan, const Evaluation &evaluation)
{
    ElasticResult out;
    const Plan &original = *plan.plan;
    out.range = elasticRange(original, evaluation);
    const TrainingResult &full = evaluation.training;
    out.enabled = original.reliability.elastic && original.workload.mode == Mode::Training;
    if (!out.enabled || !full.valid || full.tokensPerS <= 0)
        return out;

    // The fallback: the fastest layout, with the plan's global batch and framework (sharding
    // implementation), on the most nodes at or below the floor where one exists: the job keeps its
    // global batch, so it may use fewer nodes than it has while short (the rest wait as spares).
    Plan smaller = original;
    ResolvedPlan resolved = plan;
    resolved.plan = &smaller;
    smaller.parallelism.dp = 0;
    SearchOptions search;
    search.objective = SearchObjective::Time;
    search.top = 1;
    search.allShardings = false;
    search.allowOffload =
        original.parallelism.offloadOptimizer != Offload::None || original.parallelism.offloadParams != Offload::None;
    const int perNode = std::max(plan.gpusPerNode, 1);
    int searches = 0;
    for (int nodes = out.range.minNodes; nodes >= 1 && searches < kMaxFallbackSearches; --nodes) {
        const int gpus = nodes * perNode;
        if (!splitsForTheBatch(plan, search, gpus))
            continue;
        ++searches;
        smaller.hardware.numGpus = gpus;
        search.minGpus = search.maxGpus = gpus;
        const SearchResult r = searchLayouts(resolved, search);
        if (r.best.empty())
            continue;
        const SearchCandidate &best = r.best.front();
        out.fallbackFeasible = true;
        out.fallbackNodes = nodes;
        out.fallbackGpus = gpus;
        out.fallbackLayout = best.layout;
        out.degradedTokensPerS = best.tokensPerS;
        out.throughputRatio = best.tokensPerS / full.tokensPerS;
        out.degradedTimeToTrainS = best.timeToTrainS;
        out.degradedGpuHours = best.gpuHours;
        out.degradedCostUsd = best.costUsd;
        out.degradedCostKnown = best.costKnown;
        break;
    }
    // With no layout at the smallest size the degraded time makes no progress, like a stop.
    const double degraded = out.range.degradedFraction;
    out.progressRate = std::max(1.0 - degraded - out.range.stoppedFraction, 0.0) + degraded * out.throughputRatio;
    const double goodput = evaluation.reliability.goodput;
    if (out.progressRate > kMinProgress && goodput > 0 && full.timeToTrainS > 0)
        out.expectedTimeToTrainS = full.timeToTrainS / out.progressRate / goodput;
    const double fixedRate = 1.0 - out.range.fixedStoppedFraction;
    if (fixedRate > kMinProgress && goodput > 0 && full.timeToTrainS > 0)
        out.fixedSizeTimeToTrainS = full.timeToTrainS / fixedRate / goodput;
    return out;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/Scaling.h"

#include "search/LayoutSearch.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

std::vector<int> scalingCounts(int planGpus, int gpusPerNode, int minGpus, int maxGpus)
{
    planGpus = std::max(planGpus, 1);
    const int lo = minGpus > 0 ? minGpus : std::min(std::max(gpusPerNode, 1), planGpus);
    const long long hi = std::max<long long>(maxGpus > 0 ? maxGpus : 4LL * planGpus, lo);
    std::vector<int> counts;
    for (long long n = lo; n < hi; n *= 2)
        counts.push_back(static_cast<int>(n));
    counts.push_back(static_cast<int>(std::min<long long>(hi, 1'000'000)));
    if (planGpus >= lo && planGpus <= hi)
        counts.push_back(planGpus);
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    // Too many points: drop the small counts after the first, never the plan's own count.
    for (std::size_t i = 1; counts.size() > static_cast<std::size_t>(ScalingResult::kMaxPoints);) {
        if (counts[i] == planGpus)
            ++i;
        else
            counts.erase(counts.begin() + static_cast<long>(i));
    }
    return counts;
}

ScalingResult computeScaling(const ResolvedPlan &plan, const ScalingOptions &options)
{
    ScalingResult out;
    out.weak = options.weak;
    const Plan &original = *plan.plan;
    const int planGpus = std::max(original.hardware.numGpus, 1);
    const std::vector<int> counts = scalingCounts(planGpus, plan.gpusPerNode, options.minGpus, options.maxGpus);

    SearchOptions search;
    search.objective = SearchObjective::Time;
    search.top = 1;
    // The curve answers "how does this setup scale": the framework (sharding implementation)
    // stays the plan's while everything else is re-chosen per count. It also keeps the curve fast
    // enough to redraw live (docs/performance.md).
    search.allShardings = false;
    search.cancel = options.cancel;
    // Weak scaling changes the global batch: one copy of the plan for the whole curve.
    Plan scaled = original;
    ResolvedPlan resolved = plan;
    resolved.plan = &scaled;
    const bool weak = options.weak && original.workload.mode == Mode::Training;
    for (const int n : counts) {
        if (weak) {
            const double batch = std::llround(static_cast<double>(original.workload.training.globalBatch) * n / planGpus);
            scaled.workload.training.globalBatch = static_cast<int>(std::max(batch, 1.0));
        }
        search.minGpus = search.maxGpus = n;
        const SearchResult r = searchLayouts(resolved, search);
        if (r.cancelled)
            break;
        ScalingPoint &p = out.points[static_cast<std::size_t>(out.count++)];
        p.gpus = n;
        p.feasible = !r.best.empty();
        if (p.feasible) {
            p.tokensPerS = r.best.front().tokensPerS;
            p.tokensPerSPerGpu = p.tokensPerS / n;
            p.layout = r.best.front().layout;
        }
    }
    // Ideal: linear from the first feasible point.
    const ScalingPoint *first = nullptr;
    for (int i = 0; i < out.count; ++i) {
        ScalingPoint &p = out.points[static_cast<std::size_t>(i)];
        if (!first && p.feasible)
            first = &p;
        if (!first)
            continue;
        p.idealTokensPerS = first->tokensPerS * p.gpus / first->gpus;
        p.efficiency = p.feasible && p.idealTokensPerS > 0 ? p.tokensPerS / p.idealTokensPerS : 0;
    }
    return out;
}

} // namespace gpuplan

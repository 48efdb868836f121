// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/Scaling.h"

#include "evaluator/Evaluator.h"
#include "search/LayoutSearch.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>

namespace gpuplan {

std::vector<int> scalingCounts(int planGpus, int gpusPerNode, int minGpus, int maxGpus, int alsoGpus)
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
    if (alsoGpus >= lo && alsoGpus <= hi)
        counts.push_back(alsoGpus);
    std::sort(counts.begin(), counts.end());
    counts.erase(std::unique(counts.begin(), counts.end()), counts.end());
    // Too many points: drop the small counts after the first, never the plan's own count.
    for (std::size_t i = 1; counts.size() > static_cast<std::size_t>(ScalingResult::kMaxPoints);) {
        if (counts[i] == planGpus || counts[i] == alsoGpus)
            ++i;
        else
            counts.erase(counts.begin() + static_cast<long>(i));
    }
    return counts;
}

std::vector<int> servingScalingCounts(int planGpus, int gpusPerReplica, int rateGpus, int minGpus, int maxGpus)
{
    planGpus = std::max(planGpus, 1);
    const long long top = std::max(4LL * planGpus, 2LL * std::max(rateGpus, 0));
    const int hi = maxGpus > 0 ? maxGpus : static_cast<int>(std::min<long long>(top, 1'000'000));
    const int lo = minGpus > 0 ? minGpus : std::clamp(gpusPerReplica, 1, planGpus);
    return scalingCounts(planGpus, lo, lo, hi, rateGpus);
}

SearchOptions scalingSearchOptions(const Plan &plan)
{
    // The auto-planner's search with its defaults, so the curve's layout at a count is the one the
    // planner proposes there; but only with the options the plan itself uses: a curve that reached
    // a count by offloading optimizer states to CPU memory would show a layout that, typed into a
    // plan without offload, does not fit.
    SearchOptions search;
    search.objective = SearchObjective::Time;
    search.top = 1;
    search.allowOffload =
        plan.parallelism.offloadOptimizer != Offload::None || plan.parallelism.offloadParams != Offload::None;
    // A serving curve is of aggregated replicas (its counts are whole replicas of the plan's);
    // disaggregated pools on the same GPUs are the serving frontier's comparison.
    search.disaggregated = false;
    return search;
}

namespace {

// Fills one point: the fastest layout at `gpus`, with the plan's global batch scaled for weak scaling.
// Returns false when cancelled.
bool scalingPoint(const ResolvedPlan &plan, const ScalingOptions &options, int gpus, ScalingPoint &point)
{
    const Plan &original = *plan.plan;
    Plan scaled = original;
    ResolvedPlan resolved = plan;
    resolved.plan = &scaled;
    if (options.weak && original.workload.mode == Mode::Training) {
        const double ratio = static_cast<double>(gpus) / std::max(original.hardware.numGpus, 1);
        const double batch = std::llround(original.workload.training.globalBatch * ratio);
        scaled.workload.training.globalBatch = static_cast<int>(std::max(batch, 1.0));
    }
    // A serving point is what the count serves within the latency targets, whether or not that
    // carries the plan's request rate: with the rate as a constraint every count below the one it
    // needs had no layout, and a serving curve was one point (issue 29). The rate's count is one
    // of the counts instead (servingScalingCounts).
    if (original.workload.mode == Mode::Inference) {
        scaled.workload.inference.requestRate = 0;
        scaled.workload.inference.averageRequestRate = 0;
    }
    SearchOptions search = scalingSearchOptions(original);
    search.cancel = options.cancel;
    search.minGpus = search.maxGpus = gpus;
    const SearchResult r = searchLayouts(resolved, search);
    if (r.cancelled)
        return false;
    point = ScalingPoint{};
    point.gpus = gpus;
    point.feasible = !r.best.empty();
    if (point.feasible) {
        point.tokensPerS = r.best.front().tokensPerS;
        point.tokensPerSPerGpu = point.tokensPerS / gpus;
        point.layout = r.best.front().layout;
    }
    return true;
}

// Training: from one node up. Serving: whole replicas of the plan's, through the GPUs its request
// rate needs within the P99 targets (the capacity model's replicas, from the plan's evaluation).
std::vector<int> curveCounts(const ResolvedPlan &plan, const ScalingOptions &options)
{
    const int planGpus = plan.plan->hardware.numGpus;
    if (plan.plan->workload.mode != Mode::Inference)
        return scalingCounts(planGpus, plan.gpusPerNode, options.minGpus, options.maxGpus);
    const InferenceResult r = evaluate(plan).inference;
    const int perReplica = std::max(r.gpusPerReplica, 1);
    const int rateGpus = r.valid && r.capacity.valid ? r.capacity.replicas * perReplica : 0;
    return servingScalingCounts(planGpus, perReplica, rateGpus, options.minGpus, options.maxGpus);
}

} // namespace

ScalingResult computeScaling(const ResolvedPlan &plan, const ScalingOptions &options)
{
    ScalingResult out;
    out.weak = options.weak;
    const std::vector<int> counts = curveCounts(plan, options);
    const int n = static_cast<int>(counts.size());
    // Counts are independent searches over read-only inputs: spread them over threads, largest
    // (slowest) first.
    std::array<bool, ScalingResult::kMaxPoints> done{};
    std::atomic<int> next{0};
    auto work = [&] {
        for (int k; (k = next.fetch_add(1)) < n;) {
            const int i = n - 1 - k;
            done[static_cast<std::size_t>(i)] =
                scalingPoint(plan, options, counts[static_cast<std::size_t>(i)], out.points[static_cast<std::size_t>(i)]);
        }
    };
    const int hardware = static_cast<int>(std::thread::hardware_concurrency());
    const int threads = std::clamp(options.threads > 0 ? options.threads : hardware, 1, n);
    std::vector<std::thread> helpers;
    for (int t = 1; t < threads; ++t)
        helpers.emplace_back(work);
    work();
    for (std::thread &t : helpers)
        t.join();
    // A cancelled curve keeps the points finished in order from the smallest count.
    while (out.count < n && done[static_cast<std::size_t>(out.count)])
        ++out.count;

    // Ideal: linear from the point with the best throughput per GPU (the baseline), so efficiency
    // never exceeds 100%. The smallest count is not always the best baseline: there a large model
    // may fit only with a slow layout (full recompute, deep pipeline), and scaling "from" it would
    // read above 100% at counts where a faster layout fits.
    const ScalingPoint *base = nullptr;
    for (int i = 0; i < out.count; ++i) {
        const ScalingPoint &p = out.points[static_cast<std::size_t>(i)];
        if (p.feasible && (!base || p.tokensPerSPerGpu > base->tokensPerSPerGpu))
            base = &p;
    }
    if (!base)
        return out;
    out.baselineGpus = base->gpus;
    for (int i = 0; i < out.count; ++i) {
        ScalingPoint &p = out.points[static_cast<std::size_t>(i)];
        p.idealTokensPerS = base->tokensPerSPerGpu * p.gpus;
        p.efficiency = p.feasible && p.idealTokensPerS > 0 ? std::min(p.tokensPerS / p.idealTokensPerS, 1.0) : 0;
    }
    return out;
}

} // namespace gpuplan

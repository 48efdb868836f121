// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/LayoutSearch.h"

#include "search/SearchState.h"

#include <algorithm>

namespace gpuplan {

namespace {

std::vector<int> countsToSearch(const ResolvedPlan &plan, const SearchOptions &options)
{
    const int planGpus = std::max(plan.plan->hardware.numGpus, 1);
    const int lo = options.minGpus > 0 ? options.minGpus : planGpus;
    const int hi = std::max(options.maxGpus > 0 ? options.maxGpus : lo, lo);
    if (lo == hi)
        return {lo};
    return gpuCountsInRange(lo, hi, planGpus, plan.gpusPerNode);
}

} // namespace

std::vector<int> gpuCountsInRange(int minGpus, int maxGpus, int planGpus, int gpusPerNode)
{
    std::vector<int> out;
    if (minGpus < 1 || maxGpus < minGpus)
        return out;
    out.push_back(minGpus);
    out.push_back(maxGpus);
    if (planGpus > minGpus && planGpus < maxGpus)
        out.push_back(planGpus);
    const int node = std::max(gpusPerNode, 1);
    for (long long p = 1; p < maxGpus; p *= 2) {
        for (const long long v : {p, p + p / 2}) {
            // Below one node any count; from one node on, whole nodes only.
            if (v > minGpus && v < maxGpus && (v < node || v % node == 0))
                out.push_back(static_cast<int>(v));
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

const char *objectiveName(SearchObjective objective)
{
    switch (objective) {
    case SearchObjective::Time: return "time";
    case SearchObjective::Cost: return "cost";
    case SearchObjective::Energy: return "energy";
    }
    return "time";
}

void applySearchCandidate(const SearchCandidate &c, Plan &plan)
{
    writeLayout(c.layout, plan);
    if (plan.workload.mode != Mode::Inference)
        return;
    InferenceWorkload &w = plan.workload.inference;
    w.servingMode = c.disaggregated ? ServingMode::Disaggregated : ServingMode::Aggregated;
    if (!c.disaggregated)
        return;
    w.prefill = c.prefill;
    w.decode = c.decode;
    w.kvTransfer = c.kvTransfer;
    w.load = ServingLoad::Concurrency;
}

long long countCandidates(const ResolvedPlan &plan, const SearchOptions &options)
{
    long long total = 0;
    for (const int n : countsToSearch(plan, options)) {
        if (plan.plan->workload.mode == Mode::Training) {
            total += countTrainingCandidates(plan, options, n);
            continue;
        }
        total += countInferenceCandidates(plan, options, n);
        if (options.disaggregated)
            total += countDisaggregatedCandidates(plan, options, n);
    }
    return total;
}

SearchResult searchLayouts(const ResolvedPlan &plan, const SearchOptions &options)
{
    SearchResult result;
    result.mode = plan.plan->workload.mode;
    result.objective = options.objective;
    result.gpuCounts = countsToSearch(plan, options);
    SearchState state(plan, options, result);
    if (options.onProgress)
        state.setTotal(countCandidates(plan, options));
    // The models read the GPU count from the layout, but the plan's own count must agree with it
    // (facility and cost sizing): one copy of the plan per search, its count set per step.
    Plan counted = *plan.plan;
    ResolvedPlan resolved = plan;
    resolved.plan = &counted;
    // The aggregated candidates are aggregated replicas whatever the plan's serving mode (a
    // disaggregated plan's pools are the disaggregated candidates' business).
    counted.workload.inference.servingMode = ServingMode::Aggregated;
    for (const int n : result.gpuCounts) {
        counted.hardware.numGpus = n;
        state.beginCount(resolved);
        if (result.mode == Mode::Training)
            searchTrainingCount(state, n);
        else
            searchInferenceCount(state, n);
        if (result.mode == Mode::Inference && options.disaggregated && !result.cancelled)
            searchDisaggregatedCount(state, n);
        state.endCount();
        if (result.cancelled)
            break;
    }
    state.finish();
    return result;
}

} // namespace gpuplan

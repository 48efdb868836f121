// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "search/LayoutSearch.h"

#include <atomic>
#include <vector>

// Scaling curves: tokens/s against GPU count with the best layout re-chosen at each count
// (docs/search.md "Scaling curves").
namespace gpuplan {

struct ScalingOptions
{
    bool weak = false;       // weak scaling: global batch grows with the GPU count
    int minGpus = 0;         // 0 = one node
    int maxGpus = 0;         // 0 = 4 x the plan's count
    const std::atomic<bool> *cancel = nullptr;   // polled between layout groups
    int threads = 0;         // counts searched in parallel; 0 = one per hardware thread, 1 = this thread only
};

ScalingResult computeScaling(const ResolvedPlan &plan, const ScalingOptions &options = {});

// The layout search behind each point: the auto-planner's (all sharding implementations, the same
// space and ranking), with CPU offload only when the plan itself offloads.
SearchOptions scalingSearchOptions(const Plan &plan);

// The GPU counts of a scaling curve: powers of two from minGpus, the plan's own count, `alsoGpus`
// (when positive and in the range) and maxGpus, at most ScalingResult::kMaxPoints of them.
std::vector<int> scalingCounts(int planGpus, int gpusPerNode, int minGpus, int maxGpus, int alsoGpus = 0);

// The GPU counts of a serving plan's curve, which sweeps replicas: from one replica of the plan's
// (`gpusPerReplica`) doubling up to 4 x the plan's count or twice the GPUs its request rate needs
// (`rateGpus`, 0 without a rate), whichever is more, with the plan's count and `rateGpus` among them.
// minGpus and maxGpus, when positive, bound the range instead.
std::vector<int> servingScalingCounts(int planGpus, int gpusPerReplica, int rateGpus, int minGpus, int maxGpus);

} // namespace gpuplan

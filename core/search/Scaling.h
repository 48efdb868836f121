// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

// Scaling curves: tokens/s against GPU count with the best layout re-chosen at each count.
namespace gpuplan {

struct ScalingOptions
{
    bool weak = false;       // weak scaling: global batch grows with the GPU count
    int minGpus = 0;         // 0 = one node
    int maxGpus = 0;         // 0 = 4 x the plan's count
};

ScalingResult computeScaling(const ResolvedPlan &plan, const ScalingOptions &options = {});

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

// Step time of a training plan and everything derived from it (docs/performance-model.md).
namespace gpuplan {

TrainingResult estimateTrainingTime(const ResolvedPlan &plan, const Layout &layout);

// Shares of the layers' forward and backward compute (without recompute, communication or
// the ends) that go to the routed experts' grouped GEMMs with their permutation and to the
// attention core, for explaining an MoE step. Zero for a dense model. Not on the evaluation path.
struct MoeComputeShares
{
    double expertGemms = 0;
    double attention = 0;
};
MoeComputeShares moeComputeShares(const ResolvedPlan &plan, const Layout &layout);

} // namespace gpuplan

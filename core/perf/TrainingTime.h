// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

// Step time of a training plan and everything derived from it (docs/performance-model.md).
namespace gpuplan {

TrainingResult estimateTrainingTime(const ResolvedPlan &plan, const Layout &layout);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

// Per-GPU memory of a plan on its most-loaded GPU (docs/memory.md). Pure functions, no allocation.
namespace gpuplan {

MemoryResult estimateTrainingMemory(const ResolvedPlan &plan, const Layout &layout);
MemoryResult estimateInferenceMemory(const ResolvedPlan &plan, const Layout &layout);

} // namespace gpuplan

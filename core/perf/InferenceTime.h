// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

// Prefill, decode and serving capacity of an inference plan (docs/performance-model.md).
namespace gpuplan {

InferenceResult estimateInference(const ResolvedPlan &plan, const Layout &layout, const MemoryResult &memory);

} // namespace gpuplan

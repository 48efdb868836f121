// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/ErrorBand.h"

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

// Prefill, decode and serving capacity of an inference plan (docs/performance-model.md
// "Inference"). The concurrency evaluated is layout.microBatch (the plan's
// workload.inference.concurrency, or the auto-planner's candidate), capped by what fits in memory.
namespace gpuplan {

InferenceResult estimateInference(const ResolvedPlan &plan, const Layout &layout, const MemoryResult &memory);

// The validation error of a serving metric (throughput, TTFT or TPOT) in the plan's regime
// (catalogs/error_bands.json), as a fraction; the engine's residual spread where no regime of the
// table applies.
double servingBand(const ResolvedPlan &plan, BandMetric metric);

// The three bands of an inference result (errorBand: throughput, which cost follows).
void setServingBands(const ResolvedPlan &plan, InferenceResult &r);

// Diagnostics of an evaluated inference plan: a concurrency whose KV cache does not fit, and
// missed TTFT/TPOT targets. No string work: codes and numbers only.
void addInferenceDiagnostics(const ResolvedPlan &plan, const Layout &layout, const MemoryResult &memory,
                             const InferenceResult &result, Diagnostics &diagnostics);

} // namespace gpuplan

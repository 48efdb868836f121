// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/EnginePreset.h"
#include "validate/InferenceCases.h"

#include <string_view>

// How the engine parameters in catalogs/engines.json were fitted, as code: the fit half of the
// validation rows, the objective, the fitted parameters and their physical bounds. The test
// (tests/core/tst_inferencevalidation.cpp) re-runs the fit from the catalog values to show they
// are the optimum of the fit half, and reports the test half separately.
namespace gpuplan {

// Fit/test split of the rows: the trailing number n of the id; fit half when n mod 4 is 0 or 1.
// It alternates pairs of rows, which in inference_public.csv puts one of each (short, long)
// prompt pair and of each table's configurations on both sides (docs/accuracy.md "Inference").
bool inferenceFitHalf(std::string_view id);

enum class Half : unsigned char { Fit, Test, All };

// Mean absolute percentage error per metric (inferenceMetrics() order; -1 where no row of the
// half is compared) of the cases mapped to `engine` (by id), predicted with `engine`.
std::array<double, kInferenceMetricCount> inferenceMape(const std::vector<std::unique_ptr<InferenceCase>> &cases,
                                                        const EnginePreset &engine, Half half);

// The fit objective: the mean over the metrics of their MAPE on the half (each metric weighs the
// same whatever its row count).
double inferenceObjective(const std::vector<std::unique_ptr<InferenceCase>> &cases, const EnginePreset &engine,
                          Half half);

// Parameters the fit moves, with their physical bounds; the others (all-reduce latency,
// elementwise passes, kernel counts) are fixed from sources (docs/performance-model.md).
struct FittedEngineParameter
{
    const char *name;                   // catalog key
    double EnginePreset::*field;
    double lo, hi;
    bool logScale;
};
const std::vector<FittedEngineParameter> &fittedEngineParameters();
// The subset fitted for in-flight batching presets from saturated (throughput-only) runs.
const std::vector<FittedEngineParameter> &inflightEngineParameters();
// Fitted for in-flight batching presets from runs at a load (closed-loop TTFT, TPOT and
// throughput): the GEMM and HBM fractions (the GEMM fraction at most 0.9 of the dense peak), the
// all-reduce's bus fraction, the host work per pass, per prefill and per sequence, and the cost of
// a kernel replayed in a CUDA graph (decode-only passes); attention
// fraction and kernel latency stay those fitted on the static runs (the load rows do not separate
// them from the GEMMs and the host work).
const std::vector<FittedEngineParameter> &steadyLoadEngineParameters();
// The memory fraction of an engine that sizes its KV pool from a fraction of the whole HBM and
// picks it itself from the GPU (SGLang's mem_fraction_static): fitted with the parameters above
// where rows with a full KV pool constrain it (within 0.6-0.95 of the HBM).
const FittedEngineParameter &poolFractionParameter();

// Nelder-Mead over `params` (within their bounds) minimizing the objective on the fit half,
// started from `start`. Deterministic.
EnginePreset fitEnginePreset(const std::vector<std::unique_ptr<InferenceCase>> &cases, const EnginePreset &start,
                             const std::vector<FittedEngineParameter> &params = fittedEngineParameters(),
                             int restarts = 4, int iterations = 400);

} // namespace gpuplan

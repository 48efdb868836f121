// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "validate/InferenceRowPlan.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

// The rows of an inference validation CSV, turned into plans once and predicted as often as
// needed (the validation report predicts each once; the calibration many times with trial engine
// parameters). measured_* cells are read into the case but never reach a prediction.
namespace gpuplan {

class Catalog;
class CsvTable;
struct EnginePreset;

inline constexpr int kInferenceMetricCount = 3;
// Metric names in report order, with their InferenceMetric bit and measured column.
struct InferenceMetricInfo
{
    const char *name;
    unsigned bit;
    const char *measuredColumn;
};
const std::array<InferenceMetricInfo, kInferenceMetricCount> &inferenceMetrics();

struct InferenceCase
{
    std::string id;
    std::string skipped;                       // non-empty: not predictable, for this reason
    unsigned metrics = 0;                      // InferenceMetric bits implied by the configuration
    InferenceRowPlan row;
    ResolvedPlan resolved;                     // points into row.plan: cases are never moved
    Layout layout;
    std::array<double, kInferenceMetricCount> measured{};
    std::array<bool, kInferenceMetricCount> hasMeasured{};
};

// Every row of the table as a case (skipped ones with their reason).
std::vector<std::unique_ptr<InferenceCase>> loadInferenceCases(const CsvTable &table, const Catalog &catalog);

// The row's metrics predicted with `engine` (normally c.row.engine), in inferenceMetrics() order:
// output tokens/s per GPU, TTFT in ms, decode ms per token.
std::array<double, kInferenceMetricCount> predictInferenceCase(const InferenceCase &c, const EnginePreset &engine);

} // namespace gpuplan

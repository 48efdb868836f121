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

// A row's prediction with what the report says beside the metrics.
struct InferencePrediction
{
    // In inferenceMetrics() order: output tokens/s per GPU, TTFT in ms, decode ms per token.
    std::array<double, kInferenceMetricCount> metrics{};
    // load = rate above what an instance serves: the queue grows for as long as the run lasts, so
    // the metrics are the instance at its capacity (capacityRequestsPerS per instance).
    bool overloaded = false;
    double capacityRequestsPerS = 0;
    // Over the requests (ms): TTFT and TPOT percentiles of the load's model (perf/SteadyLoad.h,
    // perf/Disaggregated.h), averaged over the instances by their requests.
    double ttftP50Ms = 0, ttftP90Ms = 0, ttftP99Ms = 0;
    double tpotP50Ms = 0, tpotP90Ms = 0, tpotP99Ms = 0;
};

// The row predicted with `engine` (normally c.row.engine); the load of the row is spread over its
// replicas (InferenceRowPlan::replicas): each instance runs its share, the metrics are per GPU of
// all of them and the latencies the means over their requests.
InferencePrediction predictInferenceCaseDetail(const InferenceCase &c, const EnginePreset &engine);

// predictInferenceCaseDetail(c, engine).metrics.
std::array<double, kInferenceMetricCount> predictInferenceCase(const InferenceCase &c, const EnginePreset &engine);

} // namespace gpuplan

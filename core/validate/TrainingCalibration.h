// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "eval/ResolvedPlan.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

// Fitting one GPU's efficiency parameters (GpuEfficiency) to measured training runs: the rows
// of a training CSV that ran on that GPU are turned into plans, and a deterministic coordinate
// search (a coarse scan, then golden-section refinement per parameter) minimizes the weighted
// mean |ln(predicted / measured)| of tokens/s per GPU. Each source (id prefix) weighs
// sqrt(its row count), so one large source does not decide alone. Used by
// `gpuplan-cli calibrate` and by the procedure that produced catalogs/gpu_efficiency.json.
// Not on the evaluation path: allocation is fine here.
namespace gpuplan {

class CsvTable;

enum class CalibrationSplit { All, Fit, Test };

// One fittable parameter: its catalog key, the member it sets and its search range.
struct EfficiencyParam
{
    const char *key;
    double GpuEfficiency::*member;
    double lo;
    double hi;
    bool logScale;
};

// All parameters the calibration can fit, in catalog order.
const std::vector<EfficiencyParam> &efficiencyParams();
// The ones fitted unless told otherwise: compute, memory, host and overlap parameters (the
// NCCL ones come from published nccl-tests figures and hbm_half_bytes from the kernel floor's
// scale; name them explicitly to fit them).
std::vector<const EfficiencyParam *> defaultFitParams();
const EfficiencyParam *findEfficiencyParam(std::string_view key);

// The rows of one GPU, resolved against a private copy of the catalog whose efficiency entry
// for that GPU the search varies. Not copyable: resolved plans point into it.
class CalibrationSet
{
public:
    CalibrationSet(const CalibrationSet &) = delete;
    CalibrationSet &operator=(const CalibrationSet &) = delete;

    // Returns null with an error when the GPU is unknown or no usable row ran on it.
    // excludedSources: id prefixes (validate/ValidationReport.h sourceOfId) left out of the fit,
    // e.g. single-iteration or second-hand measurements.
    static std::unique_ptr<CalibrationSet> build(const CsvTable &table, const Catalog &catalog,
                                                 std::string_view gpuName, CalibrationSplit split,
                                                 std::string &error,
                                                 const std::vector<std::string> &excludedSources = {});

    std::size_t size() const { return m_measured.size(); }
    const std::string &gpuId() const { return m_gpuId; }
    const std::vector<std::string> &skipped() const { return m_skipped; }   // "id: reason"

    GpuEfficiency &efficiency() { return m_catalog.gpus[m_gpuIndex].efficiency; }
    const GpuEfficiency &efficiency() const { return m_catalog.gpus[m_gpuIndex].efficiency; }

    double objective() const;     // weighted mean |ln(predicted / measured)|
    double mape() const;          // plain mean absolute percentage error, %
    double predicted(std::size_t i) const;
    double measured(std::size_t i) const { return m_measured[i]; }
    const std::string &id(std::size_t i) const { return m_ids[i]; }

private:
    CalibrationSet() = default;

    Catalog m_catalog;
    std::size_t m_gpuIndex = 0;
    std::string m_gpuId;
    std::vector<std::unique_ptr<Plan>> m_plans;
    std::vector<ResolvedPlan> m_resolved;
    std::vector<double> m_measured;
    std::vector<double> m_weight;
    std::vector<std::string> m_ids;
    std::vector<std::string> m_skipped;
};

struct CalibrationResult
{
    GpuEfficiency before;
    GpuEfficiency after;
    double mapeBefore = 0;
    double mapeAfter = 0;
    double objectiveBefore = 0;
    double objectiveAfter = 0;
    int sweeps = 0;
};

// Fits `params` in place (set.efficiency() holds the result) and records the residual MAPE
// as the error band. Deterministic: the same rows and start give the same result.
CalibrationResult calibrate(CalibrationSet &set, const std::vector<const EfficiencyParam *> &params, int maxSweeps = 6);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/TrainingCalibration.h"

#include "eval/Layout.h"
#include "perf/TrainingTime.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"
#include "validate/TrainingRowPlan.h"
#include "validate/ValidationReport.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace gpuplan {

const std::vector<EfficiencyParam> &efficiencyParams()
{
    // Ranges are physical: fractions of a peak, latencies of microseconds to milliseconds.
    static const std::vector<EfficiencyParam> params = {
        {"matmul_max_fraction", &GpuEfficiency::matmulMaxFraction, 0.2, 0.98, false},
        {"matmul_half_flops", &GpuEfficiency::matmulHalfFlops, 1e6, 1e12, true},
        {"attention_max_fraction", &GpuEfficiency::attentionMaxFraction, 0.05, 0.95, false},
        {"hbm_max_fraction", &GpuEfficiency::hbmMaxFraction, 0.2, 0.98, false},
        {"hbm_half_bytes", &GpuEfficiency::hbmHalfBytes, 1e3, 1e8, true},
        {"kernel_floor_s", &GpuEfficiency::kernelFloorS, 1e-7, 1e-4, true},
        {"host_launch_s", &GpuEfficiency::hostLaunchS, 1e-7, 5e-4, true},
        {"host_overlap_exponent", &GpuEfficiency::hostOverlapExponent, 1.0, 20.0, true},
        {"micro_batch_overhead_s", &GpuEfficiency::microBatchOverheadS, 1e-6, 0.2, true},
        {"step_overhead_s", &GpuEfficiency::stepOverheadS, 1e-5, 5.0, true},
        {"comm_overlap_penalty", &GpuEfficiency::commOverlapPenalty, 0.0, 0.9, false},
        {"intra_bus_bw_fraction", &GpuEfficiency::intraBusBwFraction, 0.3, 0.98, false},
        {"intra_latency_s", &GpuEfficiency::intraLatencyS, 1e-6, 1e-4, true},
        {"grouped_gemm_half_flops", &GpuEfficiency::groupedGemmHalfFlops, 0.0, 1e12, false},
    };
    return params;
}

std::vector<const EfficiencyParam *> defaultFitParams()
{
    std::vector<const EfficiencyParam *> out;
    for (const EfficiencyParam &p : efficiencyParams()) {
        const std::string key = p.key;
        if (key != "intra_bus_bw_fraction" && key != "intra_latency_s" && key != "hbm_half_bytes" &&
            key != "grouped_gemm_half_flops")
            out.push_back(&p);
    }
    return out;
}

const EfficiencyParam *findEfficiencyParam(std::string_view key)
{
    for (const EfficiencyParam &p : efficiencyParams()) {
        if (key == p.key)
            return &p;
    }
    return nullptr;
}

std::unique_ptr<CalibrationSet> CalibrationSet::build(const CsvTable &table, const Catalog &catalog,
                                                      std::string_view gpuName, CalibrationSplit split,
                                                      std::string &error,
                                                      const std::vector<std::string> &excludedSources)
{
    const GpuSpec *gpu = catalog.findGpu(gpuName);
    if (!gpu) {
        error = "unknown GPU \"" + std::string(gpuName) + "\"";
        return nullptr;
    }
    std::unique_ptr<CalibrationSet> set(new CalibrationSet);
    set->m_catalog = catalog;
    set->m_gpuIndex = static_cast<std::size_t>(gpu - catalog.gpus.data());
    set->m_gpuId = gpu->id;
    std::vector<std::string> sources;
    for (std::size_t i = 0; i < table.rowCount(); ++i) {
        const std::string id(table.cell(i, "id"));
        if ((split == CalibrationSplit::Fit && validationHalf(id) != 0) ||
            (split == CalibrationSplit::Test && validationHalf(id) != 1))
            continue;
        if (std::find(excludedSources.begin(), excludedSources.end(), sourceOfId(id)) != excludedSources.end())
            continue;
        const GpuSpec *rowGpu = catalog.findGpu(table.cell(i, "gpu"));
        if (!rowGpu || rowGpu->id != set->m_gpuId)
            continue;
        const auto measured = parseNumberCell(table.cell(i, "measured_tokens_per_s_per_gpu"));
        if (!measured || *measured <= 0)
            continue;
        TrainingRowPlan row;
        std::string reason;
        if (!trainingRowPlan(table, i, set->m_catalog, row, reason)) {
            set->m_skipped.push_back(id + ": " + reason);
            continue;
        }
        set->m_plans.push_back(std::make_unique<Plan>(std::move(row.plan)));
        set->m_measured.push_back(*measured);
        set->m_ids.push_back(id);
        sources.push_back(sourceOfId(id));
    }
    for (std::size_t i = 0; i < set->m_plans.size(); ++i) {
        ResolvedPlan rp;
        std::vector<ResolveError> errors;
        if (!resolvePlan(*set->m_plans[i], set->m_catalog, rp, errors)) {
            error = set->m_ids[i] + ": " + errors.front().field + ": " + errors.front().message;
            return nullptr;
        }
        set->m_resolved.push_back(rp);
    }
    if (set->m_resolved.empty()) {
        error = "no row with a measured tokens/s per GPU ran on " + set->m_gpuId;
        return nullptr;
    }
    std::map<std::string, int> perSource;
    for (const std::string &s : sources)
        ++perSource[s];
    for (const std::string &s : sources)
        set->m_weight.push_back(1.0 / std::sqrt(static_cast<double>(perSource[s])));
    return set;
}

double CalibrationSet::predicted(std::size_t i) const
{
    const ResolvedPlan &rp = m_resolved[i];
    return estimateTrainingTime(rp, layoutFromPlan(*rp.plan)).tokensPerSPerGpu;
}

double CalibrationSet::objective() const
{
    double sum = 0, weights = 0;
    for (std::size_t i = 0; i < size(); ++i) {
        const double p = predicted(i);
        // A row the model cannot predict costs as much as a factor-of-e error.
        sum += m_weight[i] * (p > 0 ? std::fabs(std::log(p / m_measured[i])) : 1.0);
        weights += m_weight[i];
    }
    return weights > 0 ? sum / weights : 0.0;
}

double CalibrationSet::mape() const
{
    double sum = 0;
    for (std::size_t i = 0; i < size(); ++i)
        sum += std::fabs(predicted(i) - m_measured[i]) / m_measured[i];
    return size() ? 100.0 * sum / size() : 0.0;
}

namespace {

double toSearch(const EfficiencyParam &p, double v)
{
    return p.logScale ? std::log(std::max(v, p.lo)) : v;
}

double fromSearch(const EfficiencyParam &p, double x)
{
    return std::clamp(p.logScale ? std::exp(x) : x, p.lo, p.hi);
}

// Minimizes the objective along one parameter: a 9-point scan of its whole range, then a
// golden-section search between the neighbours of the best point. The value changes only
// when the objective improves, so parameters the rows do not constrain keep their value.
void searchOne(CalibrationSet &set, const EfficiencyParam &p, double &best)
{
    double &value = set.efficiency().*p.member;
    const double keep = value;
    const double lo = toSearch(p, p.lo), hi = toSearch(p, p.hi);
    auto at = [&](double x) {
        value = fromSearch(p, x);
        return set.objective();
    };
    constexpr int kScan = 9;
    double bestX = toSearch(p, keep), bestF = best;
    int bestI = -1;
    for (int i = 0; i < kScan; ++i) {
        const double x = lo + (hi - lo) * i / (kScan - 1);
        const double f = at(x);
        if (f < bestF) {
            bestF = f;
            bestX = x;
            bestI = i;
        }
    }
    double a = bestI < 0 ? std::max(lo, bestX - (hi - lo) / (kScan - 1)) : lo + (hi - lo) * std::max(bestI - 1, 0) / (kScan - 1);
    double b = bestI < 0 ? std::min(hi, bestX + (hi - lo) / (kScan - 1)) : lo + (hi - lo) * std::min(bestI + 1, kScan - 1) / (kScan - 1);
    const double g = 0.5 * (std::sqrt(5.0) - 1.0);
    double c = b - g * (b - a), d = a + g * (b - a);
    double fc = at(c), fd = at(d);
    for (int i = 0; i < 24; ++i) {
        if (fc < fd) {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = at(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = at(d);
        }
    }
    if (fc < bestF) {
        bestF = fc;
        bestX = c;
    }
    if (fd < bestF) {
        bestF = fd;
        bestX = d;
    }
    if (bestF < best - 1e-12) {
        value = fromSearch(p, bestX);
        best = bestF;
    } else {
        value = keep;
    }
}

} // namespace

CalibrationResult calibrate(CalibrationSet &set, const std::vector<const EfficiencyParam *> &params, int maxSweeps)
{
    CalibrationResult r;
    r.before = set.efficiency();
    r.mapeBefore = set.mape();
    r.objectiveBefore = set.objective();
    double best = r.objectiveBefore;
    for (r.sweeps = 0; r.sweeps < maxSweeps;) {
        const double start = best;
        for (const EfficiencyParam *p : params)
            searchOne(set, *p, best);
        ++r.sweeps;
        if (start - best < 1e-4 * start)
            break;
    }
    r.objectiveAfter = best;
    r.mapeAfter = set.mape();
    set.efficiency().residualMape = r.mapeAfter;
    set.efficiency().fitted = true;
    set.efficiency().derivedFrom.clear();
    r.after = set.efficiency();
    return r;
}

} // namespace gpuplan

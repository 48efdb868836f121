// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/ErrorBands.h"

#include "validate/InferenceCalibration.h"
#include "validate/MemoryCalibration.h"
#include "validate/TrainingRowPlan.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>

namespace gpuplan {

bool inBandTestHalf(const std::string &kind, const std::string &id)
{
    if (kind == "training")
        return validationHalf(id) == 1;
    if (kind == "inference")
        return !inferenceFitHalf(id);
    return !memoryFitHalf(id);
}

std::vector<ErrorBandEntry> computeErrorBands(const ValidationReport &report)
{
    struct Sum
    {
        RegimeKey key;
        double ape = 0;
        int rows = 0;
    };
    std::map<std::string, Sum> sums;
    for (const ValidationRow &r : report.rows) {
        if (!r.skipped.empty() || !r.hasMeasured || !r.hasRegime || !inBandTestHalf(report.kind, r.id))
            continue;
        const double ape = absolutePercentError(r);
        if (!std::isfinite(ape))
            continue;
        const RegimeKey k = r.regime;
        for (const RegimeKey &level : {k, RegimeKey{k.metric, k.gpu, 0, k.model}, RegimeKey{k.metric, k.gpu, 0, ModelKind::Any},
                                       RegimeKey{k.metric, GpuClass::Any, 0, ModelKind::Any}}) {
            Sum &s = sums[errorBandId(level)];
            s.key = level;
            s.ape += ape;
            ++s.rows;
        }
    }
    std::vector<ErrorBandEntry> out;
    for (const auto &[id, s] : sums) {
        ErrorBandEntry e;
        e.id = id;
        e.key = s.key;
        e.metricName = bandMetricWord(s.key.metric);
        e.gpuClassName = gpuClassWord(s.key.gpu);
        e.frameworkName = frameworkWord(s.key.metric, s.key.framework);
        e.modelKindName = modelKindWord(s.key.model);
        e.rows = s.rows;
        // Two decimals: the catalog holds what this prints.
        e.mapePct = std::round(s.ape / s.rows * 100.0) / 100.0;
        out.push_back(std::move(e));
    }
    return out;
}

nlohmann::ordered_json errorBandsToJson(const std::string &kind, const std::vector<ErrorBandEntry> &bands,
                                        const std::string &source, const std::string &date)
{
    nlohmann::ordered_json list = nlohmann::ordered_json::array();
    for (const ErrorBandEntry &e : bands) {
        list.push_back({{"id", e.id},
                        {"metric", e.metricName},
                        {"gpu_class", e.gpuClassName},
                        {"framework", e.frameworkName},
                        {"model_kind", e.modelKindName},
                        {"mape_pct", e.mapePct},
                        {"rows", e.rows},
                        {"source", source},
                        {"date", date}});
    }
    nlohmann::ordered_json j;
    j["kind"] = kind;
    j["error_bands"] = std::move(list);
    return j;
}

} // namespace gpuplan

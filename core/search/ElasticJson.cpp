// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/ElasticJson.h"

#include "common/EnumNames.h"
#include "common/Format.h"
#include "evaluator/EvaluationJson.h"
#include "report/TextReport.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace gpuplan {

using Json = nlohmann::ordered_json;

namespace {

Json num(double v)
{
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}


std::string layoutText(const Layout &l)
{
    std::string s = "TP " + std::to_string(l.tp) + ", PP " + std::to_string(l.pp) + ", DP " + std::to_string(l.dp);
    if (l.cp > 1)
        s += ", CP " + std::to_string(l.cp);
    if (l.vp > 1)
        s += ", VP " + std::to_string(l.vp);
    return s + ", ZeRO " + std::to_string(l.zero) + ", recompute " + nameOf(recomputeNames(), l.recompute);
}

} // namespace

Json elasticToJson(const ElasticResult &e)
{
    Json j;
    j["enabled"] = e.enabled;
    j["plan_nodes"] = e.range.planNodes;
    j["min_nodes"] = e.range.minNodes;
    j["max_nodes"] = e.range.maxNodes;
    j["nodes_down_mean"] = num(e.range.nodesDownMean);
    j["degraded_fraction"] = num(e.range.degradedFraction);
    j["stopped_fraction"] = num(e.range.stoppedFraction);
    j["fallback_feasible"] = e.fallbackFeasible;
    j["fallback_nodes"] = e.fallbackNodes;
    j["fallback_gpus"] = e.fallbackGpus;
    j["fallback_layout"] = e.fallbackFeasible ? layoutToJson(e.fallbackLayout) : Json(nullptr);
    j["degraded_tokens_per_s"] = num(e.degradedTokensPerS);
    j["throughput_ratio"] = num(e.throughputRatio);
    j["degraded_time_to_train_s"] = num(e.degradedTimeToTrainS);
    j["degraded_gpu_hours"] = num(e.degradedGpuHours);
    j["degraded_cost_usd"] = e.degradedCostKnown ? num(e.degradedCostUsd) : Json(nullptr);
    j["progress_rate"] = num(e.progressRate);
    j["expected_time_to_train_s"] = num(e.expectedTimeToTrainS);
    j["fixed_stopped_fraction"] = num(e.range.fixedStoppedFraction);
    j["fixed_size_time_to_train_s"] = e.fixedSizeTimeToTrainS > 0 ? num(e.fixedSizeTimeToTrainS) : Json(nullptr);
    return j;
}

ElasticLines elasticLines(const ElasticResult &e)
{
    ElasticLines l;
    if (!e.enabled)
        return l;
    const ElasticRange &r = e.range;
    l.range = std::to_string(r.minNodes) + " to " + std::to_string(r.maxNodes) + " nodes (plan " +
              std::to_string(r.planNodes) + "); short of nodes " + formatPercent(r.degradedFraction) +
              " of the time, stopped " + formatPercent(r.stoppedFraction);
    if (!e.fallbackFeasible) {
        l.fallback = "no layout fits on " + std::to_string(r.minNodes) +
                     " nodes or a few fewer with the plan's global batch: the job stops while short";
    } else {
        l.fallback = layoutText(e.fallbackLayout) + " on " + std::to_string(e.fallbackNodes) + " nodes (" +
                     std::to_string(e.fallbackGpus) + " GPUs): " +
                     formatCount(e.degradedTokensPerS) + " tokens/s (" + formatPercent(e.throughputRatio) + " of full)";
        l.degradedRun = formatDuration(e.degradedTimeToTrainS) + ", " +
                        (e.degradedCostKnown ? formatUsd(e.degradedCostUsd)
                                             : formatCount(e.degradedGpuHours) + " GPU-hours") +
                        " if the whole run were at that size";
    }
    if (e.expectedTimeToTrainS > 0)
        l.expected = formatDuration(e.expectedTimeToTrainS) + " with failures and the degraded time";
    if (e.fixedSizeTimeToTrainS > 0)
        l.fixedSize = formatDuration(e.fixedSizeTimeToTrainS) + " without elastic training, with " +
                      (r.spareNodes == 0 ? std::string("no spares")
                                         : std::to_string(r.spareNodes) + (r.spareNodes == 1 ? " spare" : " spares")) +
                      " as above (the job waits for repairs " + formatPercent(r.fixedStoppedFraction) + " of the time)";
    return l;
}

std::string elasticTextSection(const ElasticResult &elastic)
{
    const ElasticLines l = elasticLines(elastic);
    if (l.range.empty())
        return {};
    std::string out = "\nElastic training\n";
    auto line = [&out](const char *label, const std::string &value) {
        if (value.empty())
            return;
        out += reportLine(label, value);
    };
    line("node range", l.range);
    line("fallback layout", l.fallback);
    line("at the fallback size", l.degradedRun);
    line("expected time to train", l.expected);
    line("fixed size, same spares", l.fixedSize);
    return out;
}

} // namespace gpuplan

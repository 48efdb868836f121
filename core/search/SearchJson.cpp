// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/SearchJson.h"

#include "common/Format.h"
#include "common/EnumNames.h"
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

std::string padded(std::string s, std::size_t width)
{
    if (s.size() < width)
        s.insert(0, width - s.size(), ' ');
    return s;
}

std::string layoutSummary(const Layout &l, Mode mode)
{
    std::string s = "TP" + std::to_string(l.tp) + " PP" + std::to_string(l.pp);
    if (mode == Mode::Inference)
        return s + " x" + std::to_string(l.dp) + " replicas, concurrency " + std::to_string(l.microBatch);
    s += " DP" + std::to_string(l.dp);
    if (l.cp > 1)
        s += " CP" + std::to_string(l.cp);
    if (l.ep > 1)
        s += " EP" + std::to_string(l.ep);
    if (l.expertTp > 0)
        s += " ETP" + std::to_string(l.expertTp);
    if (l.vp > 1)
        s += " VP" + std::to_string(l.vp);
    s += " mb" + std::to_string(l.microBatch) + " " + nameOf(shardingImplNames(), l.sharding) + "/ZeRO-" +
         std::to_string(l.zero) + " rc:" + nameOf(recomputeNames(), l.recompute);
    if (l.offloadParams != Offload::None)
        s += " offload:params+optimizer";
    else if (l.offloadOptimizer != Offload::None)
        s += " offload:optimizer";
    return s;
}

// "prefill 2 x TP4, decode 6 x TP8 at 64 each (NVLink), 384 in flight"
std::string poolsSummary(const SearchCandidate &c)
{
    auto pool = [](const char *name, const InferenceWorkload::Pool &p) {
        std::string s = std::string(name) + " " + std::to_string(p.workers) + " x TP" + std::to_string(p.tp);
        if (p.attentionDp > 1)
            s += " ADP" + std::to_string(p.attentionDp);
        if (p.ep > 1)
            s += " EP" + std::to_string(p.ep);
        return s;
    };
    return pool("prefill", c.prefill) + ", " + pool("decode", c.decode) + " at " + std::to_string(c.decode.batch) +
           " each (KV over " + nameOf(kvTransferNames(), c.kvTransfer) + "), " + std::to_string(c.layout.microBatch) +
           " in flight";
}

std::string candidateSummary(const SearchCandidate &c, Mode mode)
{
    return c.disaggregated ? poolsSummary(c) : layoutSummary(c.layout, mode);
}

} // namespace

Json searchCandidateToJson(const SearchCandidate &c, Mode mode)
{
    Json j = layoutToJson(c.layout);
    j["objective_value"] = num(c.objective);
    j["step_time_s"] = num(c.stepTimeS);
    j["tokens_per_s"] = num(c.tokensPerS);
    j["mfu"] = mode == Mode::Training ? num(c.mfu) : Json(nullptr);
    j["per_gpu_bytes"] = num(c.perGpuBytes);
    if (mode == Mode::Training) {
        j["time_to_train_s"] = num(c.timeToTrainS);
        j["gpu_hours"] = num(c.gpuHours);
        j["cost_usd"] = c.costKnown ? num(c.costUsd) : Json(nullptr);
        j["energy_mwh"] = num(c.energyMwh);
    } else {
        j["concurrency"] = c.layout.microBatch;
        j["replicas"] = c.replicas;
        // The plan format's names (docs/plan-format.md), so that a result can be typed into a plan.
        j["serving_mode"] =
            nameOf(servingModeNames(), c.disaggregated ? ServingMode::Disaggregated : ServingMode::Aggregated);
        if (c.disaggregated) {
            for (const auto &[prefix, p] : {std::pair{"prefill_", &c.prefill}, std::pair{"decode_", &c.decode}}) {
                const std::string s = prefix;
                j[s + "workers"] = p->workers;
                j[s + "tp"] = p->tp;
                j[s + "attention_dp"] = p->attentionDp;
                j[s + "ep"] = p->ep;
                j[s + "batch"] = p->batch;
            }
            j["kv_transfer"] = nameOf(kvTransferNames(), c.kvTransfer);
        }
        j["ttft_ms"] = num(c.ttftMs);
        j["tpot_ms"] = num(c.tpotMs);
        j["gpu_hours_per_million_tokens"] = num(c.gpuHours);
        j["cost_usd_per_million_tokens"] = c.costKnown ? num(c.costUsd) : Json(nullptr);
        j["energy_mwh_per_million_tokens"] = num(c.energyMwh);
    }
    return j;
}

Json searchToJson(const SearchResult &r)
{
    Json best = Json::array();
    for (const SearchCandidate &c : r.best)
        best.push_back(searchCandidateToJson(c, r.mode));
    Json pareto = Json::array();
    for (const SearchCandidate &c : r.pareto)
        pareto.push_back(searchCandidateToJson(c, r.mode));
    Json rejected = Json::object();
    for (int i = 0; i < kRejectReasonCount; ++i) {
        if (const long long n = r.rejected[static_cast<std::size_t>(i)]; n > 0)
            rejected[rejectReasonName(i)] = n;
    }
    return {{"objective", objectiveName(r.objective)},
            {"mode", nameOf(modeNames(), r.mode)},
            {"gpu_counts", r.gpuCounts},
            {"best", std::move(best)},
            {"pareto", std::move(pareto)},
            {"evaluated", r.evaluated},
            {"feasible", r.feasible},
            {"rejected", std::move(rejected)},
            {"evaluate_calls", r.evaluateCalls},
            {"cancelled", r.cancelled}};
}

std::string searchTextReport(const SearchResult &r)
{
    const bool training = r.mode == Mode::Training;
    std::string out = "Best layouts by " + std::string(objectiveName(r.objective)) + "\n";
    if (r.best.empty())
        out += "  none feasible\n";
    else if (training)
        out += "     #   GPUs   tokens/s    MFU   memory/GPU  time to train      cost   vs best  layout\n";
    else
        out += "     #   GPUs   tokens/s  TTFT ms  TPOT ms  memory/GPU  $/M tokens   vs best  layout\n";
    const double bestObjective = r.best.empty() ? 0 : r.best.front().objective;
    int rank = 0;
    for (const SearchCandidate &c : r.best) {
        std::string line = padded(std::to_string(++rank), 6) + padded(std::to_string(c.layout.numGpus), 7) +
                           padded(formatCount(c.tokensPerS), 11);
        if (training)
            line += padded(formatPercent(c.mfu), 7) + padded(formatBytes(c.perGpuBytes), 13) +
                    padded(formatDuration(c.timeToTrainS), 15) + padded(c.costKnown ? formatUsd(c.costUsd) : "-", 10);
        else
            line += padded(formatFixed(c.ttftMs, 0), 9) + padded(formatFixed(c.tpotMs, 1), 9) + padded(formatBytes(c.perGpuBytes), 12) +
                    padded(c.costKnown ? formatUsd(c.costUsd) : "-", 12);
        line += padded(bestObjective > 0 ? formatPercentChange(c.objective / bestObjective - 1) : "-", 10);
        out += line + "  " + candidateSummary(c, r.mode) + "\n";
    }
    if (r.pareto.size() > 1) {
        out += "\nTime vs cost (Pareto front)\n";
        for (const SearchCandidate &c : r.pareto) {
            out += "  " + padded(std::to_string(c.layout.numGpus), 6) + " GPUs  " +
                   (training ? formatDuration(c.paretoTime) : formatDuration(c.tpotMs / 1e3) + "/token") + "  " +
                   (c.costKnown ? formatUsd(c.costUsd) : formatCount(c.gpuHours) + " GPU-hours") + "  " +
                   candidateSummary(c, r.mode) + "\n";
        }
    }
    out += "\nCandidates: " + std::to_string(r.evaluated) + " considered, " + std::to_string(r.feasible) + " feasible, " +
           std::to_string(r.evaluateCalls) + " evaluated" + (r.cancelled ? " (cancelled)" : "") + "\n";
    for (int i = 0; i < kRejectReasonCount; ++i) {
        if (const long long n = r.rejected[static_cast<std::size_t>(i)]; n > 0)
            out += padded(std::to_string(n), 10) + "  " + rejectReasonName(i) + "\n";
    }
    return out;
}

} // namespace gpuplan

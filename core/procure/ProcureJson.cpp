// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/ProcureJson.h"

#include "common/EnumNames.h"
#include "common/Format.h"
#include "procure/ComputeOptimal.h"
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

// The options are built by inserting each field in place rather than from braced lists, which
// nlohmann builds element by element through temporary references after checking each for a
// key-value pair: 174 M -> 53 M instructions for procureToJson on the 70B example's 1,217 options
// (callgrind, same bytes out).
Json layoutJson(const Layout &l)
{
    Json j = Json::object();
    j["tp"] = l.tp;
    j["pp"] = l.pp;
    j["dp"] = l.dp;
    j["cp"] = l.cp;
    j["ep"] = l.ep;
    return j;
}

const char *termName(Acquisition acquisition, CloudPricing term)
{
    return acquisition == Acquisition::Buy ? "own" : nameOf(cloudPricingNames(), term);
}

Json partJson(const HybridPart &p)
{
    Json j = Json::object();
    j["acquisition"] = acquisitionName(p.acquisition);
    j["num_gpus"] = p.numGpus;
    j["offer"] = p.offer;
    j["provider"] = p.provider;
    j["term"] = termName(p.acquisition, p.term);
    j["price_estimated"] = p.priceEstimated;
    j["layout"] = layoutJson(p.layout);
    j["token_share"] = num(p.tokenShare);
    j["days"] = num(p.days);
    j["cash_usd"] = num(p.cashUsd);
    j["tco_usd"] = num(p.tcoUsd);
    return j;
}

Json optionJson(const ProcureOption &o)
{
    Json violations = Json::array();
    for (const Violation &v : o.violations) {
        Json jv = Json::object();
        jv["constraint"] = constraintName(v.constraint);
        jv["value"] = num(v.value);
        jv["limit"] = num(v.limit);
        violations.push_back(std::move(jv));
    }
    Json parts = Json::array();
    for (const HybridPart &p : o.parts)
        parts.push_back(partJson(p));
    Json financing = Json::object();
    financing["financed"] = o.financing.financed;
    financing["loan_usd"] = num(o.financing.loanUsd);
    financing["rate_per_year"] = num(o.financing.ratePerYear);
    financing["interest_usd"] = num(o.financing.interestUsd);
    Json j = Json::object();
    j["gpu"] = o.gpu;
    // Serving: the prefill pool's GPU type, the decode pool's being `gpu` ("" aggregated).
    if (o.gpusPerReplica > 0)
        j["prefill_gpu"] = o.servingMode == ServingMode::Disaggregated ? (o.prefillGpu.empty() ? o.gpu : o.prefillGpu)
                                                                       : std::string();
    j["num_gpus"] = o.numGpus;
    j["acquisition"] = acquisitionName(o.acquisition);
    j["offer"] = o.offer;
    j["provider"] = o.provider;
    j["term"] = termName(o.acquisition, o.term);
    j["price_estimated"] = o.priceEstimated;
    j["layout"] = layoutJson(o.layout);
    j["time_to_train_days"] = num(o.timeToTrainDays);
    j["cash_usd"] = num(o.cashUsd);
    j["tco_usd"] = num(o.tcoUsd);
    j["capex_usd"] = num(o.capexUsd);
    j["upfront_usd"] = num(o.upfrontUsd);
    j["financing"] = std::move(financing);
    j["lead_time_days"] = num(o.leadTimeDays);
    j["finish_days"] = num(o.finishDays);
    j["facility_kw"] = num(o.facilityKw);
    j["energy_mwh"] = num(o.energyMwh);
    j["mfu"] = num(o.mfu);
    j["replicas"] = o.replicas;
    j["gpus_per_replica"] = o.gpusPerReplica;
    j["usd_per_million_tokens"] = num(o.usdPerMillionTokens);
    j["usd_per_million_output_tokens"] = num(o.usdPerMillionOutputTokens);
    j["usd_per_million_input_tokens"] = num(o.usdPerMillionInputTokens);
    if (o.gpusPerReplica > 0) {   // serving only: the training options keep their fields
        j["engine"] = o.engine;
        j["serving_mode"] = nameOf(servingModeNames(), o.servingMode);
        j["prefill_workers"] = o.prefillWorkers;
        j["prefill_tp"] = o.prefillTp;
        j["decode_workers"] = o.decodeWorkers;
        j["decode_tp"] = o.decodeTp;
        j["ttft_ms"] = num(o.ttftMs);
        j["tpot_ms"] = num(o.tpotMs);
        j["latency_statistic"] = o.latencyP99 ? "p99" : "mean";
    }
    j["feasible"] = o.feasible;
    j["violations"] = std::move(violations);
    j["parts"] = std::move(parts);
    return j;
}

Json limitJson(double v)
{
    return v >= 0 ? num(v) : Json(nullptr);
}

std::string describe(const ProcureOption &o)
{
    std::string s = std::to_string(o.numGpus) + " x " + o.gpu + ", ";
    const std::string rent = o.offer + " " + nameOf(cloudPricingNames(), o.term) + (o.priceEstimated ? " (price estimated)" : "");
    if (o.acquisition == Acquisition::Buy)
        s += "buy";
    else if (o.acquisition == Acquisition::Cloud)
        s += "cloud " + rent;
    else
        s += "hybrid: own " + std::to_string(o.numGpus) + ", first " + formatPercent(o.parts[1].tokenShare, 0) +
             " of the tokens on " + std::to_string(o.parts[1].numGpus) + " from cloud " + rent;
    if (o.gpusPerReplica > 0 && o.servingMode == ServingMode::Disaggregated)
        s += " (" + o.engine + ", disaggregated: " + std::to_string(o.prefillWorkers) + " prefill" +
             (o.prefillGpu.empty() ? std::string() : " on " + o.prefillGpu) + " + " + std::to_string(o.decodeWorkers) +
             " decode workers of " + std::to_string(o.gpusPerReplica) + ", mean TTFT " +
             formatDuration(o.ttftMs * 1e-3) + ", TPOT " + formatDuration(o.tpotMs * 1e-3) + ")";
    else if (o.gpusPerReplica > 0)
        s += " (" + o.engine + ", " + counted(o.replicas, "replica", "replicas") + " of " +
             std::to_string(o.gpusPerReplica) + ", P99 TTFT " + formatDuration(o.ttftMs * 1e-3) + ", TPOT " +
             formatDuration(o.tpotMs * 1e-3) + ")";
    s += ": " + (o.gpusPerReplica > 0 ? "serving from day " + formatFixed(o.finishDays, 0) + ", " + formatUsd(o.usdPerMillionOutputTokens) +
                                            " per million output tokens (" + formatUsd(o.usdPerMillionTokens) + " all-in)"
                                      : formatAmount(std::round(o.timeToTrainDays), "day", "days")) +
         (o.leadTimeDays > 0 && o.gpusPerReplica == 0 ? " after " + formatAmount(std::round(o.leadTimeDays), "day", "days") + " lead time (done on day " +
                                   formatFixed(o.finishDays, 0) + ")"
                             : std::string()) +
         ", " + (onBuyersSite(o) ? "capex " + formatUsd(o.capexUsd) + ", up front " + formatUsd(o.upfrontUsd) +
                                       (o.financing.financed ? " (" + formatUsd(o.financing.loanUsd) + " borrowed)" : std::string()) + ", "
                                 : std::string("nothing up front, ")) +
         "cash " + formatUsd(o.cashUsd) + ", TCO " + formatUsd(o.tcoUsd) + ", " + formatPower(o.facilityKw * 1e3) + " peak facility" + ", TP " + std::to_string(o.layout.tp) + " PP " + std::to_string(o.layout.pp) +
         " DP " + std::to_string(o.layout.dp) + (o.layout.cp > 1 ? " CP " + std::to_string(o.layout.cp) : std::string()) +
         (o.layout.ep > 1 ? " EP " + std::to_string(o.layout.ep) : std::string());
    for (const Violation &v : o.violations)
        s += std::string("; misses ") + constraintName(v.constraint);
    return s;
}

} // namespace

Json procureToJson(const ProcureResult &r)
{
    Json options = Json::array();
    options.get_ref<Json::array_t &>().reserve(r.options.size());
    for (const ProcureOption &o : r.options)
        options.push_back(optionJson(o));
    Json rejected = Json::object();
    for (const auto &[reason, n] : r.rejected)
        rejected[reason] = n;
    const ComputeOptimal &c = r.computeOptimal;
    Json optimal = nullptr;
    if (c.known)
        optimal = {{"option", c.option},
                   {"compute_flops", num(c.computeFlops)},
                   {"params", num(c.params)},
                   {"tokens", num(c.tokens)},
                   {"tokens_per_param", kChinchillaTokensPerParam},
                   {"limited_by", c.limitedByBudget ? "budget" : "deadline"}};
    // The options move in after the braced list (see layoutJson); their key keeps its place.
    Json j = {{"mode", r.serving ? "serving" : "training"},
            {"objective", procureObjectiveName(r.objective)},
            {"constraints",
             {{"budget_usd", limitJson(r.request.budgetUsd)},
              {"deadline_days", limitJson(r.request.deadlineDays)},
              {"site_power_kw", limitJson(r.request.sitePowerKw)},
              {"allow_financing", r.request.allowFinancing}}},
            {"gpus", r.gpusExplored},
            {"options", nullptr},
            {"pareto", r.pareto},
            {"best", r.best >= 0 ? Json(r.best) : Json(nullptr)},
            {"best_estimated", r.bestEstimated >= 0 ? Json(r.bestEstimated) : Json(nullptr)},
            {"closest_misses", r.closestMisses},
            {"evaluated", r.evaluated},
            {"rejected", std::move(rejected)},
            {"compute_optimal", std::move(optimal)}};
    j["options"] = std::move(options);
    return j;
}

std::string procureTextReport(const ProcureResult &r, int shown)
{
    std::string out = std::string(r.serving ? "Serving fleets for the plan's request rate (" : "Procurement options (") +
                      std::to_string(r.options.size()) + " over " +
                      std::to_string(r.gpusExplored.size()) + " GPU types; objective " +
                      procureObjectiveName(r.objective) + ")\n";
    auto limit = [](double v, const std::string &text) { return v >= 0 ? text : std::string("none"); };
    out += "  budget " + limit(r.request.budgetUsd, formatUsd(r.request.budgetUsd)) + ", deadline " +
           limit(r.request.deadlineDays, formatAmount(r.request.deadlineDays, "day", "days")) + ", site power " +
           limit(r.request.sitePowerKw, formatPower(r.request.sitePowerKw * 1e3)) +
           (r.request.allowFinancing ? ", financing allowed (" + formatPercent(r.request.loanToValue, 0) + " of the capex borrowed at " +
                                           formatPercent(r.request.financingRate) + "/year)"
                                     : std::string(", capex paid up front")) +
           "\n";
    if (r.serving)
        out += "  aggregated fleets held to the P99 TTFT and TPOT at the peak rate; disaggregated fleets to the mean of a "
               "steady load (the two-pool model has no percentiles)\n";
    if (r.best >= 0)
        out += "Best: " + describe(r.options[static_cast<std::size_t>(r.best)]) + "\n";
    if (r.bestEstimated >= 0)
        out += std::string(r.best >= 0 ? "Better only at an estimated price" : "Feasible only at an estimated price") +
               " (the offer publishes no such price; not chosen): " +
               describe(r.options[static_cast<std::size_t>(r.bestEstimated)]) + "\n";
    if (r.best < 0) {
        out += "No option at a published price meets every constraint. Closest misses:\n";
        for (int i : r.closestMisses)
            out += "  " + describe(r.options[static_cast<std::size_t>(i)]) + "\n";
    }
    out += "Pareto front (cash vs finish day, cheapest first):\n";
    int n = 0;
    for (int i : r.pareto) {
        if (n++ == shown)
            break;
        const ProcureOption &o = r.options[static_cast<std::size_t>(i)];
        out += std::string("  ") + (o.feasible ? "  " : "x ") + describe(o) + "\n";
    }
    const ComputeOptimal &c = r.computeOptimal;
    if (c.known) {
        const ProcureOption &o = r.options[static_cast<std::size_t>(c.option)];
        out += "Compute-optimal model for the " + std::string(c.limitedByBudget ? "budget" : "deadline") + ": " +
               formatCount(c.params) + " parameters on " + formatCount(c.tokens) + " tokens" +
               " (20 tokens per parameter, Hoffmann et al. 2022; " + formatFlop(c.computeFlops) + " on " +
               std::to_string(o.numGpus) + " x " + o.gpu + ", " + acquisitionName(o.acquisition) + ")\n";
    }
    out += std::to_string(r.evaluated) +
           (r.serving ? " replica sizes and disaggregated deployments evaluated; set aside:\n" : " layouts evaluated; set aside:\n");
    for (const auto &[reason, count] : r.rejected)
        out += "  " + std::to_string(count) + "  " + reason + "\n";
    return out;
}

} // namespace gpuplan

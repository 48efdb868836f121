// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/ProcureJson.h"

#include "common/Format.h"
#include "common/EnumNames.h"
#include "procure/ComputeOptimal.h"
#include "report/TextReport.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace gpuplan {

using Json = nlohmann::ordered_json;

namespace {

Json num(double v)
{
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

Json layoutJson(const Layout &l)
{
    return {{"tp", l.tp}, {"pp", l.pp}, {"dp", l.dp}, {"cp", l.cp}, {"ep", l.ep}};
}

const char *termName(Acquisition acquisition, CloudPricing term)
{
    return acquisition == Acquisition::Buy ? "own" : nameOf(cloudPricingNames(), term);
}

Json partJson(const HybridPart &p)
{
    return {{"acquisition", acquisitionName(p.acquisition)},
            {"num_gpus", p.numGpus},
            {"offer", p.offer},
            {"provider", p.provider},
            {"term", termName(p.acquisition, p.term)},
            {"price_estimated", p.priceEstimated},
            {"layout", layoutJson(p.layout)},
            {"token_share", num(p.tokenShare)},
            {"days", num(p.days)},
            {"cash_usd", num(p.cashUsd)},
            {"tco_usd", num(p.tcoUsd)}};
}

Json optionJson(const ProcureOption &o)
{
    Json violations = Json::array();
    for (const Violation &v : o.violations)
        violations.push_back({{"constraint", constraintName(v.constraint)}, {"value", num(v.value)}, {"limit", num(v.limit)}});
    Json parts = Json::array();
    for (const HybridPart &p : o.parts)
        parts.push_back(partJson(p));
    return {{"gpu", o.gpu},
            {"num_gpus", o.numGpus},
            {"acquisition", acquisitionName(o.acquisition)},
            {"offer", o.offer},
            {"provider", o.provider},
            {"term", termName(o.acquisition, o.term)},
            {"price_estimated", o.priceEstimated},
            {"layout", layoutJson(o.layout)},
            {"time_to_train_days", num(o.timeToTrainDays)},
            {"cash_usd", num(o.cashUsd)},
            {"tco_usd", num(o.tcoUsd)},
            {"capex_usd", num(o.capexUsd)},
            {"upfront_usd", num(o.upfrontUsd)},
            {"financing",
             {{"financed", o.financing.financed},
              {"loan_usd", num(o.financing.loanUsd)},
              {"rate_per_year", num(o.financing.ratePerYear)},
              {"interest_usd", num(o.financing.interestUsd)}}},
            {"lead_time_days", num(o.leadTimeDays)},
            {"finish_days", num(o.finishDays)},
            {"facility_kw", num(o.facilityKw)},
            {"energy_mwh", num(o.energyMwh)},
            {"mfu", num(o.mfu)},
            {"replicas", o.replicas},
            {"gpus_per_replica", o.gpusPerReplica},
            {"usd_per_million_tokens", num(o.usdPerMillionTokens)},
            {"usd_per_million_output_tokens", num(o.usdPerMillionOutputTokens)},
            {"usd_per_million_input_tokens", num(o.usdPerMillionInputTokens)},
            {"feasible", o.feasible},
            {"violations", std::move(violations)},
            {"parts", std::move(parts)}};
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
        s += "hybrid: own " + std::to_string(o.numGpus) + ", first " + formatPrintf("%.0f%%", 100.0 * o.parts[1].tokenShare) +
             " of the tokens on " + std::to_string(o.parts[1].numGpus) + " from cloud " + rent;
    if (o.gpusPerReplica > 0)
        s += std::string(" (") + std::to_string(o.replicas) + " replicas of " + std::to_string(o.gpusPerReplica) + ")";
    s += ": " + (o.gpusPerReplica > 0 ? "serving from day " + formatPrintf("%.0f", o.finishDays) + ", " +
                                            formatPrintf("$%.3g per million output tokens", o.usdPerMillionOutputTokens) +
                                                formatPrintf(" ($%.3g all-in)", o.usdPerMillionTokens)
                                      : formatPrintf("%.0f days", o.timeToTrainDays)) +
         (o.leadTimeDays > 0 && o.gpusPerReplica == 0 ? " after " + formatPrintf("%.0f days", o.leadTimeDays) + " lead time (done on day " +
                                   formatPrintf("%.0f)", o.finishDays)
                             : std::string()) +
         ", " + (onBuyersSite(o) ? "capex " + formatUsd(o.capexUsd) + ", up front " + formatUsd(o.upfrontUsd) +
                                       (o.financing.financed ? " (" + formatUsd(o.financing.loanUsd) + " borrowed)" : std::string()) + ", "
                                 : std::string("nothing up front, ")) +
         "cash " + formatUsd(o.cashUsd) + ", TCO " + formatUsd(o.tcoUsd) + ", " + formatPrintf("%.0f kW peak facility", o.facilityKw) + ", TP " + std::to_string(o.layout.tp) + " PP " + std::to_string(o.layout.pp) +
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
    return {{"mode", r.serving ? "serving" : "training"},
            {"objective", procureObjectiveName(r.objective)},
            {"constraints",
             {{"budget_usd", limitJson(r.request.budgetUsd)},
              {"deadline_days", limitJson(r.request.deadlineDays)},
              {"site_power_kw", limitJson(r.request.sitePowerKw)},
              {"allow_financing", r.request.allowFinancing}}},
            {"gpus", r.gpusExplored},
            {"options", std::move(options)},
            {"pareto", r.pareto},
            {"best", r.best >= 0 ? Json(r.best) : Json(nullptr)},
            {"best_estimated", r.bestEstimated >= 0 ? Json(r.bestEstimated) : Json(nullptr)},
            {"closest_misses", r.closestMisses},
            {"evaluated", r.evaluated},
            {"rejected", std::move(rejected)},
            {"compute_optimal", std::move(optimal)}};
}

std::string procureTextReport(const ProcureResult &r, int shown)
{
    std::string out = std::string(r.serving ? "Serving fleets for the plan's request rate (" : "Procurement options (") +
                      std::to_string(r.options.size()) + " over " +
                      std::to_string(r.gpusExplored.size()) + " GPU types; objective " +
                      procureObjectiveName(r.objective) + ")\n";
    auto limit = [](double v, const std::string &text) { return v >= 0 ? text : std::string("none"); };
    out += "  budget " + limit(r.request.budgetUsd, formatUsd(r.request.budgetUsd)) + ", deadline " +
           limit(r.request.deadlineDays, formatPrintf("%.0f days", r.request.deadlineDays)) + ", site power " +
           limit(r.request.sitePowerKw, formatPrintf("%.0f kW", r.request.sitePowerKw)) +
           (r.request.allowFinancing ? ", financing allowed (" + formatPrintf("%.0f%% of the capex borrowed", 100.0 * r.request.loanToValue) +
                                           formatPrintf(" at %.1f%%/year)", 100.0 * r.request.financingRate)
                                     : std::string(", capex paid up front")) +
           "\n";
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
               formatPrintf("%.1f B parameters", c.params / 1e9) + " on " + formatPrintf("%.2f T tokens", c.tokens / 1e12) +
               " (20 tokens per parameter, Hoffmann et al. 2022; " + formatPrintf("%.3g FLOP", c.computeFlops) + " on " +
               std::to_string(o.numGpus) + " x " + o.gpu + ", " + acquisitionName(o.acquisition) + ")\n";
    }
    out += std::to_string(r.evaluated) + " layouts evaluated; set aside:\n";
    for (const auto &[reason, count] : r.rejected)
        out += "  " + std::to_string(count) + "  " + reason + "\n";
    return out;
}

} // namespace gpuplan

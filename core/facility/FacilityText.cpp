// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/FacilityText.h"

#include "common/EnumNames.h"
#include "common/Format.h"
#include "common/Units.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityNames.h"
#include "facility/Power.h"
#include "facility/Sensitivity.h"
#include "facility/TokenPrice.h"

#include <cmath>

namespace gpuplan {

namespace {

struct Lines
{
    std::string &out;
    void operator()(const std::string &label, const std::string &value) const { out += reportLine(label, value); }
};

std::string roleTierName(const StorageRoleResult &r)
{
    return r.tier >= 0 ? nameOf(storageTierNames(), r.tier) : "none";
}

// "data, cache, checkpoints and archive on parallel_fs", or each role's tier when they differ.
std::string storageRolesText(const StorageResult &s)
{
    bool same = true;
    for (const StorageRoleResult &r : s.roles)
        same = same && r.tier == s.roles.front().tier;
    if (same)
        return "data, cache, checkpoints and archive on " + roleTierName(s.roles.front());
    return "data " + roleTierName(s.role(StorageRole::Data)) + ", cache " + roleTierName(s.role(StorageRole::Cache)) +
           (s.separateCache ? " (staged in " + formatDuration(s.cacheStagingS) + ")" : std::string(" (reads the data tier)")) +
           ", checkpoints " + roleTierName(s.role(StorageRole::Checkpoint)) + ", archive " +
           roleTierName(s.role(StorageRole::Archive));
}

// A step's share of time, small ones in µs or ns so that none reads as zero ("67.0 µs", "350 ms", "9.10 s").
std::string stepTime(double s)
{
    return s <= 0 ? std::string("0") : formatDuration(s);
}

// "GPU-bound: step 9.10 s (GPUs 9.10 s, storage 67.0 µs, network 6.60 µs, host CPU 0); 113 samples/s, decode
// needs 0.00 cores per node, 32 decoding of 112".
std::string dataPathText(const DataPathResult &d)
{
    const char *verdict = d.limit == DataLimit::Gpu       ? "GPU-bound"
                          : d.limit == DataLimit::Storage ? "STORAGE limits the step"
                          : d.limit == DataLimit::Network ? "NETWORK to storage limits the step"
                                                          : "HOST CPU limits the step";
    std::string text = std::string(verdict) + ": step " + stepTime(d.stepS) + " (GPUs " + stepTime(d.gpuStepS) +
                       ", storage " + stepTime(d.storageStepS) + ", network " + stepTime(d.networkStepS) + ", host CPU " +
                       stepTime(d.hostCpuStepS) + "); " + formatSignificant(d.samplesPerS) + " samples/s, decode needs " +
                       formatSignificant(d.coresNeededPerNode) + " cores per node, " + formatFixed(d.decodeCoresPerNode, 0) +
                       " decoding" + (d.coresPerNode > 0 ? " of " + formatFixed(d.coresPerNode, 0) : std::string());
    if (d.ramShort)
        text += "; loaders need " + formatStorage(d.loaderRamBytesPerNode) + " host memory, the node has " +
                formatStorage(d.nodeRamBytes);
    return text;
}

void powerAndCooling(const Plan &p, const Evaluation &e, const Lines &line)
{
    const PowerResult &w = e.power;
    const CoolingResult &c = e.cooling;
    line("IT power (running)", formatPower(w.itKw * 1e3) + " (GPUs " + formatPower(w.gpuW) + ", node overhead " +
                                   formatPower(w.nodeOverheadW) + ", network " + formatPower(w.networkW) +
                                   ", storage " + formatPower(w.storageW) + ")");
    // Two facility powers, each named: what the cluster draws while the plan runs (energy, the
    // bill) and what the site must supply at the nodes' maximum (the power contract, procure's site limit).
    line("facility power", formatPower(w.facilityKw * 1e3) + " running" + " at PUE " + formatPue(p.facility.pue) + "; " +
                               formatPower(w.peakFacilityKw * 1e3) + " at peak" + " (peak IT " +
                               formatPower(w.peakItKw * 1e3) + " x PUE: what the site must supply)");
    line("GPU power", formatPercent(w.gpuPowerFraction, 0) + " of TDP while busy: " + gpuPowerBasisText(w));
    const bool training = p.workload.mode == Mode::Training;
    line(training ? "energy per run" : "energy over the horizon",
         formatEnergyMwh(w.energyMwh) + ", " + formatCo2Tonnes(w.co2Tonnes) + " CO2 (operational, grid " +
             formatFixed(p.facility.gridKgCo2PerKwh, 2) + " kg/kWh" + "); " + formatEnergyMwh(w.energyPerYearMwh) + " per year");
    if (tokensPerJoule(w) > 0)
        line("energy per token", formatSignificant(tokensPerJoule(w)) + (training ? " tokens trained" : " output tokens served") +
                                     " per joule of facility energy (" + formatSignificant(w.energyPerMillionTokensKwh) +
                                     " kWh per million)");
    // "MBTU" would read as thousands of BTU in HVAC usage: spell the magnitude out.
    const std::string btu = c.heatBtuPerHour >= 1e6 ? formatFixed(c.heatBtuPerHour / 1e6, 2) + " million BTU/h"
                                                    : formatFixed(c.heatBtuPerHour, 0) + " BTU/h";
    line("heat", btu + ", " + formatFixed(c.tons, 1) + " refrigeration tons");
    line("racks", std::to_string(c.racks) + " (" + std::to_string(c.computeRacks) + " compute, up to " +
                      std::to_string(c.nodesPerRack) + " nodes and " + formatPower(c.kwPerRack * 1e3) + " per rack; " +
                      std::to_string(c.networkRacks) + " network), " +
                      (c.liquidRequired ? "direct liquid cooling" : "air cooling"));
}

void storageAndReliability(const Plan &p, const Evaluation &e, const Lines &line)
{
    const StorageResult &s = e.storage;
    const ReliabilityResult &r = e.reliability;
    const bool training = p.workload.mode == Mode::Training;
    if (training)
        line("checkpoint", formatStorage(s.checkpointBytes) + " (" + formatFixed(s.bytesPerParam, 1) + " B/param" +
                               "); write " + formatDuration(s.checkpointWriteS) + ", stall " +
                               formatDuration(s.checkpointBlockingS) + " per save" +
                               (s.drainLimited ? " (write outlasts the optimal interval)" : ""));
    else
        line("weights", formatStorage(s.checkpointBytes) + "; a new replica starts in " +
                            formatDuration(s.replicaStartS) + " (weights " + formatDuration(s.replicaWeightsLoadS) +
                            " from " + roleTierName(s.role(StorageRole::Checkpoint)) + ", engine start " +
                            formatDuration(s.replicaEngineStartS) + ", an estimate)");
    const StorageRoleResult &loaders = s.role(s.separateCache ? StorageRole::Cache : StorageRole::Data);
    if (training)
        line("data read", formatStorage(s.requiredReadGBps * units::kGB) + "/s needed, " + (s.separateCache ? "cache " : "tier ") +
                              roleTierName(loaders) + " " + formatStorage(s.tierReadGBps * units::kGB) + "/s" +
                              (s.starved ? "  (TOO SLOW: GPUs wait for data)" : ""));
    line("storage tiers", storageRolesText(s));
    if (e.dataPath.known)
        line("data path", dataPathText(e.dataPath));
    line("storage capacity", formatStorage(s.capacityBytes));
    line("cluster MTBF", formatDuration(r.mtbfHours * 3600.0) + " over " + counted(r.jobNodes, "node", "nodes") +
                             (training ? "; checkpoint every " + formatDuration(r.checkpointIntervalS) : std::string()));
    if (training)
        line("goodput", formatPercent(r.goodput) + ": " + counted(std::llround(r.expectedInterruptions), "interruption", "interruptions") +
                            ", " + formatDuration(r.lostHours * 3600.0) + " lost; time to train with failures " +
                            formatDuration(r.effectiveTimeToTrainS) + (r.unfinishable ? "  (FAILURES OUTPACE PROGRESS)" : ""));
    else
        line("available capacity", formatPercent(r.goodput, 2));
    line("spare nodes", std::to_string(r.sparesSuggested) + " suggested, " + std::to_string(p.reliability.spareNodes) +
                            " planned");
}

void cost(const ResolvedPlan &plan, const Evaluation &e, const Lines &line)
{
    const Plan &p = *plan.plan;
    const CostResult &c = e.cost;
    const CostVerdict v = costVerdict(plan, e);
    auto money = [&](double usd) { return formatMoney(p, usd); };
    // The verdict first, in the words every view uses; the lines below are its figures.
    line("verdict", v.text);
    if (c.isMissing(MissingInput::CloudPrice))
        line("cloud", "no price (no offer for this GPU; set cost.cloud_gpu_hour_usd)");
    else
        line("plan's cloud offer", money(c.cloudTotalUsd) + " (" +
                                       (plan.cloud ? offerName(plan, {plan.cloud, p.cost.cloudPricing}) : std::string("plan price")) +
                                       ", " + money(c.cloudPerGpuHourUsd) + " per GPU-h + " +
                                       formatPercent(p.cost.cloudOverheadFraction, 0) + " overhead" + ")");
    line("on-prem capex", money(c.onpremCapexUsd) + " up front; TCO " + money(c.onpremPerYearUsd) + "/year (" +
                              money(c.onpremPerGpuHourUsd) + " per useful GPU-hour at " +
                              formatPercent(p.cost.onpremUtilization, 0) + ")");
    line(p.workload.mode == Mode::Training ? "on-prem share of the run" : "on-prem over the horizon",
         money(c.onpremTotalUsd));
    const std::string horizon = formatDuration(c.cashHorizonS);
    if (!c.isMissing(MissingInput::CloudPrice) && c.cloudTermsBilled > 0)
        line("cloud cash", money(c.cloudCashUsd) + " (" + formatFixed(c.cloudTermsBilled, 0) +
                               " reservation term(s) billed in full; other work uses " +
                               formatPercent(p.cost.followonUtilization, 0) + " of the rest)");
    if (p.cost.followonUtilization > 0)
        line("on-prem cash", money(c.onpremCapexUsd + c.onpremOperationsUsd) + " over " + horizon + " (capex " +
                                 money(c.onpremCapexUsd) + " + operations " + money(c.onpremOperationsUsd) +
                                 "; the hardware keeps serving other work after the run, " +
                                 formatPercent(p.cost.followonUtilization, 0) + " of its hours" + ", so nothing is sold)");
    else
        line("on-prem cash", money(c.onpremCashUsd) + " over " + horizon + " (capex " + money(c.onpremCapexUsd) +
                                 " + operations " + money(c.onpremOperationsUsd) + " - resale " + money(c.onpremResaleUsd) +
                                 ", assumed: " + formatPercent(c.capexHardwareUsd > 0 ? c.onpremResaleUsd / c.capexHardwareUsd : 0.0, 0) +
                                 " of the hardware price, used GPUs sold after the run; "
                                 "see docs/facility-and-cost.md, resale)");
    line("break-even", breakEvenText(p, c) + "; " +
                           (c.breakEvenUtilizationNever ? std::string("owning never costs less per useful GPU-hour")
                                                        : "owning costs less per useful GPU-hour above " +
                                                              formatPercent(c.breakEvenUtilization, 0) + " utilization"));
    if (v.decided && c.tokens > 0)
        line("per million tokens", money(v.usd / (c.tokens / 1e6)) + " " +
                                       (p.workload.mode == Mode::Training ? "trained" : "served") + " (the verdict's " +
                                       (v.basis == CostView::Cash ? "cash" : "cost of ownership") + ")");
    if (p.workload.mode == Mode::Inference) {
        const TokenPrice t = tokenPrice(plan, e, v);
        line("price per token", tokenPriceText(p, t));
        line("API prices", apiPricesText(t));
    }
    if (c.sensitivityCount > 0) {
        const SensitivityEntry &top = c.sensitivity[0];
        const AssumptionInfo &a = sensitivityAssumptions()[static_cast<std::size_t>(top.assumption)];
        line("most sensitive to", std::string(a.label) + " +/-20%: " + money(top.lowUsd) + " to " + money(top.highUsd));
    }
    std::string missing;
    for (int bit = 0; bit < kMissingInputCount; ++bit) {
        if (c.missing & (1u << bit))
            missing += std::string(missing.empty() ? "" : ", ") + missingInputName(bit);
    }
    if (!missing.empty())
        line("missing or doubtful inputs", missing + " (see docs/facility-and-cost.md)");
    if (c.timeSource == TimeSource::FallbackMfu)
        line("run time", "estimated from 6 x params x tokens at MFU 0.4 (no time-model result)");
}

} // namespace

std::string tokenPriceText(const Plan &p, const TokenPrice &t)
{
    if (!t.known)
        return "not known (no verdict or no tokens served)";
    const auto perM = [&p](double usd) { return formatMoney(p, usd); };
    return perM(t.usdPerMillionOutput) + " per million output tokens and " + perM(t.usdPerMillionInput) +
           " per million input tokens at the plan's load (the verdict's cash; input tokens carry " +
           formatPercent(t.inputShare, 0) + ", prefill's share of a request's time), " + perM(t.usdPerMillionOutputAllIn) +
           " per million output tokens with everything on them; " + formatSignificant(t.tokensPerJoule) +
           " output tokens per joule";
}

std::string tokenPriceHeadline(const Plan &p, const TokenPrice &t)
{
    if (!t.known)
        return {};
    std::string text = formatMoney(p, t.usdPerMillionOutput) + " per million output tokens";
    if (t.api.empty())
        return text + " (no published API price for a model of its size)";
    const double low = t.api.front().price->outputUsdPerMtok, high = t.api.back().price->outputUsdPerMtok;
    return text + " against " + formatUsd(low) + (high > low ? " to " + formatUsd(high) : std::string()) +
           (t.apiClass == ApiClass::SameClass ? " published for models of its class" : " published for the nearest size");
}

std::string apiPriceText(const ApiComparison &c)
{
    const ApiPrice &a = *c.price;
    return a.provider + " " + a.apiModel + ": " + formatUsd(a.inputUsdPerMtok) + " in / " + formatUsd(a.outputUsdPerMtok) +
           " out per million tokens" + (c.sameModel ? " (the same model)" : "");
}

std::string apiPricesText(const TokenPrice &t)
{
    if (t.api.empty())
        return "none in catalogs/api_prices.json for a model of this size";
    const std::string size = "(within " + formatBound(kApiClassFactor) + "x of its " + formatCount(t.totalParams) +
                             " parameters, " + formatCount(t.activeParams) + " active)";
    std::string text = t.apiClass == ApiClass::SameClass ? "models of its class " + size + ": "
                                                         : "none of its class " + size + "; the nearest size: ";
    constexpr std::size_t kShown = 4;
    for (std::size_t i = 0; i < t.api.size() && i < kShown; ++i)
        text += (i ? "; " : "") + apiPriceText(t.api[i]);
    if (t.api.size() > kShown)
        text += "; " + grouped(static_cast<long long>(t.api.size() - kShown)) + " more in evaluate --json";
    return text;
}

std::string formatMoney(const Plan &plan, double usd)
{
    return formatCurrency(usd * plan.cost.usdToCurrency, plan.cost.currency);
}

std::string formatMoneyExact(const Plan &plan, double usd)
{
    return formatCurrencyExact(usd * plan.cost.usdToCurrency, plan.cost.currency);
}

std::string breakEvenText(const Plan &plan, const CostResult &c)
{
    if (c.breakEvenNever)
        return "never at these prices";
    const double lifeMonths = plan.cost.depreciationYears * 12.0;
    if (c.breakEvenMonths > lifeMonths)   // the hardware is written off before owning pays back
        return "not within the " + formatBound(plan.cost.depreciationYears) + "-year hardware life";
    return "after " + formatMonths(c.breakEvenMonths);   // as the cost chart writes it
}

std::string facilityTextReport(const ResolvedPlan &plan, const Evaluation &e)
{
    const Plan &p = *plan.plan;
    std::string out;
    const Lines line{out};
    out += "\nPower and cooling\n";
    powerAndCooling(p, e, line);
    out += "\nStorage and reliability\n";
    storageAndReliability(p, e, line);
    out += "\nCost (" + (p.cost.currency.empty() ? std::string("USD") : p.cost.currency) + ")\n";
    cost(plan, e, line);
    return out;
}

} // namespace gpuplan

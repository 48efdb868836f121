// SPDX-License-Identifier: GPL-3.0-or-later
// Facility power, cost per run and break-even, taken apart (docs/formulas.md §10,
// docs/facility-and-cost.md). The inputs are the ones the facility model resolves
// (gatherFacilityInputs: catalog-or-override prices, PUE, utilization); the results are the
// evaluation's.
#include "explain/ExplainFormat.h"

#include "common/EnumNames.h"
#include "facility/FacilityInputs.h"
#include "facility/FacilityNames.h"
#include "report/TextReport.h"

#include <algorithm>

namespace gpuplan::explainimpl {

namespace {

const char *const kCostSource =
    "Cloud: N × hours × $/GPU-h × (1 + overhead) (docs/formulas.md §10, overhead 0.3-0.5 per Mercatus, ESTIMATE); "
    "on-prem: straight-line TCO (capital + energy + colocation + support + staff) per useful GPU-hour "
    "(docs/formulas.md §10); prices: catalogs/clouds.json, gpus.json and nodes.json (each with its source and date), docs/references.md; "
    "docs/facility-and-cost.md.";

// What the on-prem TCO of a year is made of, shared by cost per run and break-even.
void tcoSteps(Explanation &out, const CostResult &c)
{
    out.steps.push_back({"TCO per year", "capital + energy + colocation + support + staff",
                         formatUsd(c.capitalPerYearUsd) + " + " + formatUsd(c.energyPerYearUsd) + " + " + formatUsd(c.coloPerYearUsd) + " + "
                             + formatUsd(c.supportPerYearUsd) + " + " + formatUsd(c.staffPerYearUsd),
                         formatUsd(c.onpremPerYearUsd) + "/year"});
}

} // namespace

void explainFacilityPower(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    const PowerResult &p = e.power;
    if (p.facilityKw <= 0) {
        out.notes.push_back("The facility model has no result for this plan.");
        return;
    }
    out.available = true;
    const FacilityInputs in = gatherFacilityInputs(rp, e.layout, e);
    out.formula = "P_facility = P_IT × PUE,  P_IT = GPUs + node overhead + network + storage";
    out.terms.push_back({"N", "GPUs running the job", formatFixed(in.jobGpus, 0)});
    out.terms.push_back({"TDP", std::string("board power of one ") + rp.gpu->name, formatPower(in.gpuTdpW)});
    out.terms.push_back({"load", "share of TDP a GPU draws while busy: " + gpuPowerBasisText(p),
                         formatPercent(in.busyPowerFraction, 0)});
    out.terms.push_back({"nodes", "servers bought (job nodes + spares)",
                         formatFixed(in.jobNodes + in.spareNodes, 0) + " × " + formatFixed(in.gpusPerNode, 0) + " GPUs"});
    out.terms.push_back({"PUE", "power usage effectiveness of the facility (facility.pue)", formatFixed(in.pue, 2)});
    if (in.mode == Mode::Training) {
        out.steps.push_back({"GPUs", "N × TDP × load (+ idle spares)",
                             formatFixed(in.jobGpus, 0) + " × " + formatFixed(in.gpuTdpW, 0) + " W × " + formatPercent(in.busyPowerFraction, 0),
                             formatPower((p.gpuW / 1000.0) * 1e3)});
    } else {
        // Serving keeps the GPUs busy only for its share of the capacity; the rest of the time
        // they draw the idle fraction.
        // With a measured curve at a request rate the load is in the curve's in-flight count, and
        // the GPUs draw it all the time (s = 100%).
        out.terms.push_back({"s", in.powerBasis == GpuPowerBasis::ServingCurve && in.powerShare() >= 1
                                      ? "share of the time the GPUs serve (the rate's load is in the in-flight count)"
                                      : "serving load: average request rate ÷ capacity",
                             formatPercent(in.powerShare(), 1)});
        out.terms.push_back({"idle", "share of TDP an idle GPU draws (facility.gpu_idle_power_fraction)",
                             formatPercent(in.idlePowerFraction, 1)});
        out.steps.push_back({"GPUs", "N × TDP × (s × load + (1 − s) × idle) (+ idle spares)",
                             formatFixed(in.jobGpus, 0) + " × " + formatFixed(in.gpuTdpW, 0) + " W × (" + formatPercent(in.powerShare(), 1) + " × "
                                 + formatPercent(in.busyPowerFraction, 0) + " + " + formatPercent(1.0 - in.powerShare(), 1) + " × "
                                 + formatPercent(in.idlePowerFraction, 1) + ")",
                             formatPower((p.gpuW / 1000.0) * 1e3)});
    }
    out.steps.push_back({"node overhead", "CPUs, memory, NICs, fans, NVSwitch per node × nodes",
                         formatFixed(in.jobNodes + in.spareNodes, 0) + " × " + formatPower(in.nodeOverheadW),
                         formatPower((p.nodeOverheadW / 1000.0) * 1e3)});
    if (p.networkW > 0)
        out.steps.push_back({"network", "scale-out switches", "", formatPower((p.networkW / 1000.0) * 1e3)});
    if (p.storageW > 0)
        out.steps.push_back({"storage", "shared storage system", "", formatPower((p.storageW / 1000.0) * 1e3)});
    out.steps.push_back({"IT load", "sum of the lines above", "", formatPower(p.itKw * 1e3)});
    out.steps.push_back({"facility", "P_IT × PUE", formatPower(p.itKw * 1e3) + " × " + formatFixed(in.pue, 2), formatPower(p.facilityKw * 1e3)});
    out.result = formatPower(p.facilityKw * 1e3) + " facility running (" + formatPower(p.itKw * 1e3) + " IT); " + formatPower(p.peakFacilityKw * 1e3) + " at peak";
    out.notes.push_back("This is the running facility power. Racks and the colocation contract are sized at the peak IT "
                        "power, " + formatPower(p.peakItKw * 1e3) + " (node maximum power), " + formatPower(p.peakFacilityKw * 1e3) + " at the meter.");
    out.source = "facility power = P_IT × PUE (docs/formulas.md §10); serving GPU power by load: the GPU's serving_power_curve "
                 "(catalogs/gpus.json, fitted on ML.ENERGY and InferenceX power runs); fixed GPU busy fraction and node overhead split: "
                 "BudSimulator genz/serving/constants.py; DGX H100 10.2 kW maximum; PUE values: "
                 "docs/references.md; docs/facility-and-cost.md.";
}

void explainCostPerRun(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    const CostResult &c = e.cost;
    if (c.cloudTotalUsd <= 0 && c.onpremTotalUsd <= 0) {
        out.notes.push_back("The cost model has no result for this plan (no run time or no prices).");
        return;
    }
    out.available = true;
    const FacilityInputs in = gatherFacilityInputs(rp, e.layout, e);
    const bool training = rp.plan->workload.mode == Mode::Training;
    out.title = training ? "Cost per run" : "Cost over the serving horizon";
    out.formula = "cloud = GPU-hours × $/GPU-h × (1 + overhead);  on-prem = GPU-hours × TCO per year ÷ (GPUs × 8,760 h × u)";
    out.terms.push_back({"GPU-hours", training ? "GPUs × wall-clock hours of the run, failures included"
                                               : "GPUs × hours of the serving horizon",
                         formatFixed(c.gpuHours, 0) + " GPU-h"});
    if (c.cloudPerGpuHourUsd > 0) {
        out.terms.push_back({"$/GPU-h", std::string("cloud price (") + nameOf(cloudPricingNames(), in.pricing) + ")",
                             formatCurrencyExact(c.cloudPerGpuHourUsd, {}) + "/GPU-h"});
        out.terms.push_back({"overhead", "storage, egress and services (cost.cloud_overhead_fraction)",
                             formatPercent(in.cloudOverheadFraction, 0)});
        const double billed = c.cloudComputeUsd / (c.gpuHours * c.cloudPerGpuHourUsd);
        std::string sub = formatFixed(c.gpuHours, 0) + " × " + formatCurrencyExact(c.cloudPerGpuHourUsd, {}) + "/GPU-h";
        if (!close(billed, 1.0, 1e-6)) {
            out.terms.push_back({"billed/used", "hours billed per hour used (spot re-runs, idle reserved hours)", formatSignificant(billed)});
            sub += " × " + formatSignificant(billed);
        }
        out.steps.push_back({"cloud compute", "GPU-hours × $/GPU-h", sub, formatUsd(c.cloudComputeUsd)});
        out.steps.push_back({"cloud total", "compute × (1 + overhead)",
                             formatUsd(c.cloudComputeUsd) + " × " + formatFixed(1.0 + in.cloudOverheadFraction, 2), formatUsd(c.cloudTotalUsd)});
    } else {
        out.notes.push_back("No cloud price for this GPU: set cost.cloud_gpu_hour_usd to compare.");
    }
    if (c.onpremPerYearUsd > 0) {
        out.terms.push_back({"u", "share of the year the owned GPUs do useful work (cost.onprem_utilization)",
                             formatPercent(in.onpremUtilization, 0)});
        tcoSteps(out, c);
        out.steps.push_back({"on-prem per GPU-hour", "TCO per year ÷ (GPUs × 8,760 h × u)",
                             formatUsd(c.onpremPerYearUsd) + " ÷ (" + formatFixed(in.jobNodes * in.gpusPerNode, 0) + " × 8,760 h × "
                                 + formatPercent(in.onpremUtilization, 0) + ")",
                             formatCurrencyExact(c.onpremPerGpuHourUsd, {}) + "/GPU-h"});
        if (training)
            out.steps.push_back({"on-prem share of the run", "GPU-hours × on-prem per GPU-hour",
                                 formatFixed(c.gpuHours, 0) + " × " + formatCurrencyExact(c.onpremPerGpuHourUsd, {}) + "/GPU-h", formatUsd(c.onpremTotalUsd)});
        else
            out.steps.push_back({"on-prem over the horizon", "TCO per year × months ÷ 12",
                                 formatUsd(c.onpremPerYearUsd) + " × " + formatSignificant(in.horizonMonths) + " ÷ 12", formatUsd(c.onpremTotalUsd)});
    }
    out.result = "cloud " + (c.cloudTotalUsd > 0 ? formatUsd(c.cloudTotalUsd) : std::string("unknown")) + " | on-prem "
                 + (c.onpremTotalUsd > 0 ? formatUsd(c.onpremTotalUsd) : std::string("unknown"));
    out.source = kCostSource;
}

void explainBreakEven(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    const CostResult &c = e.cost;
    if (c.cloudPerGpuHourUsd <= 0 || c.onpremCapexUsd <= 0) {
        out.notes.push_back("Break-even needs both a cloud price and an on-prem capex for this plan.");
        return;
    }
    out.available = true;
    const FacilityInputs in = gatherFacilityInputs(rp, e.layout, e);
    const bool serving = rp.plan->workload.mode == Mode::Inference;
    const double gpus = in.jobNodes * in.gpusPerNode;
    const double useful = serving ? 1.0 : in.onpremUtilization;
    // The rate per useful hour the cost model compares with: price, overhead and billing factor.
    const double billed = c.gpuHours > 0 ? c.cloudComputeUsd / (c.gpuHours * c.cloudPerGpuHourUsd) : 1.0;
    const double rate = c.cloudPerGpuHourUsd * (1.0 + in.cloudOverheadFraction) * billed;
    const double cloudPerMonth = c.cloudPerMonthUsd;   // the cost model's figure; the terms below show how it is made
    const double opexPerMonth = c.onpremOpexPerYearUsd / 12.0;
    out.formula = "break-even months = capex ÷ (cloud cost per month − on-prem opex per month)";
    out.terms.push_back({"capex", "hardware (GPUs, servers, network, racks, storage) + own facility fit-out",
                         formatUsd(c.onpremCapexUsd)});
    out.terms.push_back({"GPUs", "owned GPUs doing the work", formatFixed(gpus, 0)});
    out.terms.push_back({"u", serving ? "serving runs every hour" : "useful share of the hours (cost.onprem_utilization)",
                         formatPercent(useful, 0)});
    out.terms.push_back({"rate", "cloud price per useful GPU-hour, overhead included", formatCurrencyExact(rate, {}) + "/GPU-h"});
    out.steps.push_back({"cloud per month", "GPUs × 730 h × u × rate",
                         formatFixed(gpus, 0) + " × 730 h × " + formatPercent(useful, 0) + " × " + formatCurrencyExact(rate, {}) + "/GPU-h", formatUsd(cloudPerMonth)});
    out.steps.push_back({"on-prem opex per month", "(energy + colocation + support + staff) ÷ 12",
                         formatUsd(c.onpremOpexPerYearUsd) + " ÷ 12", formatUsd(opexPerMonth)});
    if (!c.breakEvenNever) {
        out.steps.push_back({"break-even", "capex ÷ (cloud − opex)",
                             formatUsd(c.onpremCapexUsd) + " ÷ (" + formatUsd(cloudPerMonth) + " − " + formatUsd(opexPerMonth) + ")",
                             formatMonths(c.breakEvenMonths)});
        out.result = formatMonths(c.breakEvenMonths) + " until owning is cheaper";
    } else {
        out.result = "never: renting costs less per month than running the owned cluster";
    }
    tcoSteps(out, c);
    out.steps.push_back({"break-even utilization", "TCO per year ÷ (GPUs × 8,760 h × cloud $/used GPU-h)", "",
                         c.breakEvenUtilizationNever ? std::string("above 100%: never") : formatPercent(c.breakEvenUtilization)});
    out.notes.push_back("Owning wins when the cluster is busy: below " + formatPercent(c.breakEvenUtilization, 0)
                        + " useful utilization the cloud is cheaper per useful GPU-hour.");
    out.source = "break_even_months and break_even_utilisation (docs/formulas.md §10); docs/facility-and-cost.md.";
}

} // namespace gpuplan::explainimpl

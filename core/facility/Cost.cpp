// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/Cost.h"

#include "common/Units.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

constexpr double kHoursPerYear = 8760.0;
constexpr double kHoursPerMonth = kHoursPerYear / 12.0;
// A used GPU sells for at most this share of its new price, however young: the "used, working"
// condition factor of the SpotWire valuator (valuator_data.json, as of 2026-06-04: new 1.00,
// refurbished-certified 0.85, used-working 0.72), which its eBay sold comps bear out (H100 80GB
// PCIe used $20,000 against a $30,000 anchor, 0.67). ESTIMATE, third party (spotwire.ai,
// CC-BY-4.0; no exchange price for used data-centre GPUs is published). Without it a cluster sold
// after a six-week run would fetch 96% of its price.
constexpr double kUsedResaleCap = 0.72;

bool isReserved(CloudPricing p) { return p == CloudPricing::Reserved1y || p == CloudPricing::Reserved3y; }

void cloudCost(const FacilityInputs &in, double wallS, CostResult &c)
{
    if (in.cloudGpuHourUsd < 0)
        return;   // MissingInput::CloudPrice: no offer and no override
    const CloudBill bill = billCloud(in, in.cloudGpuHourUsd, in.pricing, wallS);
    c.cloudPerGpuHourUsd = in.cloudGpuHourUsd;
    c.cloudComputeUsd = bill.computeUsd;
    c.cloudOverheadUsd = bill.overheadUsd;
    c.cloudTotalUsd = bill.runShareUsd;
    c.cloudCashUsd = bill.cashUsd;
    c.cloudTermsBilled = bill.termsBilled;
}

void onpremCost(const FacilityInputs &in, const PowerResult &power, const BillOfMaterials &bom, CostResult &c)
{
    c.capexHardwareUsd = bom.capexUsd;
    c.capexFacilityUsd = in.ownFacility ? in.fitoutUsdPerKw * power.peakItKw : 0.0;
    c.onpremCapexUsd = c.capexHardwareUsd + c.capexFacilityUsd;
    c.capitalPerYearUsd =
        annualCapitalCost(c.capexHardwareUsd, c.capexHardwareUsd * in.residualFraction, in.depreciationYears, in.financingRate) +
        annualCapitalCost(c.capexFacilityUsd, 0.0, in.facilityLifeYears, in.financingRate);
    c.energyPerYearUsd = power.energyPerYearMwh * 1000.0 * in.electricityUsdPerKwh;
    // Colocation bills the contracted IT capacity (the peak), power billed separately.
    c.coloPerYearUsd = in.ownFacility ? 0.0 : power.peakItKw * in.coloUsdPerKwMonth * 12.0;
    c.supportPerYearUsd = c.capexHardwareUsd * in.supportFraction;
    c.staffFte = in.staffFte;
    c.staffPerYearUsd = in.staffFte * in.staffSalaryUsd;
    c.onpremOpexPerYearUsd = c.energyPerYearUsd + c.coloPerYearUsd + c.supportPerYearUsd + c.staffPerYearUsd;
    c.onpremPerYearUsd = c.capitalPerYearUsd + c.onpremOpexPerYearUsd;

    // Useful GPU-hours a year: the GPUs outside the spares, for the utilization share of the hours.
    const double workingGpus = in.jobNodes * in.gpusPerNode;
    c.onpremPerGpuHourUsd = c.onpremPerYearUsd / (workingGpus * kHoursPerYear * in.onpremUtilization);
    c.onpremTotalUsd = in.mode == Mode::Training ? c.onpremPerGpuHourUsd * c.gpuHours
                                                 : c.onpremPerYearUsd * in.horizonMonths / 12.0;
}

void onpremCash(const FacilityInputs &in, const PowerResult &power, double horizonS, CostResult &c)
{
    const OnpremCash cash = onpremCashOver(in, c, power.energyMwh, horizonS);
    c.cashHorizonS = horizonS;
    c.onpremOperationsUsd = cash.operationsUsd;
    c.onpremResaleUsd = cash.resaleUsd;
    c.onpremCashUsd = cash.cashUsd;
}

void breakEven(const FacilityInputs &in, CostResult &c)
{
    c.breakEvenNever = true;
    c.breakEvenUtilizationNever = true;
    if (in.cloudGpuHourUsd <= 0)
        return;
    const bool serving = in.mode == Mode::Inference;
    const double workingGpus = in.jobNodes * in.gpusPerNode;
    const double perUsedHour = in.cloudGpuHourUsd * (1.0 + in.cloudOverheadFraction) *
                               (in.pricing == CloudPricing::Spot ? 1.0 + in.spotPenalty : 1.0);
    // Renting the same useful hours a month (serving: every hour of the deployment). A reservation
    // bills every hour of its term, used or not.
    const double billedShare = serving || isReserved(in.pricing) ? 1.0 : in.onpremUtilization;
    const double cloudPerMonth = workingGpus * kHoursPerMonth * billedShare * perUsedHour;
    c.cloudPerMonthUsd = cloudPerMonth;
    const double savingPerMonth = cloudPerMonth - c.onpremOpexPerYearUsd / 12.0;
    if (savingPerMonth > 0 && c.onpremCapexUsd > 0) {
        c.breakEvenMonths = c.onpremCapexUsd / savingPerMonth;
        c.breakEvenNever = false;
    }
    // Utilization at which the on-prem cost per useful GPU-hour, TCO / (GPUs x 8,760 h x u), equals
    // the cloud's price per used hour (docs/formulas.md §10). A reservation is compared at its hourly rate.
    const double u = c.onpremPerYearUsd / (workingGpus * kHoursPerYear * perUsedHour);
    c.breakEvenUtilization = u;
    c.breakEvenUtilizationNever = u > 1.0;
}

} // namespace

double reservationTermHours(CloudPricing pricing)
{
    switch (pricing) {
    case CloudPricing::Reserved1y: return kHoursPerYear;
    case CloudPricing::Reserved3y: return 3.0 * kHoursPerYear;
    case CloudPricing::OnDemand:
    case CloudPricing::Spot: break;
    }
    return 0.0;
}

CloudBill billCloud(const FacilityInputs &in, double perGpuHourUsd, CloudPricing pricing, double wallS)
{
    CloudBill b;
    const double usedHours = std::max(0.0, wallS) / units::kHour;
    const double termHours = reservationTermHours(pricing);
    double billedHours = usedHours * (pricing == CloudPricing::Spot ? 1.0 + in.spotPenalty : 1.0);
    double creditedHours = 0;
    if (termHours > 0 && usedHours > 0) {
        b.termsBilled = std::ceil(usedHours / termHours);
        billedHours = b.termsBilled * termHours;
        creditedHours = (billedHours - usedHours) * in.followonUtilization;
    }
    const double overhead = 1.0 + in.cloudOverheadFraction;
    b.computeUsd = in.jobGpus * (billedHours - creditedHours) * perGpuHourUsd;
    b.overheadUsd = b.computeUsd * in.cloudOverheadFraction;
    b.runShareUsd = b.computeUsd + b.overheadUsd;
    b.cashUsd = in.jobGpus * billedHours * perGpuHourUsd * overhead;
    return b;
}

OnpremCash onpremCashOver(const FacilityInputs &in, const CostResult &c, double energyMwh, double horizonS)
{
    const double years = horizonS / units::kYear;
    OnpremCash cash;
    cash.operationsUsd = energyMwh * 1000.0 * in.electricityUsdPerKwh +
                         (c.coloPerYearUsd + c.supportPerYearUsd + c.staffPerYearUsd) * years;
    cash.resaleUsd = c.capexHardwareUsd * std::min(kUsedResaleCap, resaleFraction(in, years));
    cash.cashUsd = c.onpremCapexUsd + cash.operationsUsd - cash.resaleUsd;
    return cash;
}

double resaleFraction(const FacilityInputs &in, double years)
{
    if (years <= 0)
        return 1.0;
    if (in.depreciationYears <= 0 || years >= in.depreciationYears)
        return in.residualFraction;
    return std::pow(in.residualFraction, years / in.depreciationYears);
}

double annualCapitalCost(double capex, double residual, double years, double rate)
{
    if (capex <= 0 || years <= 0)
        return 0.0;
    if (rate <= 0)
        return (capex - residual) / years;
    const double growth = std::pow(1.0 + rate, years);
    const double presentResidual = residual / growth;
    return (capex - presentResidual) * rate / (1.0 - 1.0 / growth);
}

CostResult computeCost(const FacilityInputs &in, const PowerResult &power, const BillOfMaterials &bom,
                       const ReliabilityResult &reliability)
{
    CostResult c;
    c.timeSource = in.timeSource;
    c.missing = in.missing;
    const double wallS = in.mode == Mode::Training ? reliability.effectiveTimeToTrainS : in.idealRunS;
    c.gpuHours = in.jobGpus * wallS / units::kHour;
    c.tokens = in.mode == Mode::Training ? in.totalTokens : in.totalTokens * reliability.goodput;

    cloudCost(in, wallS, c);
    onpremCost(in, power, bom, c);
    onpremCash(in, power, wallS, c);
    breakEven(in, c);

    // The cheaper option with a known price; on-prem counts as known once anything is priced.
    const bool cloudKnown = in.cloudGpuHourUsd >= 0;
    const bool onpremKnown = c.onpremCapexUsd > 0;
    c.cheaper = (!cloudKnown || (onpremKnown && c.onpremTotalUsd < c.cloudTotalUsd)) ? CostBasis::OnPrem : CostBasis::Cloud;
    c.perRunUsd = c.cheaper == CostBasis::Cloud ? c.cloudTotalUsd : (onpremKnown ? c.onpremTotalUsd : 0.0);
    c.perMillionTokensUsd = c.tokens > 0 ? c.perRunUsd / (c.tokens / 1e6) : 0.0;
    // Failure-free GPU-hours of work (training) or available GPU-hours (serving).
    const double effectiveGpuHours =
        in.jobGpus * in.idealRunS / units::kHour * (in.mode == Mode::Training ? 1.0 : reliability.goodput);
    c.perEffectiveGpuHourUsd = effectiveGpuHours > 0 ? c.perRunUsd / effectiveGpuHours : 0.0;
    return c;
}

} // namespace gpuplan

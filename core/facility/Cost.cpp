// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/Cost.h"

#include "common/Units.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

constexpr double kHoursPerYear = 8760.0;
constexpr double kHoursPerMonth = kHoursPerYear / 12.0;

// GPU-hours billed per GPU-hour of useful work. On-demand bills the hours used; spot adds the work
// re-run after reclaims; a reservation bills every hour of its term, so with a share u of useful
// hours each useful hour costs 1/u as much (as with an owned cluster). Serving keeps the
// deployment up for the whole horizon, so there every hour is billed and counted.
double billedPerUsefulHour(const FacilityInputs &in)
{
    double factor = in.pricing == CloudPricing::Spot ? 1.0 + in.spotPenalty : 1.0;
    const bool reserved = in.pricing == CloudPricing::Reserved1y || in.pricing == CloudPricing::Reserved3y;
    if (reserved && in.mode == Mode::Training)
        factor /= in.onpremUtilization;
    return factor;
}

// Cloud price per useful GPU-hour, overhead included.
double cloudRatePerUsefulHour(const FacilityInputs &in)
{
    return in.cloudGpuHourUsd * (1.0 + in.cloudOverheadFraction) * billedPerUsefulHour(in);
}

void cloudCost(const FacilityInputs &in, CostResult &c)
{
    if (in.cloudGpuHourUsd < 0)
        return;   // MissingInput::CloudPrice: no offer and no override
    c.cloudPerGpuHourUsd = in.cloudGpuHourUsd;
    c.cloudComputeUsd = c.gpuHours * billedPerUsefulHour(in) * in.cloudGpuHourUsd;
    c.cloudOverheadUsd = c.cloudComputeUsd * in.cloudOverheadFraction;
    c.cloudTotalUsd = c.cloudComputeUsd + c.cloudOverheadUsd;
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

void breakEven(const FacilityInputs &in, CostResult &c)
{
    c.breakEvenNever = true;
    c.breakEvenUtilizationNever = true;
    if (in.cloudGpuHourUsd <= 0)
        return;
    const bool serving = in.mode == Mode::Inference;
    const double workingGpus = in.jobNodes * in.gpusPerNode;
    const double rate = cloudRatePerUsefulHour(in);
    // Renting the same useful hours a month (serving: every hour of the deployment).
    const double usefulHoursPerMonth = workingGpus * kHoursPerMonth * (serving ? 1.0 : in.onpremUtilization);
    const double cloudPerMonth = usefulHoursPerMonth * rate;
    c.cloudPerMonthUsd = cloudPerMonth;
    const double savingPerMonth = cloudPerMonth - c.onpremOpexPerYearUsd / 12.0;
    if (savingPerMonth > 0 && c.onpremCapexUsd > 0) {
        c.breakEvenMonths = c.onpremCapexUsd / savingPerMonth;
        c.breakEvenNever = false;
    }
    // Utilization at which the on-prem cost per useful GPU-hour, TCO / (GPUs x 8,760 h x u), equals
    // the cloud's price per used hour (docs/formulas.md §10). A reservation is compared at its hourly rate.
    const double perUsedHour = in.cloudGpuHourUsd * (1.0 + in.cloudOverheadFraction) *
                               (in.pricing == CloudPricing::Spot ? 1.0 + in.spotPenalty : 1.0);
    const double u = c.onpremPerYearUsd / (workingGpus * kHoursPerYear * perUsedHour);
    c.breakEvenUtilization = u;
    c.breakEvenUtilizationNever = u > 1.0;
}

} // namespace

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

    cloudCost(in, c);
    onpremCost(in, power, bom, c);
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

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/FacilityInputs.h"

// Cloud and on-prem cost of the plan, break-even and unit costs (docs/formulas.md §10,
// docs/references.md §10 formula set). docs/facility-and-cost.md explains each term.
namespace gpuplan {

// Yearly capital cost of `capex` over `years` at `rate` with a residual value: the annuity
// (capital recovery factor) of capex minus the present value of the residual; straight-line
// (capex − residual) / years when the rate is 0.
double annualCapitalCost(double capex, double residual, double years, double rate);

// What renting `in.jobGpus` GPUs for `wallS` seconds bills at `perGpuHourUsd` under `pricing`,
// cloud overhead included. On-demand bills the hours used, spot adds the re-run hours; a reservation
// bills whole terms (1 or 3 years of 8,760 h) from the start of the run, and the run's share credits
// the rest of the term at in.followonUtilization.
struct CloudBill
{
    double computeUsd = 0;     // GPU-hours billed x price (the run's share)
    double overheadUsd = 0;    // storage, egress and services on the run's share
    double cashUsd = 0;        // everything billed, terms in full, overhead included
    double runShareUsd = 0;    // computeUsd + overheadUsd
    double termsBilled = 0;    // reservation terms (0 for on-demand and spot)
};
CloudBill billCloud(const FacilityInputs &in, double perGpuHourUsd, CloudPricing pricing, double wallS);

// Hours of one reservation term (0 for on-demand and spot).
double reservationTermHours(CloudPricing pricing);

// Share of the hardware price it still sells for after `years` (exponential decline to
// in.residualFraction at in.depreciationYears, held there afterwards).
double resaleFraction(const FacilityInputs &in, double years);

// Cash the organisation pays out when it buys the cluster priced in `c` (its capex and yearly
// colocation, support and staff) and holds it for `horizonS` while it draws `energyMwh`: the capex,
// the operations while it holds the cluster, less what the hardware sells for at the end (facility
// fit-out is not sold).
struct OnpremCash
{
    double operationsUsd = 0;
    double resaleUsd = 0;
    double cashUsd = 0;
};
OnpremCash onpremCashOver(const FacilityInputs &in, const CostResult &c, double energyMwh, double horizonS);

CostResult computeCost(const FacilityInputs &in, const PowerResult &power, const BillOfMaterials &bom,
                       const ReliabilityResult &reliability);

} // namespace gpuplan

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

CostResult computeCost(const FacilityInputs &in, const PowerResult &power, const BillOfMaterials &bom,
                       const ReliabilityResult &reliability);

} // namespace gpuplan

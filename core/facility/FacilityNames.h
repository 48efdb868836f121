// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"

#include <string>

// Names of the facility enumerations for JSON (snake_case) and for people (labels).
namespace gpuplan {

const char *bomItemName(BomItem item);         // "leaf_switch"
const char *bomItemLabel(BomItem item);        // "Leaf switches"
const char *bomPricingName(BomPricing pricing);
const char *timeSourceName(TimeSource source);
const char *costBasisName(CostBasis basis);
const char *gpuPowerBasisName(GpuPowerBasis basis);   // "serving_curve"
// Name of MissingInput bit number `bit` (0-based), e.g. "gpu_price"; "" past the end.
const char *missingInputName(int bit);

// Where the GPU power fraction comes from, for people: "serving at 12.5 requests in flight per
// replica (measured curve, estimate)", "training, fixed share of TDP (estimate)".
std::string gpuPowerBasisText(const PowerResult &power);

} // namespace gpuplan

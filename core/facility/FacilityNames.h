// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"

// Names of the facility enumerations for JSON (snake_case) and for people (labels).
namespace gpuplan {

const char *bomItemName(BomItem item);         // "leaf_switch"
const char *bomItemLabel(BomItem item);        // "Leaf switches"
const char *bomPricingName(BomPricing pricing);
const char *timeSourceName(TimeSource source);
const char *costBasisName(CostBasis basis);
// Name of MissingInput bit number `bit` (0-based), e.g. "gpu_price"; "" past the end.
const char *missingInputName(int bit);

} // namespace gpuplan

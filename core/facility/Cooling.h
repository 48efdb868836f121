// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/BillOfMaterials.h"
#include "facility/FacilityInputs.h"

// Heat load, refrigeration, racks and the air-vs-liquid decision (formulas.md §10,
// power_cooling_cost.md §1 and §3).
namespace gpuplan {

CoolingResult computeCooling(const FacilityInputs &in, const PowerResult &power, const FabricSize &fabric);

} // namespace gpuplan

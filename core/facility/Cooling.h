// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/BillOfMaterials.h"
#include "facility/FacilityInputs.h"

// Heat load, refrigeration, racks and the air-vs-liquid decision (docs/formulas.md §10,
// docs/references.md §1 and §3).
namespace gpuplan {

CoolingResult computeCooling(const FacilityInputs &in, const PowerResult &power, const FabricSize &fabric);

} // namespace gpuplan

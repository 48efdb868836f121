// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/BillOfMaterials.h"
#include "facility/FacilityInputs.h"

// The facility models in dependency order: storage -> fabric -> power -> cooling/racks -> BOM ->
// reliability -> energy -> cost. Used once per evaluation and again for each sensitivity case.
namespace gpuplan {

struct FacilityOutputs
{
    StorageResult storage;
    DataPathResult dataPath;
    FabricSize fabric;
    PowerResult power;
    CoolingResult cooling;
    BillOfMaterials bom;
    ReliabilityResult reliability;
    CostResult cost;
};

void runFacilityChain(const FacilityInputs &in, FacilityOutputs &out);

// The same chain writing into results held elsewhere (an evaluation's own members), so that they
// are not built in a FacilityOutputs and copied over: every one is assigned whole.
struct FacilityOutputRefs
{
    StorageResult &storage;
    DataPathResult &dataPath;
    FabricSize &fabric;
    PowerResult &power;
    CoolingResult &cooling;
    BillOfMaterials &bom;
    ReliabilityResult &reliability;
    CostResult &cost;
};
void runFacilityChain(const FacilityInputs &in, const FacilityOutputRefs &out);

} // namespace gpuplan

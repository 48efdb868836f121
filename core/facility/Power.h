// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/BillOfMaterials.h"
#include "catalog/GpuSpec.h"
#include "facility/FacilityInputs.h"

#include <vector>

// IT and facility power of the cluster (docs/formulas.md §10): GPUs from TDP and busy/idle draw
// fractions, node overhead from the node catalog, switches, storage; facility power through PUE.
namespace gpuplan {

// Draw while the plan runs, at peak (sizing) and averaged over a year. Energy is filled later by
// addEnergy(), once the wall-clock time is known.
PowerResult computePower(const FacilityInputs &in, const FabricSize &fabric, double storageBytes);

// Energy and operational CO2 over `wallS` seconds of the plan (LLMCarbon: CO2 = E_IT x PUE x grid).
void addEnergy(const FacilityInputs &in, double wallS, double tokens, PowerResult &power);

// Tokens trained (training) or served (inference: output tokens) per joule of facility energy, PUE
// included: the inverse of power.energyPerMillionTokensKwh; 0 when no energy or no tokens are known.
double tokensPerJoule(const PowerResult &power);

// Share of TDP a serving GPU draws with `inFlight` requests in flight on its replica, from a GPU's
// serving_power_curve (log-linear between its points, towards `idleFraction` below the first,
// the last point's share above the last); idleFraction for an empty curve.
double servingCurveFraction(const std::vector<ServingPowerPoint> &curve, double inFlight, double idleFraction);

// Peak draw of one node (PSU maximum, or GPUs at TDP plus overhead when unknown).
double nodePeakW(const FacilityInputs &in);

} // namespace gpuplan

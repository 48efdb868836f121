// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/FacilityInputs.h"

// Training-data read bandwidth, checkpoint size and write/restore times on the chosen tier, and the
// capacity the retained checkpoints and the dataset need (docs/formulas.md §12).
namespace gpuplan {

StorageResult computeStorage(const FacilityInputs &in);

// Aggregate bandwidth of a tier for `nodes` nodes: per-node figure times nodes, capped by the
// system's aggregate (0 = no cap, node-local tiers).
double tierBandwidth(double perNode, double aggregate, double nodes);

} // namespace gpuplan

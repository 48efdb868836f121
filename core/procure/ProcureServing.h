// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "procure/Procurement.h"

#include <atomic>

// Serving plans in the procurement planner: for one GPU type, the fleet that carries the plan's
// request rate within its P99 targets at each tensor-parallel replica size (one node at most),
// bought or rented from each offer and term, priced over cost.horizon_months and per million output
// tokens served (docs/procurement.md, "Serving fleets").
namespace gpuplan {

void exploreServingGpu(const Plan &base, const Catalog &catalog, const GpuSpec &gpu, const GpuSpec *baseGpu,
                       const std::atomic<bool> *cancel, ProcureResult &out);

} // namespace gpuplan

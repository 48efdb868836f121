// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "procure/Procurement.h"

#include <atomic>
#include <vector>

// Serving plans in the procurement planner: for one GPU type, the fleet that carries the plan's
// request rate within its P99 targets at each tensor-parallel replica size (one node at most),
// bought or rented from each offer and term, priced over cost.horizon_months and per million output
// tokens served (docs/procurement.md, "Serving fleets").
namespace gpuplan {

// `prefillGpus`: the GPU types a disaggregated fleet's prefill pool may run on besides `gpu` (the
// request's GPUs): for each engine, the cheapest such mixed fleet per million tokens is added when
// it is cheaper than `gpu`'s own disaggregated fleet (docs/procurement.md, "Mixed fleets").
void exploreServingGpu(const Plan &base, const Catalog &catalog, const GpuSpec &gpu, const GpuSpec *baseGpu,
                       const std::vector<const GpuSpec *> &prefillGpus, const std::atomic<bool> *cancel,
                       ProcureResult &out);

} // namespace gpuplan

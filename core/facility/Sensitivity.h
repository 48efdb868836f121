// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/FacilityInputs.h"

#include <span>

// How much the plan's total cost moves when one assumption moves by -20% and +20%, the others held
// (data for a tornado chart). The total is that of the option that is cheaper at the base values
// (CostResult::sensitivityBasis), held fixed so the chart does not jump between options.
namespace gpuplan {

enum class Assumption : unsigned char {
    GpuPrice, ServerPrice, NetworkPrice, StoragePrice, Electricity, Pue, GpuPower, Colocation, Depreciation,
    OnpremUtilization, Staff, Support, CloudPrice, CloudOverhead, Throughput, NodeMtbf, Count
};

struct AssumptionInfo
{
    const char *name;    // JSON name, e.g. "gpu_price"
    const char *label;   // for charts, e.g. "GPU price"
    const char *field;   // plan field it stands for ("" when it is a model result)
};

// Indexed by Assumption.
std::span<const AssumptionInfo> sensitivityAssumptions();

inline constexpr double kSensitivityStep = 0.2;

// Applies factor (1 ± step) to one assumption of a copy of the inputs. Exposed for tests.
void scaleAssumption(FacilityInputs &in, Assumption which, double factor);

// Fills cost.sensitivity (sorted by swing, largest first); zero-swing assumptions are left out.
void computeSensitivity(const FacilityInputs &in, CostResult &cost);

} // namespace gpuplan

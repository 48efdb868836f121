// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Diagnostics.h"

#include <cstdint>
#include <string>

// Whether an evaluated plan could run at all, decided from its error diagnostics. Every view asks
// this before showing a time or a cost: an invalid plan's numbers are what the run would be if the
// problem were fixed, never an answer.
namespace gpuplan {

enum class PlanStatus : std::uint8_t {
    Valid,        // no error: the numbers describe a run that can happen
    Invalid,      // the layout or batch cannot be set up (GPUs, batch, replicas, precision)
    DoesNotFit    // the layout is sound but the model does not fit in memory
};

struct PlanValidity
{
    PlanStatus status = PlanStatus::Valid;
    // The first error that decided the status (DiagCode::Count when valid). Layout errors come
    // before memory errors: a layout that cannot be set up makes its memory figure moot.
    Diagnostic reason;

    bool valid() const { return status == PlanStatus::Valid; }
};

// Memory errors (the model or its KV cache does not fit) make a plan "does not fit"; every other
// error makes it invalid.
bool isMemoryError(DiagCode code);

// No allocation: runs on every evaluation.
PlanValidity planValidity(const Diagnostics &diagnostics);

// "valid", "invalid", "does_not_fit" (the --json names).
const char *planStatusName(PlanStatus status);

// One line for people: "invalid plan: <reason>", "does not fit: <reason>" or "valid plan".
std::string describeValidity(const PlanValidity &validity);

} // namespace gpuplan

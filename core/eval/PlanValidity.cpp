// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/PlanValidity.h"

namespace gpuplan {

bool isMemoryError(DiagCode code)
{
    return code == DiagCode::DoesNotFit || code == DiagCode::ConcurrencyTooHigh;
}

PlanValidity planValidity(const Diagnostics &diagnostics)
{
    PlanValidity v;
    const Diagnostic *firstMemory = nullptr;
    for (const Diagnostic &d : diagnostics) {
        if (d.severity != Severity::Error)
            continue;
        if (!isMemoryError(d.code)) {
            v.status = PlanStatus::Invalid;
            v.reason = d;
            return v;
        }
        if (!firstMemory)
            firstMemory = &d;
    }
    if (firstMemory) {
        v.status = PlanStatus::DoesNotFit;
        v.reason = *firstMemory;
    }
    return v;
}

const char *planStatusName(PlanStatus status)
{
    switch (status) {
    case PlanStatus::Valid: return "valid";
    case PlanStatus::Invalid: return "invalid";
    case PlanStatus::DoesNotFit: return "does_not_fit";
    }
    return "invalid";
}

std::string describeValidity(const PlanValidity &validity)
{
    switch (validity.status) {
    case PlanStatus::Valid: return "valid plan";
    case PlanStatus::Invalid: return "invalid plan: " + describe(validity.reason);
    case PlanStatus::DoesNotFit: return "does not fit: " + describe(validity.reason);
    }
    return "invalid plan";
}

} // namespace gpuplan

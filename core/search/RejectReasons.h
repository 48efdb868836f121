// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Diagnostics.h"

#include <array>

// Why the auto-planner set a candidate layout aside. The first block is the layout-check and
// evaluation diagnostics (DiagCode); the rest are the search's own reasons. Counted by index in
// the hot loop; the names are static strings looked up only when printing.
namespace gpuplan {

enum class SearchReject : unsigned char {
    NotFitImplied,       // a setting that saves more memory, or a smaller micro-batch/concurrency, did not fit
    Dominated,           // the same layout with less recompute or offload fits and is not slower
    CannotBeatBest,      // a lower bound on its time already loses to the best layouts found
    NoTimeEstimate,      // the time model gives no estimate for it
    LatencyImplied,      // a smaller concurrency already missed the latency target
    RequestRateNotMet,   // the replicas cannot serve the plan's request rate
    Count
};

inline constexpr int kRejectReasonCount = static_cast<int>(DiagCode::Count) + static_cast<int>(SearchReject::Count);
using RejectCounts = std::array<long long, kRejectReasonCount>;

constexpr int rejectIndex(DiagCode code)
{
    return static_cast<int>(code);
}
constexpr int rejectIndex(SearchReject reason)
{
    return static_cast<int>(DiagCode::Count) + static_cast<int>(reason);
}

// Short lower-case phrase, e.g. "TP does not divide the attention heads".
const char *rejectReasonName(int index);

} // namespace gpuplan

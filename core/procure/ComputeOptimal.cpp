// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/ComputeOptimal.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace gpuplan {

double computeOptimalParams(double computeFlops)
{
    return computeFlops > 0 ? std::sqrt(computeFlops / (6.0 * kChinchillaTokensPerParam)) : 0.0;
}

ComputeOptimal computeOptimalModel(const ProcureRequest &request, const std::vector<ProcureOption> &options,
                                   double planFlops)
{
    ComputeOptimal best;
    const bool budget = request.budgetUsd > 0;
    const bool deadline = request.deadlineDays > 0;
    if ((!budget && !deadline) || planFlops <= 0)
        return best;
    for (std::size_t i = 0; i < options.size(); ++i) {
        const ProcureOption &o = options[i];
        // A hybrid's split is fixed for the plan's run: its cash and time do not scale to another
        // model size as one cluster's do.
        if (o.cashUsd <= 0 || o.timeToTrainDays <= 0 || o.acquisition == Acquisition::Hybrid)
            continue;
        // Budget also bounds an option without a deadline and vice versa; an option on its own
        // site must fit its power.
        if (onBuyersSite(o) && request.sitePowerKw >= 0 && o.facilityKw > request.sitePowerKw)
            continue;
        const double byBudget = budget ? planFlops * request.budgetUsd / o.cashUsd : std::numeric_limits<double>::infinity();
        // The deadline counts from the order: a bought cluster trains only after its lead time.
        const double trainingDays = std::max(0.0, request.deadlineDays - o.leadTimeDays);
        const double byDeadline =
            deadline ? planFlops * trainingDays / o.timeToTrainDays : std::numeric_limits<double>::infinity();
        const double compute = std::min(byBudget, byDeadline);
        if (compute > 0 && compute > best.computeFlops) {
            best.known = true;
            best.option = static_cast<int>(i);
            best.computeFlops = compute;
            best.limitedByBudget = byBudget <= byDeadline;
        }
    }
    if (best.known) {
        best.params = computeOptimalParams(best.computeFlops);
        best.tokens = kChinchillaTokensPerParam * best.params;
    }
    return best;
}

} // namespace gpuplan

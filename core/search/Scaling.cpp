// SPDX-License-Identifier: GPL-3.0-or-later
// INTERIM: replaced by the scaling-curve search.
#include "search/Scaling.h"

namespace gpuplan {

ScalingResult computeScaling(const ResolvedPlan &, const ScalingOptions &)
{
    return {};
}

} // namespace gpuplan

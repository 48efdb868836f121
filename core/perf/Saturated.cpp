// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Saturated.h"

#include "perf/AttentionDp.h"

#include "memory/InferenceMemory.h"

#include <algorithm>

namespace gpuplan {

Batching batchingUsed(const ResolvedPlan &plan)
{
    const Batching wanted = plan.plan->workload.inference.batching;
    const Batching offered = plan.engine->defaultBatching;
    return static_cast<int>(wanted) <= static_cast<int>(offered) ? wanted : offered;
}

SaturatedServing saturatedServing(const ResolvedPlan &plan, const Layout &layout, const ForwardCostModel &m,
                                  const ServingWorkload &w)
{
    SaturatedServing s;
    if (!m.valid || !plan.engine || !plan.plan)
        return s;
    s.concurrency = saturatedConcurrency(plan, layout, w.promptLen, w.outputLen);
    s.point = servingPoint(m, batchingUsed(plan), w, std::max(s.concurrency, 1));
    return s;
}

SaturatedServing saturatedServing(const ResolvedPlan &plan, const Layout &layout, const ServingWorkload &w)
{
    return saturatedServing(plan, layout, servingForwardCost(plan, layout), w);
}

} // namespace gpuplan

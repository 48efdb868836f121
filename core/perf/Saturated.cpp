// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Saturated.h"

#include "memory/InferenceMemory.h"
#include "perf/InflightBatching.h"

#include <algorithm>

namespace gpuplan {

ServingPoint enginePoint(const ResolvedPlan &plan, const ForwardCostModel &m, Batching batching,
                         const ServingWorkload &w, double concurrency)
{
    const EnginePreset *e = plan.engine;
    if (batching == Batching::Continuous && e && e->pagedKv) {
        const InflightLimits limits{static_cast<double>(e->maxTokensPerStep), e->sequenceStepOverheadS};
        return inflightPoint(m, limits, w, concurrency);
    }
    return servingPoint(m, batching, w, concurrency);
}

SaturatedServing saturatedServing(const ResolvedPlan &plan, const Layout &layout, const ServingWorkload &w)
{
    SaturatedServing s;
    const ForwardCostModel m = buildForwardCost(plan, layout);
    if (!m.valid || !plan.engine || !plan.plan)
        return s;
    s.concurrency = saturatedConcurrency(plan, layout, w.promptLen, w.outputLen);
    const Batching wanted = plan.plan->workload.inference.batching;
    const Batching offered = plan.engine->defaultBatching;
    const Batching b = static_cast<int>(wanted) <= static_cast<int>(offered) ? wanted : offered;
    s.point = enginePoint(plan, m, b, w, std::max(s.concurrency, 1));
    return s;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluator/Evaluator.h"

#include "facility/FacilityModel.h"
#include "memory/FrameworkOverhead.h"
#include "memory/MemoryModel.h"
#include "perf/InferenceTime.h"
#include "perf/TrainingTime.h"

namespace gpuplan {

Evaluation evaluateMemoryFirst(const ResolvedPlan &plan, const Layout &layout)
{
    Evaluation e;
    e.shape = plan.shape;
    e.layout = layout;
    // A disaggregated deployment runs the layouts of its pools, not parallelism.* (their checks:
    // perf/DisaggregatedPlan.h).
    const Plan &p = *plan.plan;
    if (p.workload.mode == Mode::Training || p.workload.inference.servingMode == ServingMode::Aggregated)
        checkLayout(plan, layout, e.diagnostics);
    if (plan.gpu && !plan.gpu->efficiency.fitted)
        e.diagnostics.add(DiagCode::EfficiencyNotFitted, Severity::Info, "hardware.gpu",
                          plan.gpu->efficiency.residualMape, 0);
    e.memory = plan.plan->workload.mode == Mode::Training ? estimateTrainingMemory(plan, layout)
                                                          : estimateInferenceMemory(plan, layout);
    return e;
}

void evaluateTimeAfterMemory(const ResolvedPlan &plan, const Layout &layout, Evaluation &e)
{
    if (plan.plan->workload.mode == Mode::Training) {
        e.training = estimateTrainingTime(plan, layout);
    } else {
        e.inference = estimateInference(plan, layout, e.memory);
        addInferenceDiagnostics(plan, layout, e.memory, e.inference, e.diagnostics);
    }
    if (!e.memory.fits) {
        // Short of host RAM while the GPU side fits: say so on the node, not on the GPU.
        if (gpuMemoryVerdict(e.memory) != MemoryVerdict::DoesNotFit && !e.memory.hostFits)
            e.diagnostics.add(DiagCode::DoesNotFit, Severity::Error, "hardware.node", e.memory.hostBytesPerNode,
                              e.memory.hostCapacityBytes);
        else {
            // A prefill pool of its own GPU type that does not fit is that field's problem.
            const DisaggregatedResult &d = e.inference.disaggregated;
            const bool prefillPool = d.active && plan.prefillGpu && !d.prefill.fits;
            e.diagnostics.add(DiagCode::DoesNotFit, Severity::Error,
                              prefillPool ? "workload.inference.prefill_gpu" : "hardware.gpu", e.memory.perGpuBytes,
                              e.memory.capacityBytes);
        }
    }
    e.validity = planValidity(e.diagnostics);
}

Evaluation evaluateWithoutFacility(const ResolvedPlan &plan, const Layout &layout)
{
    Evaluation e = evaluateMemoryFirst(plan, layout);
    evaluateTimeAfterMemory(plan, layout, e);
    return e;
}

Evaluation evaluate(const ResolvedPlan &plan, const Layout &layout)
{
    Evaluation e = evaluateWithoutFacility(plan, layout);
    estimateFacility(plan, layout, e);
    e.validity = planValidity(e.diagnostics);   // the facility adds warnings only; kept in step anyway
    return e;
}

Evaluation evaluate(const ResolvedPlan &plan)
{
    return evaluate(plan, layoutFromPlan(*plan.plan));
}

} // namespace gpuplan

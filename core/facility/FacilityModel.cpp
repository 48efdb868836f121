// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/FacilityModel.h"

#include "facility/FacilityChain.h"
#include "facility/FacilityInputs.h"
#include "facility/Power.h"
#include "facility/Sensitivity.h"
#include "perf/TrainingFlops.h"

#include <algorithm>

namespace gpuplan {

namespace {

// Utilization guidance: below ~30% most of the money buys idle GPUs; above ~95% there is no
// headroom for queues and failures. The target band is 70-90%.
constexpr double kUtilizationLow = 0.3;
constexpr double kUtilizationHigh = 0.95;

void checkUtilization(double u, const char *field, Diagnostics &d)
{
    if (u < kUtilizationLow)
        d.add(DiagCode::UtilizationLow, Severity::Warning, field, u, kUtilizationLow);
    else if (u > kUtilizationHigh)
        d.add(DiagCode::UtilizationHigh, Severity::Warning, field, u, kUtilizationHigh);
}

void addDiagnostics(const ResolvedPlan &plan, const FacilityInputs &in, const Evaluation &e, Diagnostics &d)
{
    const CoolingResult &c = e.cooling;
    if (c.nodeExceedsRack)
        d.add(DiagCode::RackBelowNode, Severity::Warning, "facility.rack_power_limit_kw", in.rackLimitW / 1000.0,
              nodePeakW(in) / 1000.0);
    if (c.liquidRequired)
        d.add(DiagCode::LiquidCoolingRequired, Severity::Warning, "facility.air_cooling_limit_kw", c.kwPerRack,
              in.airLimitW / 1000.0);
    if (in.mode == Mode::Training) {
        checkUtilization(in.onpremUtilization, "cost.onprem_utilization", d);
        const DataPathResult &data = e.dataPath;
        const DiagCode code = data.limit == DataLimit::Storage   ? DiagCode::StorageLimitsStep
                              : data.limit == DataLimit::Network ? DiagCode::NetworkLimitsStep
                                                                 : DiagCode::HostCpuLimitsStep;
        if (data.known && data.limit != DataLimit::Gpu)
            d.add(code, Severity::Warning,
                  data.limit == DataLimit::HostCpu ? "parallelism.loader_workers"
                  : e.storage.separateCache        ? "storage.cache_tier"
                                                   : "storage.data_tier",
                  data.stepS, data.gpuStepS);
    } else {
        const bool byRate = plan.plan->workload.inference.requestRate > 0;
        checkUtilization(in.servingLoad, byRate ? "workload.inference.request_rate" : "facility.gpu_utilization", d);
    }
}

// The run as delivered: at the data path's step when it is slower than the GPUs' (the GPUs' own
// figures stay in gpuStepTimeS and the rest); the wait counts as "other" in the step's breakdown.
void paceTraining(const ResolvedPlan &plan, const Layout &layout, const DataPathResult &data, TrainingResult &t)
{
    if (!t.valid || data.pace <= 1)
        return;
    t.breakdown.other += data.stepS - t.stepTimeS;
    t.stepTimeS = data.stepS;
    fillThroughput(t, plan, layout);
    t.dataPace = t.stepTimeS / t.gpuStepTimeS;
}

// What the facility model deploys, from the inputs it ran on (one count for every view).
DeployedResult deployedOf(const ResolvedPlan &plan, const Layout &layout, const FacilityInputs &in, const Evaluation &e)
{
    DeployedResult d;
    d.gpus = static_cast<int>(in.jobGpus);
    d.nodes = static_cast<int>(in.jobNodes);
    d.spareNodes = static_cast<int>(in.spareNodes);
    d.planGpus = std::max(layout.numGpus, 1);
    if (plan.plan->workload.mode == Mode::Inference) {
        d.gpusPerReplica = std::max(e.inference.gpusPerReplica, 1);
        d.replicas = d.gpus / d.gpusPerReplica;
        d.sizedByRate = servingFleetGpus(e) > 0;
    }
    return d;
}

} // namespace

void estimateFacility(const ResolvedPlan &plan, const Layout &layout, Evaluation &e)
{
    const FacilityInputs in = gatherFacilityInputs(plan, layout, e);
    // The chain writes the evaluation's own results (none is read before it assigns it).
    FabricSize fabric;
    runFacilityChain(
        in, FacilityOutputRefs{e.storage, e.dataPath, fabric, e.power, e.cooling, e.bom, e.reliability, e.cost});
    e.deployed = deployedOf(plan, layout, in, e);
    paceTraining(plan, layout, e.dataPath, e.training);
    addDiagnostics(plan, in, e, e.diagnostics);
}

void estimateCostSensitivity(const ResolvedPlan &plan, const Layout &layout, Evaluation &e)
{
    const FacilityInputs in = gatherFacilityInputs(plan, layout, e);
    computeSensitivity(in, e.cost);
}

} // namespace gpuplan

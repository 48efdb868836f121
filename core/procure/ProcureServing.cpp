// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/ProcureServing.h"

#include "common/EnumNames.h"
#include "common/Units.h"
#include "evaluator/Evaluator.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityInputs.h"
#include "facility/TokenPrice.h"
#include "procure/ProcureDisaggregated.h"
#include "procure/ProcureOptions.h"

#include <algorithm>

namespace gpuplan {

namespace {

void reject(ProcureResult &out, const char *reason)
{
    out.rejected[reason] += 1;
}

bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

// What every option of one fleet shares: its GPUs, replica layout, engine, output rate and the
// days before it serves.
ProcureOption fleetOption(const GpuSpec &gpu, const char *engine, const Evaluation &e, const FacilityInputs &in)
{
    ProcureOption o;
    o.gpu = gpu.id;
    o.engine = engine;
    o.numGpus = static_cast<int>(in.jobGpus);
    o.layout = e.layout;
    o.layout.numGpus = o.numGpus;
    o.layout.dp = std::max(1, o.numGpus / std::max(e.inference.gpusPerReplica, 1));
    o.replicas = e.inference.capacity.replicas;
    o.gpusPerReplica = e.inference.gpusPerReplica;
    o.energyMwh = e.power.energyMwh;
    o.tokensPerS = e.cost.cashHorizonS > 0 ? e.cost.tokens / e.cost.cashHorizonS : 0.0;
    return o;
}

// The fleet `e` prices, bought and rented from every offer and term that can host it, each priced
// per token by the computation evaluate's cost.token_price uses. `shape` carries the serving mode,
// pools and latency.
void addFleetOptions(const ResolvedPlan &resolved, const GpuSpec &gpu, const Evaluation &e, const ProcureOption &shape,
                     ProcureResult &out)
{
    const Plan &plan = *resolved.plan;
    const FacilityAssumptions &f = plan.facility;
    const double leadDays = 7.0 * (f.procurementWeeks + f.installWeeks);
    const FacilityInputs in = gatherFacilityInputs(resolved, e.layout, e);
    const std::vector<CloudQuote> quotes = cloudQuotes(resolved, in, e.cost.cashHorizonS);
    ProcureOption base = fleetOption(gpu, shape.engine.c_str(), e, in);
    base.servingMode = shape.servingMode;
    base.prefillWorkers = shape.prefillWorkers;
    base.prefillTp = shape.prefillTp;
    base.decodeWorkers = shape.decodeWorkers;
    base.decodeTp = shape.decodeTp;
    base.ttftMs = shape.ttftMs;
    base.tpotMs = shape.tpotMs;
    base.latencyP99 = shape.latencyP99;
    // Serving from delivery and installation on: a bought fleet's finish day is its lead time.
    const std::size_t first = out.options.size();
    addPricedOptions(base, e.cost, quotes, leadDays, e.power.peakItKw * f.pue, out);
    for (std::size_t i = first; i < out.options.size(); ++i) {
        ProcureOption &o = out.options[i];
        TokenPrice t;
        priceTokens(plan, e, o.cashUsd, t);
        o.usdPerMillionTokens = t.usdPerMillionOutputAllIn;
        o.usdPerMillionOutputTokens = t.usdPerMillionOutput;
        o.usdPerMillionInputTokens = t.usdPerMillionInput;
    }
}

// The worker a disaggregated fleet is built of: the replica size whose aggregated fleet needs the
// fewest GPUs (the most efficient replica at this rate), else the smallest that serves at all.
struct WorkerChoice
{
    bool known = false;
    Evaluation evaluation;
    int fleetGpus = 0;              // its aggregated fleet; 0 = the targets unreachable aggregated
};

void consider(const Evaluation &e, WorkerChoice &w)
{
    const int fleet = e.inference.capacity.replicas > 0 ? e.inference.capacity.replicas * e.inference.gpusPerReplica : 0;
    const bool better = !w.known || (fleet > 0 && (w.fleetGpus == 0 || fleet < w.fleetGpus));
    if (better) {
        w.known = true;
        w.evaluation = e;
        w.fleetGpus = fleet;
    }
}

void exploreDisaggregated(const ResolvedPlan &resolved, const GpuSpec &gpu, const char *engine, const WorkerChoice &w,
                          ProcureResult &out)
{
    if (!w.known)
        return;
    const Evaluation &e = w.evaluation;
    // The decode pool admits each request as its KV cache arrives: in-flight batching.
    if (e.inference.batchingUsed != Batching::Continuous) {
        reject(out, "disaggregated: the engine has no in-flight batching");
        return;
    }
    const int size = std::max(e.layout.tp * e.layout.pp, 1);
    const int hint = w.fleetGpus > 0 ? w.fleetGpus / size : 2;
    const DisaggregatedFleet fleet = sizeDisaggregatedFleet(resolved, e.layout, hint);
    out.evaluated += fleet.frontierCalls;   // each a deployment swept over its splits and loads
    out.modelCalls += fleet.frontierCalls;
    if (!fleet.found) {
        reject(out, resolved.plan->workload.inference.outputLen < 2
                        ? "disaggregated: one output token, nothing to decode"
                        : "disaggregated: targets unreachable at this worker size");
        return;
    }
    const Evaluation fleetEval = disaggregatedEvaluation(resolved, e, fleet);
    ProcureOption shape;
    shape.engine = engine;
    shape.servingMode = ServingMode::Disaggregated;
    shape.prefillWorkers = fleet.prefillWorkers;
    shape.decodeWorkers = fleet.decodeWorkers;
    shape.prefillTp = shape.decodeTp = e.layout.tp;
    shape.ttftMs = fleet.point.ttftS * 1e3;
    shape.tpotMs = fleet.point.tpotS * 1e3;
    shape.latencyP99 = false;
    addFleetOptions(resolved, gpu, fleetEval, shape, out);
}

// One engine on one GPU type: an aggregated fleet per tensor-parallel replica size up to a node (a
// replica across nodes would put its all-reduce of every layer on the scale-out network), the
// capacity model sizing each; then the disaggregated fleet of the best replica size.
void exploreEngine(Plan &plan, const Catalog &catalog, const GpuSpec &gpu, const char *engine, const std::atomic<bool> *cancel,
                   ProcureResult &out)
{
    ResolvedPlan resolved;
    std::vector<ResolveError> errors;
    if (!resolvePlan(plan, catalog, resolved, errors)) {
        reject(out, "engine without a preset in the catalog");
        return;
    }
    const int node = std::max(resolved.gpusPerNode, 1);
    WorkerChoice worker;
    bool served = false;
    for (int tp = 1; tp <= node && !cancelled(cancel); tp *= 2) {
        plan.parallelism.tp = tp;
        plan.parallelism.pp = 1;
        plan.parallelism.dp = 0;
        plan.hardware.numGpus = tp;
        const Evaluation e = evaluate(resolved);
        ++out.evaluated;
        ++out.modelCalls;
        if (!e.validity.valid() || !e.inference.valid) {
            reject(out, "no serving layout at this replica size");
            continue;
        }
        served = true;
        consider(e, worker);
        if (e.inference.capacity.replicas <= 0) {
            reject(out, "P99 targets unreachable at this replica size");
            continue;
        }
        ProcureOption shape;
        shape.engine = engine;
        shape.ttftMs = e.inference.capacity.atRate.ttftP99Ms;
        shape.tpotMs = e.inference.capacity.atRate.tpotP99Ms;
        addFleetOptions(resolved, gpu, e, shape, out);
    }
    if (!served) {
        reject(out, "engine cannot serve the plan on this GPU");
        return;
    }
    if (!cancelled(cancel))
        exploreDisaggregated(resolved, gpu, engine, worker, out);
}

} // namespace

void exploreServingGpu(const Plan &base, const Catalog &catalog, const GpuSpec &gpu, const GpuSpec *baseGpu,
                       const std::atomic<bool> *cancel, ProcureResult &out)
{
    const Plan gpuPlan = planForGpu(base, gpu, baseGpu);
    {
        ResolvedPlan resolved;
        std::vector<ResolveError> errors;
        if (!resolvePlan(gpuPlan, catalog, resolved, errors)) {
            reject(out, "GPU without a node or fabric in the catalog");
            return;
        }
    }
    out.gpusExplored.push_back(gpu.id);
    // Every engine the catalog has a preset for, in the order of workload.inference.engine's names.
    for (const EnumName &name : engineNames().names) {
        if (cancelled(cancel))
            return;
        if (!catalog.findEngine(name.name)) {
            reject(out, "engine without a preset in the catalog");
            continue;
        }
        Plan plan = gpuPlan;
        plan.workload.inference.engine = static_cast<ServingEngine>(name.value);
        exploreEngine(plan, catalog, gpu, name.name, cancel, out);
    }
}

} // namespace gpuplan

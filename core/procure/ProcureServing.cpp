// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/ProcureServing.h"

#include "common/EnumNames.h"
#include "common/Units.h"
#include "evaluator/Evaluator.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityInputs.h"
#include "facility/TokenPrice.h"
#include "memory/InferenceMemory.h"
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
// `rentable` false: bought only (a mixed fleet of two GPU types, which no one cloud offer rents).
void addFleetOptions(const ResolvedPlan &resolved, const GpuSpec &gpu, const Evaluation &e, const ProcureOption &shape,
                     ProcureResult &out, bool rentable = true)
{
    const Plan &plan = *resolved.plan;
    const FacilityAssumptions &f = plan.facility;
    const double leadDays = 7.0 * (f.procurementWeeks + f.installWeeks);
    const FacilityInputs in = gatherFacilityInputs(resolved, e.layout, e);
    const std::vector<CloudQuote> quotes =
        rentable ? cloudQuotes(resolved, in, e.cost.cashHorizonS) : std::vector<CloudQuote>{};
    ProcureOption base = fleetOption(gpu, shape.engine.c_str(), e, in);
    if (!shape.prefillGpu.empty()) {
        // The deployment's evaluation counts it one replica of all its GPUs: the pools' workers here.
        base.replicas = shape.prefillWorkers + shape.decodeWorkers;
        base.gpusPerReplica = shape.decodeTp;
        base.layout.dp = base.replicas;
        base.prefillGpu = shape.prefillGpu;
        base.prefillBatch = shape.prefillBatch;
        base.decodeBatch = shape.decodeBatch;
    }
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

// The single-type disaggregated fleet found for one engine: what its mixed fleets start from and
// are held against.
struct SingleFleet
{
    bool found = false;
    int tp = 0;
    int prefillWorkers = 0;
    int decodeWorkers = 0;
    double buyUsdPerMillionTokens = -1;   // its bought option's all-in price; < 0 none
};

SingleFleet exploreDisaggregated(const ResolvedPlan &resolved, const GpuSpec &gpu, const char *engine, const WorkerChoice &w,
                                 ProcureResult &out)
{
    SingleFleet single;
    if (!w.known)
        return single;
    const Evaluation &e = w.evaluation;
    // The decode pool admits each request as its KV cache arrives: in-flight batching.
    if (e.inference.batchingUsed != Batching::Continuous) {
        reject(out, "disaggregated: the engine has no in-flight batching");
        return single;
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
        return single;
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
    const std::size_t first = out.options.size();
    addFleetOptions(resolved, gpu, fleetEval, shape, out);
    single.found = true;
    single.tp = e.layout.tp;
    single.prefillWorkers = fleet.prefillWorkers;
    single.decodeWorkers = fleet.decodeWorkers;
    for (std::size_t i = first; i < out.options.size(); ++i) {
        if (out.options[i].acquisition == Acquisition::Buy)
            single.buyUsdPerMillionTokens = out.options[i].usdPerMillionTokens;
    }
    return single;
}

// A mixed fleet: the decode pool of `single` on `gpu`, the prefill pool of the same worker size on
// each other GPU type of `prefillGpus`, with the fewest prefill workers whose deployment, evaluated
// as its plan (writeMixedFleet), carries the plan's peak rate with the headroom to spare within the
// TTFT and TPOT targets (the open loop's means at the rate). Of those, the cheapest bought one per
// million tokens is added when it is cheaper than `single`'s bought fleet: at most one mixed
// option per decode GPU and engine.
void exploreMixed(const Plan &plan, const ResolvedPlan &resolved, const Catalog &catalog, const GpuSpec &gpu,
                  const char *engine, const Layout &worker, const SingleFleet &single,
                  const std::vector<const GpuSpec *> &prefillGpus, const std::atomic<bool> *cancel, ProcureResult &out)
{
    if (!single.found || !(single.buyUsdPerMillionTokens > 0) || !resolved.engine)
        return;
    const InferenceWorkload &w = plan.workload.inference;
    const double need = w.requestRate / std::max(1.0 - w.headroom, 1e-3);
    Layout decodeWorker = worker;
    decodeWorker.numGpus = single.tp;
    decodeWorker.tp = single.tp;
    decodeWorker.pp = 1;
    ProcureOption shape;
    shape.engine = engine;
    shape.servingMode = ServingMode::Disaggregated;
    shape.latencyP99 = false;
    shape.prefillTp = shape.decodeTp = single.tp;
    shape.decodeWorkers = single.decodeWorkers;
    // A decode worker holds the requests its KV pool admits; a prefill worker takes the prompts the
    // engine's token budget holds per pass (the pools' inputs cap the batch at that budget).
    shape.decodeBatch = std::max(saturatedConcurrency(resolved, decodeWorker, w.promptLen, w.outputLen), 1);
    shape.prefillBatch = std::max(resolved.engine->maxBatch, 1);
    ProcureResult best;
    for (const GpuSpec *prefill : prefillGpus) {
        if (cancelled(cancel))
            return;
        if (prefill == &gpu || prefill->id == gpu.id)
            continue;
        shape.prefillGpu = prefill->id;
        shape.prefillWorkers = std::max(single.prefillWorkers, 1);
        Plan mixed = plan;
        writeMixedFleet(shape, mixed);
        ResolvedPlan mr;
        std::vector<ResolveError> errors;
        if (!resolvePlan(mixed, catalog, mr, errors)) {
            reject(out, "mixed: prefill GPU without a node in the catalog");
            continue;
        }
        Evaluation e;
        bool fits = true;
        // Sized at the peak rate with the headroom (the open loop at `need` not overloaded and
        // within the targets); the option's figures are the plan's at its own rate.
        mixed.workload.inference.requestRate = need;
        const auto carriesAt = [&](int workers, Evaluation &into) {
            mixed.workload.inference.prefill.workers = workers;
            mixed.hardware.numGpus = disaggregatedGpus(mixed.workload.inference);
            into = evaluate(mr);
            ++out.evaluated;
            ++out.modelCalls;
            const InferenceResult &r = into.inference;
            fits = into.validity.valid();
            return fits && r.valid && !r.overloaded && r.meetsTtft && r.meetsTpot;
        };
        // Fewest prefill workers: from the single-type pool's, doubling until the deployment
        // carries the rate (or halving while a smaller pool still does), then bisected.
        int hi = shape.prefillWorkers, lo = 0;
        Evaluation probe;
        bool found = carriesAt(hi, probe);
        if (!fits) {
            reject(out, "mixed: the prefill worker does not fit this GPU");
            continue;
        }
        if (found) {
            e = probe;
            while (hi > 1 && carriesAt(hi / 2, probe)) {
                hi /= 2;
                e = probe;
            }
            lo = hi > 1 ? hi / 2 : 0;
        } else {
            lo = hi;
            while (!found && hi < kMaxDisaggregatedWorkers) {
                hi = std::min(2 * hi, kMaxDisaggregatedWorkers);
                if (carriesAt(hi, probe)) {
                    found = true;
                    e = probe;
                } else {
                    lo = hi;
                }
            }
        }
        if (!found) {
            reject(out, "mixed: targets unreachable with this prefill GPU");
            continue;
        }
        while (hi - lo > 1) {
            const int mid = lo + (hi - lo) / 2;
            if (carriesAt(mid, probe)) {
                hi = mid;
                e = probe;
            } else {
                lo = mid;
            }
        }
        // The evaluation of the fleet sized: the plan as the option writes it.
        mixed.workload.inference.requestRate = w.requestRate;
        mixed.workload.inference.prefill.workers = hi;
        mixed.hardware.numGpus = disaggregatedGpus(mixed.workload.inference);
        e = evaluate(mr);
        ++out.evaluated;
        ++out.modelCalls;
        shape.prefillWorkers = hi;
        shape.ttftMs = e.inference.ttftMs;
        shape.tpotMs = e.inference.decodeMsPerToken;
        ProcureResult priced;
        addFleetOptions(mr, gpu, e, shape, priced, false);
        for (ProcureOption &o : priced.options) {
            const bool cheaper = best.options.empty() || o.usdPerMillionTokens < best.options.front().usdPerMillionTokens;
            if (o.acquisition == Acquisition::Buy && cheaper) {
                best.options.clear();
                best.options.push_back(std::move(o));
            }
        }
    }
    if (best.options.empty())
        return;
    if (best.options.front().usdPerMillionTokens < single.buyUsdPerMillionTokens)
        out.options.push_back(std::move(best.options.front()));
    else
        reject(out, "mixed: no cheaper per million tokens than one GPU type");
}

// One engine on one GPU type: an aggregated fleet per tensor-parallel replica size up to a node (a
// replica across nodes would put its all-reduce of every layer on the scale-out network), the
// capacity model sizing each; then the disaggregated fleet of the best replica size.
void exploreEngine(Plan &plan, const Catalog &catalog, const GpuSpec &gpu, const char *engine,
                   const std::vector<const GpuSpec *> &prefillGpus, const std::atomic<bool> *cancel, ProcureResult &out)
{
    const Plan gpuPlan = plan;   // before the replica sizes are tried on it
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
    if (cancelled(cancel))
        return;
    const SingleFleet single = exploreDisaggregated(resolved, gpu, engine, worker, out);
    if (single.found && !cancelled(cancel))
        exploreMixed(gpuPlan, resolved, catalog, gpu, engine, worker.evaluation.layout, single, prefillGpus, cancel, out);
}

} // namespace

void exploreServingGpu(const Plan &base, const Catalog &catalog, const GpuSpec &gpu, const GpuSpec *baseGpu,
                       const std::vector<const GpuSpec *> &prefillGpus, const std::atomic<bool> *cancel,
                       ProcureResult &out)
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
        exploreEngine(plan, catalog, gpu, name.name, prefillGpus, cancel, out);
    }
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/ProcureServing.h"

#include "common/Units.h"
#include "evaluator/Evaluator.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityInputs.h"
#include "facility/TokenPrice.h"
#include "procure/ProcureOptions.h"

#include <algorithm>

namespace gpuplan {

namespace {

void reject(ProcureResult &out, const char *reason)
{
    out.rejected[reason] += 1;
}

// What every option of one fleet shares: its GPUs, replica layout, output rate and the days before
// it serves.
ProcureOption fleetOption(const GpuSpec &gpu, const Evaluation &e, const FacilityInputs &in)
{
    ProcureOption o;
    o.gpu = gpu.id;
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

} // namespace

void exploreServingGpu(const Plan &base, const Catalog &catalog, const GpuSpec &gpu, const GpuSpec *baseGpu,
                       const std::atomic<bool> *cancel, ProcureResult &out)
{
    Plan plan = planForGpu(base, gpu, baseGpu);
    ResolvedPlan resolved;
    std::vector<ResolveError> errors;
    if (!resolvePlan(plan, catalog, resolved, errors)) {
        reject(out, "GPU without a node or fabric in the catalog");
        return;
    }
    out.gpusExplored.push_back(gpu.id);
    const FacilityAssumptions &f = plan.facility;
    const double leadDays = 7.0 * (f.procurementWeeks + f.installWeeks);
    const int node = std::max(resolved.gpusPerNode, 1);
    // One replica per tensor-parallel size up to a node (a replica across nodes would put its
    // all-reduce of every layer on the scale-out network); the capacity model sizes the fleet.
    for (int tp = 1; tp <= node && !(cancel && cancel->load(std::memory_order_relaxed)); tp *= 2) {
        plan.parallelism.tp = tp;
        plan.parallelism.pp = 1;
        plan.parallelism.dp = 0;
        plan.hardware.numGpus = tp;
        const Evaluation e = evaluate(resolved);
        if (!e.validity.valid() || !e.inference.valid) {
            reject(out, "no serving layout at this replica size");
            continue;
        }
        if (e.inference.capacity.replicas <= 0) {
            reject(out, "P99 targets unreachable at this replica size");
            continue;
        }
        const FacilityInputs in = gatherFacilityInputs(resolved, e.layout, e);
        const std::vector<CloudQuote> quotes = cloudQuotes(resolved, in, e.cost.cashHorizonS);
        // Serving from delivery and installation on: a bought fleet's finish day is its lead time.
        const std::size_t first = out.options.size();
        addPricedOptions(fleetOption(gpu, e, in), e.cost, quotes, leadDays, e.power.peakItKw * f.pue, out);
        // Each way of paying priced per token by the computation evaluate's cost.token_price uses.
        for (std::size_t i = first; i < out.options.size(); ++i) {
            ProcureOption &o = out.options[i];
            TokenPrice t;
            priceTokens(plan, e, o.cashUsd, t);
            o.usdPerMillionTokens = t.usdPerMillionOutputAllIn;
            o.usdPerMillionOutputTokens = t.usdPerMillionOutput;
            o.usdPerMillionInputTokens = t.usdPerMillionInput;
        }
    }
}

} // namespace gpuplan

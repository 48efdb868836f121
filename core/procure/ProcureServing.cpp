// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/ProcureServing.h"

#include "common/Units.h"
#include "evaluator/Evaluator.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityInputs.h"

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

double perMillion(double usd, const CostResult &c)
{
    return c.tokens > 0 ? usd / (c.tokens / 1e6) : 0.0;
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
        const CostResult &c = e.cost;
        const double siteKw = e.power.peakItKw * f.pue;
        const bool buyPriced =
            !c.isMissing(MissingInput::GpuPrice) && !c.isMissing(MissingInput::NodePrice) && c.onpremCapexUsd > 0;
        if (buyPriced) {
            ProcureOption o = fleetOption(gpu, e, in);
            o.acquisition = Acquisition::Buy;
            o.cashUsd = c.onpremCashUsd;
            o.tcoUsd = c.onpremTotalUsd;
            o.capexUsd = c.onpremCapexUsd;
            o.upfrontUsd = c.onpremCapexUsd;
            o.leadTimeDays = leadDays;
            o.finishDays = leadDays;   // serving from delivery and installation on
            o.facilityKw = siteKw;
            o.usdPerMillionTokens = perMillion(o.cashUsd, c);
            out.options.push_back(std::move(o));
        } else {
            reject(out, "no purchase price in the catalog");
        }
        const std::vector<CloudQuote> quotes = cloudQuotes(resolved, in, c.cashHorizonS);
        if (quotes.empty())
            reject(out, "no cloud offer can host this count");
        for (const CloudQuote &q : quotes) {
            ProcureOption o = fleetOption(gpu, e, in);
            o.acquisition = Acquisition::Cloud;
            o.offer = q.offer ? q.offer->id : std::string();
            o.provider = q.offer ? q.offer->provider : std::string();
            o.term = q.pricing;
            o.priceEstimated = !q.published;
            o.cashUsd = q.bill.cashUsd;
            o.tcoUsd = q.bill.runShareUsd;
            o.facilityKw = siteKw;
            o.usdPerMillionTokens = perMillion(o.cashUsd, c);
            out.options.push_back(std::move(o));
        }
    }
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// Exploration of the procurement planner: GPU types x counts x ways of paying, the fastest layout
// at each count from the auto-planner, every option priced with the cost model's own billing; the
// hybrids of each GPU type are built from its explored counts (ProcureHybrid.cpp).
#include "procure/Procurement.h"

#include "common/EnumNames.h"
#include "common/Units.h"
#include "evaluator/Evaluator.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityInputs.h"
#include "procure/ComputeOptimal.h"
#include "procure/ProcureHybrid.h"
#include "procure/ProcureOptions.h"
#include "procure/ProcureServing.h"
#include "search/LayoutSearch.h"
#include "search/TimeBound.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <thread>

namespace gpuplan {

namespace {

// The count ladder: whole nodes doubling from one node, up to 32 Ki GPUs (the size of the largest
// published training clusters: Llama 3 405B ran on 16 Ki H100). The climb stops earlier once
// doubling the GPUs cuts the time to train by less than a fifth (scaling efficiency below 62%:
// more GPUs would mostly cost more).
constexpr int kMaxLadderGpus = 32768;
constexpr double kMinSpeedupPerDoubling = 1.25;

// The machine budget is 2 cores; more threads would only contend with the desktop.
constexpr unsigned kThreads = 2;

void reject(ProcureResult &out, const char *reason, long long n = 1)
{
    out.rejected[reason] += n;
}

// A layout whose memory is only borderline (within the memory model's error band of the limit) may
// not fit on the real cluster: a layout at most this much slower that fits even at the top of the
// band is taken instead, among the auto-planner's fastest few.
constexpr double kSafeLayoutSlowdown = 1.02;
constexpr int kSafeLayoutCandidates = 8;

// Fastest layout at `n` GPUs: the auto-planner with the plan's sharding implementation and no
// offload (both only slow a run that has the GPUs to hold its states); a borderline one gives way
// to one that fits within kSafeLayoutSlowdown of its time. ranked: in, the previous count's best
// layouts, whose groups are searched first (the fastest layouts of a count are usually those of
// the count below with DP doubled: an early incumbent that lets the search's time bounds skip
// more, with the same answer); out, this count's.
bool fastestLayout(const ResolvedPlan &resolved, int n, const std::atomic<bool> *cancel, ProcureResult &out,
                   SearchCandidate &best, std::vector<Layout> &ranked, GroupBoundCarry &carry)
{
    SearchOptions options;
    options.objective = SearchObjective::Time;
    options.top = kSafeLayoutCandidates;
    options.minGpus = n;
    options.maxGpus = n;
    options.allShardings = false;
    options.allowOffload = false;
    // Serving fleets are sized apart, disaggregated ones included (ProcureDisaggregated.h).
    options.disaggregated = false;
    options.cancel = cancel;
    options.firstGroups = ranked;
    options.carriedBounds = &carry;
    const SearchResult r = searchLayouts(resolved, options);
    ranked.clear();
    for (const SearchCandidate &c : r.best)
        ranked.push_back(c.layout);
    out.evaluated += r.evaluated;
    out.modelCalls += r.evaluateCalls;
    for (int i = 0; i < kRejectReasonCount; ++i) {
        if (r.rejected[static_cast<std::size_t>(i)] > 0)
            reject(out, rejectReasonName(i), r.rejected[static_cast<std::size_t>(i)]);
    }
    if (r.best.empty())
        return false;
    best = r.best.front();
    const Evaluation fastest = evaluateWithoutFacility(resolved, best.layout);
    if (fastest.memory.verdict != MemoryVerdict::Borderline)
        return true;
    for (std::size_t i = 1; i < r.best.size(); ++i) {
        const SearchCandidate &c = r.best[i];
        if (c.timeToTrainS > best.timeToTrainS * kSafeLayoutSlowdown)
            break;   // best first: the rest are slower still
        if (c.perGpuBytes >= fastest.memory.perGpuBytes)
            continue;
        if (evaluateWithoutFacility(resolved, c.layout).memory.verdict == MemoryVerdict::Fits) {
            reject(out, "borderline memory: a layout at most 2% slower that fits taken instead");
            best = c;
            return true;
        }
    }
    return true;
}

ProcureOption baseOption(const GpuSpec &gpu, const Evaluation &e, const SearchCandidate &candidate)
{
    ProcureOption o;
    o.gpu = gpu.id;
    o.numGpus = e.layout.numGpus;
    o.layout = e.layout;
    o.timeToTrainDays = e.reliability.effectiveTimeToTrainS / units::kDay;
    o.energyMwh = e.power.energyMwh;
    o.tokensPerS = candidate.tokensPerS;
    o.mfu = candidate.mfu;
    return o;
}

// The buy option and one option per cloud offer and term for one GPU count; what they were priced
// from goes to `explored` for the hybrids. False when the count has no option.
bool addOptions(const ResolvedPlan &resolved, const GpuSpec &gpu, const SearchCandidate &candidate, ProcureResult &out,
                ExploredCount &explored)
{
    const Evaluation e = evaluate(resolved, candidate.layout);
    if (!(e.reliability.effectiveTimeToTrainS > 0) || e.reliability.unfinishable) {
        reject(out, "failures outpace progress");
        return false;
    }
    const std::size_t before = out.options.size();
    const CostResult &c = e.cost;
    const double pue = resolved.plan->facility.pue;
    const double siteKw = e.power.peakItKw * pue;
    // A bought cluster trains only once it is delivered and installed (facility.procurement_weeks
    // and install_weeks).
    const FacilityAssumptions &f = resolved.plan->facility;
    const double leadDays = 7.0 * (f.procurementWeeks + f.installWeeks);
    const FacilityInputs in = gatherFacilityInputs(resolved, e.layout, e);
    const std::vector<CloudQuote> quotes = cloudQuotes(resolved, in, c.cashHorizonS);
    ProcureOption base = baseOption(gpu, e, candidate);
    base.finishDays = base.timeToTrainDays;
    explored.buyOption = addPricedOptions(base, c, quotes, leadDays, siteKw, out);
    explored.leadTimeDays = leadDays;
    explored.numGpus = e.layout.numGpus;
    explored.layout = e.layout;
    explored.wallS = e.reliability.effectiveTimeToTrainS;
    explored.restartS = e.reliability.restartS;
    explored.energyMwh = e.power.energyMwh;
    explored.tokensPerS = candidate.tokensPerS;
    explored.mfu = candidate.mfu;
    explored.cost = c;
    explored.inputs = in;
    explored.quotes = quotes;
    return out.options.size() > before;
}

bool cancelled(const std::atomic<bool> *cancel)
{
    return cancel && cancel->load(std::memory_order_relaxed);
}

} // namespace

bool purchasePriced(const ResolvedPlan &resolved)
{
    // The purchase prices are per GPU and per node: the count does not change which are missing.
    const Evaluation unsized;
    const FacilityInputs in = gatherFacilityInputs(resolved, layoutFromPlan(*resolved.plan), unsized);
    constexpr unsigned kPurchase = static_cast<unsigned>(MissingInput::GpuPrice) | static_cast<unsigned>(MissingInput::NodePrice);
    return (in.missing & kPurchase) == 0;
}

bool countCanBePriced(const ResolvedPlan &resolved, const Catalog &catalog, const GpuSpec &gpu, bool bought, int numGpus)
{
    if (bought || resolved.plan->cost.cloudGpuHourUsd >= 0)
        return true;
    for (const CloudOffer *offer : catalog.offersFor(gpu)) {
        if (offerCanHost(*offer, numGpus, resolved.gpusPerNode))
            return true;
    }
    return false;
}

namespace {

void exploreGpu(const Plan &base, const Catalog &catalog, const GpuSpec &gpu, const GpuSpec *baseGpu,
                const std::atomic<bool> *cancel, ProcureResult &out)
{
    Plan plan = planForGpu(base, gpu, baseGpu);
    ResolvedPlan resolved;
    std::vector<ResolveError> errors;
    if (!resolvePlan(plan, catalog, resolved, errors)) {
        reject(out, "GPU without a node or fabric in the catalog");
        return;
    }
    if (gpu.peak(plan.precision.compute) <= 0) {
        reject(out, "GPU without the plan's compute precision");
        return;
    }
    // A count no option could price (no purchase price, no cloud offer that hosts it) costs no
    // layout search; larger counts cannot be priced either (offers host up to an instance, or any
    // number of whole nodes).
    const int node = std::max(resolved.gpusPerNode, 1);
    const bool bought = purchasePriced(resolved);
    if (!countCanBePriced(resolved, catalog, gpu, bought, node)) {
        reject(out, "GPU without a purchase price or a cloud offer in the catalog");
        return;
    }
    out.gpusExplored.push_back(gpu.id);
    std::vector<ExploredCount> counts;
    std::vector<Layout> ranked;
    GroupBoundCarry carry;   // the ladder's counts only grow
    double previousDays = 0;
    for (long long n = node; n <= kMaxLadderGpus && !cancelled(cancel); n *= 2) {
        if (!countCanBePriced(resolved, catalog, gpu, bought, static_cast<int>(n))) {
            reject(out, "no cloud offer can host this count");
            break;
        }
        plan.hardware.numGpus = static_cast<int>(n);
        SearchCandidate best;
        if (!fastestLayout(resolved, static_cast<int>(n), cancel, out, best, ranked, carry)) {
            reject(out, "no layout fits this count");
            if (previousDays > 0)
                break;   // fitted at fewer GPUs: more cannot help (the batch no longer divides)
            continue;
        }
        ExploredCount explored;
        if (!addOptions(resolved, gpu, best, out, explored))
            continue;
        counts.push_back(std::move(explored));
        const double days = out.options.back().timeToTrainDays;
        if (previousDays > 0 && previousDays / days < kMinSpeedupPerDoubling)
            break;
        previousDays = days;
    }
    addHybridOptions(gpu.id, counts, out);
}

} // namespace

Plan planForGpu(const Plan &base, const GpuSpec &gpu, const GpuSpec *baseGpu)
{
    Plan p = base;
    // A candidate GPU type runs the whole fleet, a disaggregated plan's prefill pool included; the
    // mixed fleets set workload.inference.prefill_gpu of their own (writeMixedFleet).
    p.workload.inference.prefillGpu.clear();
    if (&gpu == baseGpu)
        return p;
    p.hardware.gpu = gpu.id;
    p.hardware.node.clear();
    p.hardware.fabric.clear();
    p.hardware.gpusPerNode = 0;
    p.hardware.nodeNetworkGbps = 0;
    p.cost.gpuPriceUsd = -1;
    p.cost.serverPriceUsd = -1;
    p.cost.cloudOffer.clear();
    p.cost.cloudGpuHourUsd = -1;
    return p;
}

void writeMixedFleet(const ProcureOption &option, Plan &p)
{
    InferenceWorkload &w = p.workload.inference;
    w.servingMode = ServingMode::Disaggregated;
    w.prefillGpu = option.prefillGpu;
    w.load = ServingLoad::Rate;
    const auto pool = [](InferenceWorkload::Pool &pool, int workers, int tp, int batch) {
        pool.workers = std::max(workers, 1);
        pool.tp = std::max(tp, 1);
        pool.batch = std::max(batch, 1);
        if (pool.tp % std::max(pool.attentionDp, 1) != 0)
            pool.attentionDp = 1;
        if (pool.tp % std::max(pool.ep, 1) != 0)
            pool.ep = 1;
    };
    pool(w.prefill, option.prefillWorkers, option.prefillTp, option.prefillBatch);
    pool(w.decode, option.decodeWorkers, option.decodeTp, option.decodeBatch);
    p.parallelism.tp = std::max(option.decodeTp, 1);
    p.parallelism.pp = 1;
    p.parallelism.dp = 0;
    p.hardware.numGpus = disaggregatedGpus(w);
}

Plan planForOption(const Plan &plan, const Catalog &catalog, const ProcureOption &option)
{
    const GpuSpec *gpu = catalog.findGpu(option.gpu);
    Plan p = gpu ? planForGpu(plan, *gpu, catalog.findGpu(plan.hardware.gpu)) : plan;
    writeLayout(option.layout, p);   // a hybrid's: its owned base, bought
    if (option.gpusPerReplica > 0) {   // serving: one replica's layout, the fleet from the request rate
        p.parallelism.tp = option.layout.tp;
        p.parallelism.pp = option.layout.pp;
        p.hardware.numGpus = option.numGpus;
        if (const std::optional<int> engine = parseEnum(engineNames(), option.engine))
            p.workload.inference.engine = static_cast<ServingEngine>(*engine);
    }
    if (!option.prefillGpu.empty())
        writeMixedFleet(option, p);
    if (option.acquisition == Acquisition::Cloud) {
        if (!option.offer.empty())
            p.cost.cloudOffer = option.offer;
        p.cost.cloudPricing = option.term;
    }
    return p;
}

double objectiveValue(const ProcureOption &o, ProcureObjective objective)
{
    switch (objective) {
    // A serving fleet's cash buys output tokens over the horizon: ranked per million of them.
    case ProcureObjective::Cash: return o.gpusPerReplica > 0 ? o.usdPerMillionTokens : o.cashUsd;
    case ProcureObjective::Tco: return o.tcoUsd;
    case ProcureObjective::Time: return o.finishDays;
    case ProcureObjective::Energy: return o.energyMwh;
    }
    return o.cashUsd;
}

bool procure(const Plan &plan, const Catalog &catalog, const ProcureRequest &request, ProcureResult &out, std::string &error,
             const std::atomic<bool> *cancel)
{
    out = ProcureResult{};
    out.request = request;
    out.objective = request.objective;
    out.serving = plan.workload.mode == Mode::Inference;
    if (out.serving && !(plan.workload.inference.requestRate > 0)) {
        error = "procure sizes a serving fleet for a request rate: set workload.inference.request_rate";
        return false;
    }
    std::vector<const GpuSpec *> gpus;
    for (const std::string &id : request.gpus) {
        const GpuSpec *g = catalog.findGpu(id);
        if (!g) {
            error = "--gpus: unknown GPU \"" + id + "\" (gpuplan-cli catalog list gpus)";
            return false;
        }
        if (std::find(gpus.begin(), gpus.end(), g) == gpus.end())
            gpus.push_back(g);
    }
    if (request.gpus.empty()) {
        for (const GpuSpec &g : catalog.gpus)
            gpus.push_back(&g);
    }
    const GpuSpec *baseGpu = catalog.findGpu(plan.hardware.gpu);
    // GPU types are independent: explored on up to kThreads threads into their own results, merged
    // in catalog order so the output does not depend on the thread timing.
    std::vector<ProcureResult> parts(gpus.size());
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i = next++; i < gpus.size() && !cancelled(cancel); i = next++)
            out.serving ? exploreServingGpu(plan, catalog, *gpus[i], baseGpu, gpus, cancel, parts[i])
                        : exploreGpu(plan, catalog, *gpus[i], baseGpu, cancel, parts[i]);
    };
    const unsigned threads = std::min<unsigned>(kThreads, std::max(1u, std::thread::hardware_concurrency()));
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (std::thread &t : pool)
        t.join();
    for (ProcureResult &part : parts) {
        for (ProcureOption &o : part.options)
            out.options.push_back(std::move(o));
        out.gpusExplored.insert(out.gpusExplored.end(), part.gpusExplored.begin(), part.gpusExplored.end());
        out.evaluated += part.evaluated;
        out.modelCalls += part.modelCalls;
        for (const auto &[reason, n] : part.rejected)
            out.rejected[reason] += n;
    }
    if (cancelled(cancel)) {
        out.cancelled = true;   // a layout search stopped early: some counts are missing
        return true;
    }
    rankOptions(request, out);
    // The plan's training compute, 6·N·D (formulas.md §5), scales each option to other model sizes.
    ResolvedPlan resolved;
    std::vector<ResolveError> errors;
    const double planFlops = !out.serving && resolvePlan(plan, catalog, resolved, errors)
                                 ? 6.0 * resolved.shape.activeParams * plan.workload.training.tokens
                                 : 0.0;
    out.computeOptimal = computeOptimalModel(request, out.options, planFlops);
    return true;
}

} // namespace gpuplan

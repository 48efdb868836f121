// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/ServingFrontier.h"

#include "memory/InferenceMemory.h"
#include "perf/AttentionDp.h"
#include "perf/Collectives.h"
#include "perf/Disaggregated.h"
#include "perf/Saturated.h"
#include "perf/SteadyLoad.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

constexpr int kLoads = 12;     // loads per curve, log-spaced from one request to the slots
constexpr int kSplits = 15;    // prefill:decode ratios tried

// Up to kLoads request counts from 1 to `top`, log-spaced, whole and increasing.
int loadSteps(double top, std::array<double, kLoads> &out)
{
    const double limit = std::max(std::floor(top), 1.0);
    int n = 0;
    double previous = 0;
    for (int i = 0; i < kLoads; ++i) {
        const double x = kLoads > 1 ? static_cast<double>(i) / (kLoads - 1) : 1.0;
        const double c = std::round(std::pow(limit, x));
        if (c > previous) {
            out[static_cast<std::size_t>(n++)] = c;
            previous = c;
        }
    }
    return n;
}

// Prefill workers for `workers` in all, the ratio prefill:decode log-spaced from 1:(W - 1) to
// (W - 1):1 (every split when there are few), each at least one worker per pool.
int splitSteps(int workers, std::array<int, kSplits> &out)
{
    int n = 0;
    int previous = 0;
    const double w = workers;
    for (int i = 0; i < kSplits; ++i) {
        const double x = static_cast<double>(i) / (kSplits - 1);
        const double ratio = std::pow(w - 1.0, 2.0 * x - 1.0);   // 1/(W-1) .. (W-1)
        const int p = std::clamp(static_cast<int>(std::lround(w * ratio / (1.0 + ratio))), 1, workers - 1);
        if (p > previous) {
            out[static_cast<std::size_t>(n++)] = p;
            previous = p;
        }
    }
    return n;
}

bool meetsTtft(const ResolvedPlan &plan, double ttftS)
{
    const double target = plan.plan->workload.inference.ttftTargetMs;
    return target <= 0 || ttftS * 1e3 <= target;
}

FrontierPoint toPoint(const ServingPoint &p, double gpus, int prefillWorkers, int decodeWorkers,
                      double concurrency, const ResolvedPlan &plan)
{
    FrontierPoint f;
    f.tokensPerSPerGpu = gpus > 0 ? p.tokensPerSPerReplica / gpus : 0.0;
    f.tpotS = p.tpotS;
    f.tokensPerSPerUser = p.tpotS > 0 ? 1.0 / p.tpotS : 0.0;
    f.ttftS = p.ttftS;
    f.concurrency = concurrency;
    f.prefillWorkers = prefillWorkers;
    f.decodeWorkers = decodeWorkers;
    f.meetsTtft = meetsTtft(plan, p.ttftS);
    return f;
}

bool usable(const FrontierPoint &f)
{
    return std::isfinite(f.tokensPerSPerGpu) && std::isfinite(f.tokensPerSPerUser) && std::isfinite(f.ttftS) &&
           f.tokensPerSPerGpu > 0 && f.tokensPerSPerUser > 0;
}

// The points no other point beats on both axes: walked from the fastest per user down, a point
// is kept when it is higher per GPU than every faster one. Insertion sort of the indices: a few
// hundred points, no allocation.
void markFrontier(ServingOptionCurve &c)
{
    std::array<int, ServingOptionCurve::kMaxPoints> order{};
    int n = 0;
    for (int i = 0; i < c.count; ++i) {
        if (!c.points[static_cast<std::size_t>(i)].meetsTtft)
            continue;
        const double u = c.points[static_cast<std::size_t>(i)].tokensPerSPerUser;
        int j = n++;
        for (; j > 0 && c.points[static_cast<std::size_t>(order[static_cast<std::size_t>(j - 1)])].tokensPerSPerUser < u; --j)
            order[static_cast<std::size_t>(j)] = order[static_cast<std::size_t>(j - 1)];
        order[static_cast<std::size_t>(j)] = i;
    }
    double best = 0;
    int kept = 0;
    std::array<int, ServingOptionCurve::kMaxPoints> front{};
    for (int k = 0; k < n; ++k) {
        const FrontierPoint &p = c.points[static_cast<std::size_t>(order[static_cast<std::size_t>(k)])];
        if (p.tokensPerSPerGpu > best) {
            best = p.tokensPerSPerGpu;
            front[static_cast<std::size_t>(kept++)] = order[static_cast<std::size_t>(k)];
        }
    }
    // Fastest per user first above; the curve reads left to right in increasing per-user rate.
    // At the lightest loads the per-user rate stops growing (one request's decode pass) while the
    // tokens per GPU keep falling: a vertex less than kSameRate faster per user than the one
    // before it, and lower per GPU, is a difference in the last digits, not a choice; left out.
    constexpr double kSameRate = 1e-3;
    c.frontierCount = 0;
    for (int k = kept - 1; k >= 0; --k) {
        const int i = front[static_cast<std::size_t>(k)];
        if (c.frontierCount > 0) {
            const FrontierPoint &last =
                c.points[static_cast<std::size_t>(c.frontier[static_cast<std::size_t>(c.frontierCount - 1)])];
            if (c.points[static_cast<std::size_t>(i)].tokensPerSPerUser < last.tokensPerSPerUser * (1.0 + kSameRate))
                continue;
        }
        c.frontier[static_cast<std::size_t>(c.frontierCount++)] = i;
    }
}

void aggregatedCurve(const ResolvedPlan &plan, const Layout &layout, const ServingWorkload &sw, int slots,
                     ServingOptionCurve &out)
{
    const ForwardCostModel m = servingForwardCost(plan, layout);
    const double gpus = static_cast<double>(m.tp) * m.pp;
    const int replicas = std::max(layout.numGpus / std::max(layout.tp * layout.pp, 1), 1);
    out.workerGpus = m.tp * m.pp;
    LoadInputs in;
    in.model = &m;
    in.batching = batchingUsed(plan);
    in.workload = sw;
    in.load = ServingLoad::Concurrency;
    in.maxRunning = slots;
    in.mixedPrefill = plan.engine->mixedPrefill;
    std::array<double, kLoads> loads{};
    const int n = loadSteps(slots, loads);
    for (int i = 0; i < n && out.count < ServingOptionCurve::kMaxPoints; ++i) {
        in.concurrency = loads[static_cast<std::size_t>(i)];
        const SteadyLoadPoint p = servingAtLoad(in);
        if (!p.valid)
            continue;
        const FrontierPoint f = toPoint(p.point, gpus, 0, replicas, in.concurrency * replicas, plan);
        if (usable(f))
            out.points[static_cast<std::size_t>(out.count++)] = f;
    }
}

// The worker of the disaggregated pools: the plan's replica when the GPUs hold two of them, else
// the replica with its TP halved until they do (as long as the model and a request still fit).
bool poolWorker(const ResolvedPlan &plan, const Layout &layout, const ServingWorkload &sw, Layout &worker, int &slots)
{
    worker = layout;
    const int gpus = std::max(layout.numGpus, 1);
    for (;;) {
        const int size = std::max(worker.tp * worker.pp, 1);
        slots = saturatedConcurrency(plan, worker, sw.promptLen, sw.outputLen);
        if (slots < 1)
            return false;
        if (gpus / size >= 2)
            return true;
        if (worker.tp < 2 || worker.tp % 2 != 0)
            return false;
        worker.tp /= 2;
        worker.expertTp = 0;
    }
}

void disaggregatedCurve(const ResolvedPlan &plan, const Layout &worker, const ServingWorkload &sw, int slots,
                        int workers, ServingOptionCurve &out)
{
    const ForwardCostModel m = servingForwardCost(plan, worker);
    if (!m.valid)
        return;
    const int size = m.tp * m.pp;
    out.workerGpus = size;
    const double gpus = static_cast<double>(workers) * size;
    DisaggregatedInputs in;
    in.prefill = &m;
    in.decode = &m;
    in.workload = sw;
    // A deployment's steady state, not a benchmark's first waves: the prefill pool's capacity
    // binds, and a request waits one pass for its prefill.
    in.prefillBound = true;
    in.measuredWaves = 1e6;
    // A prefill pass takes as many whole prompts as the engine's token budget holds, or as many as
    // a worker has requests (a light load does not fill a pass).
    const double budgetPrompts = std::clamp(std::floor(m.maxTokensPerStep / std::max(sw.promptLen, 1.0)), 1.0,
                                            static_cast<double>(std::max(plan.engine->maxBatch, 1)));
    // The whole KV cache of a prompt (one copy, all layers), each prefill GPU sending its share:
    // over NVLink when both pools sit in one node, else over the scale-out network.
    in.kvBytesPerRequest = kvBytesPerTokenPerLayer(plan.shape, 1, plan.plan->precision.kvCache) * plan.shape.layers *
                           sw.promptLen;
    const bool oneNode = gpus <= std::max(m.net.gpusPerNode, 1);
    in.transferS = oneNode ? p2pTime(in.kvBytesPerRequest / size, 1, m.net)
                           : kvTransferTime(in.kvBytesPerRequest, size, m.net);
    std::array<int, kSplits> splits{};
    const int ns = splitSteps(workers, splits);
    for (int s = 0; s < ns; ++s) {
        in.prefillWorkers = splits[static_cast<std::size_t>(s)];
        in.decodeWorkers = workers - in.prefillWorkers;
        in.decodeSlots = static_cast<double>(in.decodeWorkers) * slots;
        std::array<double, kLoads> loads{};
        const int nl = loadSteps(in.decodeSlots, loads);
        for (int i = 0; i < nl && out.count < ServingOptionCurve::kMaxPoints; ++i) {
            in.concurrency = loads[static_cast<std::size_t>(i)];
            in.promptsPerPass = std::min(budgetPrompts, std::ceil(in.concurrency / in.prefillWorkers));
            const DisaggregatedPoint p = disaggregatedPoint(in);
            if (!p.valid)
                continue;
            const FrontierPoint f = toPoint(p.point, gpus, in.prefillWorkers, in.decodeWorkers, in.concurrency, plan);
            if (usable(f))
                out.points[static_cast<std::size_t>(out.count++)] = f;
        }
    }
}

// Sign changes of (disaggregated - aggregated) along the per-user rates both frontiers reach,
// checked at every vertex of either; each crossing found by the straight lines between them.
void findCrossovers(ServingFrontier &f)
{
    const ServingOptionCurve &a = f.aggregated;
    const ServingOptionCurve &d = f.disaggregated;
    if (a.frontierCount == 0 || d.frontierCount == 0)
        return;
    auto rate = [](const ServingOptionCurve &c, int k) {
        return c.points[static_cast<std::size_t>(c.frontier[static_cast<std::size_t>(k)])].tokensPerSPerUser;
    };
    const double lo = std::max(rate(a, 0), rate(d, 0));
    const double hi = std::min(rate(a, a.frontierCount - 1), rate(d, d.frontierCount - 1));
    if (!(lo < hi))
        return;
    auto gap = [&](double u) { return frontierTokensPerGpu(d, u) - frontierTokensPerGpu(a, u); };
    // The rates to check, merged from both frontiers' vertices inside [lo, hi].
    std::array<double, 2 * ServingOptionCurve::kMaxPoints + 2> us{};
    int n = 0;
    us[static_cast<std::size_t>(n++)] = lo;
    for (const ServingOptionCurve *c : {&a, &d}) {
        for (int k = 0; k < c->frontierCount; ++k) {
            const double u = rate(*c, k);
            if (u > lo && u < hi)
                us[static_cast<std::size_t>(n++)] = u;
        }
    }
    us[static_cast<std::size_t>(n++)] = hi;
    std::sort(us.begin(), us.begin() + n);
    const double first = gap(lo);
    f.higherAtLowRate = first > 0 ? ServingOption::Disaggregated : ServingOption::Aggregated;
    double previousU = lo, previousGap = first;
    for (int i = 1; i < n && f.crossoverCount < ServingFrontier::kMaxCrossovers; ++i) {
        const double u = us[static_cast<std::size_t>(i)];
        if (u <= previousU)
            continue;
        const double g = gap(u);
        if ((previousGap > 0 && g < 0) || (previousGap < 0 && g > 0)) {
            // Both frontiers are straight between neighbouring rates: the gap is too.
            const double t = previousGap / (previousGap - g);
            f.crossoverTokensPerSPerUser[static_cast<std::size_t>(f.crossoverCount++)] = previousU + t * (u - previousU);
        }
        if (g != 0)
            previousGap = g;
        previousU = u;
    }
}

} // namespace

double frontierTokensPerGpu(const ServingOptionCurve &c, double u)
{
    if (c.frontierCount == 0)
        return 0.0;
    const FrontierPoint *previous = nullptr;
    for (int k = 0; k < c.frontierCount; ++k) {
        const FrontierPoint &p = c.points[static_cast<std::size_t>(c.frontier[static_cast<std::size_t>(k)])];
        if (u == p.tokensPerSPerUser)
            return p.tokensPerSPerGpu;
        if (u < p.tokensPerSPerUser) {
            if (!previous)
                return 0.0;
            const double t = (u - previous->tokensPerSPerUser) / (p.tokensPerSPerUser - previous->tokensPerSPerUser);
            return previous->tokensPerSPerGpu + t * (p.tokensPerSPerGpu - previous->tokensPerSPerGpu);
        }
        previous = &p;
    }
    return 0.0;
}

namespace {

// The plan's requests as the evaluation serves them (perf/InferenceTime.cpp).
ServingWorkload servingWorkloadOf(const InferenceWorkload &w)
{
    ServingWorkload sw{static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), true};
    sw.prefixHit = w.prefixCacheHitRate;
    sw.specTokens = w.speculativeTokens;
    sw.specAcceptance = w.speculativeAcceptance;
    return sw;
}

} // namespace

DisaggregatedLimit disaggregatedOption(const ResolvedPlan &plan, const Layout &layout, ServingOptionCurve &out, int &workers)
{
    // Only the counts are reset: every point and frontier index read is written first (and the
    // planner sweeps one curve many times, where clearing its 12 kB each time would show).
    out.count = 0;
    out.frontierCount = 0;
    out.workerGpus = 0;
    workers = 0;
    if (!plan.plan || !plan.engine || !plan.gpu)
        return DisaggregatedLimit::OneWorker;
    const InferenceWorkload &w = plan.plan->workload.inference;
    if (w.outputLen < 2)
        return DisaggregatedLimit::SingleToken;
    const ServingWorkload sw = servingWorkloadOf(w);
    Layout worker;
    int workerSlots = 0;
    if (!poolWorker(plan, layout, sw, worker, workerSlots))
        return DisaggregatedLimit::OneWorker;
    workers = std::max(layout.numGpus, 1) / std::max(worker.tp * worker.pp, 1);
    disaggregatedCurve(plan, worker, sw, workerSlots, workers, out);
    markFrontier(out);
    return DisaggregatedLimit::None;
}

ServingFrontier servingFrontier(const ResolvedPlan &plan, const Layout &layout)
{
    ServingFrontier f;
    if (!plan.plan || !plan.engine || !plan.gpu)
        return f;
    const ServingWorkload sw = servingWorkloadOf(plan.plan->workload.inference);
    const int slots = saturatedConcurrency(plan, layout, sw.promptLen, sw.outputLen);
    if (slots < 1)
        return f;
    aggregatedCurve(plan, layout, sw, slots, f.aggregated);
    markFrontier(f.aggregated);
    f.valid = f.aggregated.count > 0;
    f.disaggregatedLimit = disaggregatedOption(plan, layout, f.disaggregated, f.workers);
    if (f.disaggregatedLimit == DisaggregatedLimit::None)
        findCrossovers(f);
    return f;
}

} // namespace gpuplan

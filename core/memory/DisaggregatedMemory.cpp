// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/DisaggregatedMemory.h"

#include "catalog/GpuSpec.h"
#include "memory/FrameworkOverhead.h"
#include "memory/InferenceMemory.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

Layout disaggregatedPoolLayout(const Layout &base, const InferenceWorkload::Pool &pool)
{
    Layout l = base;
    l.tp = std::max(pool.tp, 1);
    l.pp = 1;
    l.dp = 1;
    l.cp = 1;
    // The routed experts are spread over all tp GPUs whatever the EP (EP x expert TP = TP), as in an
    // aggregated replica; Layout::ep is training's expert parallelism carved out of DP, which would
    // divide them again.
    l.ep = 1;
    l.numGpus = l.tp;
    return l;
}

namespace {

struct PoolSizing
{
    const ResolvedPlan *plan = nullptr;
    Layout layout;
    const InferenceWorkload::Pool *pool = nullptr;
    double context = 0;    // tokens of KV per request the pool holds
    double capacity = 0;   // bytes per GPU the engine may use
    double band = 0;
};

// One GPU of the pool's worker holding the KV of `requests` requests of the worker.
void poolMemory(const PoolSizing &z, double requests, MemoryResult &r)
{
    const Plan &p = *z.plan->plan;
    const ModelShape &s = z.plan->shape;
    const Layout &l = z.layout;
    r = MemoryResult{};
    const int block = pagedBlockTokens(p, z.plan->engine);
    const AttentionDpMemory dp = attentionDpMemory(p, s, l, z.context, block, z.pool->attentionDp);
    r.breakdown.weights = dp.dp > 1 ? dp.weightBytes : inferenceWeightBytes(p, s, l);
    r.kvBytesPerSequence =
        dp.dp > 1 ? dp.kvBytesPerRequest : kvBytesPerSequence(s, l.tp, 1, p.precision.kvCache, z.context, block);
    r.breakdown.kvCache = requests * r.kvBytesPerSequence;
    r.breakdown.workspace = std::max(inferenceWorkspaceBytes(p, s, l, z.plan->engine, requests),
                                     inferenceDecodeWorkspaceBytes(p, s, l, z.plan->engine, requests));
    const FrameworkOverhead overhead = frameworkOverhead(p.overheads, l.tp > 1 ? 1 : 0);
    finishMemoryResult(r, overhead, 0.0, z.capacity, z.band);
}

// The pool's GPU at `held` requests per worker, and the most requests per worker that fit.
MemoryResult sizePool(const PoolSizing &z, double held)
{
    MemoryResult one;
    poolMemory(z, 1.0, one);
    int fit = 0;
    if (one.fits) {
        // The free bytes over one request's KV bound the count from above; the temporaries grow with
        // it too, so the largest count that still fits is found by bisection below the bound.
        const double perRequest = std::max(one.kvBytesPerSequence, 1.0);
        const int hi = static_cast<int>(std::clamp((z.capacity - one.perGpuBytes) / perRequest + 1.0, 1.0, 1e9));
        MemoryResult probe;
        fit = largestCountThatFits(hi, [&](int count) {
            poolMemory(z, count, probe);
            return probe.fits;
        });
    }
    MemoryResult r;
    poolMemory(z, std::max(held, 1.0), r);
    r.maxConcurrency = fit;
    r.deviceTotalBytes = z.plan->gpu ? deviceTotalBytes(*z.plan->gpu) : 0.0;
    r.soldBytes = z.plan->gpu ? z.plan->gpu->memoryBytes : 0.0;
    return r;
}

}   // namespace

DisaggregatedMemory disaggregatedMemory(const ResolvedPlan &plan, const Layout &layout)
{
    DisaggregatedMemory m;
    if (!plan.plan)
        return m;
    const InferenceWorkload &w = plan.plan->workload.inference;
    // The prefill pool on its own GPU type (workload.inference.prefill_gpu), the decode pool on the plan's.
    const ResolvedPlan prefillPlan = prefillPoolPlan(plan);
    PoolSizing z;
    z.plan = &prefillPlan;
    z.capacity = (prefillPlan.gpu ? deviceTotalBytes(*prefillPlan.gpu) : 0.0) * w.memoryUtilization;
    z.band = memoryErrorBand(prefillPlan);

    // A prefill worker holds one pass of prompts until their KV has been sent.
    z.layout = disaggregatedPoolLayout(layout, w.prefill);
    z.pool = &w.prefill;
    z.context = std::max(w.promptLen, 1);
    m.prefill = sizePool(z, w.prefill.batch);

    // A decode worker holds whole requests: the plan's concurrency spread over the workers, at most
    // its batch (the others wait for a slot before their prefill).
    z.plan = &plan;
    z.capacity = (plan.gpu ? deviceTotalBytes(*plan.gpu) : 0.0) * w.memoryUtilization;
    z.band = memoryErrorBand(plan);
    z.layout = disaggregatedPoolLayout(layout, w.decode);
    z.pool = &w.decode;
    z.context = static_cast<double>(std::max(w.promptLen, 1)) + std::max(w.outputLen, 0);
    const double workers = std::max(w.decode.workers, 1);
    const double running = std::min<double>(std::max(layout.microBatch, 1), workers * std::max(w.decode.batch, 1));
    m.decode = sizePool(z, std::ceil(running / workers));

    // The binding pool: the fuller GPU for its capacity (the pools may run two GPU types; of one
    // type, the pool with more bytes per GPU).
    auto share = [](const MemoryResult &r) { return r.capacityBytes > 0 ? r.perGpuBytes / r.capacityBytes : 0.0; };
    m.binding = share(m.prefill) > share(m.decode) ? m.prefill : m.decode;
    m.binding.fits = m.prefill.fits && m.decode.fits;
    m.binding.verdict = std::max(m.prefill.verdict, m.decode.verdict);
    m.binding.hostFits = m.prefill.hostFits && m.decode.hostFits;
    const double requests = workers * m.decode.maxConcurrency;
    m.binding.maxConcurrency = m.decode.fits ? static_cast<int>(std::min(requests, 1e9)) : 0;
    m.binding.minTpThatFits = 0;
    return m;
}

}   // namespace gpuplan

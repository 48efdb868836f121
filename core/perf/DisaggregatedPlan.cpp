// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/DisaggregatedPlan.h"

#include "catalog/Catalog.h"
#include "memory/DisaggregatedMemory.h"
#include "memory/InferenceMemory.h"
#include "perf/Collectives.h"
#include "perf/InferenceTime.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

AttentionDpLayout disaggregatedPoolDegrees(const ResolvedPlan &plan, const InferenceWorkload::Pool &pool)
{
    AttentionDpLayout g;
    g.gpus = std::max(pool.tp, 1);
    if (pool.attentionDp > 1 && g.gpus % pool.attentionDp == 0)
        g.dp = pool.attentionDp;
    const int experts = plan.shape.moeLayers > 0 ? plan.shape.experts : 0;
    if (pool.ep > 1 && experts > 0 && g.gpus % pool.ep == 0 && experts % pool.ep == 0)
        g.ep = pool.ep;
    return g;
}

ForwardCostModel disaggregatedPoolModel(const ResolvedPlan &plan, const Layout &base,
                                        const InferenceWorkload::Pool &pool)
{
    return attentionDpModel(plan, base, disaggregatedPoolDegrees(plan, pool), ExpertExchange::ReplicaAllReduce);
}

DisaggregatedPools disaggregatedPools(const ResolvedPlan &plan, const Layout &base)
{
    DisaggregatedPools p;
    if (!plan.plan)
        return p;
    const InferenceWorkload &w = plan.plan->workload.inference;
    p.prefill = disaggregatedPoolModel(prefillPoolPlan(plan), base, w.prefill);
    p.decode = disaggregatedPoolModel(plan, base, w.decode);
    return p;
}

KvTransferPath disaggregatedKvPath(const ResolvedPlan &plan)
{
    const bool oneType = !plan.prefillGpu;
    return plan.plan && plan.plan->workload.inference.kvTransfer == KvTransferPath::NvLink && oneType
               ? KvTransferPath::NvLink
               : KvTransferPath::Network;
}

namespace {

// The pools' inputs of perf/Disaggregated.h for the plan's workers.
DisaggregatedInputs poolInputs(const ResolvedPlan &plan, const ForwardCostModel &prefill,
                               const ForwardCostModel &decode, const ServingWorkload &sw)
{
    const InferenceWorkload &w = plan.plan->workload.inference;
    DisaggregatedInputs in;
    in.prefill = &prefill;
    in.decode = &decode;
    in.workload = sw;
    in.prefillWorkers = std::max(w.prefill.workers, 1);
    in.decodeWorkers = std::max(w.decode.workers, 1);
    // A prefill worker takes its batch of prompts (over its attention ranks), within the token budget.
    in.promptsPerPass = std::max(
        1.0, std::min<double>(std::max(w.prefill.batch, 1), prefill.maxTokensPerStep / std::max(sw.promptLen, 1.0)));
    in.decodeSlots = static_cast<double>(in.decodeWorkers) * std::max(w.decode.batch, 1);
    // The whole KV cache of a prompt, one copy (tensor parallelism 1), sent once: each GPU of the
    // prefill worker sends its share, over the scale-out network (a stride of a whole node) or over
    // NVLink where both pools sit in one NVLink domain (one GPU type, disaggregatedKvPath).
    const double kvPerToken = kvBytesPerTokenPerLayer(plan.shape, 1, plan.plan->precision.kvCache) * plan.shape.layers;
    in.kvBytesPerRequest = kvPerToken * sw.promptLen;
    const int senders = std::max(w.prefill.tp, 1);
    in.transferS = disaggregatedKvPath(plan) == KvTransferPath::NvLink
                       ? p2pTime(in.kvBytesPerRequest / senders, 1, prefill.net)
                       : kvTransferTime(in.kvBytesPerRequest, senders, prefill.net);
    return in;
}

// The pools' figures the callers read beside the point.
DisaggregatedServing servingOf(const DisaggregatedInputs &in, const DisaggregatedPoint &point)
{
    DisaggregatedServing s;
    s.point = point;
    s.promptsPerPass = in.promptsPerPass;
    s.decodeSlots = in.decodeSlots;
    s.kvBytesPerRequest = in.kvBytesPerRequest;
    s.valid = point.valid;
    return s;
}

}   // namespace

DisaggregatedServing disaggregatedServing(const ResolvedPlan &plan, const ForwardCostModel &prefill,
                                          const ForwardCostModel &decode, const ServingWorkload &sw, double concurrency,
                                          bool prefillBound)
{
    if (!plan.plan)
        return {};
    DisaggregatedInputs in = poolInputs(plan, prefill, decode, sw);
    in.concurrency = concurrency;
    in.prefillBound = prefillBound;
    return servingOf(in, disaggregatedPoint(in));
}

DisaggregatedServing disaggregatedServingAtLoad(const ResolvedPlan &plan, const ForwardCostModel &prefill,
                                                const ForwardCostModel &decode, const ServingWorkload &sw,
                                                ServingLoad load, double concurrency, double rate)
{
    if (!plan.plan)
        return {};
    DisaggregatedInputs in = poolInputs(plan, prefill, decode, sw);
    switch (load) {
    case ServingLoad::Rate: {
        const DisaggregatedRatePoint r = disaggregatedAtRate(in, rate);
        DisaggregatedServing s = servingOf(in, r.point);
        s.overloaded = r.overloaded;
        s.capacityRequestsPerS = r.capacityRequestsPerS;
        return s;
    }
    case ServingLoad::Max:
        // All requests at once: the decode pool full, the prefill pool's pace binding.
        in.concurrency = in.decodeSlots;
        in.prefillBound = true;
        break;
    case ServingLoad::Static:
        in.concurrency = concurrency;
        in.measuredWaves = 1;
        break;
    case ServingLoad::Concurrency: in.concurrency = concurrency; break;
    }
    return servingOf(in, disaggregatedPoint(in));
}

namespace {

void fillPool(const ResolvedPlan &plan, const InferenceWorkload::Pool &pool, const MemoryResult &m, double batch,
              const GpuSpec *gpu, DisaggregatedPoolResult &r)
{
    const AttentionDpLayout g = disaggregatedPoolDegrees(plan, pool);
    r.gpu = gpu;
    r.workers = pool.workers;
    r.gpusPerWorker = g.gpus;
    r.attentionDp = g.dp;
    r.ep = g.ep;
    r.batch = batch;
    r.gpus = poolGpus(pool);
    r.perGpuBytes = m.perGpuBytes;
    r.weightBytes = m.breakdown.weights;
    r.kvCacheBytes = m.breakdown.kvCache;
    r.capacityBytes = m.capacityBytes;
    r.requestsThatFit = m.maxConcurrency;
    r.fits = m.fits;
}

bool meets(double target, double value)
{
    return target <= 0 || value <= target;
}

}   // namespace

InferenceResult estimateDisaggregatedInference(const ResolvedPlan &plan, const Layout &layout,
                                               const MemoryResult &memory)
{
    InferenceResult r;
    if (!plan.plan || !plan.engine)
        return r;
    const InferenceWorkload &w = plan.plan->workload.inference;
    const DisaggregatedPools models = disaggregatedPools(plan, layout);
    const ForwardCostModel &prefill = models.prefill;
    const ForwardCostModel &decode = models.decode;
    if (!prefill.valid || !decode.valid)
        return r;
    ServingWorkload sw{static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), true};
    sw.prefixHit = w.prefixCacheHitRate;
    sw.specTokens = w.speculativeTokens;
    sw.specAcceptance = w.speculativeAcceptance;
    const double gpus = std::max(disaggregatedGpus(w), 1);
    r.gpusPerReplica = static_cast<int>(gpus);
    const AttentionDpLayout g = disaggregatedPoolDegrees(plan, w.decode);
    r.attentionDp = g.dp;
    r.attentionTp = g.gpus / g.dp;
    r.expertParallel = g.ep;
    r.expertTp = g.gpus / g.ep;
    r.batchingUsed = Batching::Continuous;
    r.maxConcurrency = memory.maxConcurrency;
    setServingBands(plan, r);

    // The plan's load, read as the validation reads a row's; an open loop's rate goes to the one
    // deployment of both pools (the capacity plan of replicas stays the aggregated path's).
    const double asked = std::max(layout.microBatch, 1);
    const double rate = w.load == ServingLoad::Rate ? w.requestRate : 0.0;
    const DisaggregatedServing s = disaggregatedServingAtLoad(plan, prefill, decode, sw, w.load, asked, rate);
    r.load = w.load;
    r.loadRequestsPerS = rate;
    r.overloaded = s.overloaded;
    r.capacityRequestsPerS = s.capacityRequestsPerS;
    r.ttftMs = s.point.point.ttftS * 1e3;
    r.decodeMsPerToken = s.point.point.tpotS * 1e3;
    r.e2eLatencyMs = s.point.point.e2eS * 1e3;
    r.outputTokensPerSPerReplica = s.point.point.tokensPerSPerReplica;
    r.outputTokensPerSPerGpu = s.point.point.tokensPerSPerReplica / gpus;
    r.requestsPerSPerReplica = s.point.point.requestsPerSPerReplica;
    r.queuedRequests = s.point.queued;
    r.ttftP50Ms = s.point.ttftP50S * 1e3;
    r.ttftP90Ms = s.point.ttftP90S * 1e3;
    r.ttftP99Ms = s.point.ttftP99S * 1e3;
    r.tpotP50Ms = s.point.tpotP50S * 1e3;
    r.tpotP90Ms = s.point.tpotP90S * 1e3;
    r.tpotP99Ms = s.point.tpotP99S * 1e3;
    r.meetsTtft = meets(w.ttftTargetMs, r.ttftMs);
    r.meetsTpot = meets(w.tpotTargetMs, r.decodeMsPerToken);
    r.batchingTokensPerSPerGpu[static_cast<std::size_t>(Batching::Continuous)] = r.outputTokensPerSPerGpu;

    // The decode pool full, run long enough for the prefill pool's pace to bind (the serving frontier's reading).
    const DisaggregatedServing full = disaggregatedServingAtLoad(plan, prefill, decode, sw, ServingLoad::Max, 0, 0);
    r.saturatedConcurrency = static_cast<int>(s.decodeSlots);
    r.saturatedTokensPerSPerGpu = full.point.point.tokensPerSPerReplica / gpus;
    r.saturatedTtftMs = full.point.point.ttftS * 1e3;
    r.saturatedTpotMs = full.point.point.tpotS * 1e3;

    // The concurrency curve: about ten log-spaced points up to the decode slots, and the plan's.
    constexpr int kPoints = 10;
    std::array<double, kPoints + 1> xs{};
    const double limit = std::max(s.decodeSlots, 1.0);
    for (int i = 0; i < kPoints; ++i)
        xs[static_cast<std::size_t>(i)] = std::round(std::pow(limit, static_cast<double>(i) / (kPoints - 1)));
    xs[kPoints] = asked;
    std::sort(xs.begin(), xs.end());
    double previous = 0;
    bool meetingSoFar = true;   // the sizing concurrency: the largest up to which every point meets the targets
    for (const double c : xs) {
        if (c <= previous || r.curveCount >= static_cast<int>(r.curve.size()))
            continue;
        previous = c;
        const DisaggregatedServing p = disaggregatedServing(plan, prefill, decode, sw, c);
        ConcurrencyPoint &out = r.curve[static_cast<std::size_t>(r.curveCount++)];
        out.concurrency = c;
        out.outputTokensPerSPerGpu = p.point.point.tokensPerSPerReplica / gpus;
        out.tpotMs = p.point.point.tpotS * 1e3;
        out.ttftMs = p.point.point.ttftS * 1e3;
        meetingSoFar = meetingSoFar && meets(w.ttftTargetMs, out.ttftMs) && meets(w.tpotTargetMs, out.tpotMs);
        if (meetingSoFar)
            r.sizingConcurrency = static_cast<int>(c);
    }

    const DisaggregatedMemory pools = disaggregatedMemory(plan, layout);
    DisaggregatedResult &d = r.disaggregated;
    d.active = true;
    fillPool(plan, w.prefill, pools.prefill, s.promptsPerPass, plan.prefillGpu ? plan.prefillGpu : plan.gpu, d.prefill);
    fillPool(plan, w.decode, pools.decode, s.point.point.concurrency / std::max(w.decode.workers, 1), plan.gpu,
             d.decode);
    d.gpus = static_cast<int>(gpus);
    d.kvTransfer = disaggregatedKvPath(plan);
    d.kvBytesPerRequest = s.kvBytesPerRequest;
    d.kvTransferMs = s.point.transferS * 1e3;
    d.prefillPassMs = s.point.prefillPassS * 1e3;
    d.runningRequests = s.point.point.concurrency;
    r.valid = s.valid && memory.fits;
    return r;
}

void addDisaggregatedDiagnostics(const ResolvedPlan &plan, const InferenceResult &result, Diagnostics &diagnostics)
{
    const Plan &p = *plan.plan;
    const InferenceWorkload &w = p.workload.inference;
    const int pools = disaggregatedGpus(w);
    if (pools > p.hardware.numGpus)
        diagnostics.add(DiagCode::PoolsExceedGpus, Severity::Error, "hardware.num_gpus", p.hardware.numGpus, pools);
    const int experts = plan.shape.moeLayers > 0 ? plan.shape.experts : 0;
    struct PoolFields
    {
        const InferenceWorkload::Pool *pool;
        const char *dp;
        const char *ep;
    };
    const PoolFields fields[] = {
        {&w.prefill, "workload.inference.prefill_attention_dp", "workload.inference.prefill_ep"},
        {&w.decode, "workload.inference.decode_attention_dp", "workload.inference.decode_ep"},
    };
    for (const PoolFields &f : fields) {
        const int tp = std::max(f.pool->tp, 1);
        if (tp % std::max(f.pool->attentionDp, 1) != 0)
            diagnostics.add(DiagCode::PoolNotDivideTp, Severity::Error, f.dp, f.pool->attentionDp, tp);
        if (f.pool->ep <= 1)
            continue;
        if (experts == 0)
            diagnostics.add(DiagCode::EpWithoutMoe, Severity::Warning, f.ep, f.pool->ep, 0);
        else if (tp % f.pool->ep != 0)
            diagnostics.add(DiagCode::PoolNotDivideTp, Severity::Error, f.ep, f.pool->ep, tp);
        else if (experts % f.pool->ep != 0)
            diagnostics.add(DiagCode::EpNotDivideExperts, Severity::Error, f.ep, f.pool->ep, experts);
    }
    if (!result.meetsTtft)
        diagnostics.add(DiagCode::TtftTargetMissed, Severity::Warning, "workload.inference.ttft_target_ms",
                        result.ttftMs, w.ttftTargetMs);
    if (!result.meetsTpot)
        diagnostics.add(DiagCode::TpotTargetMissed, Severity::Warning, "workload.inference.tpot_target_ms",
                        result.decodeMsPerToken, w.tpotTargetMs);
}

}   // namespace gpuplan

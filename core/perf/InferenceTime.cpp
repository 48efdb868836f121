// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/InferenceTime.h"

#include "perf/AttentionDp.h"
#include "perf/Capacity.h"
#include "perf/DisaggregatedPlan.h"
#include "perf/ForwardCost.h"
#include "perf/Saturated.h"
#include "perf/Serving.h"
#include "perf/SteadyLoad.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// The plan's concurrency, the saturated point and the highest load within the targets.
constexpr int kMarkedCurvePoints = 3;

bool meetsTtft(const InferenceWorkload &w, double ttftMs)
{
    return w.ttftTargetMs <= 0 || ttftMs <= w.ttftTargetMs;
}

bool meetsTpot(const InferenceWorkload &w, double tpotMs)
{
    return w.tpotTargetMs <= 0 || tpotMs <= w.tpotTargetMs;
}

bool meetsTargets(const InferenceWorkload &w, double ttftS, double tpotS)
{
    return meetsTtft(w, ttftS * 1e3) && meetsTpot(w, tpotS * 1e3);
}

// Largest concurrency up to the curve's last point that meets the latency targets; 0 when even
// one sequence misses them. TTFT and TPOT grow with the concurrency, so the curve brackets the
// answer and a bisection between two of its points finds it.
int largestConcurrencyMeetingTargets(const ForwardCostModel &m, Batching b, const ServingWorkload &sw,
                                     const InferenceWorkload &w, const InferenceResult &r)
{
    int good = 0;
    int bad = 0;
    for (int i = 0; i < r.curveCount; ++i) {
        const ConcurrencyPoint &p = r.curve[static_cast<std::size_t>(i)];
        if (!meetsTargets(w, p.ttftMs * 1e-3, p.tpotMs * 1e-3)) {
            bad = static_cast<int>(std::ceil(p.concurrency));
            break;
        }
        good = static_cast<int>(std::floor(p.concurrency));
    }
    if (good == 0 || bad == 0)
        return good;
    while (bad - good > 1) {
        const int mid = good + (bad - good) / 2;
        const ServingPoint p = servingPoint(m, b, sw, mid);
        (meetsTargets(w, p.ttftS, p.tpotS) ? good : bad) = mid;
    }
    return good;
}

// About ten concurrencies from 1 to `limit`, evenly spaced on a log scale, and the points the
// views mark on the curve (the plan's concurrency, the saturated point, the highest load within
// the targets), so each marked point is a vertex of the drawn line.
void fillCurve(const ForwardCostModel &m, Batching b, const ServingWorkload &sw, int limit, double gpus,
               const std::array<double, kMarkedCurvePoints> &marked, InferenceResult &r)
{
    constexpr int kPoints = 10;
    static_assert(kPoints + kMarkedCurvePoints <= static_cast<int>(std::tuple_size_v<decltype(r.curve)>));
    std::array<double, kPoints + kMarkedCurvePoints> xs{};
    int count = 0;
    for (int i = 0; i < kPoints; ++i) {
        const double x = static_cast<double>(i) / (kPoints - 1);
        xs[static_cast<std::size_t>(count++)] = static_cast<double>(std::lround(std::pow(static_cast<double>(limit), x)));
    }
    for (const double c : marked) {
        if (c >= 1.0 && std::isfinite(c))
            xs[static_cast<std::size_t>(count++)] = c;
    }
    std::sort(xs.begin(), xs.begin() + count);
    r.curveCount = 0;
    double previous = 0;
    for (int i = 0; i < count; ++i) {
        const double c = xs[static_cast<std::size_t>(i)];
        if (c <= previous)
            continue;
        previous = c;
        const ServingPoint p = servingPoint(m, b, sw, c);
        ConcurrencyPoint &out = r.curve[static_cast<std::size_t>(r.curveCount++)];
        out.concurrency = c;
        out.outputTokensPerSPerGpu = p.tokensPerSPerReplica / gpus;
        out.tpotMs = p.tpotS * 1e3;
        out.ttftMs = p.ttftS * 1e3;
    }
}

} // namespace

double servingBand(const ResolvedPlan &plan, BandMetric metric)
{
    double band = plan.engine->residualMape / 100.0;
    if (plan.gpu && plan.catalog) {
        const RegimeKey key = regimeKey(metric, *plan.gpu, static_cast<int>(plan.engine->engine), plan.shape.moeLayers > 0);
        if (const ErrorBandEntry *entry = findErrorBand(plan.catalog->errorBands, key))
            band = entry->mapePct / 100.0;
    }
    return band;
}

void setServingBands(const ResolvedPlan &plan, InferenceResult &r)
{
    r.errorBand = servingBand(plan, BandMetric::ServingThroughput);
    r.ttftErrorBand = servingBand(plan, BandMetric::ServingTtft);
    r.tpotErrorBand = servingBand(plan, BandMetric::ServingTpot);
}

InferenceResult estimateInference(const ResolvedPlan &plan, const Layout &layout, const MemoryResult &memory)
{
    if (plan.plan && plan.plan->workload.inference.servingMode == ServingMode::Disaggregated)
        return estimateDisaggregatedInference(plan, layout, memory);
    InferenceResult r;
    const ForwardCostModel m = servingForwardCost(plan, layout);
    if (!m.valid)
        return r;
    const InferenceWorkload &w = plan.plan->workload.inference;
    const double gpus = static_cast<double>(m.tp) * m.pp;
    r.gpusPerReplica = m.tp * m.pp;
    const AttentionDpLayout g = attentionDpLayout(plan, layout.tp);
    r.attentionDp = g.dp;
    r.attentionTp = std::max(layout.tp, 1) / g.dp;
    r.expertParallel = g.ep;
    r.expertTp = std::max(layout.tp, 1) / g.ep;
    r.batchingUsed = batchingUsed(plan);
    r.maxConcurrency = memory.maxConcurrency;
    setServingBands(plan, r);
    ServingWorkload sw{static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), true};
    sw.prefixHit = w.prefixCacheHitRate;
    sw.specTokens = w.speculativeTokens;
    sw.specAcceptance = w.speculativeAcceptance;

    // The concurrency asked for, capped by the KV cache that fits (0 fits: the model itself does
    // not fit; latencies are still given for one sequence, the result is marked invalid). The
    // replica serves what fits; throughput is that of the capped concurrency.
    const int asked = std::max(layout.microBatch, 1);
    const int concurrency = memory.maxConcurrency >= 1 ? std::min(asked, memory.maxConcurrency) : 1;
    const ServingPoint p = servingPoint(m, r.batchingUsed, sw, concurrency);
    // The plan's load (perf/SteadyLoad.h). In a closed loop the requests beyond what fits wait for
    // a slot: with `asked` requests in the system and the replica serving at its capacity, Little's
    // law gives a queue wait of (asked - fits) / capacity. An open loop spreads request_rate over
    // the replicas the capacity plan sizes.
    const SaturatedServing sat = saturatedServing(plan, layout, m, sw);
    const CapacityInputs capacity{&m, r.batchingUsed, sw, sat.concurrency, gpus};
    r.capacity = planCapacity(capacity, {w.requestRate, w.averageRequestRate, w.headroom, w.ttftTargetMs, w.tpotTargetMs});
    LoadInputs load;
    load.model = &m;
    load.batching = r.batchingUsed;
    load.workload = sw;
    load.load = w.load;
    load.concurrency = asked;
    load.ratePerReplica = w.requestRate / std::max(r.capacity.replicas, 1);
    load.maxRunning = memory.maxConcurrency >= 1 ? std::min(memory.maxConcurrency, plan.engine->maxBatch) : 1;
    load.mixedPrefill = plan.engine->mixedPrefill;
    const SteadyLoadPoint at = servingAtLoad(load);
    r.ttftMs = at.point.ttftS * 1e3;
    r.decodeMsPerToken = at.point.tpotS * 1e3;
    r.e2eLatencyMs = at.point.e2eS * 1e3;
    r.ttftP50Ms = at.ttftP50S * 1e3;
    r.ttftP90Ms = at.ttftP90S * 1e3;
    r.ttftP99Ms = at.ttftP99S * 1e3;
    r.tpotP50Ms = at.tpotP50S * 1e3;
    r.tpotP90Ms = at.tpotP90S * 1e3;
    r.tpotP99Ms = at.tpotP99S * 1e3;
    r.queuedRequests = at.queued;
    r.load = w.load;
    r.loadRequestsPerS = w.load == ServingLoad::Rate ? load.ratePerReplica : 0.0;
    r.overloaded = at.overloaded;
    r.capacityRequestsPerS = at.overloaded ? at.point.requestsPerSPerReplica : 0.0;
    r.outputTokensPerSPerReplica = at.point.tokensPerSPerReplica;
    r.outputTokensPerSPerGpu = at.point.tokensPerSPerReplica / gpus;
    r.requestsPerSPerReplica = at.point.requestsPerSPerReplica;
    r.meetsTtft = meetsTtft(w, r.ttftMs);
    r.meetsTpot = meetsTpot(w, r.decodeMsPerToken);

    for (int b = 0; b < 3; ++b) {
        const Batching other = static_cast<Batching>(b);
        const double tokens = other == r.batchingUsed ? p.tokensPerSPerReplica
                                                      : servingPoint(m, other, sw, concurrency).tokensPerSPerReplica;
        r.batchingTokensPerSPerGpu[static_cast<std::size_t>(b)] = tokens / gpus;
    }

    // The engine's own choice when saturated, for the plan's request mix.
    r.saturatedConcurrency = sat.concurrency;
    r.saturatedTokensPerSPerGpu = sat.point.tokensPerSPerReplica / gpus;
    r.saturatedTtftMs = sat.point.ttftS * 1e3;
    r.saturatedTpotMs = sat.point.tpotS * 1e3;
    // Replicas for the rate: a stream of requests queueing for the saturated replica's slots.
    r.replicasNeeded = r.capacity.replicas;

    const int limit = memory.maxConcurrency >= 1 ? memory.maxConcurrency : 1;
    const bool sloPoint = r.capacity.valid && r.capacity.limit != CapacityLimit::Unreachable;
    fillCurve(m, r.batchingUsed, sw, limit, gpus,
              {static_cast<double>(concurrency), static_cast<double>(sat.concurrency),
               sloPoint ? r.capacity.sloLimited.concurrency : 0.0},
              r);
    r.sizingConcurrency = largestConcurrencyMeetingTargets(m, r.batchingUsed, sw, w, r);
    r.valid = memory.maxConcurrency >= 1;
    return r;
}

void addInferenceDiagnostics(const ResolvedPlan &plan, const Layout &layout, const MemoryResult &memory,
                             const InferenceResult &result, Diagnostics &diagnostics)
{
    const InferenceWorkload &w = plan.plan->workload.inference;
    // The day's mean cannot exceed its peak; without a peak (request_rate 0) the average is unused.
    if (w.requestRate > 0 && w.averageRequestRate > w.requestRate)
        diagnostics.add(DiagCode::AverageRateAbovePeak, Severity::Error, "workload.inference.average_request_rate",
                        w.averageRequestRate, w.requestRate);
    if (w.servingMode == ServingMode::Disaggregated) {
        // Requests beyond the decode slots wait for one (the model queues them): no concurrency limit.
        addDisaggregatedDiagnostics(plan, result, diagnostics);
        return;
    }
    if (memory.maxConcurrency >= 1 && layout.microBatch > memory.maxConcurrency)
        diagnostics.add(DiagCode::ConcurrencyTooHigh, Severity::Error, "workload.inference.concurrency", layout.microBatch,
                        memory.maxConcurrency);
    if (!result.meetsTtft)
        diagnostics.add(DiagCode::TtftTargetMissed, Severity::Warning, "workload.inference.ttft_target_ms", result.ttftMs,
                        w.ttftTargetMs);
    if (!result.meetsTpot)
        diagnostics.add(DiagCode::TpotTargetMissed, Severity::Warning, "workload.inference.tpot_target_ms",
                        result.decodeMsPerToken, w.tpotTargetMs);
}

} // namespace gpuplan

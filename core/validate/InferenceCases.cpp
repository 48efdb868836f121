// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/InferenceCases.h"

#include "catalog/Catalog.h"
#include "memory/InferenceMemory.h"
#include "perf/AttentionDp.h"
#include "perf/DisaggregatedPlan.h"
#include "perf/ForwardCost.h"
#include "perf/Prefill.h"
#include "perf/Saturated.h"
#include "perf/Serving.h"
#include "perf/SteadyLoad.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

const std::array<InferenceMetricInfo, kInferenceMetricCount> &inferenceMetrics()
{
    static const std::array<InferenceMetricInfo, kInferenceMetricCount> metrics{{
        {"output_tokens_per_s_per_gpu", kMetricThroughput, "measured_output_tokens_per_s_per_gpu"},
        {"ttft_ms", kMetricTtft, "measured_ttft_ms"},
        {"decode_ms_per_token", kMetricDecode, "measured_decode_ms_per_token"},
    }};
    return metrics;
}

namespace {

// The metrics a row implies even when it cannot be predicted (for its skipped entries).
unsigned metricsFromOutputLength(const CsvTable &t, std::size_t row)
{
    const auto out = parseNumberCell(t.cell(row, "output_len"));
    if (!out)
        return 0;
    return *out <= 1.0 ? kMetricTtft : (kMetricThroughput | kMetricTtft | kMetricDecode);
}

void loadCase(const CsvTable &t, std::size_t i, const Catalog &catalog, InferenceCase &c)
{
    c.id = std::string(t.cell(i, "id"));
    c.metrics = metricsFromOutputLength(t, i);
    if (!inferenceRowPlan(t, i, catalog, c.row, c.skipped))
        return;
    c.metrics = c.row.metrics;
    std::vector<ResolveError> errors;
    resolvePlan(c.row.plan, catalog, c.resolved, errors);
    for (const ResolveError &e : errors) {
        // The engine comes from the row's engine column (with its version), not from the plan's
        // engine family, so a missing family preset does not matter here.
        if (e.field != "workload.inference.engine") {
            c.skipped = e.field + ": " + e.message;
            return;
        }
    }
    c.resolved.engine = c.row.engine;
    c.layout = layoutFromPlan(c.row.plan);
    if (!buildForwardCost(c.resolved, c.layout).valid) {
        c.skipped = "GPU \"" + c.row.plan.hardware.gpu + "\" has no FLOP rate or memory bandwidth in the catalog";
        return;
    }
    // Read only now, for the comparison; predictions never see these cells.
    for (int k = 0; k < kInferenceMetricCount; ++k) {
        const auto v = parseNumberCell(t.cell(i, inferenceMetrics()[static_cast<std::size_t>(k)].measuredColumn));
        c.hasMeasured[static_cast<std::size_t>(k)] = v && *v > 0;
        c.measured[static_cast<std::size_t>(k)] = v ? *v : 0.0;
    }
}

// The pools of the row's plan (perf/DisaggregatedPlan.h, the functions a disaggregated plan's
// evaluation uses), per GPU of both pools, at the row's load (disaggregatedServingAtLoad).
InferencePrediction predictDisaggregated(const InferenceCase &c, const ResolvedPlan &resolved,
                                         const ServingWorkload &sw, double concurrency, double rate)
{
    const InferenceWorkload &w = c.row.plan.workload.inference;
    const DisaggregatedPools pools = disaggregatedPools(resolved, c.layout);
    const DisaggregatedServing s =
        disaggregatedServingAtLoad(resolved, pools.prefill, pools.decode, sw, c.row.load, concurrency, rate);
    InferencePrediction out;
    out.overloaded = s.overloaded;
    out.capacityRequestsPerS = s.capacityRequestsPerS;
    out.metrics[0] = s.point.point.tokensPerSPerReplica / std::max(disaggregatedGpus(w), 1);
    out.metrics[1] = s.point.point.ttftS * 1e3;
    out.metrics[2] = s.point.point.tpotS * 1e3;
    out.ttftP50Ms = s.point.ttftP50S * 1e3;
    out.ttftP90Ms = s.point.ttftP90S * 1e3;
    out.ttftP99Ms = s.point.ttftP99S * 1e3;
    out.tpotP50Ms = s.point.tpotP50S * 1e3;
    out.tpotP90Ms = s.point.tpotP90S * 1e3;
    out.tpotP99Ms = s.point.tpotP99S * 1e3;
    return out;
}

void setFromLoad(const SteadyLoadPoint &p, double gpus, InferencePrediction &out)
{
    out.metrics[0] = p.point.tokensPerSPerReplica / gpus;
    out.metrics[1] = p.point.ttftS * 1e3;
    out.metrics[2] = p.point.tpotS * 1e3;
    out.ttftP50Ms = p.ttftP50S * 1e3;
    out.ttftP90Ms = p.ttftP90S * 1e3;
    out.ttftP99Ms = p.ttftP99S * 1e3;
    out.tpotP50Ms = p.tpotP50S * 1e3;
    out.tpotP90Ms = p.tpotP90S * 1e3;
    out.tpotP99Ms = p.tpotP99S * 1e3;
    out.overloaded = p.overloaded;
    if (p.overloaded)
        out.capacityRequestsPerS = p.point.requestsPerSPerReplica;
}

// One instance (a replica, or both pools of a disaggregated deployment) with `concurrency`
// requests (static, closed loop) or `rate` requests/s (open loop) of the row's load.
InferencePrediction predictInstance(const InferenceCase &c, const ResolvedPlan &resolved, const EnginePreset &engine,
                                    double concurrency, double rate)
{
    const ForwardCostModel m = servingForwardCost(resolved, c.layout);
    const InferenceWorkload &w = c.row.plan.workload.inference;
    const ServingWorkload sw{static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), false};
    if (c.row.disaggregated)
        return predictDisaggregated(c, resolved, sw, concurrency, rate);
    const double gpus = static_cast<double>(m.tp) * m.pp;
    InferencePrediction out;
    if (c.row.saturated) {
        // The engine's own choice: as many requests as its KV pool and limits hold, batched its way.
        const SaturatedServing s = saturatedServing(resolved, c.layout, sw);
        SteadyLoadPoint p;
        p.point = s.point;
        p.ttftP50S = p.ttftP90S = p.ttftP99S = s.point.ttftS;
        p.tpotP50S = p.tpotP90S = p.tpotP99S = s.point.tpotS;
        setFromLoad(p, gpus, out);
        return out;
    }
    if (c.row.load == ServingLoad::Concurrency || c.row.load == ServingLoad::Rate) {
        // Requests in flight or arriving at a rate: the engine's scheduler at that load, admission
        // limited by the requests whose KV blocks the pool holds and by the engine's max batch.
        // The pool as the engine sizes it from its memory fraction (the row's plan carries the
        // preset's; a fit moves the preset's).
        Plan sized = c.row.plan;
        sized.workload.inference.memoryUtilization = engine.kvMemoryFraction;
        ResolvedPlan pooled = resolved;
        pooled.plan = &sized;
        const KvPool pool = kvPool(pooled, c.layout, sw.promptLen, sw.outputLen);
        LoadInputs in;
        in.model = &m;
        in.batching = batchingUsed(resolved);
        in.workload = sw;
        in.load = c.row.load;
        in.concurrency = concurrency;
        in.ratePerReplica = rate;
        in.maxRunning = std::max(std::min(pool.requests, engine.maxBatch), 1);
        in.mixedPrefill = engine.mixedPrefill;
        setFromLoad(servingAtLoad(in), gpus, out);
        return out;
    }
    // Benchmarks time the batch's prefill without queueing: TTFT is the prefill itself.
    out.metrics[1] = prefillTime(m, concurrency, w.promptLen) * 1e3;
    if (w.outputLen > 1) {
        const ServingPoint p = servingPoint(m, w.batching, sw, concurrency);
        out.metrics[0] = p.tokensPerSPerReplica / gpus;
        out.metrics[2] = p.tpotS * 1e3;
    }
    out.ttftP50Ms = out.ttftP90Ms = out.ttftP99Ms = out.metrics[1];
    out.tpotP50Ms = out.tpotP90Ms = out.tpotP99Ms = out.metrics[2];
    return out;
}

// Adds `p` of `instances` instances running `requests` requests each: throughput per GPU as the
// share of the instances, latencies weighted by the requests that see them.
void addInstances(const InferencePrediction &p, double instances, double requests, double allInstances,
                  double allRequests, InferencePrediction &sum)
{
    const double share = instances / allInstances;
    const double weight = instances * requests / allRequests;
    sum.metrics[0] += share * p.metrics[0];
    sum.metrics[1] += weight * p.metrics[1];
    sum.metrics[2] += weight * p.metrics[2];
    sum.ttftP50Ms += weight * p.ttftP50Ms;
    sum.ttftP90Ms += weight * p.ttftP90Ms;
    sum.ttftP99Ms += weight * p.ttftP99Ms;
    sum.tpotP50Ms += weight * p.tpotP50Ms;
    sum.tpotP90Ms += weight * p.tpotP90Ms;
    sum.tpotP99Ms += weight * p.tpotP99Ms;
}

}   // namespace

std::vector<std::unique_ptr<InferenceCase>> loadInferenceCases(const CsvTable &table, const Catalog &catalog)
{
    std::vector<std::unique_ptr<InferenceCase>> cases;
    cases.reserve(table.rowCount());
    for (std::size_t i = 0; i < table.rowCount(); ++i) {
        cases.push_back(std::make_unique<InferenceCase>());
        loadCase(table, i, catalog, *cases.back());
    }
    return cases;
}

InferencePrediction predictInferenceCaseDetail(const InferenceCase &c, const EnginePreset &engine)
{
    ResolvedPlan resolved = c.resolved;
    resolved.engine = &engine;
    const InferenceWorkload &w = c.row.plan.workload.inference;
    const double replicas = std::max(c.row.replicas, 1);
    // A rate is split evenly (a random split of Poisson arrivals is Poisson); a saturated instance
    // runs its own batch whatever the others do.
    if (c.row.load == ServingLoad::Rate || c.row.saturated)
        return predictInstance(c, resolved, engine, w.concurrency, w.requestRate / replicas);
    // Requests in flight (or a static batch) dealt round-robin: some instances get one more.
    const double asked = std::max(w.concurrency, 1);
    const double fewer = std::floor(asked / replicas);
    const double withMore = asked - fewer * replicas;
    if (withMore == 0)
        return predictInstance(c, resolved, engine, fewer, 0);
    InferencePrediction sum;
    addInstances(predictInstance(c, resolved, engine, fewer + 1, 0), withMore, fewer + 1, replicas, asked, sum);
    if (fewer >= 1)
        addInstances(predictInstance(c, resolved, engine, fewer, 0), replicas - withMore, fewer, replicas, asked, sum);
    return sum;
}

std::array<double, kInferenceMetricCount> predictInferenceCase(const InferenceCase &c, const EnginePreset &engine)
{
    return predictInferenceCaseDetail(c, engine).metrics;
}

} // namespace gpuplan

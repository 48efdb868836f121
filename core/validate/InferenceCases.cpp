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
// evaluation uses), per GPU of both pools.
std::array<double, kInferenceMetricCount> predictDisaggregated(const InferenceCase &c, const ResolvedPlan &resolved,
                                                               const ServingWorkload &sw)
{
    const InferenceWorkload &w = c.row.plan.workload.inference;
    const ForwardCostModel prefill = disaggregatedPoolModel(resolved, c.layout, w.prefill);
    const ForwardCostModel decode = disaggregatedPoolModel(resolved, c.layout, w.decode);
    const DisaggregatedServing s = disaggregatedServing(resolved, prefill, decode, sw, w.concurrency);
    std::array<double, kInferenceMetricCount> out{};
    out[0] = s.point.point.tokensPerSPerReplica / std::max(disaggregatedGpus(w), 1);
    out[1] = s.point.point.ttftS * 1e3;
    out[2] = s.point.point.tpotS * 1e3;
    return out;
}

} // namespace

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

std::array<double, kInferenceMetricCount> predictInferenceCase(const InferenceCase &c, const EnginePreset &engine)
{
    ResolvedPlan resolved = c.resolved;
    resolved.engine = &engine;
    const ForwardCostModel m = servingForwardCost(resolved, c.layout);
    const InferenceWorkload &w = c.row.plan.workload.inference;
    const ServingWorkload sw{static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), false};
    if (c.row.disaggregated)
        return predictDisaggregated(c, resolved, sw);
    std::array<double, kInferenceMetricCount> out{};
    if (c.row.saturated) {
        // The engine's own choice: as many requests as its KV pool and limits hold, batched its way.
        const SaturatedServing s = saturatedServing(resolved, c.layout, sw);
        out[0] = s.point.tokensPerSPerReplica / (static_cast<double>(m.tp) * m.pp);
        out[1] = s.point.ttftS * 1e3;
        out[2] = s.point.tpotS * 1e3;
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
        in.concurrency = w.concurrency;
        in.ratePerReplica = w.requestRate;
        in.maxRunning = std::max(std::min(pool.requests, engine.maxBatch), 1);
        in.mixedPrefill = engine.mixedPrefill;
        const SteadyLoadPoint p = servingAtLoad(in);
        out[0] = p.point.tokensPerSPerReplica / (static_cast<double>(m.tp) * m.pp);
        out[1] = p.point.ttftS * 1e3;
        out[2] = p.point.tpotS * 1e3;
        return out;
    }
    const double batch = w.concurrency;
    // Benchmarks time the batch's prefill without queueing: TTFT is the prefill itself.
    out[1] = prefillTime(m, batch, w.promptLen) * 1e3;
    if (w.outputLen > 1) {
        const ServingPoint p = servingPoint(m, w.batching, sw, batch);
        out[0] = p.tokensPerSPerReplica / (static_cast<double>(m.tp) * m.pp);
        out[2] = p.tpotS * 1e3;
    }
    return out;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "evaluator/EvaluationJson.h"

#include "common/EnumNames.h"
#include "common/Format.h"
#include "memory/MemoryAssumptions.h"
#include "memory/MemoryTimeline.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace gpuplan {

using Json = nlohmann::ordered_json;

namespace {

// Outputs never carry NaN or infinity: a non-finite number becomes null (and is a bug the
// property tests look for).
Json num(double v)
{
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

Json breakdownJson(const MemoryBreakdown &b)
{
    return {{"weights", num(b.weights)},
            {"gradients", num(b.gradients)},
            {"optimizer_states", num(b.optimizerStates)},
            {"master_weights", num(b.masterWeights)},
            {"activations", num(b.activations)},
            {"logits_loss", num(b.logitsLoss)},
            {"comm_buffers", num(b.commBuffers)},
            {"kv_cache", num(b.kvCache)},
            {"workspace", num(b.workspace)},
            {"cuda_context", num(b.cudaContext)},
            {"allocator_slack", num(b.allocatorSlack)}};
}

// memory.timeline: the step's phases in time order, each with its name, when it happens (fraction
// of the step, and seconds where the step time is known) and its bytes per category.
Json timelineJson(const MemoryTimeline &t, double stepTimeS)
{
    Json phases = Json::array();
    for (int i = 0; i < t.count; ++i) {
        const MemoryPhase &p = t.phases[static_cast<std::size_t>(i)];
        Json j = {{"name", memoryPhaseName(p, t.pipelineStages)},
                  {"phase", memoryPhaseId(p.kind)},
                  {"stage", p.stage},
                  {"micro_batch", p.microBatch},
                  {"time_fraction", num(p.timeFraction)}};
        if (stepTimeS > 0)
            j["time_s"] = num(p.timeFraction * stepTimeS);
        j["total_bytes"] = num(p.bytes.total());
        j["bytes"] = breakdownJson(p.bytes);
        j["peak"] = i == t.peak;
        phases.push_back(std::move(j));
    }
    return phases;
}

Json memoryJson(const MemoryResult &m, Mode mode, const MemoryTimeline &timeline, double stepTimeS)
{
    Json breakdown = breakdownJson(m.breakdown);
    Json j = {{"per_gpu_bytes", num(m.perGpuBytes)},
              {"per_gpu_gib", num(m.perGpuBytes / (1024.0 * 1024.0 * 1024.0))},
              {"capacity_bytes", num(m.capacityBytes)},
              {"fits", m.fits},
              {"verdict", nameOf(memoryVerdictNames(), m.verdict)},
              {"band_fraction", num(m.bandFraction)},
              {"device_total_bytes", num(m.deviceTotalBytes)},
              {"sold_bytes", num(m.soldBytes)},
              {"host_bytes_per_node", num(m.hostBytesPerNode)},
              {"host_capacity_bytes", num(m.hostCapacityBytes)},
              {"host_fits", m.hostFits},
              {"breakdown", std::move(breakdown)},
              {"offloaded_cpu_bytes", num(m.offloadedCpuBytes)},
              {"offloaded_nvme_bytes", num(m.offloadedNvmeBytes)},
              {"outside_allocator_bytes", num(m.outsideAllocatorBytes)}};
    const MemoryPhase *peak = memoryPeakPhase(timeline);
    j["peak_phase"] = peak ? Json(memoryPhaseName(*peak, timeline.pipelineStages)) : Json(nullptr);
    j["timeline"] = timelineJson(timeline, stepTimeS);
    if (mode == Mode::Inference) {
        j["kv_bytes_per_sequence"] = num(m.kvBytesPerSequence);
        j["max_concurrency"] = m.maxConcurrency;
        j["min_tp_that_fits"] = m.minTpThatFits;
    }
    return j;
}

Json trainingJson(const TrainingResult &t)
{
    const StepBreakdown &b = t.breakdown;
    return {{"valid", t.valid},
            {"step_time_s", num(t.stepTimeS)},
            {"tokens_per_step", num(t.tokensPerStep)},
            {"tokens_per_s", num(t.tokensPerS)},
            {"tokens_per_s_per_gpu", num(t.tokensPerSPerGpu)},
            {"mfu", num(t.mfu)},
            {"hfu", num(t.hfu)},
            {"tflops_per_gpu", num(t.tflopsPerGpu)},
            {"model_flops_per_step", num(t.modelFlopsPerStep)},
            {"hardware_flops_per_step", num(t.hardwareFlopsPerStep)},
            {"micro_batches_per_step", t.microBatchesPerStep},
            {"bubble_fraction", num(t.bubbleFraction)},
            {"time_to_train_s", num(t.timeToTrainS)},
            {"time_to_train_days", num(t.timeToTrainS / 86400.0)},
            {"gpu_hours", num(t.gpuHours)},
            {"error_band", num(t.errorBand)},
            {"gpu_step_time_s", num(t.gpuStepTimeS)},
            {"gpu_tokens_per_s", num(t.gpuTokensPerS)},
            {"gpu_mfu", num(t.gpuMfu)},
            {"gpu_time_to_train_s", num(t.gpuTimeToTrainS)},
            {"data_pace", num(t.dataPace)},
            {"breakdown",
             {{"compute", num(b.compute)},
              {"recompute", num(b.recompute)},
              {"tp_comm", num(b.tpComm)},
              {"cp_comm", num(b.cpComm)},
              {"ep_comm", num(b.epComm)},
              {"pp_comm", num(b.ppComm)},
              {"dp_comm", num(b.dpComm)},
              {"bubble", num(b.bubble)},
              {"optimizer", num(b.optimizer)},
              {"offload", num(b.offload)},
              {"other", num(b.other)}}}};
}

Json loadPointJson(const LoadPoint &l)
{
    return {{"requests_per_s_per_replica", num(l.requestsPerS)},
            {"utilization", num(l.utilization)},
            {"concurrency", num(l.concurrency)},
            {"output_tokens_per_s_per_gpu", num(l.tokensPerSPerGpu)},
            {"wait_probability", num(l.waitProbability)},
            {"ttft_mean_ms", num(l.ttftMeanMs)},
            {"ttft_p50_ms", num(l.ttftP50Ms)},
            {"ttft_p99_ms", num(l.ttftP99Ms)},
            {"tpot_mean_ms", num(l.tpotMeanMs)},
            {"tpot_p50_ms", num(l.tpotMeanMs)},
            {"tpot_p99_ms", num(l.tpotP99Ms)}};
}

Json capacityJson(const CapacityResult &c)
{
    Json j = {{"valid", c.valid},
              {"replicas", c.replicas},
              {"min_replicas", c.minReplicas},
              {"max_replicas", c.maxReplicas},
              {"limiting", capacityLimitName(c.limit)},
              {"headroom", num(c.headroom)},
              {"slots", c.requestSlots},
              {"saturated_requests_per_s_per_replica", num(c.saturatedRequestsPerS)},
              {"max_requests_per_s_per_replica", num(c.sloLimited.requestsPerS)}};
    j["at_rate"] = loadPointJson(c.atRate);
    j["slo_limited"] = loadPointJson(c.sloLimited);
    return j;
}

Json poolJson(const DisaggregatedPoolResult &p)
{
    return {{"gpu", p.gpu ? p.gpu->id : std::string()},
            {"workers", p.workers},
            {"tp", p.gpusPerWorker},
            {"attention_dp", p.attentionDp},
            {"ep", p.ep},
            {"batch", num(p.batch)},
            {"gpus", p.gpus},
            {"memory",
             {{"per_gpu_bytes", num(p.perGpuBytes)},
              {"weights_bytes", num(p.weightBytes)},
              {"kv_cache_bytes", num(p.kvCacheBytes)},
              {"capacity_bytes", num(p.capacityBytes)},
              {"requests_that_fit", p.requestsThatFit},
              {"fits", p.fits}}}};
}

Json disaggregatedJson(const DisaggregatedResult &d)
{
    return {{"prefill", poolJson(d.prefill)},
            {"decode", poolJson(d.decode)},
            {"gpus", d.gpus},
            {"kv_transfer", enumName(kvTransferNames(), static_cast<int>(d.kvTransfer))},
            {"kv_bytes_per_request", num(d.kvBytesPerRequest)},
            {"kv_transfer_ms", num(d.kvTransferMs)},
            {"prefill_pass_ms", num(d.prefillPassMs)},
            {"running_requests", num(d.runningRequests)}};
}

Json inferenceJson(const InferenceResult &r)
{
    Json curve = Json::array();
    for (int i = 0; i < r.curveCount; ++i) {
        const ConcurrencyPoint &p = r.curve[static_cast<std::size_t>(i)];
        curve.push_back({{"concurrency", p.concurrency},
                         {"output_tokens_per_s_per_gpu", num(p.outputTokensPerSPerGpu)},
                         {"tpot_ms", num(p.tpotMs)},
                         {"ttft_ms", num(p.ttftMs)}});
    }
    Json j = {{"valid", r.valid},
              {"gpus_per_replica", r.gpusPerReplica},
              {"serving_layout",
               {{"attention_dp", r.attentionDp},
                {"attention_tp", r.attentionTp},
                {"ep", r.expertParallel},
                {"expert_tp", r.expertTp}}},
              {"batching_used", enumName(batchingNames(), static_cast<int>(r.batchingUsed))},
              {"ttft_ms", num(r.ttftMs)},
              {"decode_ms_per_token", num(r.decodeMsPerToken)},
              {"e2e_latency_ms", num(r.e2eLatencyMs)},
              {"output_tokens_per_s_per_gpu", num(r.outputTokensPerSPerGpu)},
              {"output_tokens_per_s_per_replica", num(r.outputTokensPerSPerReplica)},
              {"requests_per_s_per_replica", num(r.requestsPerSPerReplica)},
              {"max_concurrency", r.maxConcurrency},
              {"sizing_concurrency", r.sizingConcurrency},
              {"replicas_needed", r.replicasNeeded},
              {"meets_ttft", r.meetsTtft},
              {"meets_tpot", r.meetsTpot},
              {"batching",
               {{"static", num(r.batchingTokensPerSPerGpu[0])},
                {"dynamic", num(r.batchingTokensPerSPerGpu[1])},
                {"continuous", num(r.batchingTokensPerSPerGpu[2])}}},
              {"concurrency_curve", std::move(curve)},
              {"saturated",
               {{"concurrency", r.saturatedConcurrency},
                {"output_tokens_per_s_per_gpu", num(r.saturatedTokensPerSPerGpu)},
                {"ttft_ms", num(r.saturatedTtftMs)},
                {"tpot_ms", num(r.saturatedTpotMs)}}},
              {"capacity", capacityJson(r.capacity)},
              {"at_load",
               {{"ttft_p50_ms", num(r.ttftP50Ms)},
                {"ttft_p90_ms", num(r.ttftP90Ms)},
                {"ttft_p99_ms", num(r.ttftP99Ms)},
                {"tpot_p50_ms", num(r.tpotP50Ms)},
                {"tpot_p90_ms", num(r.tpotP90Ms)},
                {"tpot_p99_ms", num(r.tpotP99Ms)},
                {"queued_requests", num(r.queuedRequests)},
                {"load", enumName(servingLoadNames(), static_cast<int>(r.load))},
                {"request_rate", num(r.loadRequestsPerS)},
                {"overloaded", r.overloaded},
                {"capacity_requests_per_s", num(r.capacityRequestsPerS)}}},
              {"error_band", num(r.errorBand)},
              {"ttft_error_band", num(r.ttftErrorBand)},
              {"tpot_error_band", num(r.tpotErrorBand)}};
    if (r.disaggregated.active)
        j["disaggregated"] = disaggregatedJson(r.disaggregated);
    return j;
}

Json shapeJson(const ModelShape &s)
{
    return {{"total_params", num(s.totalParams)},
            {"active_params", num(s.activeParams)},
            {"layers", s.layers},
            {"hidden", s.hidden},
            {"heads", s.heads},
            {"kv_heads", s.kvHeads},
            {"ffn_hidden", s.ffn},
            {"vocab", s.vocab},
            {"experts", s.experts},
            {"training_model_flops_per_token", num(s.trainingModelFlopsPerToken(0))}};
}

} // namespace

Json diagnosticsToJson(const Diagnostics &diagnostics)
{
    Json out = Json::array();
    for (const Diagnostic &d : diagnostics)
        out.push_back({{"severity", severityName(d.severity)},
                       {"code", diagCodeId(d.code)},
                       {"field", d.field},
                       {"message", describe(d)}});
    return out;
}

Json validityToJson(const PlanValidity &v)
{
    Json out = {{"status", planStatusName(v.status)}};
    if (!v.valid()) {
        out["reason"] = diagCodeId(v.reason.code);
        out["field"] = v.reason.field;
        out["message"] = describeValidity(v);
    }
    return out;
}

Json layoutToJson(const Layout &l)
{
    return {{"num_gpus", l.numGpus},
            {"tp", l.tp},
            {"pp", l.pp},
            {"dp", l.dp},
            {"cp", l.cp},
            {"ep", l.ep},
            {"vp", l.vp},
            {"sp", l.sp},
            {"micro_batch", l.microBatch},
            {"zero", l.zero},
            {"sharding", nameOf(shardingImplNames(), l.sharding)},
            {"recompute", nameOf(recomputeNames(), l.recompute)},
            {"offload_optimizer", nameOf(offloadNames(), l.offloadOptimizer)},
            {"offload_params", nameOf(offloadNames(), l.offloadParams)},
            {"schedule", nameOf(scheduleNames(), l.schedule)}};
}

Json scalingToJson(const ScalingResult &s)
{
    Json points = Json::array();
    for (int i = 0; i < s.count; ++i) {
        const ScalingPoint &p = s.points[static_cast<std::size_t>(i)];
        points.push_back({{"gpus", p.gpus},
                          {"feasible", p.feasible},
                          {"tokens_per_s", num(p.tokensPerS)},
                          {"tokens_per_s_per_gpu", num(p.tokensPerSPerGpu)},
                          {"ideal_tokens_per_s", num(p.idealTokensPerS)},
                          {"efficiency", num(p.efficiency)},
                          {"layout", layoutToJson(p.layout)}});
    }
    return {{"kind", s.weak ? "weak" : "strong"}, {"baseline_gpus", s.baselineGpus}, {"points", std::move(points)}};
}

namespace {

// The regime a band was taken from (catalogs/error_bands.json), the same lookup the time models
// make; the residual_mape fallback named when no regime of the table applies.
struct BandChoice
{
    double fraction = 0;
    std::string basis;
};

BandChoice bandChoice(const ResolvedPlan &plan, BandMetric metric)
{
    const bool serving = isServingMetric(metric);
    BandChoice c;
    if (metric == BandMetric::Memory) {
        // The memory verdict's fallback (memory/FrameworkOverhead.h, memoryErrorBand()).
        c.fraction = memassume::kMemoryVerdictBand;
        c.basis = "the memory model's fixed band: ±" + formatFixed(memassume::kMemoryVerdictBand * 100.0, 0) + "%";
    } else if (serving && plan.engine) {
        c.fraction = plan.engine->residualMape / 100.0;
        c.basis = "engine " + plan.engine->id + " residual_mape: ±" + formatFixed(plan.engine->residualMape, 1) + "%";
    } else if (!serving && plan.gpu) {
        c.fraction = plan.gpu->efficiency.residualMape / 100.0;
        c.basis = "GPU " + plan.gpu->id + " residual_mape: ±" + formatFixed(plan.gpu->efficiency.residualMape, 1) + "%";
    }
    if (!plan.gpu || !plan.catalog || (serving && !plan.engine))
        return c;
    const int framework = serving ? static_cast<int>(plan.engine->engine)
                                  : static_cast<int>(plan.plan->parallelism.framework);
    const RegimeKey key = regimeKey(metric, *plan.gpu, framework, plan.shape.moeLayers > 0);
    if (const ErrorBandEntry *band = findErrorBand(plan.catalog->errorBands, key))
        c = {band->mapePct / 100.0, errorBandBasis(*band, key)};
    else
        c.basis += " (no regime of catalogs/error_bands.json applies)";
    return c;
}

} // namespace

Json evaluationToJson(const ResolvedPlan &plan, const Evaluation &e)
{
    const Mode mode = plan.plan->workload.mode;
    Json out = {{"plan", plan.plan->name},
                {"mode", nameOf(modeNames(), mode)},
                {"gpu", plan.gpu ? plan.gpu->id : ""},
                {"node", plan.node ? plan.node->id : ""},
                {"fabric", plan.fabric ? plan.fabric->id : ""},
                {"model", shapeJson(e.shape)},
                {"layout", layoutToJson(e.layout)},
                {"validity", validityToJson(e.validity)},
                {"diagnostics", diagnosticsToJson(e.diagnostics)},
                {"memory", memoryJson(e.memory, mode, memoryTimeline(plan, e),
                                      mode == Mode::Training ? e.training.stepTimeS : 0.0)}};
    out["memory"]["band_basis"] = bandChoice(plan, BandMetric::Memory).basis;
    if (mode == Mode::Training) {
        out["training"] = trainingJson(e.training);
        out["training"]["error_band_basis"] = bandChoice(plan, BandMetric::TrainingTime).basis;
    } else {
        Json &inf = out["inference"] = inferenceJson(e.inference);
        inf["error_band_basis"] = bandChoice(plan, BandMetric::ServingThroughput).basis;
        const BandChoice ttft = bandChoice(plan, BandMetric::ServingTtft);
        const BandChoice tpot = bandChoice(plan, BandMetric::ServingTpot);
        inf["ttft_error_band"] = num(ttft.fraction);
        inf["ttft_error_band_basis"] = ttft.basis;
        inf["tpot_error_band"] = num(tpot.fraction);
        inf["tpot_error_band_basis"] = tpot.basis;
    }
    appendFacilityJson(plan, e, out);
    return out;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/InferenceRowPlan.h"

#include "catalog/Catalog.h"
#include "catalog/GpuSpec.h"
#include "model/ModelShape.h"
#include "common/EnumNames.h"
#include "plan/PlanFields.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"
#include "validate/ServingFormats.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

bool positiveIntCell(const CsvTable &t, std::size_t row, const char *column, int &out, std::string &reason)
{
    const std::string_view text = t.cell(row, column);
    const auto v = parseNumberCell(text);
    if (!v || *v != std::floor(*v) || *v < 1 || *v > 1e7) {
        reason = std::string("column ") + column + (text.empty() ? " is blank" : " = \"" + std::string(text) + "\"") +
                 "; expected an integer from 1 to 10000000";
        return false;
    }
    out = static_cast<int>(*v);
    return true;
}

// An optional integer column: blank leaves `out` alone.
bool optionalIntCell(const CsvTable &t, std::size_t row, const char *column, int lo, int hi, int &out,
                     std::string &reason)
{
    const std::string_view text = t.cell(row, column);
    if (text.empty())
        return true;
    const auto v = parseNumberCell(text);
    if (!v || *v != std::floor(*v) || *v < lo || *v > hi) {
        reason = std::string("column ") + column + " = \"" + std::string(text) + "\"; expected an integer from " +
                 std::to_string(lo) + " to " + std::to_string(hi);
        return false;
    }
    out = static_cast<int>(*v);
    return true;
}

// The 2026-12 architecture columns (README "Columns added 2026-12"), then the tied-embedding
// choice again, as the published parameter count decides it for the full architecture.
bool applyArchitectureColumns(const CsvTable &t, std::size_t row, ModelArch &m, std::string &reason)
{
    if (!optionalIntCell(t, row, "head_dim", 1, 100000, m.headDim, reason) ||
        !optionalIntCell(t, row, "moe_ffn_hidden", 1, 10000000, m.moeFfnHidden, reason) ||
        !optionalIntCell(t, row, "moe_shared_experts", 0, 1000, m.moeSharedExperts, reason) ||
        !optionalIntCell(t, row, "moe_dense_layers", 0, m.layers, m.moeDenseLayers, reason) ||
        !optionalIntCell(t, row, "mla_q_lora_rank", 0, 1000000, m.mlaQLoraRank, reason) ||
        !optionalIntCell(t, row, "mla_kv_lora_rank", 0, 1000000, m.mlaKvLoraRank, reason) ||
        !optionalIntCell(t, row, "mla_qk_nope_dim", 0, 100000, m.mlaQkNopeDim, reason) ||
        !optionalIntCell(t, row, "mla_qk_rope_dim", 0, 100000, m.mlaQkRopeDim, reason) ||
        !optionalIntCell(t, row, "mla_v_dim", 0, 100000, m.mlaVDim, reason))
        return false;
    if (m.moeExperts == 0)
        m.moeFfnHidden = m.moeSharedExperts = m.moeDenseLayers = 0;
    const auto published = parseNumberCell(t.cell(row, "params_b"));
    if (published && *published > 0) {
        m.tiedEmbeddings = false;
        const double untied = computeModelShape(m, 4096).totalParams;
        m.tiedEmbeddings = true;
        const double tied = computeModelShape(m, 4096).totalParams;
        m.tiedEmbeddings = std::fabs(tied - *published * 1e9) < std::fabs(untied - *published * 1e9);
    }
    return true;
}

// A disaggregated row's pools on GPU types of their own: the optional columns prefill_gpu and
// decode_gpu (blank = the row's gpu), as the plan's workload.inference.prefill_gpu (the decode pool
// runs hardware.gpu). A pool's GPU must be in the catalog and run the row's precision.
bool applyPoolGpus(const CsvTable &t, std::size_t row, const Catalog &catalog, Plan &plan, std::string &reason)
{
    const GpuSpec *rowGpu = catalog.findGpu(plan.hardware.gpu);
    auto gpuOf = [&](const char *column, const GpuSpec *&gpu) {
        const std::string_view id = t.cell(row, column);
        gpu = id.empty() ? rowGpu : catalog.findGpu(id);
        if (!gpu) {
            reason = "column " + std::string(column) + " = \"" + std::string(id) + "\" is not in the catalog";
            return false;
        }
        Precision scratch = plan.precision;
        return applyPrecision(t.cell(row, "precision"), gpu, scratch, reason);
    };
    const GpuSpec *prefill = nullptr;
    const GpuSpec *decode = nullptr;
    if (!gpuOf("prefill_gpu", prefill) || !gpuOf("decode_gpu", decode))
        return false;
    plan.hardware.gpu = decode->id;
    plan.workload.inference.prefillGpu = prefill == decode ? std::string() : prefill->id;
    return true;
}

// The `load` column; blank: static when batch_size is given, max when it is blank. A
// disaggregated deployment's benchmarks keep requests in flight (its router admits them as they
// come): there a batch_size with the load blank is the requests in flight, a closed loop; a static
// batch is only one given as load = static.
bool applyLoad(const CsvTable &t, std::size_t row, bool batchBlank, ServingLoad &load, std::string &reason)
{
    const std::string_view text = t.cell(row, "load");
    if (text.empty()) {
        const auto mode = parseEnum(servingModeNames(), t.cell(row, "serving_mode"));
        const bool disaggregated = mode && static_cast<ServingMode>(*mode) == ServingMode::Disaggregated;
        load = batchBlank ? ServingLoad::Max : disaggregated ? ServingLoad::Concurrency : ServingLoad::Static;
        return true;
    }
    const auto parsed = parseEnum(servingLoadNames(), text);
    if (!parsed) {
        reason = "column load = \"" + std::string(text) + "\"; expected " + allowedNames(servingLoadNames());
        return false;
    }
    load = static_cast<ServingLoad>(*parsed);
    if (load != ServingLoad::Max && load != ServingLoad::Rate && batchBlank) {
        reason = "column load = \"" + std::string(text) + "\" needs a batch_size (the requests in flight or the batch)";
        return false;
    }
    return true;
}

// An aggregated row's attention DP and expert parallelism (dp, ep, expert_tp; blank = 1, expert
// TP blank = the rest of the replica): the replica is tp x dp GPUs, its attention run as dp ranks
// of tp GPUs each (the pools' reading of prefill_dp / decode_dp), its experts over ep ranks.
bool applyAttentionDp(const CsvTable &t, std::size_t row, Plan &plan, std::string &reason)
{
    InferenceWorkload &w = plan.workload.inference;
    w.attentionDp = w.ep = 1;
    w.expertTp = 0;
    if (!optionalIntCell(t, row, "dp", 1, 1024, w.attentionDp, reason) ||
        !optionalIntCell(t, row, "ep", 1, 1024, w.ep, reason) ||
        !optionalIntCell(t, row, "expert_tp", 1, 1024, w.expertTp, reason))
        return false;
    Parallelism &p = plan.parallelism;
    if (w.attentionDp > 1) {
        p.tp = std::max(p.tp, 1) * w.attentionDp;
        p.dp = 0;   // replicas: the GPUs over tp x dp
    }
    const int gpus = std::max(p.tp, 1);
    if (w.ep > 1 && gpus % w.ep != 0) {
        reason = "column ep = " + std::to_string(w.ep) + " does not divide the replica's " + std::to_string(gpus) +
                 " GPUs (tp x dp); expected a divisor of " + std::to_string(gpus);
        return false;
    }
    if (w.expertTp > 0 && static_cast<long long>(w.expertTp) * w.ep != gpus) {
        reason = "column expert_tp = " + std::to_string(w.expertTp) + " with ep = " + std::to_string(w.ep) +
                 " does not cover the replica's " + std::to_string(gpus) + " GPUs; expected expert_tp x ep = tp x dp";
        return false;
    }
    return true;
}

// serving_mode and the pools of a disaggregated deployment, as the plan's fields: a worker of
// prefix_tp x prefix_dp GPUs (the plan's prefill_tp / decode_tp, attention DP its ranks), its batch
// per rank x the ranks (the plan's batch per worker).
bool applyServingMode(const CsvTable &t, std::size_t row, InferenceRowPlan &out, std::string &reason)
{
    const std::string_view mode = t.cell(row, "serving_mode");
    const auto parsed = parseEnum(servingModeNames(), mode);
    if (!mode.empty() && !parsed) {
        reason = "column serving_mode = \"" + std::string(mode) + "\"; expected aggregated or disaggregated (agg, disagg)";
        return false;
    }
    out.disaggregated = parsed && static_cast<ServingMode>(*parsed) == ServingMode::Disaggregated;
    InferenceWorkload &w = out.plan.workload.inference;
    w.servingMode = out.disaggregated ? ServingMode::Disaggregated : ServingMode::Aggregated;
    if (!out.disaggregated)
        return applyAttentionDp(t, row, out.plan, reason);
    auto pool = [&](const char *prefix, InferenceWorkload::Pool &p) {
        const std::string s(prefix);
        int tp = 1, dp = 1, batch = 1;
        p = InferenceWorkload::Pool{};
        if (!optionalIntCell(t, row, (s + "workers").c_str(), 1, 100000, p.workers, reason) ||
            !optionalIntCell(t, row, (s + "tp").c_str(), 1, 1024, tp, reason) ||
            !optionalIntCell(t, row, (s + "dp").c_str(), 1, 1024, dp, reason) ||
            !optionalIntCell(t, row, (s + "ep").c_str(), 1, 1024, p.ep, reason) ||
            !optionalIntCell(t, row, (s + "batch").c_str(), 1, 1000000, batch, reason))
            return false;
        if (tp * dp > 1024 || static_cast<long long>(dp) * batch > 1000000) {
            reason = "columns " + s + "tp x " + s + "dp = " + std::to_string(tp * dp) + ", " + s + "dp x " + s +
                     "batch = " + std::to_string(static_cast<long long>(dp) * batch) +
                     "; expected at most 1024 GPUs a worker and 1000000 requests a worker";
            return false;
        }
        p.tp = tp * dp;
        p.attentionDp = dp;
        p.batch = dp * batch;
        return true;
    };
    if (!pool("prefill_", w.prefill) || !pool("decode_", w.decode))
        return false;
    return true;
}

// `replicas`: blank takes as many instances as num_gpus holds (one where it is the instance's
// GPUs, the published rows' case); given, num_gpus must be that many instances.
bool applyReplicas(const CsvTable &t, std::size_t row, InferenceRowPlan &out, std::string &reason)
{
    const Plan &plan = out.plan;
    const long long instance =
        out.disaggregated ? std::max(disaggregatedGpus(plan.workload.inference), 1)
                          : static_cast<long long>(std::max(plan.parallelism.tp, 1)) * std::max(plan.parallelism.pp, 1);
    const long long gpus = std::max(plan.hardware.numGpus, 1);
    int replicas = 0;
    if (!optionalIntCell(t, row, "replicas", 1, 100000, replicas, reason))
        return false;
    if (replicas == 0) {
        out.replicas = !out.disaggregated && gpus % instance == 0 ? static_cast<int>(gpus / instance) : 1;
        return true;
    }
    if (replicas * instance != gpus) {
        reason = "column replicas = " + std::to_string(replicas) + " with " + std::to_string(instance) +
                 " GPUs an instance gives " + std::to_string(replicas * instance) +
                 " GPUs; expected num_gpus = " + std::to_string(gpus) + " = replicas x GPUs an instance";
        return false;
    }
    out.replicas = replicas;
    return true;
}

} // namespace

bool inferenceRowPlan(const CsvTable &t, std::size_t row, const Catalog &catalog, InferenceRowPlan &out,
                      std::string &skipReason)
{
    Plan &plan = out.plan;
    plan = Plan{};
    if (!planFromCommonColumns(t, row, catalog, plan, skipReason))
        return false;
    plan.workload.mode = Mode::Inference;
    if (!applyPrecision(t.cell(row, "precision"), catalog.findGpu(plan.hardware.gpu), plan.precision, skipReason))
        return false;
    InferenceWorkload &w = plan.workload.inference;
    if (!positiveIntCell(t, row, "input_len", w.promptLen, skipReason) ||
        !positiveIntCell(t, row, "output_len", w.outputLen, skipReason))
        return false;
    const bool batchBlank = t.cell(row, "batch_size").empty();
    w.concurrency = 1;
    if (!batchBlank && !positiveIntCell(t, row, "batch_size", w.concurrency, skipReason))
        return false;
    if (!applyLoad(t, row, batchBlank, out.load, skipReason) ||
        !applyArchitectureColumns(t, row, plan.model, skipReason))
        return false;
    w.load = out.load;
    if (!applyServingMode(t, row, out, skipReason) ||
        (out.disaggregated && !applyPoolGpus(t, row, catalog, plan, skipReason)) ||
        !applyReplicas(t, row, out, skipReason))
        return false;
    out.saturated = out.load == ServingLoad::Max;
    w.requestRate = 0;
    if (out.load == ServingLoad::Rate) {
        const auto rate = parseNumberCell(t.cell(row, "request_rate"));
        if (!rate || *rate <= 0 || *rate > 1e7) {
            skipReason = "column request_rate = \"" + std::string(t.cell(row, "request_rate")) +
                         "\"; load = rate needs a request rate from 0 to 10000000 requests/s";
            return false;
        }
        w.requestRate = *rate;
    }
    if (!applyKvCacheDtype(t.cell(row, "kv_cache_dtype"), catalog.findGpu(plan.hardware.gpu), plan.precision, skipReason))
        return false;
    w.batching = Batching::Static;
    if (const std::string_view b = t.cell(row, "batching"); !b.empty()) {
        const auto parsed = parseEnum(batchingNames(), b);
        if (!parsed) {
            skipReason = "column batching = \"" + std::string(b) + "\"; expected " + allowedNames(batchingNames());
            return false;
        }
        w.batching = static_cast<Batching>(*parsed);
    }
    // Learned position tables (when a model has one) cover prompt and output.
    plan.workload.training.seqLen = w.promptLen + w.outputLen;

    out.engineColumn = std::string(t.cell(row, "engine"));
    out.engine = findEnginePreset(catalog, out.engineColumn);
    if (!out.engine) {
        skipReason = "no engine preset for \"" + std::string(t.cell(row, "engine")) + "\" and no \"generic\" preset";
        return false;
    }
    plan.workload.inference.engine = out.engine->engine;
    // A saturated or steady-load run uses the engine's own batching, paged block size and memory fraction.
    if (out.load != ServingLoad::Static && t.cell(row, "batching").empty())
        w.batching = out.engine->defaultBatching;
    w.kvBlockTokens = out.engine->pagedKv ? out.engine->kvBlockTokens : 1;
    if (!out.engine->kvFractionOfFree)
        w.memoryUtilization = out.engine->kvMemoryFraction;
    out.metrics = w.outputLen == 1 ? kMetricTtft : (kMetricThroughput | kMetricTtft | kMetricDecode);
    out.group = plan.model.name + " / " + plan.hardware.gpu;
    // A row can ask for more than a plan file may hold; the models rely on the registry bounds.
    if (!checkPlanBounds(plan, skipReason))
        return false;
    return true;
}

} // namespace gpuplan

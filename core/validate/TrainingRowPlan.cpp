// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/TrainingRowPlan.h"

#include "catalog/Catalog.h"
#include "model/ModelShape.h"
#include "plan/FrameworkPresets.h"
#include "plan/PlanFields.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"
#include "validate/ValidationReport.h"
#include "common/Dtype.h"
#include "common/EnumNames.h"

#include <algorithm>
#include <cctype>
#include <cstdio>

namespace gpuplan {

namespace {


// An optional 0/1 column; returns false with a reason when it holds anything else.
bool flagCell(const CsvTable &t, std::size_t row, const char *column, bool &out, std::string &reason)
{
    const std::string_view text = t.cell(row, column);
    if (text.empty())
        return true;
    if (text == "0" || text == "1") {
        out = text == "1";
        return true;
    }
    reason = std::string("column ") + column + " = \"" + std::string(text) + "\" is not 0 or 1";
    return false;
}

// "175B", "3.55B", "760M", "1.01T": the model size that groups rows for rank correlation.
std::string sizeLabel(double params)
{
    char buf[32];
    if (params >= 999.5e9)
        std::snprintf(buf, sizeof buf, "%.3gT", params / 1e12);
    else if (params >= 1e9)
        std::snprintf(buf, sizeof buf, "%.3gB", params / 1e9);
    else
        std::snprintf(buf, sizeof buf, "%.3gM", params / 1e6);
    return buf;
}

// The compute format must be one the model times: a name it does not know would otherwise fall
// back to the default format silently. fp4 is NVFP4 training: bf16 weights and activations, the
// layers' GEMMs in FP4 (precision.fp8_recipe = nvfp4).
bool precisionKnown(const CsvTable &t, std::size_t row, Plan &plan, std::string &reason)
{
    const std::string_view text = t.cell(row, "precision");
    const auto d = text.empty() ? std::nullopt : parseEnum(dtypeNames(), text);
    // fp4, nvfp4 and mxfp4 in any case: FP4 training, the memory reader's reading too.
    if (d && isFp4(static_cast<Dtype>(*d))) {
        plan.precision.compute = Dtype::FP8;
        plan.precision.weights = Dtype::BF16;
        plan.precision.activations = Dtype::BF16;
        plan.precision.fp8Recipe = Fp8Recipe::Nvfp4;
        return true;
    }
    if (text.empty() || d)
        return true;
    reason = "precision = \"" + std::string(text) + "\" has no training time model (known: fp32, tf32, bf16, fp16, fp8, fp4)";
    return false;
}

// An optional integer column within [lo, hi]; blank leaves `out` as it is.
bool optionalInt(const CsvTable &t, std::size_t row, const char *column, int &out, int lo, int hi, std::string &reason)
{
    const std::string_view text = t.cell(row, column);
    if (text.empty())
        return true;
    const auto v = parseNumberCell(text);
    if (!v || *v != static_cast<double>(static_cast<long long>(*v)) || *v < lo || *v > hi) {
        reason = std::string("column ") + column + " = \"" + std::string(text) + "\" is not an integer from " +
                 std::to_string(lo) + " to " + std::to_string(hi);
        return false;
    }
    out = static_cast<int>(*v);
    return true;
}

// The 2026-12 columns (tests/data/validation/README.md, "Columns added 2026-12"): head size,
// the MoE layer's expert width, shared experts and leading dense layers, multi-head latent
// attention, expert and virtual-pipeline parallelism, the FP8 scaling recipe. Blank = the
// model's or the framework's default (no shared expert, no dense layer, EP 1, VP 1).
bool moeColumns(const CsvTable &t, std::size_t row, Plan &plan, std::string &reason)
{
    ModelArch &m = plan.model;
    Parallelism &p = plan.parallelism;
    if (!optionalInt(t, row, "head_dim", m.headDim, 1, 100000, reason) ||
        !optionalInt(t, row, "ep", p.ep, 1, 100000, reason) || !optionalInt(t, row, "vp", p.vp, 1, 1000, reason))
        return false;
    if (m.moeExperts > 0) {
        if (!optionalInt(t, row, "moe_ffn_hidden", m.moeFfnHidden, 1, 10000000, reason) ||
            !optionalInt(t, row, "moe_shared_experts", m.moeSharedExperts, 0, 1000, reason) ||
            !optionalInt(t, row, "moe_dense_layers", m.moeDenseLayers, 0, m.layers, reason))
            return false;
    } else if (p.ep > 1) {
        reason = "column ep = " + std::to_string(p.ep) + " on a model without experts (num_experts blank or 1)";
        return false;
    }
    if (p.ep > 1 && m.moeExperts % p.ep != 0) {
        reason = "column ep = " + std::to_string(p.ep) + " does not divide num_experts = " + std::to_string(m.moeExperts);
        return false;
    }
    // Expert tensor parallelism: blank = tp (Megatron-Core's default expert_tensor_parallel_size).
    int expertTp = 0;
    if (!optionalInt(t, row, "expert_tp", expertTp, 1, 100000, reason))
        return false;
    if (expertTp > 0 && p.tp % expertTp != 0) {
        reason = "column expert_tp = " + std::to_string(expertTp) + " does not divide tp = " + std::to_string(p.tp);
        return false;
    }
    p.expertTp = expertTp == p.tp ? 0 : expertTp;
    // Megatron-Core's MoE parallel folding (and torchtitan's, NeMo AutoModel's EP meshes) form the
    // EP groups out of the TP x DP x CP ranks of a stage, expert TP x EP x expert DP of them: an EP
    // degree that does not divide them has no such groups and the run cannot exist as stated.
    // Blank ep is 1 in every stack these files name (Megatron-Core ModelParallelConfig
    // expert_model_parallel_size = 1, torchtitan JobConfig parallelism.expert_parallel_degree = 1,
    // NeMo AutoModel's ep_size = 1): each GPU holds all experts of its stage.
    if (p.ep > 1) {
        const long long dp =
            p.dp > 0 ? p.dp : plan.hardware.numGpus / std::max(1LL, static_cast<long long>(p.tp) * p.pp * p.cp);
        const int etp = expertTp > 0 ? expertTp : p.tp;
        const long long ranks = dp * p.cp * p.tp / etp;
        if (ranks % p.ep != 0) {
            reason = "column ep = " + std::to_string(p.ep) + " does not divide the " + std::to_string(ranks) +
                     " expert ranks of a pipeline stage (tp x dp x cp / expert_tp): no EP groups can be formed";
            return false;
        }
    }
    if (p.vp > 1)
        p.schedule = PipelineSchedule::Interleaved;
    // Optional columns a file may carry beyond the README's table: `schedule` (1f1b,
    // interleaved, gpipe, dualpipe; blank keeps the choice above) and `ep_overlap` (0/1: the MoE
    // all-to-all beside another micro-batch's compute). Absent or blank = not stated.
    const std::string schedule = lowerCell(t.cell(row, "schedule"));
    if (!schedule.empty()) {
        const auto parsed = parseEnum(scheduleNames(), schedule);
        if (!parsed) {
            reason = "column schedule = \"" + schedule + "\" is not one of 1f1b, interleaved, gpipe, dualpipe";
            return false;
        }
        p.schedule = static_cast<PipelineSchedule>(*parsed);
    }
    if (!flagCell(t, row, "ep_overlap", p.epOverlap, reason))
        return false;

    if (!optionalInt(t, row, "mla_kv_lora_rank", m.mlaKvLoraRank, 0, 100000, reason) ||
        !optionalInt(t, row, "mla_q_lora_rank", m.mlaQLoraRank, 0, 100000, reason) ||
        !optionalInt(t, row, "mla_qk_nope_dim", m.mlaQkNopeDim, 0, 100000, reason) ||
        !optionalInt(t, row, "mla_qk_rope_dim", m.mlaQkRopeDim, 0, 100000, reason) ||
        !optionalInt(t, row, "mla_v_dim", m.mlaVDim, 0, 100000, reason))
        return false;
    if (m.mlaKvLoraRank > 0 && t.cell(row, "kv_heads").empty())
        m.kvHeads = m.heads;   // MLA expands the latent to one K/V head per query head

    // Blank: Transformer Engine's default (delayed scaling), or nvfp4 for an fp4 row.
    const std::string recipe = lowerCell(t.cell(row, "fp8_recipe"));
    if (recipe.empty())
        return true;
    const auto parsed = parseEnum(fp8RecipeNames(), recipe);
    if (!parsed) {
        reason = "column fp8_recipe = \"" + recipe + "\" is not one of delayed, tensorwise, current, blockwise, mxfp8, nvfp4";
        return false;
    }
    const bool fp4Row = plan.precision.fp8Recipe == Fp8Recipe::Nvfp4;
    if (fp4Row != (static_cast<Fp8Recipe>(*parsed) == Fp8Recipe::Nvfp4)) {
        reason = "column fp8_recipe = \"" + recipe + "\" with precision = \"" + std::string(t.cell(row, "precision")) +
                 "\": nvfp4 goes with precision fp4 only";
        return false;
    }
    plan.precision.fp8Recipe = static_cast<Fp8Recipe>(*parsed);
    return true;
}

} // namespace

TrainingStackDefaults trainingStackDefaults(std::string_view framework)
{
    TrainingStackDefaults f;
    const std::string name = lowerCell(framework);
    const auto parsed = parseEnum(frameworkNames(), name);
    const Framework stack = parsed ? static_cast<Framework>(*parsed) : Framework::Generic;
    if (stack == Framework::Generic)
        return f;
    const FrameworkDefaults &preset = frameworkDefaults(stack, name);
    f.sharding = preset.sharding;
    f.defaultZero = preset.zero;
    f.sequenceParallelWithTp = preset.sequenceParallel;
    if (name == "megatron-deepspeed") {
        f.flashAttention = false;
        f.overlapGradReduce = false;
    } else if (stack == Framework::DeepSpeed) {
        f.overlapOnlyWithZero3 = true;
    }
    return f;
}

int validationHalf(std::string_view id)
{
    std::uint32_t h = 2166136261u;
    for (char c : id) {
        h ^= static_cast<unsigned char>(c);
        h *= 16777619u;
    }
    return static_cast<int>((h >> 7) & 1u);
}

bool trainingRowPlan(const CsvTable &t, std::size_t row, const Catalog &catalog, TrainingRowPlan &out,
                     std::string &skipReason)
{
    Plan &plan = out.plan;
    plan = Plan{};
    plan.workload.mode = Mode::Training;
    if (!planFromCommonColumns(t, row, catalog, plan, skipReason))
        return false;
    // Blank tp/pp: the FSDP stacks (torchtitan, NeMo AutoModel, llm-foundry, torchtune, HF) run
    // without tensor or pipeline parallelism unless configured (torchtitan's
    // tensor_parallel_degree and pipeline_parallel_degree default to 1), so blank is 1 there. For
    // Megatron, DeepSpeed and unnamed stacks a large run's layout is a choice the source did not
    // publish (MEG24-10, OPT-1, LLaMA-65B): not predicted.
    const TrainingStackDefaults fw = trainingStackDefaults(t.cell(row, "framework"));
    if ((t.cell(row, "tp").empty() || t.cell(row, "pp").empty()) && fw.sharding != ShardingImpl::Fsdp) {
        skipReason = "parallel layout not published (tp/pp blank)";
        return false;
    }
    if (t.cell(row, "global_batch").empty()) {
        skipReason = "global_batch is blank: the step is not defined";
        return false;
    }
    if (t.cell(row, "micro_batch").empty())
        plan.workload.training.microBatch = kDefaultMicroBatch;
    if (!precisionKnown(t, row, plan, skipReason) || !moeColumns(t, row, plan, skipReason))
        return false;
    // FP4 training needs FP4 tensor cores (Blackwell); on Hopper and older the row is not predicted,
    // never extrapolated from another format.
    if (plan.precision.fp8Recipe == Fp8Recipe::Nvfp4) {
        const GpuSpec *gpu = catalog.findGpu(plan.hardware.gpu);
        if (!gpu || gpu->peak(Dtype::NVFP4) <= 0) {
            skipReason = "precision = \"fp4\": FP4 (NVFP4) training is not supported on " + plan.hardware.gpu +
                         " (no FP4 tensor rate in the GPU catalog; FP4 runs on Blackwell-class GPUs); not predicted";
            return false;
        }
    }
    // With the MoE columns read, the published parameter count decides again what no column says.
    decideFromPublishedParams(t, row, plan.model, plan.workload.training.seqLen);
    // Activation checkpointing as the stack means it (blank: its default; RowPlan.h).
    plan.parallelism.recompute = stackRecompute(t, row, plan.parallelism.recompute, plan.hardware.numGpus);

    Parallelism &p = plan.parallelism;
    if (t.cell(row, "zero").empty())
        p.zero = fw.defaultZero;
    p.flashAttention = fw.flashAttention;
    p.overlapGradReduce = fw.overlapOnlyWithZero3 ? p.zero == 3 : fw.overlapGradReduce;
    p.sharding = fw.sharding;
    if (!flagCell(t, row, "flash_attention", p.flashAttention, skipReason) ||
        !flagCell(t, row, "overlap_grad_reduce", p.overlapGradReduce, skipReason))
        return false;
    // Megatron-Core refuses expert parallelism with TP unless sequence parallelism is on
    // (TransformerConfig: "sequence parallelism must be used"), so its runs have it.
    if (fw.sharding == ShardingImpl::Megatron && t.cell(row, "sp").empty() && p.tp > 1 &&
        (p.ep > 1 || fw.sequenceParallelWithTp))
        p.sp = true;
    // A row's gpus_per_node counts the GPUs of one host. Where the GPU's own node type is an
    // NVSwitch domain made of such hosts (GB200/GB300 NVL72: 18 trays of 4 GPUs on one NVLink
    // fabric), that domain is what the collectives see.
    if (const GpuSpec *gpu = catalog.findGpu(plan.hardware.gpu); gpu && plan.hardware.gpusPerNode > 0) {
        const NodeSpec *node = catalog.findNode(gpu->defaultNode);
        if (node && node->intraFabric == "nvswitch" && node->gpusPerNode > plan.hardware.gpusPerNode &&
            node->gpusPerNode % plan.hardware.gpusPerNode == 0)
            plan.hardware.gpusPerNode = 0;
    }
    // fp16 runs keep and reduce fp16 gradients (DeepSpeed fp16, Megatron-LM's fp16 default);
    // bf16 and fp8 runs accumulate and reduce in fp32 (Megatron forces it for bf16; DeepSpeed's
    // bf16 optimizer and FSDP's default mixed precision do the same).
    plan.precision.gradients = plan.precision.compute == Dtype::FP16 ? Dtype::FP16 : Dtype::FP32;

    const std::string id(t.cell(row, "id"));
    out.group = sourceOfId(id) + " " + sizeLabel(computeModelShape(plan.model, plan.workload.training.seqLen).totalParams);
    // A row can ask for more than a plan file may hold; the models rely on the registry bounds.
    if (!checkPlanBounds(plan, skipReason))
        return false;
    return true;
}

} // namespace gpuplan

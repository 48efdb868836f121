// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/MemoryRowPlan.h"

#include "catalog/Catalog.h"
#include "common/EnumNames.h"
#include "plan/PlanFields.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

namespace gpuplan {

namespace {

std::string lower(std::string_view s)
{
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
    return out;
}

bool contains(const std::string &haystack, std::string_view needle)
{
    return haystack.find(needle) != std::string::npos;
}

// Families of training frameworks, by how they hold model states.
enum class Framework {
    Megatron,            // Megatron-LM / NeMo: 16-bit weights, fp32 main grads, distributed optimizer
    MegatronDeepSpeed,   // Megatron-DeepSpeed, DeepSpeed, GPT-NeoX: DeepSpeed ZeRO
    PyTorch              // FSDP stacks (llm-foundry, torchtune, torchtitan), HF and anything unknown
};

Framework frameworkOf(const std::string &name)
{
    if (name == "megatron" || name == "megatron-lm" || name == "megatron-core" || name == "nemo")
        return Framework::Megatron;
    if (contains(name, "deepspeed") || name == "gpt-neox")
        return Framework::MegatronDeepSpeed;
    return Framework::PyTorch;   // an unknown framework is treated as a generic PyTorch stack
}

// Configuration the schema has no column for but a row's notes state in so many words. Only
// these configuration terms are read; numbers in the notes never are.
struct NotesHints
{
    bool qlora = false;        // "QLoRA" / "NF4": 4-bit quantized frozen base
    bool cpuOffload = false;   // "CPU offload"
    bool eagerAttention = false;
    bool optimizerInBackward = false;   // "optimizer_in_bwd" / "optimizer in backward"
};

NotesHints hintsFromNotes(std::string_view notes)
{
    const std::string n = lower(notes);
    NotesHints h;
    h.qlora = contains(n, "qlora") || contains(n, "nf4");
    h.cpuOffload = contains(n, "cpu offload");
    h.eagerAttention = contains(n, "eager attention");
    h.optimizerInBackward = contains(n, "optimizer_in_bwd") || contains(n, "optimizer in backward");
    return h;
}

struct PrecisionCell
{
    bool given = false;
    Dtype compute = Dtype::FP32;
    Dtype quantizedBase = Dtype::Count;   // int8/int4/nf4 weights; Count = none
};

bool parsePrecision(std::string_view text, PrecisionCell &out, std::string &reason)
{
    if (text.empty())
        return true;
    const auto d = parseEnum(dtypeNames(), text);
    if (!d) {
        reason = "precision \"" + std::string(text) + "\" is not one of " + allowedNames(dtypeNames());
        return false;
    }
    out.given = true;
    const Dtype dtype = static_cast<Dtype>(*d);
    if (dtype == Dtype::INT8 || dtype == Dtype::INT4 || dtype == Dtype::NF4) {
        out.quantizedBase = dtype;
        out.compute = Dtype::BF16;   // weight-only quantization computes in 16-bit
    } else {
        out.compute = dtype == Dtype::TF32 ? Dtype::FP32 : dtype;
    }
    return true;
}

// Weights, gradients, master copy and optimizer-state formats of a training recipe.
void setTrainingPrecision(Plan &plan, Framework fw, const PrecisionCell &pc, bool master)
{
    Precision &p = plan.precision;
    p.compute = pc.compute;
    const Dtype half = pc.compute == Dtype::FP16 ? Dtype::FP16 : Dtype::BF16;
    const bool fp32Run = pc.compute == Dtype::FP32;
    p.activations = fp32Run ? Dtype::FP32 : half;
    if (fp32Run) {
        p.weights = p.gradients = p.optimizerStates = Dtype::FP32;
        p.masterWeights = false;
    } else if (!master) {
        // Pure 16-bit training (torchtune): no fp32 copy, gradients and states in the weight format.
        p.weights = p.gradients = p.optimizerStates = half;
        p.masterWeights = false;
    } else if (fw == Framework::PyTorch) {
        // PyTorch AMP / FSDP mixed precision: the fp32 parameters are the master copy.
        p.weights = p.gradients = p.optimizerStates = Dtype::FP32;
        p.masterWeights = false;
    } else {
        // Megatron and DeepSpeed: 16-bit weights, fp32 master, fp32 main gradients.
        p.weights = half;
        p.gradients = p.optimizerStates = Dtype::FP32;
        p.masterWeights = true;
    }
}

bool readOptimizer(std::string_view cell, Plan &plan, std::string &reason)
{
    std::string name = lower(cell);
    if (name.empty() || name == "none") {
        plan.precision.optimizer = name.empty() ? Optimizer::AdamW : Optimizer::Sgd;
        return true;
    }
    if (name.rfind("paged_", 0) == 0) {
        // bitsandbytes paged optimizers keep their states in unified memory.
        plan.parallelism.offloadOptimizer = Offload::Paged;
        name = name.substr(6);
    }
    const auto o = parseEnum(optimizerNames(), name);
    if (!o) {
        reason = "optimizer \"" + std::string(cell) + "\" is not one of " + allowedNames(optimizerNames());
        return false;
    }
    plan.precision.optimizer = static_cast<Optimizer>(*o);
    return true;
}

} // namespace

MemoryCounter counterFromDescription(std::string_view whatMeasured)
{
    const std::string w = lower(whatMeasured);
    if (contains(w, "allocated"))
        return MemoryCounter::Allocated;
    if (contains(w, "reserved") || contains(w, "memory stats") || contains(w, "torch.cuda"))
        return MemoryCounter::Reserved;
    // nvidia-smi, NVML, an operator's reading, or not stated: the whole device footprint, which is
    // also what a plan must budget.
    return MemoryCounter::Device;
}

bool memoryRowPlan(const CsvTable &t, std::size_t row, const Catalog &catalog, MemoryRowPlan &out, std::string &reason)
{
    out = MemoryRowPlan{};
    Plan &plan = out.plan;

    const std::string workload = lower(t.cell(row, "workload"));
    FineTune fineTune = FineTune::None;
    bool inference = false;
    if (workload == "inference")
        inference = true;
    else if (workload == "finetune_lora" || workload == "lora")
        fineTune = FineTune::Lora;
    else if (workload == "finetune_qlora" || workload == "qlora")
        fineTune = FineTune::Qlora;
    else if (!(workload.empty() || workload == "training" || workload == "pretraining" || workload == "finetune_full")) {
        reason = "workload \"" + std::string(t.cell(row, "workload")) +
                 "\" is not training, finetune_full, finetune_lora or inference";
        return false;
    }

    plan.workload.mode = inference ? Mode::Inference : Mode::Training;
    plan.workload.training.seqLen = inference ? kDefaultInferenceContext : kDefaultTrainingSeqLen;
    plan.workload.training.microBatch = 1;
    plan.workload.training.globalBatch = 0;   // 0 = not given
    if (!planFromCommonColumns(t, row, catalog, plan, reason, RowPlanOptions{true}))
        return false;

    Parallelism &par = plan.parallelism;
    if (t.cell(row, "recompute").empty())
        par.recompute = Recompute::None;     // no activation checkpointing unless stated
    TrainingWorkload &tw = plan.workload.training;
    // In double: the row's degrees are only range-checked later (checkPlanBounds), and their
    // products overflow an int (found by fuzzing). A batch beyond an int is clamped here and
    // refused with the field's range there.
    const double modelParallel = std::max(1.0, static_cast<double>(par.tp) * par.pp * par.cp);
    const double dp = par.dp > 0 ? par.dp : std::max(1.0, std::floor(plan.hardware.numGpus / modelParallel));
    if (tw.globalBatch <= 0) {
        // Enough micro-batches to fill the pipeline.
        const double batch = static_cast<double>(tw.microBatch) * dp * std::max(par.pp, 1) * 4;
        tw.globalBatch = static_cast<int>(std::min(batch, static_cast<double>(std::numeric_limits<int>::max())));
    }

    const std::string fwName = lower(t.cell(row, "framework"));
    const Framework fw = frameworkOf(fwName);
    par.sharding = fw == Framework::Megatron            ? ShardingImpl::Megatron
                   : fw == Framework::MegatronDeepSpeed ? ShardingImpl::DeepSpeed
                                                        : ShardingImpl::Fsdp;

    PrecisionCell pc;
    if (!parsePrecision(t.cell(row, "precision"), pc, reason))
        return false;
    if (!pc.given && fw != Framework::PyTorch)
        pc.compute = Dtype::BF16;   // Megatron stacks always train in 16-bit; fp16 and bf16 weigh the same
    const NotesHints hints = hintsFromNotes(t.cell(row, "notes"));
    if (hints.eagerAttention)
        par.flashAttention = false;

    if (inference) {
        Precision &p = plan.precision;
        p.compute = pc.compute;
        p.weights = pc.quantizedBase != Dtype::Count ? pc.quantizedBase : pc.compute;
        p.activations = p.kvCache = pc.compute == Dtype::FP32 ? Dtype::FP32 : Dtype::BF16;
        InferenceWorkload &iw = plan.workload.inference;
        iw.promptLen = std::max(tw.seqLen - 1, 1);
        iw.outputLen = 1;
        iw.concurrency = std::max(tw.microBatch, 1);
        iw.flashAttention = par.flashAttention;
        const EnginePreset *engine = catalog.findEngine(fwName);
        if (!engine)
            engine = catalog.findEngine("generic");
        if (engine) {
            out.engineId = engine->id;
            iw.engine = engine->engine;
        }
    } else {
        const std::string masterCell = lower(t.cell(row, "master_weights"));
        const bool master = masterCell.empty() ? pc.compute != Dtype::FP32 : masterCell != "none";
        setTrainingPrecision(plan, fw, pc, master);
        if (!readOptimizer(t.cell(row, "optimizer"), plan, reason))
            return false;
        if (pc.quantizedBase != Dtype::Count) {
            if (fineTune == FineTune::None) {
                reason = "precision " + std::string(t.cell(row, "precision")) + " with full training: quantized weights are not trained";
                return false;
            }
            plan.precision.weights = pc.quantizedBase;
            fineTune = (pc.quantizedBase == Dtype::INT8) ? FineTune::Lora : FineTune::Qlora;
        }
        if (hints.qlora && fineTune == FineTune::Lora)
            fineTune = FineTune::Qlora;
        tw.fineTune = fineTune;
        par.optimizerInBackward = hints.optimizerInBackward;
        if (hints.cpuOffload) {
            par.offloadOptimizer = Offload::Cpu;
            if (par.zero >= 3)
                par.offloadParams = Offload::Cpu;
        }
    }
    out.counter = counterFromDescription(t.cell(row, "what_measured"));
    // A row can ask for more than a plan file may hold; the models rely on the registry bounds.
    if (!checkPlanBounds(plan, reason))
        return false;
    return true;
}

} // namespace gpuplan

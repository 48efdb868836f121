// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/MemoryRowPlan.h"

#include "catalog/Catalog.h"
#include "common/Dtype.h"
#include "common/EnumNames.h"
#include "model/ModelShape.h"
#include "plan/FrameworkPresets.h"
#include "plan/PlanFields.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>
#include <utility>

namespace gpuplan {

namespace {


bool contains(const std::string &haystack, std::string_view needle)
{
    return haystack.find(needle) != std::string::npos;
}

// The row's framework: a known name or alias, otherwise the generic stack (README: "treat an
// unknown framework as a generic one").
Framework frameworkOf(std::string_view name, RowDefaults &defaults)
{
    if (const auto f = parseEnum(frameworkNames(), name))
        return static_cast<Framework>(*f);
    defaults.add("framework=generic" + (name.empty() ? std::string() : " (\"" + std::string(name) + "\" unknown)"));
    return Framework::Generic;
}

// A run whose framework column names no stack ("other", blank or unknown) but whose counter is a
// stack's own memory statistics ran under that stack: torchtune's "memory stats"
// (torchtune/training/memory.py get_memory_stats, logged by its recipes) exist only inside a
// torchtune recipe. The first word of what_measured that is a stack's name, else empty.
std::string stackNamedByCounter(std::string_view whatMeasured)
{
    const std::string w = lowerCell(whatMeasured);
    std::size_t i = 0;
    while (i < w.size()) {
        const auto isWordChar = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-'; };
        while (i < w.size() && !isWordChar(w[i]))
            ++i;
        const std::size_t begin = i;
        while (i < w.size() && isWordChar(w[i]))
            ++i;
        const std::string_view word(w.data() + begin, i - begin);
        if (const auto f = parseEnum(frameworkNames(), word); f && static_cast<Framework>(*f) != Framework::Generic)
            return std::string(word);
    }
    return {};
}

// A 0/1 column; blank = the given default (recorded).
bool flagCell(const CsvTable &t, std::size_t row, std::string_view column, bool fallback, bool &out,
              RowDefaults &defaults, std::string &reason)
{
    const std::string_view cell = t.cell(row, column);
    if (cell.empty()) {
        out = fallback;
        defaults.add(std::string(column) + "=" + (fallback ? "1" : "0"));
        return true;
    }
    if (cell != "0" && cell != "1") {
        reason = std::string(column) + " \"" + std::string(cell) + "\" is not 0 or 1";
        return false;
    }
    out = cell == "1";
    return true;
}

// An enumeration column; blank = the given default (recorded).
template <typename E>
bool enumCell(const CsvTable &t, std::size_t row, std::string_view column, const EnumNameTable &names, E fallback,
              E &out, RowDefaults &defaults, std::string &reason)
{
    const std::string_view cell = t.cell(row, column);
    if (cell.empty()) {
        out = fallback;
        defaults.add(std::string(column) + "=" + nameOf(names, fallback));
        return true;
    }
    const auto v = parseEnum(names, cell);
    if (!v) {
        reason = std::string(column) + " \"" + std::string(cell) + "\" is not one of " + allowedNames(names);
        return false;
    }
    out = static_cast<E>(*v);
    return true;
}

struct PrecisionCell
{
    bool given = false;
    Dtype compute = Dtype::FP32;
    Dtype quantizedBase = Dtype::Count;   // int8/int4/nf4 weights; Count = none
    Dtype fp4 = Dtype::Count;             // precision fp4/nvfp4/mxfp4; Count = not FP4
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
    if (isFp4(dtype)) {
        // FP4 training is NVFP4 GEMMs under bf16 weights and activations (the training reader's
        // rule, TrainingRowPlan.cpp): compute in the FP8 path, the quantized weight copies of the
        // nvfp4 recipe (LowPrecisionMemory.h). For inference the 4-bit weights are the stored format.
        out.fp4 = dtype;
        out.compute = Dtype::FP8;
        return true;
    }
    if (dtype == Dtype::INT8 || dtype == Dtype::INT4 || dtype == Dtype::NF4) {
        out.quantizedBase = dtype;
        out.compute = Dtype::BF16;   // weight-only quantization computes in 16-bit
    } else {
        out.compute = dtype == Dtype::TF32 ? Dtype::FP32 : dtype;
    }
    return true;
}

// Weights, gradients, master copy and optimizer-state formats of a training recipe.
void setTrainingPrecision(Plan &plan, bool fp32ParamsAsMaster, const PrecisionCell &pc, bool master)
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
    } else if (fp32ParamsAsMaster) {
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

bool intCellValue(std::string_view cell, std::string_view column, int lo, int hi, int &out, std::string &reason)
{
    const auto v = parseNumberCell(cell);
    if (!v || *v != std::floor(*v) || *v < lo || *v > hi) {
        reason = std::string(column) + " \"" + std::string(cell) + "\" is not an integer from " + std::to_string(lo) +
                 " to " + std::to_string(hi);
        return false;
    }
    out = static_cast<int>(*v);
    return true;
}

// num_experts / experts_per_token: a mixture-of-experts model whose MoE layers hold num_experts
// routed experts of ffn_hidden each; blank = dense.
bool readExperts(const CsvTable &t, std::size_t row, ModelArch &m, std::string &reason)
{
    const std::string_view experts = t.cell(row, "num_experts");
    if (experts.empty())
        return true;
    int n = 0, k = 1;
    if (!intCellValue(experts, "num_experts", 1, 100000, n, reason))
        return false;
    if (const std::string_view topk = t.cell(row, "experts_per_token"); !topk.empty() &&
                                                                        !intCellValue(topk, "experts_per_token", 1, n, k, reason))
        return false;
    if (n > 1) {
        m.moeExperts = n;
        m.moeTopK = k;
        m.moeFfnHidden = m.ffnHidden;
    }
    return true;
}

// An optional integer column; blank keeps `out`.
bool optionalInt(const CsvTable &t, std::size_t row, std::string_view column, int lo, int hi, int &out,
                 std::string &reason)
{
    const std::string_view cell = t.cell(row, column);
    return cell.empty() || intCellValue(cell, column, lo, hi, out, reason);
}

// The 2026-12 architecture and layout columns (README "Columns added 2026-12"): expert and virtual
// pipeline degrees, the expert MLP size, shared experts and leading dense layers of an MoE model,
// multi-head latent attention and a head dimension that is not hidden / heads. With them the tied
// or untied embeddings (and interleaved dense layers) are decided again from the published
// parameter count.
bool readMoeColumns(const CsvTable &t, std::size_t row, Plan &plan, std::string &reason)
{
    ModelArch &m = plan.model;
    Parallelism &par = plan.parallelism;
    int kvRank = 0;
    if (!optionalInt(t, row, "ep", 1, 100000, par.ep, reason) || !optionalInt(t, row, "vp", 1, 1000, par.vp, reason) ||
        !optionalInt(t, row, "head_dim", 1, 100000, m.headDim, reason) ||
        !optionalInt(t, row, "moe_ffn_hidden", 1, 10000000, m.moeFfnHidden, reason) ||
        !optionalInt(t, row, "moe_shared_experts", 0, 1000, m.moeSharedExperts, reason) ||
        !optionalInt(t, row, "moe_dense_layers", 0, m.layers, m.moeDenseLayers, reason) ||
        !optionalInt(t, row, "mla_kv_lora_rank", 1, 100000, kvRank, reason) ||
        !optionalInt(t, row, "mla_q_lora_rank", 1, 100000, m.mlaQLoraRank, reason) ||
        !optionalInt(t, row, "mla_qk_nope_dim", 1, 100000, m.mlaQkNopeDim, reason) ||
        !optionalInt(t, row, "mla_qk_rope_dim", 1, 100000, m.mlaQkRopeDim, reason) ||
        !optionalInt(t, row, "mla_v_dim", 1, 100000, m.mlaVDim, reason))
        return false;
    if (par.vp > 1)
        par.schedule = PipelineSchedule::Interleaved;
    if (kvRank > 0) {
        m.mlaKvLoraRank = kvRank;
        m.kvHeads = m.heads;   // MLA rows leave kv_heads blank: every head has its own K and V
    }
    if (m.moeExperts == 0) {
        m.moeSharedExperts = m.moeDenseLayers = 0;
        par.ep = 1;
    }
    // Expert tensor parallelism splits each expert's weights (docs/memory.md §1); blank = tp, as
    // Megatron-Core's expert_tensor_parallel_size defaults to the tensor-parallel degree.
    int expertTp = 0;
    if (!optionalInt(t, row, "expert_tp", 1, 100000, expertTp, reason))
        return false;
    if (expertTp > 0 && par.tp % expertTp != 0) {
        reason = "column expert_tp = " + std::to_string(expertTp) + " does not divide tp = " + std::to_string(par.tp);
        return false;
    }
    par.expertTp = expertTp == par.tp ? 0 : expertTp;
    decideFromPublishedParams(t, row, m, plan.workload.training.seqLen);
    return true;
}

// cpu_offload column: none, optimizer (ZeRO-Offload), params (ZeRO-3 / FSDP CPU offload).
bool readCpuOffload(const CsvTable &t, std::size_t row, Parallelism &par, RowDefaults &defaults, std::string &reason)
{
    const std::string cell = lowerCell(t.cell(row, "cpu_offload"));
    par.offloadOptimizer = par.offloadOptimizer == Offload::Paged ? Offload::Paged : Offload::None;
    par.offloadParams = Offload::None;
    if (cell.empty()) {
        defaults.add("cpu_offload=none");
        return true;
    }
    if (cell == "none")
        return true;
    if (cell == "optimizer") {
        par.offloadOptimizer = Offload::Cpu;
        return true;
    }
    if (cell == "params") {
        par.offloadOptimizer = par.offloadParams = Offload::Cpu;
        return true;
    }
    reason = "cpu_offload \"" + std::string(t.cell(row, "cpu_offload")) + "\" is not none, optimizer or params";
    return false;
}

// fp8_recipe column: how FP8/FP4 GEMMs are scaled, which sizes the quantized weight copies and
// saved inputs (LowPrecisionMemory.h). Blank: Transformer Engine's default (delayed scaling), or
// nvfp4 for a precision fp4 row; nvfp4 goes with fp4 only (as the training reader has it).
bool readFp8Recipe(const CsvTable &t, std::size_t row, const PrecisionCell &pc, Precision &p, std::string &reason)
{
    const bool fp4Row = pc.fp4 != Dtype::Count;
    p.fp8Recipe = fp4Row ? Fp8Recipe::Nvfp4 : Fp8Recipe::Delayed;
    const std::string_view cell = t.cell(row, "fp8_recipe");
    if (cell.empty())
        return true;
    const auto r = parseEnum(fp8RecipeNames(), lowerCell(cell));
    if (!r) {
        reason = "fp8_recipe \"" + std::string(cell) + "\" is not one of " + allowedNames(fp8RecipeNames());
        return false;
    }
    if (fp4Row != (static_cast<Fp8Recipe>(*r) == Fp8Recipe::Nvfp4)) {
        reason = "fp8_recipe \"" + std::string(cell) + "\" with precision \"" + std::string(t.cell(row, "precision")) +
                 "\": nvfp4 goes with precision fp4 only";
        return false;
    }
    p.fp8Recipe = static_cast<Fp8Recipe>(*r);
    return true;
}

bool readOptimizer(std::string_view cell, Plan &plan, std::string &reason)
{
    std::string name = lowerCell(cell);
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
    const std::string w = lowerCell(whatMeasured);
    // torchtune's "Peak Memory Active" is the allocator's active_bytes peak: live tensors.
    if (contains(w, "allocated") || contains(w, "active"))
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

    const std::string workload = lowerCell(t.cell(row, "workload"));
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
    TrainingWorkload &tw = plan.workload.training;
    // In double: the row's degrees are only range-checked later (checkPlanBounds), and their
    // products overflow an int (found by fuzzing). A batch beyond an int is clamped here and
    // refused with the field's range there.
    const double modelParallel = std::max(1.0, static_cast<double>(par.tp) * par.pp * par.cp);
    const double dp = par.dp > 0 ? par.dp : std::max(1.0, std::floor(plan.hardware.numGpus / modelParallel));
    const bool batchBlank = tw.globalBatch <= 0;
    if (batchBlank) {
        // Not stated: no gradient accumulation without pipelining (the stacks' default: HF
        // TrainingArguments gradient_accumulation_steps = 1, torchtitan global_batch_size = -1,
        // one local batch per rank), and enough micro-batches to fill a pipeline (four per stage)
        // with it.
        const double perStage = par.pp > 1 ? 4.0 : 1.0;
        const double batch = static_cast<double>(tw.microBatch) * dp * std::max(par.pp, 1) * perStage;
        tw.globalBatch = static_cast<int>(std::min(batch, static_cast<double>(std::numeric_limits<int>::max())));
    }

    std::string fwName = lowerCell(t.cell(row, "framework"));
    RowDefaults &defaults = out.defaults;
    if (batchBlank && !inference)
        defaults.add("global_batch=" + std::to_string(tw.globalBatch));
    if (!inference && !parseEnum(frameworkNames(), fwName)) {
        if (std::string counterStack = stackNamedByCounter(t.cell(row, "what_measured")); !counterStack.empty()) {
            defaults.add("framework=" + counterStack + " (the stack whose memory statistics what_measured names)");
            fwName = std::move(counterStack);
        }
    }
    const Framework fw = inference ? Framework::Generic : frameworkOf(fwName, defaults);
    const FrameworkDefaults &fd = frameworkDefaults(fw, fwName);
    applyFrameworkPreset(plan, fw);
    if (t.cell(row, "zero").empty() && !inference) {
        // Not stated: what the stack shards by default (FrameworkPresets.cpp), recorded.
        par.zero = fd.zero;
        defaults.add("zero=" + std::to_string(par.zero));
    }
    if (t.cell(row, "sp").empty() && !inference && par.tp > 1 && fd.sequenceParallel) {
        par.sp = true;
        defaults.add("sp=1");
    }
    if (t.cell(row, "recompute").empty() && !inference) {
        // Not stated: the stack's own default (FrameworkPresets.cpp), recorded.
        par.recompute = defaultCheckpointing(fd, plan.hardware.numGpus);
        defaults.add("recompute=" + std::string(nameOf(recomputeNames(), par.recompute)));
    }

    PrecisionCell pc;
    if (!parsePrecision(t.cell(row, "precision"), pc, reason))
        return false;
    if (!pc.given && !fd.fp32ParamsAsMaster)
        pc.compute = Dtype::BF16;   // Megatron stacks always train in 16-bit; fp16 and bf16 weigh the same
    if (!pc.given && fd.pureHalfPrecision && fd.fp32ParamsAsMaster && !inference) {
        // Stacks whose recipes train in bf16 without an fp32 copy (torchtune dtype: bf16, LitGPT
        // config_hub precision: bf16-true) do so when the run states no precision.
        pc.compute = Dtype::BF16;
        defaults.add("precision=bf16");
    }

    if (inference) {
        Precision &p = plan.precision;
        p.compute = pc.fp4 != Dtype::Count ? Dtype::BF16 : pc.compute;
        p.weights = pc.fp4 != Dtype::Count ? pc.fp4 : pc.quantizedBase != Dtype::Count ? pc.quantizedBase : pc.compute;
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
        // A pipeline without a stated micro-batch runs the engine's default split.
        if (t.cell(row, "micro_batch").empty() && par.pp > 1) {
            if (fd.microBatchesFromStages) {
                const double local = std::max(1.0, tw.globalBatch / dp);
                tw.microBatch = static_cast<int>(std::max(1.0, std::floor(local / par.pp)));
            }
            defaults.add("micro_batch=" + std::to_string(tw.microBatch));
        }
        const std::string masterCell = lowerCell(t.cell(row, "master_weights"));
        const bool master = masterCell.empty() ? pc.compute != Dtype::FP32 && !fd.pureHalfPrecision : masterCell != "none";
        if (masterCell.empty() && pc.compute != Dtype::FP32)
            defaults.add(std::string("master_weights=") + (master ? "fp32" : "none"));
        setTrainingPrecision(plan, fd.fp32ParamsAsMaster, pc, master);
        if (!readOptimizer(t.cell(row, "optimizer"), plan, reason))
            return false;
        if (!readFp8Recipe(t, row, pc, plan.precision, reason))
            return false;
        // Frozen base of a LoRA run: base_weights, else a weight-only quantized precision.
        Dtype base = pc.quantizedBase;
        Dtype base16 = pc.given && (pc.compute == Dtype::BF16 || pc.compute == Dtype::FP16) ? pc.compute : Dtype::Count;
        if (const std::string_view bw = t.cell(row, "base_weights"); !bw.empty()) {
            const auto d = parseEnum(dtypeNames(), bw);
            if (!d || (*d != static_cast<int>(Dtype::BF16) && *d != static_cast<int>(Dtype::FP16) &&
                       *d != static_cast<int>(Dtype::INT8) && *d != static_cast<int>(Dtype::NF4))) {
                reason = "base_weights \"" + std::string(bw) + "\" is not bf16, fp16, int8 or nf4";
                return false;
            }
            base = (*d == static_cast<int>(Dtype::INT8) || *d == static_cast<int>(Dtype::NF4)) ? static_cast<Dtype>(*d)
                                                                                                 : Dtype::Count;
            if (base == Dtype::Count)
                base16 = static_cast<Dtype>(*d);
        }
        if (fineTune != FineTune::None && base == Dtype::Count && base16 != Dtype::Count &&
            plan.precision.weights == Dtype::FP32) {
            // README: a blank base_weights is the row's precision. A stack that trains fp32
            // parameters under autocast (HF Trainer, PEFT) still loads a LoRA run's frozen base in
            // the dtype asked for (from_pretrained torch_dtype, ms-swift's default: the config's
            // torch_dtype); the trainable adapters stay fp32 (PEFT autocast_adapter_dtype=True),
            // i.e. 16-bit weights with an fp32 master copy.
            PrecisionCell half = pc;
            half.compute = base16;
            setTrainingPrecision(plan, false, half, true);
        }
        if (base != Dtype::Count) {
            if (fineTune == FineTune::None) {
                reason = "quantized base weights with full training: quantized weights are not trained";
                return false;
            }
            plan.precision.weights = base;
            fineTune = base == Dtype::INT8 ? FineTune::Lora : FineTune::Qlora;
        }
        tw.fineTune = fineTune;
        if (fineTune != FineTune::None) {
            if (t.cell(row, "lora_rank").empty())
                defaults.add("lora_rank=" + std::to_string(tw.loraRank));
            else if (!intCellValue(t.cell(row, "lora_rank"), "lora_rank", 1, 4096, tw.loraRank, reason))
                return false;
        }
        if (!flagCell(t, row, "activation_offload", false, par.activationOffload, defaults, reason) ||
            !flagCell(t, row, "optimizer_in_backward", false, par.optimizerInBackward, defaults, reason) ||
            !readCpuOffload(t, row, par, defaults, reason) ||
            !enumCell(t, row, "loss", lossKernelNames(), fd.loss, tw.loss, defaults, reason) ||
            !flagCell(t, row, "packed", fd.packed, tw.packed, defaults, reason) ||
            !flagCell(t, row, "compile", fd.compile, par.compile, defaults, reason))
            return false;
        if (!readExperts(t, row, plan.model, reason) || !readMoeColumns(t, row, plan, reason))
            return false;
    }
    out.counter = counterFromDescription(t.cell(row, "what_measured"));
    // A row can ask for more than a plan file may hold; the models rely on the registry bounds.
    if (!checkPlanBounds(plan, reason))
        return false;
    return true;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "common/EnumNames.h"

#include "common/Enums.h"

#include <cctype>

namespace gpuplan {
namespace {

template <typename E>
constexpr EnumName n(E v, const char *s)
{
    return {static_cast<int>(v), s};
}

bool equalsIgnoreCase(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

const EnumName kDtype[] = {n(Dtype::FP32, "fp32"), n(Dtype::TF32, "tf32"), n(Dtype::BF16, "bf16"),
                           n(Dtype::FP16, "fp16"), n(Dtype::FP8, "fp8"),   n(Dtype::INT8, "int8"),
                           n(Dtype::INT4, "int4"), n(Dtype::NF4, "nf4"),
                           n(Dtype::NVFP4, "nvfp4"), n(Dtype::MXFP4, "mxfp4")};
const EnumName kDtypeAlias[] = {n(Dtype::FP8, "e4m3"), n(Dtype::FP8, "fp8_e4m3"), n(Dtype::FP8, "e5m2"), n(Dtype::FP8, "fp8_e5m2"), n(Dtype::NF4, "q4"), n(Dtype::NVFP4, "fp4"),
                                n(Dtype::FP32, "float32"), n(Dtype::BF16, "bfloat16"), n(Dtype::FP16, "float16")};
const EnumName kMode[] = {n(Mode::Training, "training"), n(Mode::Inference, "inference")};
const EnumName kFineTune[] = {n(FineTune::None, "none"), n(FineTune::Lora, "lora"), n(FineTune::Qlora, "qlora")};
const EnumName kFineTuneAlias[] = {n(FineTune::None, "full")};
const EnumName kOptimizer[] = {n(Optimizer::AdamW, "adamw"),          n(Optimizer::Adam8bit, "adam8bit"),
                               n(Optimizer::SgdMomentum, "sgd_momentum"), n(Optimizer::Lion, "lion"),
                               n(Optimizer::Adafactor, "adafactor"),  n(Optimizer::Sgd, "sgd"),
                               n(Optimizer::Adam4bit, "adam4bit")};
// Hugging Face TrainingArguments.optim values and bitsandbytes class names for the same optimizers
// (the fused and foreach AdamW kernels keep the same states; paged 8-bit is 8-bit AdamW whose states
// may be evicted to the host, which cpu_offload = paged states separately).
const EnumName kOptimizerAlias[] = {
    n(Optimizer::AdamW, "adam"),                 n(Optimizer::Adam8bit, "paged_adamw8bit"),
    n(Optimizer::Adam8bit, "adamw8bit"),         n(Optimizer::Adam4bit, "adamw4bit"),
    n(Optimizer::AdamW, "adamw_torch"),          n(Optimizer::AdamW, "adamw_torch_fused"),
    n(Optimizer::AdamW, "adamw_apex_fused"),     n(Optimizer::AdamW, "adamw_hf"),
    n(Optimizer::AdamW, "fused_adam"),           n(Optimizer::AdamW, "fusedadam"),
    n(Optimizer::Adam8bit, "adamw_8bit"),        n(Optimizer::Adam8bit, "paged_adamw_8bit"),
    n(Optimizer::Adam8bit, "adamw_bnb_8bit"),    n(Optimizer::Adam8bit, "pagedadamw8bit"),
    n(Optimizer::Adam4bit, "adamw_torch_4bit"),  n(Optimizer::Adam4bit, "adamw_4bit")};
const EnumName kRecompute[] = {n(Recompute::None, "none"), n(Recompute::Selective, "selective"),
                               n(Recompute::Full, "full"), n(Recompute::SelectiveOp, "selective_op"),
                               n(Recompute::EveryN, "every_n_layers")};
const EnumName kFramework[] = {n(Framework::Generic, "generic"),    n(Framework::Megatron, "megatron"),
                               n(Framework::DeepSpeed, "deepspeed"), n(Framework::Fsdp1, "fsdp1"),
                               n(Framework::Fsdp2, "fsdp2"),         n(Framework::Torchtune, "torchtune"),
                               n(Framework::HfPeft, "hf")};
const EnumName kFrameworkAlias[] = {
    n(Framework::Fsdp2, "torchtitan"),          n(Framework::Megatron, "megatron-lm"),
    n(Framework::Megatron, "megatron-core"),    n(Framework::Megatron, "nemo"),
    n(Framework::DeepSpeed, "megatron-deepspeed"), n(Framework::DeepSpeed, "gpt-neox"),
    n(Framework::Fsdp1, "llm-foundry"),         n(Framework::Fsdp1, "composer"),
    n(Framework::Fsdp1, "fsdp"),                n(Framework::HfPeft, "peft"),
    n(Framework::HfPeft, "transformers"),       n(Framework::HfPeft, "hf-peft"),
    n(Framework::HfPeft, "accelerate"),         n(Framework::HfPeft, "hf-transformers"),
    // Stacks built on one of the above; their own defaults for blank settings are in
    // plan/FrameworkPresets.cpp (namedStackDefaults).
    n(Framework::HfPeft, "trl"),                n(Framework::HfPeft, "ms-swift"),
    n(Framework::HfPeft, "swift"),              n(Framework::Torchtune, "litgpt"),
    n(Framework::Fsdp2, "nemo-automodel"),      n(Framework::Fsdp2, "automodel"),
    // Megatron-Bridge runs Megatron-Core's model and optimizer; LLaMA-Factory trains with HF Trainer.
    n(Framework::Megatron, "megatron-bridge"),  n(Framework::HfPeft, "llama-factory"),
    n(Framework::HfPeft, "llamafactory")};
const EnumName kLoss[] = {n(LossKernel::Standard, "standard"), n(LossKernel::Chunked, "chunked"),
                          n(LossKernel::Fused, "fused")};
// The kernels by the names their libraries give them: Liger-Kernel's fused linear cross-entropy,
// Cut Cross-Entropy, torchtune's chunked output loss.
const EnumName kLossAlias[] = {n(LossKernel::Fused, "liger"), n(LossKernel::Fused, "fused_linear_cross_entropy"),
                               n(LossKernel::Fused, "flce"), n(LossKernel::Fused, "cce"),
                               n(LossKernel::Fused, "cut_cross_entropy"), n(LossKernel::Chunked, "chunked_ce"),
                               n(LossKernel::Chunked, "chunked_cross_entropy")};
const EnumName kVerdict[] = {n(MemoryVerdict::Fits, "fits"), n(MemoryVerdict::Borderline, "borderline"),
                             n(MemoryVerdict::DoesNotFit, "does_not_fit")};
const EnumName kOffload[] = {n(Offload::None, "none"), n(Offload::Cpu, "cpu"), n(Offload::Nvme, "nvme"),
                             n(Offload::Paged, "paged")};
const EnumName kSchedule[] = {n(PipelineSchedule::OneFOneB, "1f1b"), n(PipelineSchedule::Interleaved, "interleaved"),
                              n(PipelineSchedule::GPipe, "gpipe"),
                              n(PipelineSchedule::DualPipe, "dualpipe")};
const EnumName kFp8Recipe[] = {n(Fp8Recipe::Delayed, "delayed"), n(Fp8Recipe::Tensorwise, "tensorwise"),
                               n(Fp8Recipe::Blockwise, "blockwise"), n(Fp8Recipe::Mxfp8, "mxfp8"),
                               n(Fp8Recipe::Nvfp4, "nvfp4")};
// Transformer Engine's recipe classes, torchao's float8 recipes and the scaling words of papers:
// current (dynamic) per-tensor or per-row scaling costs the amax pass of tensorwise; TE's
// "hybrid" format (E4M3 forward, E5M2 backward) runs under delayed scaling by default; DeepSeek-V3's
// 1x128 / 128x128 tiles are blockwise.
const EnumName kFp8RecipeAlias[] = {
    n(Fp8Recipe::Tensorwise, "current"),           n(Fp8Recipe::Tensorwise, "current_scaling"),
    n(Fp8Recipe::Tensorwise, "float8currentscaling"), n(Fp8Recipe::Tensorwise, "per_tensor"),
    n(Fp8Recipe::Tensorwise, "dynamic"),           n(Fp8Recipe::Tensorwise, "rowwise"),
    n(Fp8Recipe::Tensorwise, "rowwise_with_gw_hp"), n(Fp8Recipe::Delayed, "delayedscaling"),
    n(Fp8Recipe::Delayed, "delayed_scaling"),      n(Fp8Recipe::Delayed, "hybrid"),
    n(Fp8Recipe::Blockwise, "block"),              n(Fp8Recipe::Blockwise, "float8blockscaling"),
    n(Fp8Recipe::Blockwise, "blockwise_1x128"),    n(Fp8Recipe::Blockwise, "1x128"),
    n(Fp8Recipe::Blockwise, "128x128"),            n(Fp8Recipe::Blockwise, "subchannel"),
    n(Fp8Recipe::Mxfp8, "mxfp8blockscaling"),      n(Fp8Recipe::Mxfp8, "mx"),
    n(Fp8Recipe::Nvfp4, "nvfp4blockscaling"),      n(Fp8Recipe::Nvfp4, "fp4")};
const EnumName kSharding[] = {n(ShardingImpl::DeepSpeed, "deepspeed"), n(ShardingImpl::Fsdp, "fsdp"),
                              n(ShardingImpl::Megatron, "megatron")};
const EnumName kNorm[] = {n(NormKind::LayerNorm, "layernorm"), n(NormKind::RmsNorm, "rmsnorm")};
const EnumName kPosition[] = {n(PositionKind::Rope, "rope"), n(PositionKind::Learned, "learned"),
                              n(PositionKind::Alibi, "alibi"), n(PositionKind::None, "none")};
const EnumName kEngine[] = {n(ServingEngine::Generic, "generic"),      n(ServingEngine::Vllm, "vllm"),
                            n(ServingEngine::Tgi, "tgi"),              n(ServingEngine::TensorRtLlm, "tensorrt-llm"),
                            n(ServingEngine::Triton, "triton"),        n(ServingEngine::HfTransformers, "hf-transformers"),
                            n(ServingEngine::Sglang, "sglang"),        n(ServingEngine::Nim, "nim")};
const EnumName kEngineAlias[] = {n(ServingEngine::TensorRtLlm, "trt-llm"), n(ServingEngine::TensorRtLlm, "trtllm"),
                                 n(ServingEngine::TensorRtLlm, "fastertransformer"),
                                 n(ServingEngine::HfTransformers, "hf")};
const EnumName kBatching[] = {n(Batching::Static, "static"), n(Batching::Dynamic, "dynamic"),
                              n(Batching::Continuous, "continuous")};
const EnumName kServingLoad[] = {n(ServingLoad::Static, "static"), n(ServingLoad::Concurrency, "concurrency"),
                                 n(ServingLoad::Rate, "rate"), n(ServingLoad::Max, "max")};
// Benchmark tools' words for the same loads: a Poisson process is the open loop at a rate, an
// offline run submits everything and lets the engine choose.
const EnumName kServingLoadAlias[] = {n(ServingLoad::Rate, "poisson"), n(ServingLoad::Rate, "open_loop"),
                                      n(ServingLoad::Concurrency, "closed_loop"), n(ServingLoad::Max, "offline")};
const EnumName kServingMode[] = {n(ServingMode::Aggregated, "aggregated"),
                                 n(ServingMode::Disaggregated, "disaggregated")};
const EnumName kServingModeAlias[] = {n(ServingMode::Aggregated, "agg"), n(ServingMode::Disaggregated, "disagg")};
const EnumName kKvTransfer[] = {n(KvTransferPath::Network, "network"), n(KvTransferPath::NvLink, "nvlink")};
const EnumName kCooling[] = {n(Cooling::Air, "air"), n(Cooling::Liquid, "liquid")};
const EnumName kCloudPricing[] = {n(CloudPricing::OnDemand, "on_demand"), n(CloudPricing::Reserved1y, "reserved_1y"),
                                  n(CloudPricing::Reserved3y, "reserved_3y"), n(CloudPricing::Spot, "spot")};
const EnumName kStorageTier[] = {n(StorageTier::LocalNvme, "local_nvme"), n(StorageTier::SataSsd, "sata_ssd"),
                                 n(StorageTier::NasNfs, "nas_nfs"), n(StorageTier::ParallelFs, "parallel_fs"),
                                 n(StorageTier::ObjectStore, "object_store")};
const EnumName kRoleTier[] = {n(RoleTier::Same, "same"),         n(RoleTier::None, "none"),
                              n(RoleTier::LocalNvme, "local_nvme"), n(RoleTier::SataSsd, "sata_ssd"),
                              n(RoleTier::NasNfs, "nas_nfs"),     n(RoleTier::ParallelFs, "parallel_fs"),
                              n(RoleTier::ObjectStore, "object_store")};
// Data and checkpoints must live somewhere: their roles take no "none".
const EnumName kRequiredRoleTier[] = {n(RoleTier::Same, "same"),           n(RoleTier::LocalNvme, "local_nvme"),
                                      n(RoleTier::SataSsd, "sata_ssd"),     n(RoleTier::NasNfs, "nas_nfs"),
                                      n(RoleTier::ParallelFs, "parallel_fs"), n(RoleTier::ObjectStore, "object_store")};
const EnumName kDataKind[] = {n(DataKind::Tokens, "tokens"), n(DataKind::Images, "images"), n(DataKind::Video, "video")};
const EnumName kDataLimit[] = {n(DataLimit::Gpu, "gpu"), n(DataLimit::Storage, "storage"), n(DataLimit::Network, "network"),
                               n(DataLimit::HostCpu, "host_cpu")};
const EnumName kStorageRole[] = {n(StorageRole::Data, "data"), n(StorageRole::Cache, "cache"),
                                 n(StorageRole::Checkpoint, "checkpoint"), n(StorageRole::Archive, "archive")};

} // namespace

#define GPUPLAN_ENUM_TABLE(fn, label, names, aliases)                                                                  \
    const EnumNameTable &fn()                                                                                          \
    {                                                                                                                  \
        static const EnumNameTable t{label, names, aliases};                                                           \
        return t;                                                                                                      \
    }

GPUPLAN_ENUM_TABLE(dtypeNames, "dtype", kDtype, kDtypeAlias)
GPUPLAN_ENUM_TABLE(modeNames, "mode", kMode, {})
GPUPLAN_ENUM_TABLE(fineTuneNames, "finetune", kFineTune, kFineTuneAlias)
GPUPLAN_ENUM_TABLE(optimizerNames, "optimizer", kOptimizer, kOptimizerAlias)
GPUPLAN_ENUM_TABLE(recomputeNames, "recompute", kRecompute, {})
GPUPLAN_ENUM_TABLE(frameworkNames, "framework", kFramework, kFrameworkAlias)
GPUPLAN_ENUM_TABLE(lossKernelNames, "loss", kLoss, kLossAlias)
GPUPLAN_ENUM_TABLE(memoryVerdictNames, "memory verdict", kVerdict, {})
GPUPLAN_ENUM_TABLE(offloadNames, "offload", kOffload, {})
GPUPLAN_ENUM_TABLE(scheduleNames, "schedule", kSchedule, {})
GPUPLAN_ENUM_TABLE(fp8RecipeNames, "fp8 recipe", kFp8Recipe, kFp8RecipeAlias)
GPUPLAN_ENUM_TABLE(shardingImplNames, "sharding", kSharding, {})
GPUPLAN_ENUM_TABLE(normNames, "norm", kNorm, {})
GPUPLAN_ENUM_TABLE(positionNames, "position", kPosition, {})
GPUPLAN_ENUM_TABLE(engineNames, "engine", kEngine, kEngineAlias)
GPUPLAN_ENUM_TABLE(batchingNames, "batching", kBatching, {})
GPUPLAN_ENUM_TABLE(servingLoadNames, "load", kServingLoad, kServingLoadAlias)
GPUPLAN_ENUM_TABLE(servingModeNames, "serving mode", kServingMode, kServingModeAlias)
GPUPLAN_ENUM_TABLE(kvTransferNames, "KV transfer", kKvTransfer, {})
GPUPLAN_ENUM_TABLE(coolingNames, "cooling", kCooling, {})
GPUPLAN_ENUM_TABLE(cloudPricingNames, "cloud pricing", kCloudPricing, {})
GPUPLAN_ENUM_TABLE(storageTierNames, "storage tier", kStorageTier, {})
GPUPLAN_ENUM_TABLE(roleTierNames, "storage tier", kRoleTier, {})
GPUPLAN_ENUM_TABLE(requiredRoleTierNames, "storage tier", kRequiredRoleTier, {})
GPUPLAN_ENUM_TABLE(storageRoleNames, "storage role", kStorageRole, {})
GPUPLAN_ENUM_TABLE(dataKindNames, "data kind", kDataKind, {})
GPUPLAN_ENUM_TABLE(dataLimitNames, "data limit", kDataLimit, {})

#undef GPUPLAN_ENUM_TABLE

std::optional<int> parseEnum(const EnumNameTable &table, std::string_view text)
{
    for (const EnumName &e : table.names) {
        if (equalsIgnoreCase(text, e.name))
            return e.value;
    }
    for (const EnumName &e : table.aliases) {
        if (equalsIgnoreCase(text, e.name))
            return e.value;
    }
    return std::nullopt;
}

const char *enumName(const EnumNameTable &table, int value)
{
    for (const EnumName &e : table.names) {
        if (e.value == value)
            return e.name;
    }
    return "?";
}

std::string allowedNames(const EnumNameTable &table)
{
    std::string out;
    for (std::size_t i = 0; i < table.names.size(); ++i) {
        if (i > 0)
            out += (i + 1 == table.names.size()) ? " or " : ", ";
        out += '"';
        out += table.names[i].name;
        out += '"';
    }
    return out;
}

} // namespace gpuplan

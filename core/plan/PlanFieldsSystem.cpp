// SPDX-License-Identifier: GPL-3.0-or-later
// Plan fields: hardware, parallelism, precision and memory overheads.
#include "plan/PlanFieldMacros.h"
#include "plan/RecomputeModules.h"

namespace gpuplan {
namespace {

bool isRecomputeModuleList(std::string_view text)
{
    std::uint32_t modules = 0;
    return parseRecomputeModules(text, modules);
}

const TextRule kRecomputeModulesRule{kAllowedRecomputeModules, &isRecomputeModuleList};

const FieldSpec kSystemFields[] = {
    GP_FIELD_TEXT("hardware.gpu", hardware.gpu, 200, "GPU id or alias from the catalog"),
    GP_FIELD_INT("hardware.num_gpus", hardware.numGpus, 1, 1000000, "GPUs", "GPUs in the plan"),
    GP_FIELD_TEXT("hardware.node", hardware.node, 200, "Node type id (empty = the GPU's default)"),
    GP_FIELD_TEXT("hardware.fabric", hardware.fabric, 200, "Scale-out fabric id (empty = the node's default)"),
    GP_FIELD_TEXT("hardware.mig_profile", hardware.migProfile, 40,
                  "MIG profile of each GPU, one of the GPU's catalog profiles (empty = whole GPUs; with a profile "
                  "hardware.num_gpus counts instances)"),
    GP_FIELD_INT_OR("hardware.gpus_per_node", hardware.gpusPerNode, 1, 1024, 0, "from the node type", "GPUs",
                    "GPUs per node"),
    GP_FIELD_REAL_OR("hardware.node_network_gbps", hardware.nodeNetworkGbps, 1, 1e6, 0, "the node type's NICs x line rate",
                     "Gb/s", "Scale-out network bandwidth per node (all NICs, one direction)"),
    GP_FIELD_INT("parallelism.tp", parallelism.tp, 1, 1024, "GPUs", "Tensor-parallel degree"),
    GP_FIELD_INT("parallelism.pp", parallelism.pp, 1, 1024, "stages", "Pipeline-parallel degree"),
    GP_FIELD_INT_OR("parallelism.dp", parallelism.dp, 1, 1000000, 0, "derived from the GPU count", "replicas",
                    "Data-parallel degree"),
    GP_FIELD_INT("parallelism.cp", parallelism.cp, 1, 1024, "GPUs", "Context-parallel degree"),
    GP_FIELD_INT("parallelism.ep", parallelism.ep, 1, 4096, "GPUs", "Expert-parallel degree"),
    GP_FIELD_INT_OR("parallelism.expert_tp", parallelism.expertTp, 1, 1024, 0, "the tensor-parallel degree", "GPUs",
                    "Expert tensor-parallel degree (must divide tp)"),
    GP_FIELD_BOOL("parallelism.ep_overlap", parallelism.epOverlap,
                  "MoE all-to-all overlapped with another micro-batch's compute (DualPipe, EP A2A overlap)"),
    GP_FIELD_BOOL("parallelism.sp", parallelism.sp, "Sequence parallelism inside the TP group"),
    GP_FIELD_INT("parallelism.vp", parallelism.vp, 1, 128, "stages", "Virtual pipeline stages per GPU"),
    GP_FIELD_ENUM("parallelism.schedule", parallelism.schedule, PipelineSchedule, scheduleNames, "Pipeline schedule"),
    GP_FIELD_INT("parallelism.zero", parallelism.zero, 0, 3, "stage", "ZeRO stage / FSDP sharding level"),
    GP_FIELD_ENUM("parallelism.sharding", parallelism.sharding, ShardingImpl, shardingImplNames,
                  "Sharding implementation: deepspeed, fsdp or megatron"),
    GP_FIELD_INT_OR("parallelism.shard_group", parallelism.shardGroup, 1, 1000000, 0, "the whole data-parallel group",
                    "GPUs", "Hybrid-shard group size"),
    GP_FIELD_ENUM("parallelism.recompute", parallelism.recompute, Recompute, recomputeNames,
                  "Activation recomputation"),
    GP_FIELD_ENUM("parallelism.offload_optimizer", parallelism.offloadOptimizer, Offload, offloadNames,
                  "Optimizer-state offload"),
    GP_FIELD_ENUM("parallelism.offload_params", parallelism.offloadParams, Offload, offloadNames, "Parameter offload"),
    GP_FIELD_BOOL("parallelism.flash_attention", parallelism.flashAttention, "Fused (Flash) attention"),
    GP_FIELD_BOOL("parallelism.overlap_grad_reduce", parallelism.overlapGradReduce,
                  "Gradient reduction overlapped with the backward pass"),
    GP_FIELD_BOOL("parallelism.optimizer_in_backward", parallelism.optimizerInBackward,
                  "Optimizer step fused into the backward pass: each gradient is applied and freed at once"),
    GP_FIELD_ENUM("parallelism.framework", parallelism.framework, Framework, frameworkNames,
                  "Training stack: what its recompute, gradients, loss and allocator do with memory"),
    GP_FIELD_INT("parallelism.recompute_every", parallelism.recomputeEvery, 1, 1000, "layers",
                 "every_n_layers recompute: every N-th layer is fully checkpointed"),
    // Kept as a bit set in the plan: the text is made from it on reading and parsed on writing
    // (the rule has accepted it by then).
    gpuplan::FieldSpec{"parallelism.recompute_modules", gpuplan::FieldType::Text, 0, 200, "characters",
                       "Selective recompute: the modules re-run in the backward (Megatron-Core --recompute-modules)",
                       nullptr, nullptr, nullptr,
                       [](const gpuplan::Plan &p) -> const std::string & {
                           thread_local std::string text;
                           text = recomputeModulesText(p.parallelism.recomputeModules);
                           return text;
                       },
                       [](gpuplan::Plan &p, const std::string &v) {
                           std::uint32_t modules = 0;
                           if (parseRecomputeModules(v, modules))
                               p.parallelism.recomputeModules = modules;
                       },
                       false, 0.0, "", &kRecomputeModulesRule},
    GP_FIELD_BOOL("parallelism.activation_offload", parallelism.activationOffload,
                  "Saved activations moved to host memory during the forward"),
    GP_FIELD_BOOL("parallelism.compile", parallelism.compile, "torch.compile (graph compilation) of the layers"),
    GP_FIELD_INT("parallelism.loader_workers", parallelism.loaderWorkers, 0, 256, "processes",
                 "Data-loader worker processes per GPU (host memory)"),
    GP_FIELD_ENUM("precision.weights", precision.weights, Dtype, dtypeNames, "Weight storage format"),
    GP_FIELD_ENUM("precision.compute", precision.compute, Dtype, dtypeNames, "Matrix-multiply format"),
    GP_FIELD_ENUM("precision.gradients", precision.gradients, Dtype, dtypeNames, "Gradient accumulation format"),
    GP_FIELD_BOOL("precision.master_weights", precision.masterWeights, "fp32 master copy of the weights"),
    GP_FIELD_ENUM("precision.optimizer_states", precision.optimizerStates, Dtype, dtypeNames,
                  "Optimizer state format"),
    GP_FIELD_ENUM("precision.kv_cache", precision.kvCache, Dtype, dtypeNames, "KV-cache format"),
    GP_FIELD_ENUM("precision.activations", precision.activations, Dtype, dtypeNames, "Stored activation format"),
    GP_FIELD_ENUM("precision.optimizer", precision.optimizer, Optimizer, optimizerNames, "Optimizer"),
    GP_FIELD_ENUM("precision.fp8_recipe", precision.fp8Recipe, Fp8Recipe, fp8RecipeNames,
                  "Scaling of the fp8 GEMMs (nvfp4: the layers' GEMMs in FP4)"),
    GP_FIELD_REAL_OR("overheads.cuda_context_gib", overheads.cudaContextGiB, 0, 64, -1, "catalog default", "GiB",
                     "CUDA context and library workspaces per GPU"),
    GP_FIELD_REAL_OR("overheads.allocator_slack", overheads.allocatorSlack, 0, 1, -1, "default", "fraction",
                     "Caching-allocator fragmentation, fraction of allocated bytes"),
    GP_FIELD_REAL_OR("overheads.comm_buffer_gib", overheads.commBufferGiB, 0, 1024, -1, "derived from the layout",
                     "GiB", "Communication buffers per GPU"),
};

} // namespace

std::span<const FieldSpec> systemFields()
{
    return kSystemFields;
}

} // namespace gpuplan

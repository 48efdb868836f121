// SPDX-License-Identifier: GPL-3.0-or-later
// DeepSpeed configuration JSON (deepspeed.ai/docs/config-json) for a plan's batch, ZeRO stage,
// offload and precision.
#include "export/LaunchContext.h"

#include <nlohmann/json.hpp>

namespace gpuplan::launch {

namespace {

using Json = nlohmann::ordered_json;

Json offloadJson(Offload where)
{
    if (where == Offload::Cpu)
        return {{"device", "cpu"}, {"pin_memory", true}};
    return {{"device", "nvme"}, {"nvme_path", "/local_nvme"}, {"pin_memory", true}};
}

Json zeroJson(Context &c)
{
    const Layout &l = c.layout;
    Json z = {{"stage", l.zero},
              {"overlap_comm", c.plan.parallelism.overlapGradReduce},
              {"contiguous_gradients", true},
              {"reduce_scatter", true}};
    const bool offloadable = l.zero >= 1;
    if (l.offloadOptimizer == Offload::Cpu || l.offloadOptimizer == Offload::Nvme) {
        if (offloadable)
            z["offload_optimizer"] = offloadJson(l.offloadOptimizer);
        else
            c.notes.push_back("DeepSpeed offloads optimizer states only with ZeRO stage 1 or higher.");
    }
    if (l.offloadParams == Offload::Cpu || l.offloadParams == Offload::Nvme) {
        if (l.zero == 3)
            z["offload_param"] = offloadJson(l.offloadParams);
        else
            c.notes.push_back("DeepSpeed offloads parameters only with ZeRO stage 3.");
    }
    if (l.offloadOptimizer == Offload::Nvme || l.offloadParams == Offload::Nvme)
        c.notes.push_back("Set nvme_path in the DeepSpeed configuration to the NVMe mount of the nodes.");
    if (l.offloadOptimizer == Offload::Paged)
        c.notes.push_back("Paged optimizers are bitsandbytes', set up in the training script, not in DeepSpeed.");
    if (l.offloadOptimizer != Offload::None)
        c.notes.push_back("With optimizer offload the training script must use DeepSpeedCPUAdam (or let DeepSpeed build "
                          "the optimizer from an \"optimizer\" section).");
    if (l.zero == 3) {
        z["stage3_gather_16bit_weights_on_model_save"] = true;
        if (l.shardGroup > 0 && l.shardGroup < l.dp * l.cp)
            z["mics_shard_size"] = l.shardGroup;   // MiCS: shard inside groups, replicate across them
    }
    if (l.zero >= 2 && l.pp > 1)
        c.notes.push_back("DeepSpeed's pipeline engine supports ZeRO stage 1 only; the plan uses ZeRO " +
                          std::to_string(l.zero) + " with PP " + std::to_string(l.pp) + ".");
    return z;
}

void precisionJson(Context &c, Json &out)
{
    const Precision &p = c.plan.precision;
    const bool bf16 = p.compute == Dtype::BF16 || p.compute == Dtype::FP8;
    out["bf16"] = {{"enabled", bf16}};
    if (p.compute == Dtype::FP16)
        out["fp16"] = {{"enabled", true},      {"loss_scale", 0},     {"loss_scale_window", 1000},
                       {"initial_scale_power", 16}, {"hysteresis", 2}, {"min_loss_scale", 1}};
    else
        out["fp16"] = {{"enabled", false}};
    if (p.compute == Dtype::FP8)
        c.notes.push_back("FP8 matmuls come from Transformer Engine in the model code; DeepSpeed runs the rest in bf16.");
    if (bf16 || p.compute == Dtype::FP16)
        out["data_types"] = {{"grad_accum_dtype", p.gradients == Dtype::FP32 ? "fp32" : p.compute == Dtype::FP16 ? "fp16" : "bf16"}};
}

} // namespace

std::string deepSpeedConfig(Context &c)
{
    const Layout &l = c.layout;
    Json out;
    out["train_batch_size"] = c.plan.workload.training.globalBatch;
    out["train_micro_batch_size_per_gpu"] = l.microBatch;
    out["gradient_accumulation_steps"] = c.gradAccumulation;
    out["gradient_clipping"] = 1.0;
    out["zero_optimization"] = zeroJson(c);
    precisionJson(c, out);
    if (l.recompute != Recompute::None)
        out["activation_checkpointing"] = {{"partition_activations", l.sp && l.tp > 1},
                                           {"contiguous_memory_optimization", false},
                                           {"cpu_checkpointing", false}};
    out["steps_per_print"] = 10;
    out["wall_clock_breakdown"] = false;
    if (l.cp > 1)
        c.notes.push_back("DeepSpeed computes its data-parallel size as GPUs / (TP x PP); with the plan's CP " +
                          std::to_string(l.cp) + " the script must form the context-parallel groups itself.");
    return out.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

} // namespace gpuplan::launch

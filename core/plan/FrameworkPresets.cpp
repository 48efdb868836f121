// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/FrameworkPresets.h"

#include "plan/Plan.h"

#include <cstddef>

namespace gpuplan {

namespace {

// Order of Framework: Generic, Megatron, DeepSpeed, Fsdp1, Fsdp2, Torchtune, HfPeft.
constexpr FrameworkDefaults kDefaults[] = {
    {ShardingImpl::Fsdp, Recompute::Selective, true, true, false,
     "plain PyTorch loop: textbook activation accounting, gradients freed after each step"},
    // Megatron-LM --recompute-granularity selective: the attention core (Korthikanti et al. 2022).
    {ShardingImpl::Megatron, Recompute::Selective, true, false, false,
     "Megatron-LM/Megatron-Core: fused kernels, main_grad buffer, distributed optimizer"},
    {ShardingImpl::DeepSpeed, Recompute::Selective, true, false, false,
     "DeepSpeed/Megatron-DeepSpeed: ZeRO partitions and buckets, Megatron kernels"},
    // FSDP1 stacks (llm-foundry, Accelerate) checkpoint whole blocks; "selective" there is a subset of
    // the blocks, as torch.distributed's checkpoint_wrapper with a check_fn applies it.
    {ShardingImpl::Fsdp, Recompute::EveryN, true, true, false,
     "PyTorch FSDP1 (flat parameters), eager autograd"},
    // torchtitan activation_checkpoint mode "selective" with selective_ac_option "op" (its default).
    {ShardingImpl::Fsdp, Recompute::SelectiveOp, true, true, true,
     "FSDP2/torchtitan: per-parameter sharding, op-level selective checkpointing, float8 per layer"},
    // torchtune recipes pad each batch to its longest sample unless dataset packing is on; their
    // selective mode checkpoints every N-th layer (ac_mode selective, ac_option N).
    {ShardingImpl::Fsdp, Recompute::EveryN, false, true, false,
     "torchtune recipes: eager or compiled layers, padded batches unless packed"},
    // HF Trainer pads to the longest sample (DataCollatorWithPadding) unless packing is asked for.
    {ShardingImpl::Fsdp, Recompute::EveryN, false, true, false,
     "HF Transformers/PEFT/Accelerate: padded batches, fp32 loss with a shifted copy"},
};

} // namespace

const FrameworkDefaults &frameworkDefaults(Framework framework)
{
    const auto i = static_cast<std::size_t>(framework);
    return i < sizeof kDefaults / sizeof kDefaults[0] ? kDefaults[i] : kDefaults[0];
}

void applyFrameworkPreset(Plan &plan, Framework framework)
{
    const FrameworkDefaults &d = frameworkDefaults(framework);
    plan.parallelism.framework = framework;
    plan.parallelism.sharding = d.sharding;
    Recompute &r = plan.parallelism.recompute;
    if (r == Recompute::Selective || r == Recompute::SelectiveOp || r == Recompute::EveryN)
        r = d.selective;
}

} // namespace gpuplan

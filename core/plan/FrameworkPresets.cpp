// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/FrameworkPresets.h"

#include "plan/Plan.h"

#include <cctype>
#include <cstddef>

namespace gpuplan {

namespace {

// Order of Framework: Generic, Megatron, DeepSpeed, Fsdp1, Fsdp2, Torchtune, HfPeft. The defaults for a blank setting are those of the stack's documented arguments or
// shipped recipe configs at the versions the bundled validation rows cite (docs/memory.md §9 has
// the table); compile is off by default in every stack.
constexpr FrameworkDefaults kDefaults[] = {
    {ShardingImpl::Fsdp, Recompute::Selective, true, true, false, Recompute::None, Recompute::None,
     LossKernel::Standard, false, false,
     "plain PyTorch loop: textbook activation accounting, gradients freed after each step"},
    // Megatron-LM --recompute-granularity selective: the attention core (Korthikanti et al. 2022).
    // Blank: no recompute (--recompute-granularity defaults to None, megatron/training/arguments.py;
    // NeMo 2.0 recipes leave it unset unless the recipe needs it).
    {ShardingImpl::Megatron, Recompute::Selective, true, false, false, Recompute::None, Recompute::None,
     LossKernel::Standard, false, false,
     "Megatron-LM/Megatron-Core/NeMo: fused kernels, main_grad buffer, distributed optimizer"},
    // Megatron-DeepSpeed: --checkpoint-activations off unless given; DeepSpeed's activation
    // checkpointing config is off by default.
    {ShardingImpl::DeepSpeed, Recompute::Selective, true, false, false, Recompute::None, Recompute::None,
     LossKernel::Standard, false, false,
     "DeepSpeed/Megatron-DeepSpeed: ZeRO partitions and buckets, Megatron kernels"},
    // FSDP1 stacks (llm-foundry, Accelerate) checkpoint whole blocks; "selective" there is a subset of
    // the blocks, as torch.distributed's checkpoint_wrapper with a check_fn applies it. Blank: off
    // (llm-foundry fsdp_config activation_checkpointing false, Accelerate fsdp_activation_checkpointing false).
    {ShardingImpl::Fsdp, Recompute::EveryN, true, true, false, Recompute::None, Recompute::None,
     LossKernel::Standard, false, false,
     "PyTorch FSDP1 (flat parameters), eager autograd"},
    // torchtitan activation_checkpoint mode "selective" with selective_ac_option "op" (the shipped
    // train configs); blank: the JobConfig default mode "selective", which those configs run as "op".
    // Blank ZeRO: FSDP over every data-parallel and context-parallel rank (JobConfig
    // parallelism.data_parallel_shard_degree = -1, reshard_after_forward "default").
    {ShardingImpl::Fsdp, Recompute::SelectiveOp, true, true, true, Recompute::SelectiveOp, Recompute::SelectiveOp,
     LossKernel::Standard, false, false,
     "FSDP2/torchtitan: per-parameter sharding, op-level selective checkpointing, float8 per layer", 3},
    // torchtune recipes pad each batch to its longest sample unless dataset packing is on; their
    // selective mode checkpoints every N-th layer (ac_mode selective, ac_option N). Blank: the
    // shipped configs' enable_activation_checkpointing: True, loss CEWithChunkedOutputLoss (8 chunks),
    // dtype bf16 without an fp32 copy.
    {ShardingImpl::Fsdp, Recompute::EveryN, false, true, false, Recompute::Full, Recompute::Full,
     LossKernel::Chunked, false, true,
     "torchtune recipes: eager or compiled layers, padded batches unless packed"},
    // HF Trainer pads to the longest sample (DataCollatorWithPadding) unless packing is asked for;
    // TrainingArguments gradient_checkpointing defaults to False.
    {ShardingImpl::Fsdp, Recompute::EveryN, false, true, false, Recompute::None, Recompute::None,
     LossKernel::Standard, false, false,
     "HF Transformers/PEFT/Accelerate: padded batches, fp32 loss with a shifted copy"},
};


// Stacks built on one of the above (common/EnumNames.cpp maps their names to it) whose defaults for
// a blank setting differ from it.
struct NamedStack
{
    const char *name;
    FrameworkDefaults defaults;
};
constexpr NamedStack kNamedStacks[] = {
    // LitGPT: padded batches; activation_checkpointing_policy={Block} only with the FSDP strategy
    // (finetune/full.py, lora.py with devices > 1); chunked_cross_entropy over lm_head chunks of 128
    // tokens; config_hub precision "bf16-true" (no fp32 copy).
    {"litgpt", {ShardingImpl::Fsdp, Recompute::EveryN, false, true, false, Recompute::None, Recompute::Full,
     LossKernel::Chunked, false, true,
     "LitGPT (Lightning Fabric): padded batches, chunked loss, bf16-true, block checkpointing under FSDP"}},
    // ms-swift: HF Trainer underneath, but its TrainArguments turn gradient_checkpointing on by default.
    {"ms-swift", {ShardingImpl::Fsdp, Recompute::EveryN, false, true, false, Recompute::Full, Recompute::Full,
     LossKernel::Standard, false, false,
     "ms-swift: HF Trainer with gradient checkpointing on by default, padded batches"}},
    // NeMo AutoModel: FSDP2; its FSDP2Manager's activation_checkpointing defaults to False.
    {"nemo-automodel", {ShardingImpl::Fsdp, Recompute::Full, false, true, true, Recompute::None, Recompute::None,
     LossKernel::Standard, false, false,
     "NeMo AutoModel: FSDP2 with EP/PP, padded batches, checkpointing off unless asked for", 3}},
    // NeMo 2.0: Megatron-Core underneath, but its recipes' optimizer
    // (nemo/collections/llm/recipes/optim/adam.py, distributed_fused_adam_with_cosine_annealing)
    // sets use_distributed_optimizer=True, and its model recipes with TP > 1 pass
    // sequence_parallelism=True (recipes/llama3_70b.py, llama31_405b.py trainer()); Megatron-LM's
    // --use-distributed-optimizer and --sequence-parallel are off unless given.
    {"nemo", {ShardingImpl::Megatron, Recompute::Selective, true, false, false, Recompute::None, Recompute::None,
     LossKernel::Standard, false, false,
     "NeMo 2.0 (Megatron-Core): the recipes' distributed optimizer and sequence parallelism", 1, true}},
};

bool sameName(std::string_view a, std::string_view b)
{
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    }
    return true;
}

} // namespace

const FrameworkDefaults &frameworkDefaults(Framework framework)
{
    const auto i = static_cast<std::size_t>(framework);
    return i < sizeof kDefaults / sizeof kDefaults[0] ? kDefaults[i] : kDefaults[0];
}

const FrameworkDefaults &frameworkDefaults(Framework framework, std::string_view stackName)
{
    for (const NamedStack &n : kNamedStacks) {
        if (sameName(stackName, n.name) || (sameName(n.name, "ms-swift") && sameName(stackName, "swift")))
            return n.defaults;
    }
    return frameworkDefaults(framework);
}

Recompute defaultCheckpointing(const FrameworkDefaults &d, int numGpus)
{
    return numGpus > 1 ? d.checkpointingSharded : d.checkpointing;
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

// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/FrameworkMemory.h"

#include <cstddef>

namespace gpuplan {

namespace {

// Standard loss, bytes per logit element at its peak (the backward of the cross-entropy):
// Megatron's vocab-parallel cross-entropy keeps the 16-bit logits and computes the fp32 softmax in
// place, reusing it for the gradient (megatron/core/tensor_parallel/cross_entropy.py): 2 + 4.
constexpr double kMegatronLossBytes = 6.0;
// PyTorch cross_entropy on fp32-upcast logits (torchtitan's cross_entropy_loss, torchtune's
// CrossEntropyLoss on the model's .float() output): log_softmax saves its fp32 output; the backward
// holds it, the incoming fp32 gradient and the fp32 input gradient at once: 3 x 4.
constexpr double kPyTorchLossBytes = 12.0;
// HF Transformers causal-LM heads upcast the logits (logits.float()) and the loss shifts them with a
// contiguous copy (shift_logits = logits[..., :-1, :].contiguous()): one more fp32 copy.
constexpr double kHfLossBytes = 16.0;

// Reserved-vs-allocated gaps fitted on the fit half of tests/data/validation/memory_public.csv
// (validate/MemoryCalibration.cpp fitFrameworkGaps, grid 0-0.40 in 0.01 steps, per stack with
// reserved-counter rows in the fit half; docs/accuracy.md "Memory"). -1 = the generic slack.
// FSDP2: fitted on the fit half of memory_public.csv, 2026-12-03, with the gap on what a step
// allocates and frees and the sharded gradients' blocks reserved on the reduce-scatter stream
// (0.23 when the gap was on every allocated byte).
constexpr double kFsdp2ReservedGap = 0.21;

// Order of Framework: Generic, Megatron, DeepSpeed, Fsdp1, Fsdp2, Torchtune, HfPeft.
constexpr FrameworkMemoryTraits kTraits[] = {
    // Generic: textbook accounting (Korthikanti), PyTorch gradient lifetime and loss; an unknown
    // stack's optimizer step is taken as fused or per tensor (no whole-model transient).
    {true, false, kPyTorchLossBytes, false, false, false, true, false, -1.0, false, false, false, false},
    // Megatron-LM / Megatron-Core: fused kernels, main_grad buffer, Transformer Engine FP8, ring CP,
    // Apex/TE FusedAdam, router probabilities applied in the experts' activation, contiguous
    // parameter and gradient buffers.
    {true, true, kMegatronLossBytes, true, false, false, false, false, -1.0, true, true, false, false},
    // DeepSpeed / Megatron-DeepSpeed: Megatron's kernels and loss, ZeRO's gradient partitions,
    // DeepSpeed's FusedAdam, states flattened into new groups after the model is built.
    {true, true, kMegatronLossBytes, true, false, false, false, false, -1.0, false, false, false, true},
    // PyTorch FSDP1 (flat parameters; llm-foundry, Accelerate FSDP) with torch.optim's AdamW.
    {false, false, kPyTorchLossBytes, false, false, false, false, true, -1.0, false, false, false, false},
    // FSDP2 / torchtitan: per-parameter sharding, torchao float8, all-gather CP, PP keeps units
    // unsharded; optimizer.implementation "fused" (torchtitan config_manager default); sharded
    // gradients made on the reduce-scatter stream.
    {false, false, kPyTorchLossBytes, false, true, true, false, false, kFsdp2ReservedGap, false, false, true, false},
    // torchtune recipes: the shipped configs set the AdamW optimizer's fused: True.
    {false, false, kPyTorchLossBytes, false, false, false, true, false, -1.0, false, false, false, false},
    // HF Transformers / PEFT / Accelerate: Trainer's optim "adamw_torch" (foreach).
    {false, false, kHfLossBytes, false, false, false, true, true, -1.0, false, false, false, false},
};

} // namespace

const FrameworkMemoryTraits &frameworkMemoryTraits(Framework framework)
{
    const auto i = static_cast<std::size_t>(framework);
    return i < sizeof kTraits / sizeof kTraits[0] ? kTraits[i] : kTraits[0];
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

// How each training stack lays out memory (docs/memory.md §9): the mechanisms the memory model
// switches on per framework. Each entry says where it comes from; the one fitted figure per stack
// (the caching allocator's reserved-vs-allocated gap) says how it was fitted. Constant data, no
// allocation: the evaluation path reads it directly.
namespace gpuplan {

struct FrameworkMemoryTraits
{
    // Activation accounting. Korthikanti: Megatron's fused kernels (Korthikanti et al. 2022 Table 2,
    // dropout masks included). Otherwise PyTorch autograd's saved tensors, eager or compiled
    // (ActivationMemory.cpp pytorchLayerBytes).
    bool korthikantiAccounting;
    // Gradients live in a persistent buffer (Megatron's contiguous main_grad buffer, DeepSpeed's
    // partitioned gradients) instead of being freed by zero_grad(set_to_none=True) after each step
    // (PyTorch's default since 2.0), so they coexist with the forward's activations.
    bool persistentGradients;
    // Bytes per logit element at the standard loss's peak (fp32 upcast, log-softmax and their
    // gradients; ActivationMemory.cpp lossBytes).
    double standardLossBytesPerLogit;
    // FP8 training keeps persistent fp8 copies (and transposes) of the matmul weights (Transformer
    // Engine); torchao's float8 casts per layer in the forward instead, a transient of one unit.
    bool persistentFp8Weights;
    // Context parallelism: K and V of the whole sequence all-gathered per layer (torchtitan's
    // default rotate method "allgather") instead of two ring chunks in flight (Megatron ring).
    bool cpAllGatherKv;
    // FSDP with pipeline parallelism keeps the stage's parameters unsharded between micro-batches
    // (reshard_after_forward=False) and accumulates unsharded fp32 gradients until the last
    // micro-batch's backward (torchtitan pipelining + FSDP2).
    bool fsdpUnshardedWithPp;
    // torch.compile reaches the loss: torchtune compiles its loss function, HF and plain loops
    // compile a forward that computes the loss; torchtitan compiles the transformer blocks only.
    bool compileCoversLoss;
    // The optimizer step runs PyTorch's foreach (multi-tensor) AdamW, torch.optim's default on CUDA
    // when neither fused nor foreach is asked for: _multi_tensor_adamw computes
    // torch._foreach_sqrt(exp_avg_sqs), a copy of one moment of every parameter, next to the
    // gradients (torch/optim/adamw.py). Fused kernels (Apex/Transformer Engine FusedAdam,
    // torch fused=True) update in place.
    bool foreachOptimizer;
    // Caching allocator: reserved minus allocated bytes at the peak, as a fraction of the allocated
    // peak (block rounding, per-stream pools, freed blocks too small for the next large tensor).
    // Negative: the generic figure (memassume::kAllocatorSlack).
    double reservedGap;
    // MoE: the router's probabilities are applied inside the experts' activation (Megatron-Core's
    // TEGroupedMLP multiplies permuted_probs into the SwiGLU output, moe_apply_probs_on_input off),
    // so the combine is a plain un-permute that saves nothing; otherwise the combine keeps every
    // routed copy's 16-bit expert output for the probabilities' gradient.
    bool moeProbsInActivation = false;
    // The parameters and their gradients live in contiguous buffers allocated once before the first
    // step (Megatron-Core's _ParamAndGradBuffer: param_data and grad_data, one tensor per dtype and
    // bucket group, megatron/core/distributed/param_and_grad_buffer.py), so the caching allocator
    // holds them as a few exact segments: the reserved-vs-allocated gap comes from the tensors
    // allocated and freed every step, not from these buffers (as for every stack's model states
    // unless stateBlocksReallocated, FrameworkOverhead.h).
    bool contiguousParamGradBuffers = false;
    // FSDP2 reduce-scatters each unit's gradient on its own stream and keeps the sharded result as
    // the parameter's .grad; zero_grad(set_to_none=True) frees it, but the caching allocator keeps
    // a block freed on one stream for that stream's later allocations (torch/csrc/cuda/
    // CUDACachingAllocator.cpp: blocks are pooled per stream), so the sharded gradients' blocks stay
    // reserved through the next forward, where the default stream cannot reuse them, until the
    // backward's reduce-scatters take them again. They are reserved, not allocated.
    bool gradientBlocksOnReduceStream = false;
    // The stack rebuilds its model states after the model is made: DeepSpeed's optimizers flatten
    // the 16-bit parameters into new contiguous groups and derive the fp32 master copy from them
    // (deepspeed/runtime/fp16/fused_optimizer.py, zero/stage_1_and_2.py _flatten_dense_tensors),
    // and make and free the flat gradient partitions every step (get_flat_partition, averaged
    // gradients set to None after the step). The blocks the states leave behind stay in the cache,
    // so the reserved-vs-allocated gap is on the states too; the other stacks allocate their
    // states once, in place, and the gap is on what a step allocates and frees.
    bool stateBlocksReallocated = false;
};

const FrameworkMemoryTraits &frameworkMemoryTraits(Framework framework);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Physical assumptions of the memory model that no formula derives: framework overheads, library
// buffer sizes and the byte sizes frameworks use for transient tensors. All in one place, each
// with its source. The three overheads a user is most likely to know better (CUDA context,
// allocator slack, communication buffers) can be overridden per plan (plan.overheads, negative =
// the default here). docs/memory.md explains how each enters the estimate.
namespace gpuplan::memassume {

// --- Framework overhead outside the caching allocator -------------------------------------------

// CUDA context + kernel images + cuBLAS/cuDNN handles and workspaces of one PyTorch process, as
// nvidia-smi sees it before the first tensor. Published range 0.3-2 GiB (docs/formulas.md §4,
// vram.asmirnov.xyz; gpu_poor uses 650 MB): CUDA >= 11.7 lazy module loading sits at the low end,
// eager loading of every kernel image (CUDA 11 before 11.7) at the high end. Fitted together with
// kAllocatorSlack on the fit half of tests/data/validation/memory_public.csv by a grid search
// (0.3-2 GiB in 0.05 steps) minimising MAPE; the fit lands on the top of the range, which the
// nvidia-smi readings of 2022 Megatron-DeepSpeed runs dominate (docs/accuracy.md). A plan on a
// current software stack may set overheads.cuda_context_gib to about 0.5.
inline constexpr double kCudaContextGiB = 2.0;

// NCCL's own device buffers per communicator a rank belongs to (a group of size > 1): NCCL_BUFFSIZE
// 4 MiB for the Simple protocol plus the LL/LL128 buffers, per channel and peer, with up to 32
// channels on NVSwitch systems. ESTIMATE: 0.25 GiB per communicator (NCCL docs, env NCCL_BUFFSIZE;
// nvidia-smi readings of multi-group Megatron jobs). NCCL allocates with cudaMalloc, so these bytes are
// invisible to torch.cuda memory counters.
inline constexpr double kNcclGiBPerCommunicator = 0.25;

// --- Caching allocator ---------------------------------------------------------------------------

// Reserved minus allocated bytes at the peak, as a fraction of the allocated peak: block rounding
// and fragmentation of PyTorch's caching allocator (reserved/allocated is typically 1.05-1.3 in
// training). In training it is on what a step allocates and frees, not on the model states
// (FrameworkOverhead.h). Fitted with kCudaContextGiB (grid 0-0.30 in 0.01 steps) on the fit half of
// memory_public.csv, 2026-12-03 (docs/accuracy.md; 0.10 when it was on the states too).
inline constexpr double kAllocatorSlack = 0.11;

// Half-width of the fit verdict's band where no memory regime of catalogs/error_bands.json applies
// (a catalog without the file; memoryErrorBand() reads the regime's band otherwise), as a fraction
// of the estimate: the 75th percentile of the absolute relative error of the memory model on
// tests/data/validation/memory_public.csv (all rows: three published runs in four are within it;
// tst_memoryvalidation recomputes it and checks this figure covers it, docs/accuracy.md "Memory").
inline constexpr double kMemoryVerdictBand = 0.16;

// --- Communication buffers inside the allocator --------------------------------------------------

// DeepSpeed ZeRO stage 0-2 gradient reduction bucket (reduce_bucket_size / allreduce_bucket_size,
// default 5e8 elements, deepspeed/runtime/zero/config.py), held in the gradient dtype.
inline constexpr double kDeepSpeedBucketElements = 5e8;

// DeepSpeed ZeRO-3 gathered working set: 4 bytes per parameter of the largest layer (its fp16
// parameters and gradients), deepspeed/runtime/zero/stage3.py estimate_zero3_model_states_mem_needs.
inline constexpr double kDeepSpeedZero3BytesPerLargestLayerParam = 4.0;

// FSDP keeps the unit being computed and the prefetched next unit gathered (forward and backward
// prefetch), PyTorch FSDP docs "forward_prefetch/backward_prefetch"; FSDP2 the same by default.
inline constexpr double kFsdpGatheredUnits = 2.0;

// --- Transient tensors ---------------------------------------------------------------------------

// Cross-entropy keeps an fp32 softmax (Megatron vocab-parallel CE) or log-softmax (PyTorch CE)
// for the backward next to the logits in the compute dtype (docs/formulas.md §3 head terms).
inline constexpr double kLossSoftmaxBytes = 4.0;

// Dropout masks are one byte per element (Korthikanti et al. 2022 §4.1).
inline constexpr double kDropoutMaskBytes = 1.0;

// FlashAttention keeps only the fp32 log-sum-exp per query and head for the backward.
inline constexpr double kFlashSoftmaxStatBytes = 4.0;

// Token ids (int64) of the micro-batches in flight on the first stage (Megatron "8·s·b·p").
inline constexpr double kTokenIdBytes = 8.0;

// FP8 training (Transformer Engine) caches an fp8 copy of every matmul weight and of its transpose
// for the backward, next to the bf16 weights (TE Linear fp8 weight caching): 2 bytes per weight
// with per-tensor scaling on Hopper. The other recipes' copies: LowPrecisionMemory.h.
inline constexpr double kFp8WeightCacheBytes = 2.0;

// The low-precision formats, bytes per value and per scale (LowPrecisionMemory.cpp), no fitting:
// - FP8 (E4M3/E5M2): one byte per value (Micikevicius et al. 2022, "FP8 Formats for Deep
//   Learning", arXiv 2209.05433); delayed and tensorwise scaling keep one fp32 scale per tensor.
inline constexpr double kFp8ValueBytes = 1.0;
inline constexpr double kFp32ScaleBytes = 4.0;
// - Blockwise FP8 (DeepSeek-V3 report, arXiv 2412.19437 §3.3.1; Transformer Engine
//   Float8BlockScaling): one fp32 scale per 128 x 128 block of a weight and per 1 x 128 tile of an
//   activation.
inline constexpr double kFp8BlockwiseWeightBlock = 128.0 * 128.0;
inline constexpr double kFp8BlockwiseActivationBlock = 128.0;
// - MXFP8 (OCP Microscaling Formats (MX) Specification v1.0, 2023-09): 8-bit values with one 8-bit
//   (E8M0) scale shared by each block of 32 elements.
inline constexpr double kMxBlock = 32.0;
inline constexpr double kMxScaleBytes = 1.0;
// - NVFP4 (NVIDIA, "Introducing NVFP4 for Efficient and Accurate Low-Precision Inference",
//   technical blog 2025-06; training recipe: NVIDIA, "Pretraining Large Language Models with
//   NVFP4", arXiv 2509.25149): 4-bit E2M1 values, one FP8 (E4M3) scale per block of 16 elements
//   and one fp32 scale per tensor: 4 + 8/16 = 4.5 bits per element.
inline constexpr double kNvfp4ValueBytes = 0.5;
inline constexpr double kNvfp4Block = 16.0;
inline constexpr double kNvfp4ScaleBytes = 1.0;

// bitsandbytes 8-bit optimizers: one byte per state element plus an fp32 absmax per 2048-element
// block (Dettmers et al. 2022, "8-bit Optimizers via Block-wise Quantization").
inline constexpr double kAdam8bitBytesPerParam = 2.0 * (1.0 + 4.0 / 2048.0);

// 4-bit Adam (Li et al. 2023, "Memory Efficient Optimizers with 4-bit States"; torchao
// AdamW4bit): half a byte per state element plus an fp32 scale per 128-element block. ESTIMATE of
// the block size from the paper's setting.
inline constexpr double kAdam4bitBytesPerParam = 2.0 * (0.5 + 4.0 / 128.0);

// Activation offloading (torchtune OffloadActivations): saved tensors go to pinned host memory as
// the forward produces them and come back one layer ahead of the backward, so the GPU holds about
// the layer being computed and the one being copied.
inline constexpr double kOffloadResidentLayers = 2.0;

// Host memory: pinned staging buffers of CPU offload (DeepSpeed pin_memory, FSDP CPU offload copy
// streams), as a fraction of the offloaded bytes. ESTIMATE: DeepSpeed copies gradients through
// pinned buckets of reduce_bucket_size (5e8 elements) per rank, about a tenth of a billion-parameter
// rank's state.
inline constexpr double kPinnedStagingFraction = 0.1;

// Host memory of one data-loader worker process (a forked Python interpreter with the tokenizer and
// dataset index). ESTIMATE: PyTorch DataLoader workers of LLM recipes, 1-2 GiB each by their RSS.
inline constexpr double kLoaderWorkerGiB = 1.5;

// Host memory the operating system, the training processes' own CPU-side state (CUDA host
// allocations, Python heaps) and page cache need besides the plan's buffers: a fraction of the
// node's RAM kept free. ESTIMATE.
inline constexpr double kHostReserveFraction = 0.1;

// Op-level selective checkpointing (torchtitan's "op" policy) saves the outputs of every other
// matmul, so its backward re-runs the other half of them (with their elementwise neighbours).
inline constexpr double kSelectiveOpRecomputedShare = 0.5;

// --- Inference -----------------------------------------------------------------------------------

// Tokens of one prefill step in engines with chunked prefill (vLLM max_num_batched_tokens with
// chunked prefill: 8192 on large GPUs since v0.6; TensorRT-LLM max_num_tokens default 8192).
inline constexpr double kPrefillChunkTokens = 8192;

// Transformer layers whose temporaries are alive at once in a forward pass (the current layer and
// the residual stream of the next): docs/formulas.md §4 "one or two layers' worth".
inline constexpr double kInferenceLayersOfTemporaries = 2.0;

} // namespace gpuplan::memassume

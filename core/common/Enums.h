// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

// Enumerations shared by plan, catalog and models. Their file-format names live in EnumNames.h.
namespace gpuplan {

// Numeric formats. Byte sizes: see bytesPerElement(). NVFP4 and MXFP4 are the 4-bit floating-point
// block formats of Blackwell-class tensor cores (weights and GEMM inputs), run at the GPU's FP4 rate.
enum class Dtype : std::uint8_t { FP32, TF32, BF16, FP16, FP8, INT8, INT4, NF4, NVFP4, MXFP4, Count };

enum class Mode : std::uint8_t { Training, Inference };

// Fine-tuning flavour of a training plan: full training, LoRA adapters on a frozen base, or
// QLoRA (LoRA on a 4-bit quantized frozen base).
enum class FineTune : std::uint8_t { None, Lora, Qlora };

// Adam8bit / Adam4bit: Adam with block-wise quantized moments (bitsandbytes, torchao low-bit optimizers).
enum class Optimizer : std::uint8_t { AdamW, Adam8bit, SgdMomentum, Lion, Adafactor, Sgd, Adam4bit };

// Activation recomputation policies, each sized by what it saves (docs/memory.md §3):
// Selective = Megatron's (only the attention core is recomputed), SelectiveOp = PyTorch op-level
// selective checkpointing as torchtitan configures it (matmul outputs of every other matmul and the
// attention outputs saved, the rest recomputed), EveryN = every N-th layer fully checkpointed
// (parallelism.recompute_every), Full = every layer re-run from its input.
enum class Recompute : std::uint8_t { None, Selective, Full, SelectiveOp, EveryN };

// The training stack: fixes what the words mean (which "selective", when gradients live, how the
// loss is computed) and the defaults of a plan (core/plan/FrameworkPresets.h, docs/memory.md §9).
enum class Framework : std::uint8_t { Generic, Megatron, DeepSpeed, Fsdp1, Fsdp2, Torchtune, HfPeft };

// How the loss is computed from the last hidden states: Standard materializes the logits and
// upcasts them to fp32; Chunked runs the output layer and cross-entropy per chunk of tokens;
// Fused (fused linear + cross-entropy kernels) never materializes the logits.
enum class LossKernel : std::uint8_t { Standard, Chunked, Fused };

// Memory verdict of a plan with the memory model's error band (docs/memory.md §10).
enum class MemoryVerdict : std::uint8_t { Fits, Borderline, DoesNotFit };
// What sets the pace of a training step: the GPUs, or the data path in front of them (facility/DataPath.h).
enum class DataLimit : std::uint8_t { Gpu, Storage, Network, HostCpu };

// Facility and storage choices of a plan (core/plan/FacilityAssumptions.h holds them).
enum class CloudPricing : unsigned char { OnDemand, Reserved1y, Reserved3y, Spot };
enum class StorageTier : unsigned char { LocalNvme, SataSsd, NasNfs, ParallelFs, ObjectStore };
// The tier one storage role is on: the plan's storage.tier ("same"), no tier of its own ("none": no
// cache, no archive), or one of the StorageTier values (storageTierOf() maps it).
enum class RoleTier : unsigned char { Same, None, LocalNvme, SataSsd, NasNfs, ParallelFs, ObjectStore };
// What the storage system is used for: the training data's home, a copy of it next to the GPUs,
// where checkpoints are written and restored from, and where milestone checkpoints are kept.
enum class StorageRole : unsigned char { Data, Cache, Checkpoint, Archive, Count };
// What one training sample is (core/plan/FacilityAssumptions.h, DataAssumptions).
enum class DataKind : unsigned char { Tokens, Images, Video };

// Where optimizer states or parameters live when not in GPU memory. Paged: unified memory
// (bitsandbytes paged optimizers) that stays on the GPU while it fits and is evicted to host
// memory when the GPU runs out.
enum class Offload : std::uint8_t { None, Cpu, Nvme, Paged };

// How the low-precision GEMMs of a training plan are scaled (precision.fp8_recipe): per-tensor
// scales from an amax history (delayed) or from the tensor itself (tensorwise, "current"),
// per-block scales (blockwise: 1x128 activation / 128x128 weight tiles, DeepSeek-V3; mxfp8: 1x32
// blocks with E8M0 scales), or NVFP4 (4-bit E2M1 values, an E4M3 scale per 16 values), which
// runs the transformer layers' GEMMs at the FP4 peak.
enum class Fp8Recipe : std::uint8_t { Delayed, Tensorwise, Blockwise, Mxfp8, Nvfp4 };

// DualPipe: DeepSeek-V3's bidirectional schedule (arXiv 2412.19437 §3.2.1, Table 2).
enum class PipelineSchedule : std::uint8_t { OneFOneB, Interleaved, GPipe, DualPipe };

// Which implementation shards model states over the data-parallel group. ZeRO stage numbers
// (0-3) mean the same thing in each; the implementations differ in buffers and gathers.
enum class ShardingImpl : std::uint8_t { DeepSpeed, Fsdp, Megatron };

enum class NormKind : std::uint8_t { LayerNorm, RmsNorm };

enum class PositionKind : std::uint8_t { Rope, Learned, Alibi, None };

enum class ServingEngine : std::uint8_t { Generic, Vllm, Tgi, TensorRtLlm, Triton, HfTransformers, Sglang, Nim };

enum class Batching : std::uint8_t { Static, Dynamic, Continuous };

// How requests reach a serving engine: one batch started together, a fixed number in flight (closed
// loop), arrivals at a rate (open loop), or all at once with the engine choosing its batch (offline).
enum class ServingLoad : std::uint8_t { Static, Concurrency, Rate, Max };

// Serving as replicas that prefill and decode their own requests, or as a pool of prefill workers
// handing each prompt's KV cache to a pool of decode workers (perf/DisaggregatedPlan.h).
enum class ServingMode : std::uint8_t { Aggregated, Disaggregated };

// How a prompt's KV cache reaches the decode pool: over the scale-out network, or over NVLink where
// both pools sit in one NVLink domain.
enum class KvTransferPath : std::uint8_t { Network, NvLink };

enum class Cooling : std::uint8_t { Air, Liquid };

} // namespace gpuplan

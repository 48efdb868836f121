// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>

// Enumerations shared by plan, catalog and models. Their file-format names live in EnumNames.h.
namespace gpuplan {

// Numeric formats. Byte sizes: see bytesPerElement().
enum class Dtype : std::uint8_t { FP32, TF32, BF16, FP16, FP8, INT8, INT4, NF4, Count };

enum class Mode : std::uint8_t { Training, Inference };

// Fine-tuning flavour of a training plan: full training, LoRA adapters on a frozen base, or
// QLoRA (LoRA on a 4-bit quantized frozen base).
enum class FineTune : std::uint8_t { None, Lora, Qlora };

enum class Optimizer : std::uint8_t { AdamW, Adam8bit, SgdMomentum, Lion, Adafactor, Sgd };

enum class Recompute : std::uint8_t { None, Selective, Full };

// Where optimizer states or parameters live when not in GPU memory. Paged: unified memory
// (bitsandbytes paged optimizers) that stays on the GPU while it fits and is evicted to host
// memory when the GPU runs out.
enum class Offload : std::uint8_t { None, Cpu, Nvme, Paged };

enum class PipelineSchedule : std::uint8_t { OneFOneB, Interleaved, GPipe };

// Which implementation shards model states over the data-parallel group. ZeRO stage numbers
// (0-3) mean the same thing in each; the implementations differ in buffers and gathers.
enum class ShardingImpl : std::uint8_t { DeepSpeed, Fsdp, Megatron };

enum class NormKind : std::uint8_t { LayerNorm, RmsNorm };

enum class PositionKind : std::uint8_t { Rope, Learned, Alibi, None };

enum class ServingEngine : std::uint8_t { Generic, Vllm, Tgi, TensorRtLlm, Triton, HfTransformers, Sglang, Nim };

enum class Batching : std::uint8_t { Static, Dynamic, Continuous };

enum class Cooling : std::uint8_t { Air, Liquid };

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace gpuplan {

struct GpuSpec;
struct Precision;

// A serving row's `precision` cell as the plan's weight, compute and KV-cache formats (README of
// the validation files): fp16/bf16 (blank: fp16), fp8 (FP8 weights, GEMM inputs and KV cache),
// fp4/nvfp4/mxfp4 (FP4 weights and GEMM inputs, FP8 KV cache; only on GPUs with an FP4 tensor
// rate), int8/int4 weight-only. The names quantization tools give the same formats are read as
// them: the FP8 scaling variants (fp8_block, fp8_per_tensor, fp8_dynamic, w8a8_fp8, mxfp8: the
// same tensor rate and a byte per element), AWQ/GPTQ/W4A16 and W8A16 weight-only, and W4A8 (4-bit
// integer weights into FP8 GEMMs, TensorRT-LLM's w4a8_awq; only on GPUs with an FP8 rate). `gpu`
// may be null (then FP4 and W4A8 are refused). False with the reason otherwise.
bool applyPrecision(std::string_view text, const GpuSpec *gpu, Precision &p, std::string &reason);

// The optional kv_cache_dtype cell: blank or "auto" (vLLM's and SGLang's default) keeps what the
// precision chose; fp16, bf16, fp8 (and its E4M3/E5M2 spellings), int8, int4, and nvfp4/fp4 on GPUs
// with an FP4 tensor rate (TensorRT-LLM's NVFP4 KV cache on Blackwell). False with the reason otherwise.
bool applyKvCacheDtype(std::string_view text, const GpuSpec *gpu, Precision &p, std::string &reason);

} // namespace gpuplan

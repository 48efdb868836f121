// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/ServingFormats.h"

#include "catalog/GpuSpec.h"
#include "common/EnumNames.h"
#include "plan/Plan.h"
#include "validate/RowPlan.h"

#include <initializer_list>

namespace gpuplan {

namespace {

bool isAny(const std::string &w, std::initializer_list<const char *> names)
{
    for (const char *n : names) {
        if (w == n)
            return true;
    }
    return false;
}

// The format a quantization method's name stands for, as a dtype name of the README: the FP8
// scaling variants are FP8 (the scales change neither the tensor rate nor, beyond a few per cent,
// the bytes), AWQ/GPTQ/W4A16 checkpoints store 4-bit integer weights with 16-bit activations and
// W8A16 8-bit ones. Anything else is returned as written.
std::string formatName(std::string_view text)
{
    const std::string w = lowerCell(text);
    if (isAny(w, {"fp8_block", "fp8-block", "fp8_blockwise", "fp8-blockwise", "fp8_block_scaled", "fp8_per_tensor",
                  "fp8-per-tensor", "fp8_pt", "fp8_tensor", "fp8_dynamic", "fp8-dynamic", "fp8_static", "w8a8_fp8",
                  "w8a8-fp8", "fp8_w8a8", "float8", "float8_e4m3fn", "mxfp8"}))
        return "fp8";
    if (isAny(w, {"awq", "gptq", "w4a16", "int4_awq", "int4-awq", "int4_gptq", "gptq_int4", "awq_int4"}))
        return "int4";
    if (isAny(w, {"w8a16", "int8_weight_only", "int8_wo"}))
        return "int8";
    if (isAny(w, {"modelopt_fp4", "nvfp4_awq", "w4a4_nvfp4", "fp4_nvfp4"}))
        return "nvfp4";
    if (isAny(w, {"w4a4_mxfp4", "mxfp4_moe"}))
        return "mxfp4";
    if (isAny(w, {"w4a8", "w4a8_awq", "w4a8-awq", "int4_fp8", "w4afp8", "w4a8_fp8"}))
        return "w4a8";
    return w;
}

// The reason of a format the row's GPU has no tensor rate for: not predicted, never extrapolated.
std::string notSupported(const char *column, std::string_view text, const char *what, const GpuSpec *gpu,
                         const char *missing)
{
    return "column " + std::string(column) + " = \"" + std::string(text) + "\": " + what + " is not supported on " +
           (gpu ? gpu->id : std::string("this GPU")) + " (" + missing + "); not predicted";
}

} // namespace

bool applyPrecision(std::string_view text, const GpuSpec *gpu, Precision &p, std::string &reason)
{
    const char *expected = "; expected fp16, bf16, fp8 (fp8_block, fp8_per_tensor, mxfp8), fp4 (nvfp4), mxfp4, int8 "
                           "or int4 (awq, gptq, w4a16), int8 (w8a16), w4a8";
    const std::string name = text.empty() ? std::string("fp16") : formatName(text);
    if (name == "w4a8") {
        // 4-bit integer weights dequantized into FP8 GEMMs, 16-bit activations and KV cache elsewhere.
        if (!gpu || gpu->peak(Dtype::FP8) <= 0) {
            reason = notSupported("precision", text, "W4A8 (int4 weights, FP8 GEMMs)", gpu,
                                  "no FP8 tensor rate in the GPU catalog");
            return false;
        }
        p.weights = Dtype::INT4;
        p.compute = Dtype::FP8;
        p.activations = Dtype::FP16;
        p.kvCache = Dtype::FP16;
        return true;
    }
    const auto parsed = parseEnum(dtypeNames(), name);
    if (!parsed) {
        reason = "column precision = \"" + std::string(text) + "\"" + expected;
        return false;
    }
    const Dtype d = static_cast<Dtype>(*parsed);
    p.activations = d == Dtype::BF16 ? Dtype::BF16 : Dtype::FP16;
    switch (d) {
    case Dtype::FP16:
    case Dtype::BF16:
    case Dtype::FP32:
        p.weights = p.compute = p.kvCache = d;
        return true;
    case Dtype::FP8:
        p.weights = p.compute = p.kvCache = Dtype::FP8;
        return true;
    case Dtype::NVFP4:
    case Dtype::MXFP4:
        // FP4 weights and GEMM inputs at the FP4 tensor rate, the KV cache in FP8 as the fp8 rows
        // (kv_cache_dtype overrides it). A GPU without FP4 tensor math (Hopper and older) does not
        // run these checkpoints as FP4: not predicted, never extrapolated from another format.
        if (!gpu || gpu->peak(d) <= 0) {
            reason = notSupported("precision", text, "FP4 (NVFP4, MXFP4)", gpu,
                                  "no FP4 tensor rate in the GPU catalog; FP4 runs on Blackwell-class GPUs");
            return false;
        }
        p.weights = p.compute = d;
        p.kvCache = Dtype::FP8;
        return true;
    case Dtype::INT8:
    case Dtype::INT4:
    case Dtype::NF4:
        p.weights = d;
        p.compute = p.kvCache = Dtype::FP16;
        return true;
    default:
        reason = "column precision = \"" + std::string(text) + "\" is not an inference format";
        return false;
    }
}

bool applyKvCacheDtype(std::string_view text, const GpuSpec *gpu, Precision &p, std::string &reason)
{
    // "auto" is vLLM's and SGLang's --kv-cache-dtype default: the model's own dtype, as a blank cell.
    const std::string w = lowerCell(text);
    if (w.empty() || w == "auto")
        return true;
    const auto parsed = parseEnum(dtypeNames(), w);
    const Dtype d = parsed ? static_cast<Dtype>(*parsed) : Dtype::FP32;
    if (d == Dtype::NVFP4 && parsed) {
        // NVFP4 KV blocks (one FP8 scale per 16 values) are read by Blackwell's attention kernels.
        if (!gpu || gpu->peak(Dtype::NVFP4) <= 0) {
            reason = notSupported("kv_cache_dtype", text, "an NVFP4 KV cache", gpu, "no FP4 tensor rate in the GPU catalog");
            return false;
        }
        p.kvCache = d;
        return true;
    }
    if (!parsed || !(d == Dtype::FP16 || d == Dtype::BF16 || d == Dtype::FP8 || d == Dtype::INT8 || d == Dtype::INT4)) {
        reason = "column kv_cache_dtype = \"" + std::string(text) + "\"; expected auto, fp16, bf16, fp8, int8, int4 or nvfp4";
        return false;
    }
    p.kvCache = d;
    return true;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

namespace gpuplan {

// Bytes per stored element. NF4/INT4 are half a byte plus their block scales, which
// quantizedBytesPerElement() includes.
constexpr double bytesPerElement(Dtype d)
{
    switch (d) {
    case Dtype::FP32:
    case Dtype::TF32: return 4.0;
    case Dtype::BF16:
    case Dtype::FP16: return 2.0;
    case Dtype::FP8:
    case Dtype::INT8: return 1.0;
    case Dtype::INT4:
    case Dtype::NF4:
    case Dtype::NVFP4:
    case Dtype::MXFP4: return 0.5;
    case Dtype::Count: break;
    }
    return 2.0;
}

// Storage including quantization metadata:
//  - INT8 (LLM.int8 / per-channel): one fp16 scale per row, negligible: 1.0 B;
//  - INT4 (GPTQ/AWQ/bnb 4-bit, group 64): one fp16 scale per 64 weights: 0.5 + 2/64 B;
//  - NF4 (QLoRA, Dettmers et al. 2023 §3): block 64 with double-quantized scales,
//    0.127 bits/param of constants: 0.5 + 0.127/8 B;
//  - NVFP4: one FP8 (E4M3) scale per 16 values (NVIDIA, "Introducing NVFP4", 2025): 0.5 + 1/16 B;
//  - MXFP4: one 8-bit (E8M0) scale per 32 values (OCP Microscaling Formats v1.0, 2023): 0.5 + 1/32 B.
//    The per-tensor FP32 scale of NVFP4 is negligible.
constexpr double quantizedBytesPerElement(Dtype d)
{
    switch (d) {
    case Dtype::INT4: return 0.5 + 2.0 / 64.0;
    case Dtype::NF4: return 0.5 + 0.127 / 8.0;
    case Dtype::NVFP4: return 0.5 + 1.0 / 16.0;
    case Dtype::MXFP4: return 0.5 + 1.0 / 32.0;
    default: return bytesPerElement(d);
    }
}

constexpr bool isFloatCompute(Dtype d)
{
    return d == Dtype::FP32 || d == Dtype::TF32 || d == Dtype::BF16 || d == Dtype::FP16 || d == Dtype::FP8;
}

// The 4-bit floating-point block formats, timed at the GPU's FP4 tensor rate.
constexpr bool isFp4(Dtype d)
{
    return d == Dtype::NVFP4 || d == Dtype::MXFP4;
}

} // namespace gpuplan

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
    case Dtype::NF4: return 0.5;
    case Dtype::Count: break;
    }
    return 2.0;
}

// Storage including quantization metadata:
//  - INT8 (LLM.int8 / per-channel): one fp16 scale per row, negligible: 1.0 B;
//  - INT4 (GPTQ/AWQ/bnb 4-bit, group 64): one fp16 scale per 64 weights: 0.5 + 2/64 B;
//  - NF4 (QLoRA, Dettmers et al. 2023 §3): block 64 with double-quantized scales,
//    0.127 bits/param of constants: 0.5 + 0.127/8 B.
constexpr double quantizedBytesPerElement(Dtype d)
{
    switch (d) {
    case Dtype::INT4: return 0.5 + 2.0 / 64.0;
    case Dtype::NF4: return 0.5 + 0.127 / 8.0;
    default: return bytesPerElement(d);
    }
}

constexpr bool isFloatCompute(Dtype d)
{
    return d == Dtype::FP32 || d == Dtype::TF32 || d == Dtype::BF16 || d == Dtype::FP16 || d == Dtype::FP8;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

// Bytes that low-precision training (precision.compute = fp8 with precision.fp8_recipe) keeps per
// element under Transformer Engine (docs/memory.md §2 "Low-precision weight copies", §3): the
// quantized copies of each matmul weight cached next to its 16-bit weight, and the quantized GEMM
// input a linear layer saves for its weight gradient. Each format's bits per value and per scale
// are in MemoryAssumptions.h with their sources.
namespace gpuplan {

// Bytes of the quantized value and its share of the scales for one element, in the layout the
// recipe quantizes weights (blockwise: 128 x 128 blocks) or activations (blockwise: 1 x 128).
double lowPrecisionWeightBytes(Fp8Recipe recipe);
double lowPrecisionActivationBytes(Fp8Recipe recipe);

// Bytes per matmul weight of the quantized copies Transformer Engine caches: a row-wise copy for the
// forward and a column-wise (transposed) one for the input gradient, each with its scales. With
// per-tensor scaling (delayed, tensorwise) the transpose is the same values and is dropped where
// the FP8 GEMM takes any operand layout (anyLayoutFp8Gemm); the block-scaled formats (blockwise,
// MXFP8, NVFP4) scale along the reduction dimension, so the column-wise copy has its own blocks and
// is always kept.
double lowPrecisionWeightCopyBytes(Fp8Recipe recipe, bool anyLayoutFp8Gemm);

} // namespace gpuplan

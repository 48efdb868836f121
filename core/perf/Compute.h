// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

// Time of single GPU kernels from FLOPs and bytes (docs/formulas.md §6): a GEMM reaches a fraction
// of the dense peak that grows with its size, a memory-bound kernel a fraction of the HBM
// bandwidth, and no kernel is shorter than the GPU-side floor. The host issues every kernel,
// so a pass of kernels can also be bound by the host (PassCost).
namespace gpuplan {

struct GpuSpec;

// The rates of one GPU for one compute format, resolved once per evaluation.
struct ComputeRates
{
    double matmulFlops = 0;      // asymptotic GEMM rate: dense peak of the format x matmulMaxFraction
    double matmulLatencyS = 0;   // matmulHalfFlops at the 16-bit asymptotic rate
    double attentionFlops = 0;   // fused attention: min(16-bit, compute) dense peak x attentionMaxFraction
    double hbmBytesPerS = 0;     // HBM bandwidth x hbmMaxFraction
    double hbmLatencyS = 0;      // hbmHalfBytes at that rate
    double kernelFloorS = 0;
    double hostLaunchS = 0;
    double hostOverlapExponent = 4;
    double gemmInBytes = 2;      // bytes per GEMM input element (1 for fp8, 0.5 + scales for nvfp4)
    bool fp8 = false;            // fp8 (or nvfp4) GEMMs: inputs are cast before each GEMM
    bool fp4 = false;            // nvfp4 recipe on a GPU with FP4 tensor cores: GEMMs at the FP4 peak
    double castBytesPerElement = 3;   // HBM bytes per element one cast moves (castBytes())
    double groupedTileM = 128;        // rows of one M tile of the experts' grouped GEMM
    double groupedLatencyS = 0;       // per-expert ramp: groupedGemmHalfFlops at the 16-bit asymptotic rate
};

// `recipe` matters only for fp8 compute; nvfp4 needs gpu.fp4DenseFlops > 0 (else the fp8 rate).
ComputeRates computeRates(const GpuSpec &gpu, Dtype compute, Fp8Recipe recipe = Fp8Recipe::Delayed);

// HBM bytes per element of one quantizing cast under `recipe`: the bf16 input read and the
// low-precision copy written with its scales (1x128 blocks: one fp32 scale per 128 values; mxfp8:
// one E8M0 byte per 32; nvfp4: half a byte per value and one E4M3 byte per 16). Current
// (tensorwise) scaling reads the tensor once more for its amax before casting; delayed scaling
// takes the scale from the amax history and fuses the amax into the cast.
double castBytes(Fp8Recipe recipe);

// GPU time and kernel count of a sequence of kernels. The host issues kernels asynchronously,
// so a pass takes max(GPU time, kernels x host launch time) (passTime).
struct PassCost
{
    double gpuS = 0;
    double kernels = 0;

    void add(double seconds, double count = 1.0)
    {
        gpuS += seconds;
        kernels += count;
    }
    void add(const PassCost &o, double times = 1.0)
    {
        gpuS += o.gpuS * times;
        kernels += o.kernels * times;
    }
};

// One GEMM C[m x n] = A[m x k] B[k x n] (groups: independent GEMMs of that shape issued as one
// grouped kernel, e.g. the local experts of an MoE layer): roofline max(FLOP time + latency,
// bytes / HBM), at least the kernel floor. Output in 16 bits.
double gemmTime(double m, double n, double k, const ComputeRates &r, double groups = 1.0);

// The local experts' grouped GEMM: `groups` experts of m token rows each (m may be fractional:
// an average over experts). Each expert's token dimension is computed in whole tiles of
// groupedTileM (the M tile; in the weight-gradient GEMM, where the tokens are the reduction
// dimension k, tokensInK pads k instead), and each expert adds its own ramp (groupedLatencyS);
// the bytes are those of the real rows.
double groupedGemmTime(double m, double n, double k, const ComputeRates &r, double groups, bool tokensInK = false);

// Extra memory traffic of fp8 GEMMs: casting the inputs (bf16 read, fp8 write) in the forward,
// and the output gradient plus a transposed input copy in the backward (Transformer Engine).
// perElement: castBytes() of the recipe (3 for delayed scaling).
double fp8CastBytesForward(double m, double n, double k, double groups = 1.0, double perElement = 3.0);
double fp8CastBytesBackward(double m, double n, double k, double groups = 1.0, double perElement = 3.0);

// A memory-bound kernel moving `bytes` through HBM.
double memoryTime(double bytes, const ComputeRates &r);

// A fused (Flash) attention kernel of `flops` executed FLOPs.
double fusedAttentionTime(double flops, const ComputeRates &r);

// The time of a pass whose GPU work is `gpuS` (compute plus exposed communication) and whose
// kernels the host issues at hostLaunchS each.
double passTime(double gpuS, double kernels, const ComputeRates &r);

} // namespace gpuplan

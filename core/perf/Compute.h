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
    double gemmInBytes = 2;      // bytes per GEMM input element (1 for fp8)
    bool fp8 = false;            // fp8 GEMMs: inputs are cast (Transformer Engine) before each GEMM
};

ComputeRates computeRates(const GpuSpec &gpu, Dtype compute);

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

// Extra memory traffic of fp8 GEMMs: casting the inputs (bf16 read, fp8 write) in the forward,
// and the output gradient plus a transposed input copy in the backward (Transformer Engine).
double fp8CastBytesForward(double m, double n, double k, double groups = 1.0);
double fp8CastBytesBackward(double m, double n, double k, double groups = 1.0);

// A memory-bound kernel moving `bytes` through HBM.
double memoryTime(double bytes, const ComputeRates &r);

// A fused (Flash) attention kernel of `flops` executed FLOPs.
double fusedAttentionTime(double flops, const ComputeRates &r);

// The time of a pass whose GPU work is `gpuS` (compute plus exposed communication) and whose
// kernels the host issues at hostLaunchS each.
double passTime(double gpuS, double kernels, const ComputeRates &r);

} // namespace gpuplan

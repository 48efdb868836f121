// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Compute.h"

#include "catalog/GpuSpec.h"
#include "common/Dtype.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Peak of the 16-bit formats (bf16, else fp16): attention and the GEMM latency are expressed
// against it so that an fp8 plan keeps the same kernel latencies.
double peak16(const GpuSpec &gpu)
{
    const double bf16 = gpu.peak(Dtype::BF16);
    return bf16 > 0 ? bf16 : gpu.peak(Dtype::FP16);
}

} // namespace

double castBytes(Fp8Recipe recipe)
{
    switch (recipe) {
    case Fp8Recipe::Delayed: return 2.0 + 1.0;
    case Fp8Recipe::Tensorwise: return 2.0 + 2.0 + 1.0;
    case Fp8Recipe::Blockwise: return 2.0 + 1.0 + 4.0 / 128.0;
    case Fp8Recipe::Mxfp8: return 2.0 + 1.0 + 1.0 / 32.0;
    case Fp8Recipe::Nvfp4: return 2.0 + 0.5 + 1.0 / 16.0;
    }
    return 3.0;
}

ComputeRates computeRates(const GpuSpec &gpu, Dtype compute, Fp8Recipe recipe)
{
    const GpuEfficiency &e = gpu.efficiency;
    ComputeRates r;
    const double p16 = peak16(gpu);
    r.fp4 = compute == Dtype::FP8 && recipe == Fp8Recipe::Nvfp4 && gpu.fp4DenseFlops > 0;
    const double peak = r.fp4 ? gpu.fp4DenseFlops : gpu.peak(compute) > 0 ? gpu.peak(compute) : p16;
    r.matmulFlops = std::max(peak * e.matmulMaxFraction, 1.0);
    r.matmulLatencyS = e.matmulHalfFlops / std::max(p16 * e.matmulMaxFraction, 1.0);
    // Fused attention runs in 16 bits when the GEMMs run in fp8, but no faster than the compute
    // format's own peak when that is slower (fp32/tf32 plans): never above the plan's peak.
    r.attentionFlops = std::max(std::min(p16, peak) * e.attentionMaxFraction, 1.0);
    r.hbmBytesPerS = std::max(gpu.memoryBandwidth * e.hbmMaxFraction, 1.0);
    r.hbmLatencyS = e.hbmHalfBytes / r.hbmBytesPerS;
    r.kernelFloorS = e.kernelFloorS;
    r.hostLaunchS = e.hostLaunchS;
    r.hostOverlapExponent = e.hostOverlapExponent;
    r.fp8 = compute == Dtype::FP8;
    r.gemmInBytes = r.fp4 ? 0.5 + 1.0 / 16.0 : r.fp8 ? 1.0 : 2.0;
    r.groupedTileM = std::max(e.groupedGemmTileM, 1.0);
    r.groupedLatencyS = e.groupedGemmHalfFlops / std::max(p16 * e.matmulMaxFraction, 1.0);
    r.castBytesPerElement = castBytes(r.fp8 && !r.fp4 && recipe == Fp8Recipe::Nvfp4 ? Fp8Recipe::Delayed : recipe);
    return r;
}

double gemmTime(double m, double n, double k, const ComputeRates &r, double groups)
{
    if (m <= 0 || n <= 0 || k <= 0 || groups <= 0)
        return 0.0;
    const double flops = 2.0 * m * n * k * groups;
    const double bytes = groups * (r.gemmInBytes * (m * k + k * n) + 2.0 * m * n);
    const double compute = flops / r.matmulFlops + r.matmulLatencyS;
    const double memory = bytes / r.hbmBytesPerS;
    return std::max({compute, memory, r.kernelFloorS});
}

double groupedGemmTime(double m, double n, double k, const ComputeRates &r, double groups, bool tokensInK)
{
    if (m <= 0 || n <= 0 || k <= 0 || groups <= 0)
        return 0.0;
    const double tokens = tokensInK ? k : m;
    const double padded = std::ceil(tokens / r.groupedTileM - 1e-9) * r.groupedTileM;
    const double flops = 2.0 * m * n * k * groups * (padded / tokens);
    const double bytes = groups * (r.gemmInBytes * (m * k + k * n) + 2.0 * m * n);
    const double compute = flops / r.matmulFlops + r.matmulLatencyS + groups * r.groupedLatencyS;
    const double memory = bytes / r.hbmBytesPerS;
    return std::max({compute, memory, r.kernelFloorS});
}

double fp8CastBytesForward(double m, double n, double k, double groups, double perElement)
{
    return perElement * groups * (m * k + k * n);
}

double fp8CastBytesBackward(double m, double n, double k, double groups, double perElement)
{
    return perElement * groups * (m * n + m * k);
}

double memoryTime(double bytes, const ComputeRates &r)
{
    if (bytes <= 0)
        return 0.0;
    return std::max(bytes / r.hbmBytesPerS + r.hbmLatencyS, r.kernelFloorS);
}

double fusedAttentionTime(double flops, const ComputeRates &r)
{
    if (flops <= 0)
        return 0.0;
    return std::max(flops / r.attentionFlops + r.matmulLatencyS, r.kernelFloorS);
}

double passTime(double gpuS, double kernels, const ComputeRates &r)
{
    const double host = kernels * r.hostLaunchS;
    const double hi = std::max(gpuS, host), lo = std::min(gpuS, host);
    if (hi <= 0)
        return 0.0;
    return hi * std::pow(1.0 + std::pow(lo / hi, r.hostOverlapExponent), 1.0 / r.hostOverlapExponent);
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// Kernel times (perf/Compute.h): size-dependent GEMM efficiency, the roofline, the kernel
// floor and the host dispatch bound (docs/formulas.md §6).
#include "catalog/GpuSpec.h"
#include "common/Dtype.h"
#include "perf/Compute.h"
#include "support/Near.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

namespace {

// An A100-like GPU (A100 datasheet: 312 TFLOP/s dense bf16/fp16, 2.039 TB/s HBM2e).
GpuSpec a100()
{
    GpuSpec g;
    g.id = "test-a100";
    g.memoryBandwidth = 2.039e12;
    g.peakFlops[static_cast<int>(Dtype::BF16)] = 312e12;
    g.peakFlops[static_cast<int>(Dtype::FP16)] = 312e12;
    g.efficiency.matmulMaxFraction = 0.8;
    g.efficiency.matmulHalfFlops = 2e9;
    g.efficiency.hbmMaxFraction = 0.8;
    g.efficiency.hbmHalfBytes = 1e6;
    g.efficiency.kernelFloorS = 5e-6;
    g.efficiency.hostLaunchS = 20e-6;
    g.efficiency.hostOverlapExponent = 4.0;
    g.efficiency.attentionMaxFraction = 0.5;
    return g;
}

using gpuplan::test::near;

} // namespace

class TestCompute final : public QObject
{
    Q_OBJECT

private slots:
    void largeGemmRunsAtTheMaximumFraction() const
    {
        const ComputeRates r = computeRates(a100(), Dtype::BF16);
        const double m = 16384, n = 12288, k = 12288;
        const double flops = 2 * m * n * k;
        QVERIFY(near(gemmTime(m, n, k, r), flops / (312e12 * 0.8) + 2e9 / (312e12 * 0.8)));
        // The achieved fraction of peak approaches the maximum.
        QVERIFY(flops / gemmTime(m, n, k, r) / 312e12 > 0.79);
    }

    void halfFlopsMeansHalfTheFraction() const
    {
        // A GEMM of matmulHalfFlops FLOPs reaches half the maximum fraction (when compute-bound).
        const ComputeRates r = computeRates(a100(), Dtype::BF16);
        const double side = std::cbrt(2e9 / 2);   // 2 side^3 = 2e9 FLOPs, cube-shaped: compute-bound
        const double fraction = 2e9 / gemmTime(side, side, side, r) / 312e12;
        QVERIFY(near(fraction, 0.4, 1e-6));
    }

    void groupedGemmPadsEachExpertToTheTile() const
    {
        // Experts of 64 token rows run in 128-row M tiles: the FLOPs of 128 rows, the bytes of 64.
        GpuSpec g = a100();
        g.efficiency.matmulHalfFlops = 0;
        ComputeRates r = computeRates(g, Dtype::BF16);
        const double n = 8192, k = 8192, experts = 16;
        const double padded = 2.0 * 128 * n * k * experts / (312e12 * 0.8);
        r.hbmBytesPerS = 1e18;   // keep it compute-bound to see the padding
        QVERIFY(near(groupedGemmTime(64, n, k, r, experts), padded));
        QVERIFY(near(groupedGemmTime(128, n, k, r, experts), padded));
        QVERIFY(near(groupedGemmTime(129, n, k, r, experts), 2.0 * padded));
        // The weight-gradient GEMM reduces over the tokens: k is padded instead.
        QVERIFY(near(groupedGemmTime(n, k, 64, r, experts, true), padded));
        // A tile of 1 row is no padding, and then equals the ungrouped GEMM of the same shape.
        r.groupedTileM = 1;
        QVERIFY(near(groupedGemmTime(64, n, k, r, experts), gemmTime(64, n, k, r, experts)));
        // Each expert adds its own ramp.
        g.efficiency.groupedGemmHalfFlops = 1e9;
        const ComputeRates ramp = computeRates(g, Dtype::BF16);
        QVERIFY(near(ramp.groupedLatencyS, 1e9 / (312e12 * 0.8)));
        QVERIFY(groupedGemmTime(4096, n, k, ramp, experts) > groupedGemmTime(4096, n, k, computeRates(a100(), Dtype::BF16), experts) - 1e-15);
    }

    void skinnyGemmIsMemoryBound() const
    {
        // A matrix-vector-like GEMM (m = 1) moves the whole weight: roofline time = bytes / BW.
        const ComputeRates r = computeRates(a100(), Dtype::BF16);
        const double n = 8192, k = 8192;
        const double bytes = 2.0 * (k + k * n) + 2.0 * n;
        QVERIFY(near(gemmTime(1, n, k, r), bytes / (2.039e12 * 0.8)));
    }

    void memoryKernelsAndTheFloor() const
    {
        const ComputeRates r = computeRates(a100(), Dtype::BF16);
        const double bytes = 1e9;
        QVERIFY(near(memoryTime(bytes, r), (bytes + 1e6) / (2.039e12 * 0.8)));
        // A tiny kernel still takes the floor.
        QCOMPARE(memoryTime(10, r), 5e-6);
        QVERIFY(near(gemmTime(1, 1, 1, r), std::max(5e-6, 2e9 / (312e12 * 0.8)), 1e-6));   // latency-bound
        QCOMPARE(memoryTime(0, r), 0.0);
    }

    void hostBoundPasses() const
    {
        const ComputeRates r = computeRates(a100(), Dtype::BF16);
        // Host far slower than the GPU: the pass takes the host time.
        QVERIFY(near(passTime(1e-6, 100, r), 100 * 20e-6, 1e-6));
        // GPU far slower than the host: the GPU time.
        QVERIFY(near(passTime(1.0, 100, r), 1.0, 1e-6));
        // Equal: the queue hides only part of the host time, 2^(1/k) x either.
        QVERIFY(near(passTime(2e-3, 100, r), 2e-3 * std::pow(2.0, 0.25)));
    }

    void fp8UsesTheFp8Peak() const
    {
        GpuSpec g = a100();
        g.peakFlops[static_cast<int>(Dtype::FP8)] = 624e12;
        const ComputeRates r8 = computeRates(g, Dtype::FP8), r16 = computeRates(g, Dtype::BF16);
        const double m = 16384, n = 16384, k = 16384;
        QVERIFY(gemmTime(m, n, k, r8) < 0.55 * gemmTime(m, n, k, r16));
        // The casts add memory traffic: inputs forward, output gradient and a transpose backward.
        QCOMPARE(fp8CastBytesForward(m, n, k), 3 * (m * k + k * n));
        QCOMPARE(fp8CastBytesBackward(m, n, k), 3 * (m * n + m * k));
    }

    void scalingRecipes() const
    {
        // Bytes per element of one cast: bf16 read + low-precision write + scales. Delayed: 2 + 1;
        // current (tensorwise) scaling reads the tensor once more for its amax: 2 + 2 + 1;
        // blockwise: one fp32 scale per 128 values; MXFP8 (OCP MX v1.0): one E8M0 byte per 32;
        // NVFP4: E2M1 values (half a byte) and one E4M3 scale per 16.
        QCOMPARE(castBytes(Fp8Recipe::Delayed), 3.0);
        QCOMPARE(castBytes(Fp8Recipe::Tensorwise), 5.0);
        QCOMPARE(castBytes(Fp8Recipe::Blockwise), 3.0 + 4.0 / 128);
        QCOMPARE(castBytes(Fp8Recipe::Mxfp8), 3.0 + 1.0 / 32);
        QCOMPARE(castBytes(Fp8Recipe::Nvfp4), 2.5 + 1.0 / 16);
        GpuSpec g = a100();
        g.peakFlops[static_cast<int>(Dtype::FP8)] = 624e12;
        QCOMPARE(computeRates(g, Dtype::FP8, Fp8Recipe::Tensorwise).castBytesPerElement, 5.0);
        QCOMPARE(computeRates(g, Dtype::BF16).castBytesPerElement, 3.0);   // unused without fp8
        // NVFP4 runs the GEMMs at the FP4 peak where the GPU has one, with half-byte inputs...
        g.fp4DenseFlops = 1248e12;
        const ComputeRates r4 = computeRates(g, Dtype::FP8, Fp8Recipe::Nvfp4);
        QVERIFY(r4.fp4 && r4.fp8);
        QCOMPARE(r4.matmulFlops, 1248e12 * 0.8);
        QCOMPARE(r4.gemmInBytes, 0.5 + 1.0 / 16);
        QCOMPARE(r4.castBytesPerElement, 2.5 + 1.0 / 16);
        // ...and not at all without one (the plan is refused, precision.fp8_recipe).
        g.fp4DenseFlops = 0;
        const ComputeRates none = computeRates(g, Dtype::FP8, Fp8Recipe::Nvfp4);
        QVERIFY(!none.fp4);
        QCOMPARE(none.matmulFlops, computeRates(g, Dtype::FP8).matmulFlops);
    }

    void attentionKernel() const
    {
        const ComputeRates r = computeRates(a100(), Dtype::BF16);
        QVERIFY(near(fusedAttentionTime(1e12, r), 1e12 / (312e12 * 0.5) + 2e9 / (312e12 * 0.8)));
    }
};

QTEST_APPLESS_MAIN(TestCompute)
#include "tst_compute.moc"

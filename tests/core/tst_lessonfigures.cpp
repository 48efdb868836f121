// SPDX-License-Identifier: GPL-3.0-or-later
// The live values of the lessons on precision, data parallelism, Tensor Cores, GPU value and
// model accuracy (core/explain/LessonFigures.h): format ranges from the bits, checked against the
// C++ library's float (BF16 keeps FP32's exponent); the traffic of DataParallel and of DDP's ring
// all-reduce (docs/formulas.md, collectives: 2(n−1)/n); the two peaks from catalogs/gpus.json;
// C = 6·N·D (Kaplan et al. 2020); and the GPU comparison against gpuplan-cli procure.
#include "ExampleFixture.h"

#include "explain/LessonFigures.h"

#include <QTest>

#include <cmath>
#include <limits>
#include <memory>

using namespace gpuplan;

namespace {

// examples/llama3-70b-training.gpuplan with field overrides.
std::unique_ptr<test::ExampleFixture> load(const std::vector<std::string> &overrides)
{
    return test::loadExample("llama3-70b-training.gpuplan", overrides);
}

} // namespace

class TestLessonFigures final : public QObject
{
    Q_OBJECT

private slots:
    void formatRangesFollowFromTheBits() const
    {
        const FloatFormatRange fp16 = fp16Range();
        QCOMPARE(fp16.maxFinite, 65504.0);                 // (2 − 2^−10) · 2^15
        QCOMPARE(fp16.minNormal, std::ldexp(1.0, -14));
        QCOMPARE(fp16.minSubnormal, std::ldexp(1.0, -24));
        QCOMPARE(fp16.epsilon, std::ldexp(1.0, -10));
        // BF16 is FP32 with 16 fraction bits dropped: the same exponent range as float.
        const FloatFormatRange bf16 = bf16Range();
        QCOMPARE(bf16.minNormal, double(std::numeric_limits<float>::min()));
        QCOMPARE(floatFormatRange(8, 23).maxFinite, double(std::numeric_limits<float>::max()));
        QCOMPARE(floatFormatRange(8, 23).minSubnormal, double(std::numeric_limits<float>::denorm_min()));
        QCOMPARE(bf16.maxFinite, (2.0 - std::ldexp(1.0, -7)) * std::ldexp(1.0, 127));
        QCOMPARE(bf16.epsilon, std::ldexp(1.0, -7));
        // The lesson's illustration: a gradient of 1e-8 vanishes in FP16, survives × 2^16.
        QVERIFY(1e-8 < fp16.minSubnormal / 2);
        QVERIFY(1e-8 * 65536.0 > fp16.minNormal);
        QVERIFY(1e-8 > bf16.minNormal);
    }

    void dataParallelFunnelsThroughGpuZero() const
    {
        // 8 GPUs, 16 GB of weights and of gradients (8 B parameters in BF16).
        const DataParallelTraffic t = dataParallelTraffic(16e9, 16e9, 8);
        QCOMPARE(t.dataParallelGpu0Bytes, 7.0 * 32e9);
        QCOMPARE(t.ddpPerGpuBytes, 2.0 * 7.0 / 8.0 * 16e9);   // ring all-reduce
        QCOMPARE(t.ratio(), 8.0);                             // n·(W + G)/(2G) with W = G
        QCOMPARE(dataParallelTraffic(16e9, 16e9, 2).ratio(), 2.0);
        QCOMPARE(dataParallelTraffic(16e9, 16e9, 1).dataParallelGpu0Bytes, 0.0);
    }

    void corePeaksComeFromTheCatalog() const
    {
        const Catalog &c = bundledCatalog();
        // catalogs/gpus.json: H100 SXM FP32 66.9 TFLOPS, BF16 989.4 dense (glennklockwood.com,
        // citing the NVIDIA H100 datasheet).
        const CorePeaks h100 = corePeaks(*c.findGpu("H100-SXM-80GB"));
        QCOMPARE(h100.fp32Flops, 66.9e12);
        QCOMPARE(h100.tensor16Flops, 989.4e12);
        QVERIFY(h100.tensorIsBf16);
        QVERIFY(std::fabs(h100.ratio() - 989.4 / 66.9) < 1e-9);
        QCOMPARE(h100.tf32Flops, 494.7e12);
        // V100 (Volta whitepaper and NVIDIA's Tensor Core page): FP32 15.7, FP16 tensor 125, no BF16.
        const CorePeaks v100 = corePeaks(*c.findGpu("V100-SXM-32GB"));
        QVERIFY(!v100.tensorIsBf16);
        QCOMPARE(v100.tensor16Flops, 125e12);
        QCOMPARE(v100.fp32Flops, 15.7e12);
        QVERIFY(v100.fp32Source.find("Volta") != std::string::npos);
        QVERIFY(v100.tensorSource.find("tensor") != std::string::npos);
    }

    void computeIsTheSameOnAnyHardware() const
    {
        auto h100 = load({});
        auto b200 = load({"hardware.gpu=B200-SXM-180GB", "hardware.node=\"\""});
        QVERIFY(h100 && b200);
        QCOMPARE(trainingFlops(h100->resolved), 6.0 * h100->resolved.shape.activeParams * 15e12);
        QCOMPARE(trainingFlops(b200->resolved), trainingFlops(h100->resolved));
        QVERIFY(b200->evaluation.training.timeToTrainS != h100->evaluation.training.timeToTrainS);
    }

    // Each row is the cheapest bought option of its GPU that finishes within the plan's own time,
    // as procure prices it; sorted by cost per trained token.
    void gpuValueMatchesProcure() const
    {
        auto f = load({"model.preset=llama3-8b", "workload.training.tokens=1e12", "hardware.num_gpus=64",
                       "parallelism.tp=1", "parallelism.pp=1", "parallelism.vp=1", "parallelism.zero=1"});
        QVERIFY(f);
        QVERIFY(f->evaluation.reliability.effectiveTimeToTrainS > 0);
        const std::vector<GpuValue> rows = gpuValueForPlan(f->resolved, f->evaluation, bundledCatalog());
        QVERIFY(rows.size() >= 3);
        const double deadlineDays = f->evaluation.reliability.effectiveTimeToTrainS / 86400.0;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QVERIFY(rows[i].priceUsd > 0);
            QVERIFY(rows[i].timeToTrainDays <= deadlineDays * (1 + 1e-9));
            QVERIFY(std::fabs(rows[i].usdPerMillionTokens - rows[i].cashUsd / 1e12 * 1e6) < 1e-9);
            if (i > 0)
                QVERIFY(rows[i - 1].usdPerMillionTokens <= rows[i].usdPerMillionTokens);
        }
        // Only GPUs procure can buy whole servers of: the B200 has a GPU price but no server price.
        for (const GpuValue &v : rows)
            QVERIFY(v.gpu != "B200-SXM-180GB");
    }
};

QTEST_APPLESS_MAIN(TestLessonFigures)
#include "tst_lessonfigures.moc"

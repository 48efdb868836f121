// SPDX-License-Identifier: GPL-3.0-or-later
// Low-precision training memory under Transformer Engine (docs/memory.md §2 "Low-precision weight
// copies", §3): the quantized weight copies each recipe caches next to the 16-bit weights and the
// quantized GEMM inputs the linears save for the backward, from the formats' bits per value and
// per scale (FP8: 8 bits; blockwise FP8: an fp32 scale per 128 x 128 weight block and per 1 x 128
// activation tile; MXFP8: an 8-bit scale per 32; NVFP4: 4 bits and an FP8 scale per 16 = 4.5 bits).
#include "memory/ActivationMemory.h"
#include "memory/LowPrecisionMemory.h"
#include "memory/ModelStateMemory.h"

#include "MemoryFixtures.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

namespace {

bool near(double a, double b, double rel = 1e-12)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

// Megatron (Transformer Engine) ZeRO-1 on 8 GPUs of data parallelism, FP8 GEMMs with `recipe`.
struct Fixture : test::MegatronFixture
{
    explicit Fixture(Fp8Recipe recipe) : MegatronFixture(Recompute::None, 400e9)
    {
        plan.precision.compute = Dtype::FP8;
        plan.precision.fp8Recipe = recipe;
        refresh();
    }
};

} // namespace

class TestLowPrecisionMemory final : public QObject
{
    Q_OBJECT

private slots:
    void bytesPerElementOfEachFormat() const
    {
        QCOMPARE(lowPrecisionWeightBytes(Fp8Recipe::Delayed), 1.0);
        QCOMPARE(lowPrecisionWeightBytes(Fp8Recipe::Tensorwise), 1.0);
        QCOMPARE(lowPrecisionWeightBytes(Fp8Recipe::Blockwise), 1.0 + 4.0 / (128.0 * 128.0));
        QCOMPARE(lowPrecisionWeightBytes(Fp8Recipe::Mxfp8), 1.0 + 1.0 / 32.0);
        QCOMPARE(lowPrecisionWeightBytes(Fp8Recipe::Nvfp4), 4.5 / 8.0);
        QCOMPARE(lowPrecisionActivationBytes(Fp8Recipe::Blockwise), 1.0 + 4.0 / 128.0);
        QCOMPARE(lowPrecisionActivationBytes(Fp8Recipe::Mxfp8), 1.0 + 1.0 / 32.0);
        QCOMPARE(lowPrecisionActivationBytes(Fp8Recipe::Nvfp4), 4.5 / 8.0);
    }

    void weightCopiesWithAndWithoutTheTranspose() const
    {
        // Per-tensor FP8 on Hopper (TN-only FP8 GEMMs): the copy and its transpose; where FP8 GEMMs
        // take any layout the transpose goes. Block scales run along the reduction dimension: the
        // column-wise copy has its own blocks on every GPU.
        QCOMPARE(lowPrecisionWeightCopyBytes(Fp8Recipe::Delayed, false), 2.0);
        QCOMPARE(lowPrecisionWeightCopyBytes(Fp8Recipe::Tensorwise, true), 1.0);
        QCOMPARE(lowPrecisionWeightCopyBytes(Fp8Recipe::Mxfp8, true), 2.0 * (1.0 + 1.0 / 32.0));
        QCOMPARE(lowPrecisionWeightCopyBytes(Fp8Recipe::Nvfp4, true), 2.0 * 4.5 / 8.0);
        QCOMPARE(lowPrecisionWeightCopyBytes(Fp8Recipe::Blockwise, false), 2.0 * (1.0 + 4.0 / 16384.0));
    }

    void weightsHoldTheRecipesCopies() const
    {
        // The copies cover the matmul weights (not the embedding, output layer or norms) next to the
        // bf16 weights, unsharded under ZeRO-1.
        Fixture bf16(Fp8Recipe::Delayed);
        bf16.plan.precision.compute = Dtype::BF16;
        bf16.refresh();
        const Layout l = layoutFromPlan(bf16.plan);
        const StageParams st = firstStageParams(bf16.rp.shape, l);
        const double base = modelStateBytes(bf16.plan, bf16.rp.shape, l, st).weights;
        const double matmul = st.matmul + st.expert;
        for (const Fp8Recipe r : {Fp8Recipe::Delayed, Fp8Recipe::Blockwise, Fp8Recipe::Mxfp8, Fp8Recipe::Nvfp4}) {
            Fixture f(r);
            for (const bool anyLayout : {false, true}) {
                const double w = modelStateBytes(f.plan, f.rp.shape, l, st, anyLayout).weights;
                QVERIFY(near(w - base, lowPrecisionWeightCopyBytes(r, anyLayout) * matmul, 1e-9));
            }
        }
        // The evaluation takes the layout freedom from the GPU: FP4 tensor cores (Blackwell).
        Fixture hopper(Fp8Recipe::Delayed);
        Fixture blackwell(Fp8Recipe::Delayed);
        blackwell.gpu.fp4DenseFlops = 1e15;
        const double saved = hopper.run().breakdown.weights - blackwell.run().breakdown.weights;
        QVERIFY(near(saved, 1.0 * matmul, 1e-9));
    }

    void savedGemmInputsInTheRecipesFormat() const
    {
        // The QKV and MLP inputs (the norm outputs, 2h per token) and the second MLP linear's input
        // (ffn per token) are saved quantized; torchao's float8 (FSDP2) keeps them 16-bit.
        Fixture bf16(Fp8Recipe::Nvfp4);
        bf16.plan.precision.compute = Dtype::BF16;
        const ActivationConfig base = bf16.activations();
        const double h = 4096, ffn = 14336;
        for (const Fp8Recipe r : {Fp8Recipe::Delayed, Fp8Recipe::Blockwise, Fp8Recipe::Mxfp8, Fp8Recipe::Nvfp4}) {
            Fixture f(r);
            const ActivationConfig act = f.activations();
            QCOMPARE(act.linearInputBytes, lowPrecisionActivationBytes(r));
            const double saved = layerBytesPerToken(f.rp.shape, base, Recompute::None)
                                 - layerBytesPerToken(f.rp.shape, act, Recompute::None);
            QVERIFY(near(saved, (2.0 - lowPrecisionActivationBytes(r)) * (2 * h + ffn), 1e-9));
        }
        // Never more than the activation dtype: FP8 activations stay at 1 byte under blockwise.
        Fixture fp8Act(Fp8Recipe::Blockwise);
        fp8Act.plan.precision.activations = Dtype::FP8;
        QCOMPARE(fp8Act.activations().linearInputBytes, 1.0);
        Fixture torchao(Fp8Recipe::Nvfp4);
        torchao.plan.parallelism.framework = Framework::Fsdp2;
        QCOMPARE(torchao.activations().linearInputBytes, 2.0);
    }
};

QTEST_APPLESS_MAIN(TestLowPrecisionMemory)
#include "tst_lowprecisionmemory.moc"

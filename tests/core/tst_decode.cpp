// SPDX-License-Identifier: GPL-3.0-or-later
// Decode (time per output token) against hand-computed cases (docs/formulas.md §4, §9, pitfall 13).
#include "InferenceFixtures.h"

#include "perf/Decode.h"

#include <QTest>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

constexpr double kH = 4096, kF = 11008, kL = 32, kV = 32000;
// Llama-2-7B matmul weights streamed per token: 32 layers of 4 h^2 + 3 h f, plus the logit layer
// (the input embedding is a row lookup, not a stream).
constexpr double kStreamedWeights = kL * (4 * kH * kH + 3 * kH * kF) + kV * kH;

// The context-dependent part of a decode step: the step at `context` minus the step at 1.
double kvPart(const ForwardCostModel &m, double batch, double context)
{
    return decodePassTime(m, batch, context) - decodePassTime(m, batch, 1);
}

// Mistral-7B shape (config.json): 32 layers, hidden 4096, 32 heads, 8 KV heads, FFN 14336,
// vocabulary 32000, 4096-token sliding window on every layer.
ModelArch mistral()
{
    ModelArch a = llama2(false);
    a.kvHeads = 8;
    a.ffnHidden = 14336;
    a.slidingWindow = 4096;
    return a;
}

} // namespace

class TestDecode final : public QObject
{
    Q_OBJECT

private slots:
    void batchOneIsWeightBytesOverBandwidth() const
    {
        // docs/formulas.md §9: TPOT ~ W / (BW x efficiency) + overheads at batch 1. Llama-2-7B in fp16
        // streams 13.2 GB per token; at 0.8 x 3.35 TB/s that is 4.93 ms.
        InferenceSetup s(llama2(false));
        s.engine.decodeBwFraction = 0.8;
        s.engine.kernelLatencyS = 5e-6;
        s.engine.extraKernelsPerLayer = 4;
        s.engine.stepOverheadS = 1e-3;
        const double context = 128;
        const double bw = 0.8 * 3.35e12;
        const double weights = 2.0 * kStreamedWeights / bw;
        const double kv = kL * 2.0 * kH * 2.0 * (context + 1.0) / bw;   // K and V of 32 heads x 128
        const double kernels = (kL * (4 + 1 + 4) + 1) * 5e-6;           // 4 GEMMs, attention, 4 others; logits
        const double expected = weights + kv + kernels + 1e-3;
        const double t = decodeStepTime(s.cost(), 1, context);
        QVERIFY2(near(t, expected, 0.01), qPrintable(QString("%1 vs %2").arg(t).arg(expected)));
    }

    void responseLatencyIsTheSumOverTokens() const
    {
        // Pitfall 13: a response's decode time is the sum of its per-token times while the context
        // grows. With a sliding window the KV read grows until the window and is flat after, so
        // the average of the first and last token is far from the true mean.
        InferenceSetup s(mistral());
        const ForwardCostModel m = s.cost();
        const double batch = 64, prompt = 1024;
        for (const int steps : {40, 8000}) {
            double loop = 0;
            for (int k = 1; k <= steps; ++k)
                loop += decodeStepTime(m, batch, prompt + k);
            const double total = decodeTotalTime(m, batch, prompt, steps);
            QVERIFY2(near(total, loop, 1e-4),
                     qPrintable(QString("%1 steps: %2 vs %3").arg(steps).arg(total).arg(loop)));
            if (steps == 8000) {
                const double firstLast = 0.5 * steps * (decodeStepTime(m, batch, prompt + 1) +
                                                        decodeStepTime(m, batch, prompt + steps));
                QVERIFY(firstLast < 0.9 * loop);
            }
        }
        // The mean step without a window grows linearly with the context: there the mean equals
        // the step at the mean context (a check of the bookkeeping, not of pitfall 13).
        InferenceSetup full(llama2(false));
        const double total = decodeTotalTime(full.cost(), 8, 1000, 1000);
        QVERIFY(near(total / 1000, decodeStepTime(full.cost(), 8, 1500.5), 1e-6));
    }

    void drainingBatchSumsItsShrinkingSteps() const
    {
        // Dynamic batching: output lengths uniform on [1, 511], so 64 (511 - k) / 511 sequences
        // (at least one) are still decoding at step k. The quadrature matches the explicit sum.
        InferenceSetup s(llama2(false));
        s.engine.kernelLatencyS = 8e-6;
        const ForwardCostModel m = s.cost();
        const double len = 511, steps = 480;
        double loop = 0;
        for (int k = 1; k <= steps; ++k)
            loop += decodeStepTime(m, std::max(64 * (len - k) / len, 1.0), 1024 + k);
        const double total = decodeTotalTimeShrinking(m, 64, 1024, len, steps);
        QVERIFY2(near(total, loop, 0.01), qPrintable(QString("%1 vs %2").arg(total).arg(loop)));
        QVERIFY(total < decodeTotalTime(m, 64, 1024, steps));
    }

    void groupedQueryAttentionReadsLessKv() const
    {
        // docs/formulas.md §4: KV per token is 2 L g d_h q. Llama-2-70B has g = 8 of 64 heads, so its
        // context-dependent decode time is 8/64 of the same model with 64 KV heads.
        InferenceSetup gqa(llama2(true));
        ModelArch mhaArch = llama2(true);
        mhaArch.kvHeads = 64;
        InferenceSetup mha(mhaArch);
        const double ratio = kvPart(gqa.cost(), 32, 4096) / kvPart(mha.cost(), 32, 4096);
        QVERIFY2(near(ratio, 8.0 / 64.0, 0.01), qPrintable(QString::number(ratio)));
        // A kernel that re-reads the KV head for every query head of its group saves nothing.
        gqa.engine.gqaKvReuse = 0.0;
        QVERIFY(near(kvPart(gqa.cost(), 32, 4096), kvPart(mha.cost(), 32, 4096), 0.01));
    }

    void latentAttentionReadsTheLatentOnce() const
    {
        // DeepSeek-V2-Lite attention (config.json): 27 layers, hidden 2048, 16 heads, kv_lora_rank
        // 512, qk_rope 64, qk_nope 128, v 128. MLA caches r_kv + d_rope = 576 values per token per
        // layer (docs/formulas.md §4), not 2 x 16 x 192.
        ModelArch a;
        a.layers = 27;
        a.hidden = 2048;
        a.heads = 16;
        a.ffnHidden = 10944;
        a.gatedMlp = true;
        a.vocab = 102400;
        a.mlaKvLoraRank = 512;
        a.mlaQkRopeDim = 64;
        a.mlaQkNopeDim = 128;
        a.mlaVDim = 128;
        InferenceSetup s(a);
        const ForwardCostModel m = s.cost();
        QCOMPARE(m.kvBytesReadPerPosition, 576.0 * 2.0);
        // Bandwidth-bound, the context part is those bytes over the bandwidth.
        const double expected = 27.0 * 64 * (4096 - 1) * 576.0 * 2.0 / 3.35e12;
        QVERIFY(near(kvPart(m, 64, 4096), expected, 0.02));
    }

    void tensorParallelHalvesBytesAndAddsAllReduces() const
    {
        // Llama-2-70B at batch 1 is weight-bound. TP = 2 halves the bytes each GPU streams and
        // adds 2 all-reduces per layer of one token's h x 2 bytes, latency-bound (20 us each).
        InferenceSetup s(llama2(true));
        s.engine.allReduceLatencyS = 20e-6;
        const double one = decodeStepTime(s.cost(), 1, 512);
        s.layout.tp = 2;
        const double two = decodeStepTime(s.cost(), 1, 512);
        const double allReduce = 20e-6 + 2.0 * 0.5 * 8192 * 2.0 / 450e9;
        QVERIFY2(near(two, one / 2 + 160 * allReduce, 0.01), qPrintable(QString("%1 %2").arg(one).arg(two)));
        QVERIFY(two < one);
    }

    void quantizedWeightsStreamFewerBytes() const
    {
        // Int4 weights with group-64 fp16 scales hold 0.53 bytes per weight (common/Dtype.h); the
        // fp16 compute rate is unchanged, so a weight-bound step shrinks by about 0.53 / 2.
        InferenceSetup s(llama2(false));
        const double fp16 = decodeStepTime(s.cost(), 1, 256);
        s.plan.precision.weights = Dtype::INT4;
        const double int4 = decodeStepTime(s.cost(), 1, 256);
        // The logit layer stays in 16-bit; everything else streams at 0.53 bytes.
        const double saved = kL * (4 * kH * kH + 3 * kH * kF) * (2.0 - (0.5 + 2.0 / 64.0)) / 3.35e12;
        QVERIFY(near(fp16 - int4, saved, 0.01));
        // A quantized KV cache halves the context part.
        const double kv16 = kvPart(s.cost(), 16, 4096);
        s.plan.precision.kvCache = Dtype::FP8;
        QVERIFY(near(kvPart(s.cost(), 16, 4096), kv16 / 2, 0.01));
    }

    void pipelineDoesNotSpeedUpOneSequence() const
    {
        InferenceSetup s(llama2(false));
        const double one = decodeStepTime(s.cost(), 1, 512);
        s.layout.pp = 2;
        QVERIFY(decodeStepTime(s.cost(), 1, 512) >= one);
        // With a batch, pp micro-batches are in flight: the token cycle is one pass at half the batch.
        QVERIFY(near(decodeStepTime(s.cost(), 64, 512), decodePassTime(s.cost(), 32, 512), 1e-12));
    }
};

QTEST_APPLESS_MAIN(TestDecode)
#include "tst_decode.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Prefill (time to first token) against hand-computed cases (docs/formulas.md §5 and §9).
#include "InferenceFixtures.h"

#include "perf/Prefill.h"

#include <QTest>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

// Llama-2-7B matmul weights of one layer: attention 4 h^2 (MHA) + gated MLP 3 h f.
constexpr double kH = 4096, kF = 11008, kL = 32, kV = 32000;
constexpr double kLayerMatmul = 4 * kH * kH + 3 * kH * kF;

// Prefill FLOPs of one prompt of s tokens: 2 P s for the layers' matmuls, 2 L h s (s + 1) for
// causal attention (QK^T and AV over s (s + 1) / 2 pairs; docs/formulas.md §9 writes 2 L s^2 h), and the
// logit layer for the last token only.
double prefillFlops7b(double s)
{
    return 2.0 * kL * kLayerMatmul * s + 2.0 * kL * kH * s * (s + 1.0) + 2.0 * kV * kH;
}

} // namespace

class TestPrefill final : public QObject
{
    Q_OBJECT

private slots:
    void computeBoundPrefillIsFlopsOverPeak() const
    {
        // With bandwidth far above any need the prefill is compute-bound: time = FLOPs / peak.
        InferenceSetup s(llama2(false));
        s.gpu.memoryBandwidth = 1e18;
        for (const double len : {512.0, 2048.0, 8192.0}) {
            const double t = prefillTime(s.cost(), 1, len);
            QVERIFY2(near(t, prefillFlops7b(len) / 989.4e12, 1e-6), qPrintable(QString::number(t)));
        }
        // A batch of prompts costs the batch times one prompt (the logit row per prompt included).
        const double one = prefillTime(s.cost(), 1, 1024);
        QVERIFY(near(prefillTime(s.cost(), 8, 1024), 8 * one, 1e-9));
    }

    void achievedFractionsScaleTheTime() const
    {
        InferenceSetup s(llama2(false));
        s.gpu.memoryBandwidth = 1e18;
        const double full = prefillTime(s.cost(), 1, 4096);
        s.engine.prefillFlopsFraction = 0.5;
        s.engine.attentionFlopsFraction = 0.5;
        QVERIFY(near(prefillTime(s.cost(), 1, 4096), 2 * full, 1e-9));
        // The set-up overhead is added once per prefill pass.
        s.engine.prefillOverheadS = 2e-3;
        QVERIFY(near(prefillTime(s.cost(), 1, 4096), 2 * full + 2e-3, 1e-9));
    }

    void shortPromptIsWeightBound() const
    {
        // One token on the H100: reading 2 bytes per matmul weight from 3.35 TB/s takes ~4 ms
        // while its 13 GFLOP take 13 us, so the time is the weight bytes over the bandwidth.
        InferenceSetup s(llama2(false));
        const double weights = 2.0 * (kL * kLayerMatmul + kV * kH);
        QVERIFY(near(prefillTime(s.cost(), 1, 1), weights / 3.35e12, 0.01));
    }

    void fp8ComputeDoublesTheRate() const
    {
        InferenceSetup s(llama2(false));
        s.gpu.memoryBandwidth = 1e18;
        const double fp16 = prefillTime(s.cost(), 1, 2048);
        s.plan.precision.weights = s.plan.precision.compute = s.plan.precision.kvCache = Dtype::FP8;
        const double fp8 = prefillTime(s.cost(), 1, 2048);
        // GEMMs run at the FP8 peak; attention and the logit layer stay at the 16-bit peak.
        const double attention = 2.0 * kL * kH * 2048.0 * 2049.0 / 989.4e12;
        const double logits = 2.0 * kV * kH / 989.4e12;
        const double gemms = 2.0 * kL * kLayerMatmul * 2048.0;
        QVERIFY(near(fp8, gemms / 1978.9e12 + attention + logits, 1e-6));
        QVERIFY(fp8 < 0.6 * fp16);
    }

    void tensorParallelSplitsComputeAndAddsAllReduces() const
    {
        // TP = 2 halves every matmul and the attention heads, and adds 2 all-reduces per layer of
        // s x h x 2 bytes: 2 (t-1)/t x S / bus bandwidth (docs/formulas.md §7.1, §9).
        InferenceSetup s(llama2(false));
        s.gpu.memoryBandwidth = 1e18;
        const double len = 2048;
        const double one = prefillTime(s.cost(), 1, len);
        s.layout.tp = 2;
        const double two = prefillTime(s.cost(), 1, len);
        const double allReduce = 2.0 * 0.5 * len * kH * 2.0 / 450e9;
        QVERIFY(near(two, one / 2 + 2 * kL * allReduce, 1e-6));
        // With a latency per call, 2 L of them are added.
        s.engine.allReduceLatencyS = 20e-6;
        QVERIFY(near(prefillTime(s.cost(), 1, len), two + 2 * kL * 20e-6, 1e-6));
    }

    void pipelineDoesNotShortenOnePrompt() const
    {
        // One prompt goes through both stages in turn: the same compute plus one activation hop.
        InferenceSetup s(llama2(false));
        s.gpu.memoryBandwidth = 1e18;
        const double one = prefillTime(s.cost(), 1, 1024);
        s.layout.pp = 2;
        const double hop = 1024 * kH * 2.0 / 450e9;
        QVERIFY(near(prefillTime(s.cost(), 1, 1024), one + hop, 1e-6));
        // Four prompts fill the pipeline as 2 micro-batches: (m + pp - 1) / pp = 3/2 of a full
        // pass over half the batch, i.e. 3/4 of the unpipelined time (GPipe fill).
        s.layout.pp = 1;
        const double four = prefillTime(s.cost(), 4, 1024);
        s.layout.pp = 2;
        const double pipelined = prefillTime(s.cost(), 4, 1024);
        QVERIFY(near(pipelined, 0.75 * four + 1.5 * 2 * hop, 1e-6));
    }
};

QTEST_APPLESS_MAIN(TestPrefill)
#include "tst_prefill.moc"

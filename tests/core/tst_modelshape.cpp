// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter counts and FLOPs per token against published figures (docs/formulas.md §1, §5).
#include "model/ModelShape.h"
#include "support/ModelArchs.h"
#include "support/Near.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

namespace {

using gpuplan::test::denseArch;
using gpuplan::test::near;

} // namespace

class TestModelShape final : public QObject
{
    Q_OBJECT

private slots:
    void llamaFamilyCounts() const
    {
        // Meta's model cards / config.json: Llama-2-7B 6.74e9, Llama-2-70B 68.98e9, Llama-3-8B 8.03e9.
        QVERIFY(near(computeModelShape(denseArch(32, 4096, 32, 32, 11008, 32000), 4096).totalParams, 6.738e9, 0.001));
        QVERIFY(near(computeModelShape(denseArch(80, 8192, 64, 8, 28672, 32000), 4096).totalParams, 68.977e9, 0.001));
        QVERIFY(near(computeModelShape(denseArch(32, 4096, 32, 8, 14336, 128256), 8192).totalParams, 8.030e9, 0.001));
    }

    void gpt3CountsWithLearnedPositions() const
    {
        // Brown et al. 2020 Table 2.1: GPT-3 175B (96 layers, d_model 12288, 96 heads, context 2048).
        ModelArch a;
        a.layers = 96;
        a.hidden = 12288;
        a.heads = 96;
        a.vocab = 50257;
        a.bias = true;
        a.norm = NormKind::LayerNorm;
        a.position = PositionKind::Learned;
        a.maxPositions = 2048;
        a.tiedEmbeddings = true;
        const ModelShape s = computeModelShape(a, 2048);
        QVERIFY(near(s.totalParams, 174.6e9, 0.005));
        QCOMPARE(s.ffn, 4 * 12288);
    }

    void mixtureOfExpertsTotalAndActive() const
    {
        // Mistral AI, Mixtral of Experts (arXiv 2401.04088): 46.7B total, 12.9B active.
        const ModelShape s = computeModelShape(test::mixtral8x7bArch(), 4096);
        QVERIFY(near(s.totalParams, 46.7e9, 0.01));
        QVERIFY(near(s.activeParams, 12.9e9, 0.01));
        QCOMPARE(s.moeLayers, 32);
    }

    void deepSeekV3WithMlaAndMtp() const
    {
        // DeepSeek-V3 technical report (arXiv 2412.19437) and config.json: 671B main model + 14B MTP
        // module = 685B on the Hub, 37B activated per token.
        ModelArch a = test::deepSeekV3Arch();
        a.mtpLayers = 1;
        const ModelShape s = computeModelShape(a, 4096);
        QVERIFY2(near(s.totalParams, 685e9, 0.01), std::to_string(s.totalParams).c_str());
        QVERIFY2(near(s.activeParams, 37e9, 0.03), std::to_string(s.activeParams).c_str());
        // MLA caches the latent plus the rotary key: 512 + 64 = 576 elements per token per layer (§4).
        QCOMPARE(s.kvElementsPerToken, 576.0);
    }

    void megatronFlopsFormula() const
    {
        // Megatron-LM num_floating_point_operations for MHA, f = 4h, no gating:
        // 72·L·h²·(1 + s/(6h) + V/(12·L·h)) per token (Korthikanti et al. 2022, README §1.2).
        ModelArch a;
        a.layers = 96;
        a.hidden = 12288;
        a.heads = 96;
        a.vocab = 51200;
        a.norm = NormKind::LayerNorm;
        const double s = 2048, L = 96, h = 12288, V = 51200;
        const double expected = 72 * L * h * h * (1 + s / (6 * h) + V / (12 * L * h));
        QVERIFY(near(computeModelShape(a, 2048).trainingModelFlopsPerToken(s), expected, 1e-12));
    }

    void gqaKvAndSlidingWindow() const
    {
        // Llama-2-70B shape: 2·80·8·128 = 163,840 KV elements per token (320 KiB in bf16, docs/formulas.md §4).
        const ModelShape s = computeModelShape(denseArch(80, 8192, 64, 8, 28672, 32000), 4096);
        QCOMPARE(s.kvElementsPerToken * s.layers, 163840.0);
        ModelArch w = denseArch(32, 4096, 32, 8, 14336, 32000);
        w.slidingWindow = 4096;
        const ModelShape sw = computeModelShape(w, 32768);
        QVERIFY(sw.attentionFlopsPerTokenFwd(32768) <
                computeModelShape(denseArch(32, 4096, 32, 8, 14336, 32000), 32768).attentionFlopsPerTokenFwd(32768));
        QCOMPARE(sw.attentionFlopsPerTokenFwd(2048),
                 computeModelShape(denseArch(32, 4096, 32, 8, 14336, 32000), 2048).attentionFlopsPerTokenFwd(2048));
        // Causal counts half the score/value work.
        QCOMPARE(s.attentionFlopsPerTokenFwd(4096, true) * 2, s.attentionFlopsPerTokenFwd(4096));
    }
};

QTEST_APPLESS_MAIN(TestModelShape)
#include "tst_modelshape.moc"

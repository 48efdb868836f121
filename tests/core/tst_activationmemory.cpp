// SPDX-License-Identifier: GPL-3.0-or-later
// Activation memory pinned to its sources: Korthikanti et al. 2022 ("Reducing Activation
// Recomputation in Large Transformer Models", arXiv 2205.05198) Table 2, the Ultra-Scale Playbook's
// SwiGLU terms, Megatron's pipeline in-flight factors (docs/formulas.md §3).
#include "memory/ActivationMemory.h"
#include "memory/MemoryAssumptions.h"
#include "plan/RecomputeModules.h"

#include "MemoryFixtures.h"
#include "support/ModelArchs.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

namespace {

using test::gpt3Shape;

// Korthikanti's setting with the tensor-parallel degree, sequence parallelism and fused attention
// each test varies.
ActivationConfig config(int tp, bool sp, bool flash = false)
{
    return test::gpt3Activations(tp, sp, flash);
}

// Korthikanti's figures are exact: the formulas must match to rounding.
bool near(double a, double b)
{
    return test::nearRel(a, b, 1e-12);
}

} // namespace

class TestActivationMemory final : public QObject
{
    Q_OBJECT

private slots:
    void korthikantiTable2() const
    {
        // Korthikanti et al. 2022 Table 2, bytes per layer with 16-bit activations and 1-byte
        // dropout masks, unfused attention.
        const ModelShape g = gpt3Shape();
        const double s = 2048, b = 1, h = 12288, a = 96, t = 8;
        const double sbh = s * b * h;
        // No parallelism: sbh (34 + 5as/h).
        QVERIFY(near(layerActivationBytes(g, config(1, false), Recompute::None), sbh * (34 + 5 * a * s / h)));
        // Tensor parallel: sbh (10 + 24/t + 5as/(ht)).
        QVERIFY(near(layerActivationBytes(g, config(8, false), Recompute::None), sbh * (10 + 24 / t + 5 * a * s / (h * t))));
        // Tensor + sequence parallel: sbh (34 + 5as/h) / t.
        QVERIFY(near(layerActivationBytes(g, config(8, true), Recompute::None), sbh * (34 + 5 * a * s / h) / t));
        // Tensor parallel + selective recompute: sbh (10 + 24/t).
        QVERIFY(near(layerActivationBytes(g, config(8, false), Recompute::Selective), sbh * (10 + 24 / t)));
        // Tensor + sequence parallel + selective recompute: 34 sbh / t.
        QVERIFY(near(layerActivationBytes(g, config(8, true), Recompute::Selective), 34 * sbh / t));
        // Full recompute: only the layer input, 2 sbh; divided by t with sequence parallelism.
        QVERIFY(near(layerActivationBytes(g, config(8, false), Recompute::Full), 2 * sbh));
        QVERIFY(near(layerActivationBytes(g, config(8, true), Recompute::Full), 2 * sbh / t));
    }

    void noDropoutStoresNoMasks() const
    {
        // A model trained with p = 0 (model.dropout off) saves no dropout mask: Korthikanti's 34 sbh
        // less the two 1-byte hidden masks (2 sbh) and, unfused, the 1-byte mask per score (as/h).
        const ModelShape g = gpt3Shape();
        const double s = 2048, h = 12288, a = 96;
        const double sbh = s * h;
        ActivationConfig c = config(1, false);
        c.dropout = false;
        QVERIFY(near(layerActivationBytes(g, c, Recompute::None), sbh * (32 + 4 * a * s / h)));
        QVERIFY(near(layerActivationBytes(g, c, Recompute::Selective), 32 * sbh));
        QVERIFY(near(embeddingActivationBytes(g, c), s * memassume::kTokenIdBytes));
        QVERIFY(embeddingActivationBytes(g, config(1, false)) > embeddingActivationBytes(g, c));
    }

    void recomputeWorkingSets() const
    {
        // Selective recompute re-runs one layer's attention core in the backward (Korthikanti §5:
        // 5as/h x sbh / t without fused attention); full recompute re-runs the whole layer from its
        // checkpointed input, so it adds the layer's activations less that input (2 sbh).
        const ModelShape g = gpt3Shape();
        const double sbh = 2048.0 * 12288, a = 96, s = 2048, h = 12288, t = 8;
        QVERIFY(near(recomputeWorkingSetBytes(g, config(8, false), Recompute::Selective), sbh * 5 * a * s / (h * t)));
        QVERIFY(near(recomputeWorkingSetBytes(g, config(8, false), Recompute::Full),
                     layerActivationBytes(g, config(8, false), Recompute::None) - 2 * sbh));
        QCOMPARE(recomputeWorkingSetBytes(g, config(8, false), Recompute::None), 0.0);
    }

    void flashAttentionDropsTheScoreMatrices() const
    {
        // docs/formulas.md §3: FlashAttention removes the 5as/h term; only the fp32 log-sum-exp per head
        // and query remains (4 bytes x a per token).
        const ModelShape g = gpt3Shape();
        const double perTokenSelective = layerBytesPerToken(g, config(1, false), Recompute::Selective);
        QVERIFY(near(layerBytesPerToken(g, config(1, false, true), Recompute::None), perTokenSelective + 4.0 * 96));
    }

    void groupedQueryAttentionShrinksKeysAndValues() const
    {
        // docs/formulas.md §3 GQA: the K and V terms shrink by g/a, the QKV input does not. Llama-2-70B
        // attention (64 query heads, 8 KV heads, d_h 128) against the same shape with MHA.
        ModelArch a;
        a.layers = 80;
        a.hidden = 8192;
        a.heads = 64;
        a.ffnHidden = 28672;
        a.gatedMlp = true;
        a.vocab = 32000;
        const ModelShape mha = computeModelShape(a, 4096);
        a.kvHeads = 8;
        const ModelShape gqa = computeModelShape(a, 4096);
        const double diff = layerBytesPerToken(mha, config(1, false), Recompute::Selective) -
                            layerBytesPerToken(gqa, config(1, false), Recompute::Selective);
        // K and V: 2 bytes x 2 x h x (1 - 8/64).
        QVERIFY(near(diff, 2.0 * 2.0 * 8192 * (1.0 - 8.0 / 64.0)));
    }

    // PyTorch's eager autograd keeps fp32 copies of the rotated q and k (4 B per element of the
    // query width and of the key width) only in rotary models; learned positions and ALiBi store no
    // per-layer position tensor. Compiled, the rotation is fused either way.
    void onlyRotaryModelsKeepRopeCopies() const
    {
        ModelArch a;
        a.layers = 24;
        a.hidden = 2048;
        a.heads = 16;
        a.kvHeads = 16;
        a.ffnHidden = 8192;
        a.vocab = 50368;
        a.position = PositionKind::Rope;
        const ModelShape rope = computeModelShape(a, 2048);
        a.position = PositionKind::Alibi;
        const ModelShape alibi = computeModelShape(a, 2048);
        a.position = PositionKind::Learned;
        const ModelShape learned = computeModelShape(a, 2048);
        QVERIFY(rope.rope && !alibi.rope && !learned.rope);
        ActivationConfig c = config(1, false, true);
        c.korthikanti = false;
        const double kWidth = rope.kvProjWidth / 2.0;
        QVERIFY(near(layerBytesPerToken(rope, c, Recompute::None) - layerBytesPerToken(alibi, c, Recompute::None),
                     4.0 * (rope.qWidth + kWidth)));
        QVERIFY(near(layerBytesPerToken(alibi, c, Recompute::None), layerBytesPerToken(learned, c, Recompute::None)));
        c.compiled = true;
        QVERIFY(near(layerBytesPerToken(rope, c, Recompute::None), layerBytesPerToken(alibi, c, Recompute::None)));
        // Megatron's accounting (Korthikanti) never had the copies: the kinds agree there.
        c = config(1, false, true);
        QVERIFY(near(layerBytesPerToken(rope, c, Recompute::None), layerBytesPerToken(alibi, c, Recompute::None)));
    }

    void swigluStoresFourFSizedTensors() const
    {
        // Ultra-Scale Playbook memory widget: a SwiGLU MLP stores gate and up outputs, the activation
        // output and the gated product (4 s b f q) where a plain MLP stores 2 (GeLU input and output).
        ModelArch a;
        a.layers = 32;
        a.hidden = 4096;
        a.heads = 32;
        a.ffnHidden = 11008;
        a.vocab = 32000;
        const ModelShape plain = computeModelShape(a, 4096);
        a.gatedMlp = true;
        const ModelShape gated = computeModelShape(a, 4096);
        const double diff = layerBytesPerToken(gated, config(1, false), Recompute::Selective) -
                            layerBytesPerToken(plain, config(1, false), Recompute::Selective);
        QVERIFY(near(diff, 2.0 * 2.0 * 11008));
        // With TP the f-sized terms are split by t.
        const double diffTp = layerBytesPerToken(gated, config(4, false), Recompute::Selective) -
                              layerBytesPerToken(plain, config(4, false), Recompute::Selective);
        QVERIFY(near(diffTp, 2.0 * 2.0 * 11008 / 4));
    }

    void contextParallelSplitsTheSequence() const
    {
        // docs/formulas.md §3: with CP each GPU holds s/c tokens of every sequence.
        const ModelShape g = gpt3Shape();
        ActivationConfig c = config(8, true, true);
        const double whole = layerActivationBytes(g, c, Recompute::Selective);
        c.cp = 4;
        QVERIFY(near(layerActivationBytes(g, c, Recompute::Selective), whole / 4));
    }

    void moeScalesTheMlpByRoutedTokens() const
    {
        // docs/formulas.md §3 MoE: each token reaches k experts padded by the capacity factor, so the
        // expert MLP stores k x capacity x the dense MLP terms computed with f_e.
        const ModelShape mixtral = computeModelShape(test::mixtral8x7bArch(), 4096);
        ActivationConfig c = config(1, false, true);
        const double k2 = layerBytesPerToken(mixtral, c, Recompute::Selective);
        c.moeCapacityFactor = 1.5;
        const double k2cf = layerBytesPerToken(mixtral, c, Recompute::Selective);
        // Capacity 1.5 adds 0.5 x k x (4 q f_e + 2 q h) bytes per token.
        QVERIFY(near(k2cf - k2, 0.5 * 2 * (4 * 2.0 * 14336 + 2 * 2.0 * 4096)));
    }

    void selectiveRecomputeModules() const
    {
        // DeepSeek-V3's shape (config.json): MLA, 256 experts top-8 of f_e 2048, one shared expert,
        // 3 dense layers of 61. Each Megatron-Core --recompute-modules entry drops what that module
        // would keep (DeepSeek-V3 report §3.2.3 and §3.3.2).
        ModelArch a = test::deepSeekV3Arch();
        const ModelShape v3 = computeModelShape(a, 4096);
        ActivationConfig c = config(1, false, true);
        c.linearInputBytes = 1.0;   // FP8 under Transformer Engine
        const double moeShare = 58.0 / 61.0;
        const double base = layerBytesPerToken(v3, c, Recompute::Selective);
        QCOMPARE(c.recomputeModules, 0u);
        c.recomputeModules = recompute_module::kCoreAttn;   // the default, stated
        QVERIFY(near(layerBytesPerToken(v3, c, Recompute::Selective), base));
        // The norms' outputs: the QKV and MLP linears' FP8 inputs, 2 x 1 x h.
        c.recomputeModules = recompute_module::kCoreAttn | recompute_module::kLayernorm;
        QVERIFY(near(base - layerBytesPerToken(v3, c, Recompute::Selective), 2.0 * 7168));
        // The up-projections' outputs: Q (128 x 192) and K, V (128 x (128 + 128)) in 16 bits.
        c.recomputeModules = recompute_module::kCoreAttn | recompute_module::kMlaUpProj;
        QVERIFY(near(base - layerBytesPerToken(v3, c, Recompute::Selective), 2.0 * (128 * 192 + 128 * 256)));
        // The routed experts' SwiGLU output and gated product (2 + 1 bytes x f_e per routed copy).
        c.recomputeModules = recompute_module::kCoreAttn | recompute_module::kMoeAct;
        QVERIFY(near(base - layerBytesPerToken(v3, c, Recompute::Selective), 8 * 3.0 * 2048 * moeShare));
        // Probabilities applied in the experts' activation: the combine keeps no expert outputs.
        c.recomputeModules = 0;
        c.moeCombineSaved = false;
        QVERIFY(near(base - layerBytesPerToken(v3, c, Recompute::Selective), 8 * 2.0 * 7168 * moeShare));
        // The whole MoE block: only its input, the second norm's output, stays.
        c.recomputeModules = recompute_module::kMoe;
        QVERIFY(layerBytesPerToken(v3, c, Recompute::Selective) < base / 2);
        // Only "selective" reads the modules.
        QVERIFY(near(layerBytesPerToken(v3, c, Recompute::Full), 2.0 * 7168));
    }

    void eachLayerKindKeepsItsOwn() const
    {
        // DeepSeek-V3: 3 dense layers (f = 18432) and 58 MoE layers. A stage is costed by the layers
        // it holds; the model's mix gives the average layer's figures, one kind that kind's.
        const ModelShape v3 = computeModelShape(test::deepSeekV3Arch(), 4096);
        ActivationConfig c = config(1, false, true);
        c.linearInputBytes = 1.0;
        const LayerKindActivations k = layerKindActivations(v3, c, Recompute::Selective);
        const double average = layerActivationBytes(v3, c, Recompute::Selective);
        QVERIFY(near(k.stage(61, 3), 61 * average));
        QVERIFY(near((3 * k.dense + 58 * k.moe) / 61, average));
        QVERIFY(near(k.working(61, 3), recomputeWorkingSetBytes(v3, c, Recompute::Selective)));
        // The dense MLP's four f-sized tensors against the MoE block's routed copies: the MoE layer
        // keeps more here, so stage 0 (3 dense + 1 MoE) keeps less than four average layers.
        QVERIFY(k.moe > k.dense);
        QVERIFY(k.stage(4, 3) < 4 * average);
        QVERIFY(near(k.stage(4, 0), 4 * k.moe));
        // A model of one kind: both kinds are its layer.
        const ModelShape dense = computeModelShape(test::denseArch(32, 4096, 32, 8, 14336, 128256), 4096);
        const LayerKindActivations d = layerKindActivations(dense, c, Recompute::Full);
        QCOMPARE(d.dense, d.moe);
        QVERIFY(near(d.stage(8, 8), 8 * layerActivationBytes(dense, c, Recompute::Full)));
    }

    void logitsOfTheLoss() const
    {
        // docs/formulas.md §3 head terms: logits s b V / t in the activation dtype plus the fp32 softmax
        // the vocabulary-parallel cross-entropy keeps, and the final norm output.
        const ModelShape g = gpt3Shape();
        const double s = 2048, V = 51200, h = 12288, t = 8;
        QVERIFY(near(logitsBytes(g, config(8, false)), s * (V / t * (2.0 + 4.0) + 2.0 * h)));
        QVERIFY(near(logitsBytes(g, config(8, true)), s * (V / t * (2.0 + 4.0) + 2.0 * h / t)));
    }

    void pipelineInFlightMicroBatches() const
    {
        // Megatron 1F1B: the first stage holds min(p, m) micro-batches, the last one.
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::OneFOneB, 8, 1, 64, true), 8.0);
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::OneFOneB, 8, 1, 4, true), 4.0);
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::OneFOneB, 8, 1, 64, false), 1.0);
        // Interleaved with v virtual stages: x (1 + (p - 1)/(p v)) (Megatron
        // theoretical_memory_usage.py): p = 4, v = 2 gives 4 x 1.375 = 5.5.
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::Interleaved, 4, 2, 64, true), 5.5);
        // GPipe runs every forward before any backward: all m micro-batches.
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::GPipe, 4, 1, 32, true), 32.0);
        // No pipeline: gradient accumulation frees each micro-batch before the next.
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::OneFOneB, 1, 1, 32, true), 1.0);
    }
};

QTEST_APPLESS_MAIN(TestActivationMemory)
#include "tst_activationmemory.moc"

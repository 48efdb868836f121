// SPDX-License-Identifier: GPL-3.0-or-later
// Weights, gradients, optimizer states and master weights per GPU, pinned to their sources:
// the ZeRO paper (Rajbhandari et al. 2020, arXiv 1910.02054), DeepSpeed's estimators (PR #5099),
// Megatron-LM's distributed optimizer (theoretical_memory_usage.py, PR #1345), PEFT's adapter
// counts, QLoRA (Dettmers et al. 2023) and docs/formulas.md §2.
#include "common/Dtype.h"
#include "memory/MemoryAssumptions.h"
#include "memory/ModelStateMemory.h"
#include "support/ModelArchs.h"
#include "support/Near.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

namespace {

ModelArch llama2_7b()
{
    ModelArch a;
    a.layers = 32;
    a.hidden = 4096;
    a.heads = 32;
    a.ffnHidden = 11008;
    a.gatedMlp = true;
    a.vocab = 32000;
    return a;
}

// Mixed precision as in the ZeRO paper: fp16 weights and gradients, fp32 master + Adam moments.
Plan zeroPaperPlan()
{
    Plan p;
    p.precision.weights = Dtype::BF16;
    p.precision.compute = Dtype::BF16;
    p.precision.gradients = Dtype::BF16;
    p.precision.masterWeights = true;
    p.precision.optimizerStates = Dtype::FP32;
    p.precision.optimizer = Optimizer::AdamW;
    return p;
}

double stateSum(const ModelStateBytes &m)
{
    return m.weights + m.gradients + m.optimizerStates + m.masterWeights;
}

using gpuplan::test::near;

} // namespace

class TestModelStateMemory final : public QObject
{
    Q_OBJECT

private slots:
    void zeroPaperStages() const
    {
        // ZeRO paper Figure 1 / §5: Psi(2 + 2 + K) with K = 12, then P_os: 4Psi + K Psi/N_d,
        // P_os+g: 2Psi + (2 + K) Psi/N_d, P_os+g+p: (2 + 2 + K) Psi/N_d.
        const Plan p = zeroPaperPlan();
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        l.dp = 64;
        const double P = firstStageParams(s, l).total();
        QVERIFY(near(P, s.totalParams));
        const double d = 64;
        const double expected[4] = {16 * P, 4 * P + 12 * P / d, 2 * P + 14 * P / d, 16 * P / d};
        for (int zero = 0; zero <= 3; ++zero) {
            l.zero = zero;
            QVERIFY2(near(stateSum(modelStateBytes(p, s, l, firstStageParams(s, l))), expected[zero]),
                     std::to_string(zero).c_str());
        }
    }

    void deepSpeedFp32GradientPartition() const
    {
        // DeepSpeed estimate_zero2_model_states_mem_needs after PR #5099: 2P + 18P/N, 18 = 2 fp16
        // grads + 4 fp32 grads + 4 fp32 params + 8 Adam (pure data parallelism, N = d).
        Plan p = zeroPaperPlan();
        p.precision.gradients = Dtype::FP32;
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        l.dp = 16;
        l.zero = 2;
        l.sharding = ShardingImpl::DeepSpeed;
        const double P = s.totalParams;
        QVERIFY(near(stateSum(modelStateBytes(p, s, l, firstStageParams(s, l))), 2 * P + 18 * P / 16));
        // Its reduction bucket: reduce_bucket_size 5e8 elements in fp16.
        QCOMPARE(modelStateBytes(p, s, l, firstStageParams(s, l)).commBuffers, 5e8 * 2);
    }

    void shardingDividesByTheDataParallelGroupNotTheGpuCount() const
    {
        // docs/formulas.md §13 pitfall 1: with TP x PP > 1, ZeRO shards over d, never over N.
        const Plan p = zeroPaperPlan();
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        l.numGpus = 128;
        l.tp = 8;
        l.pp = 4;
        l.dp = 4;
        l.zero = 1;
        const StageParams st = firstStageParams(s, l);
        const ModelStateBytes m = modelStateBytes(p, s, l, st);
        QVERIFY(near(m.optimizerStates, 8 * st.total() / 4));
        QVERIFY(near(m.masterWeights, 4 * st.total() / 4));
        // With context parallelism the CP ranks join the sharding group (Megatron's DP x CP group).
        l.cp = 2;
        l.numGpus = 256;
        QVERIFY(near(modelStateBytes(p, s, l, st).optimizerStates, 8 * st.total() / 8));
    }

    void megatronDistributedOptimizer() const
    {
        // docs/formulas.md §2.2: (6 + 12/d) P with fp32 main grads, (4 + 12/d) P with bf16 grads
        // (Megatron-LM PR #1345).
        Plan p = zeroPaperPlan();
        p.precision.gradients = Dtype::FP32;
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        l.dp = 8;
        l.zero = 1;
        l.sharding = ShardingImpl::Megatron;
        const double P = s.totalParams;
        QVERIFY(near(stateSum(modelStateBytes(p, s, l, firstStageParams(s, l))), (6 + 12.0 / 8) * P));
        p.precision.gradients = Dtype::BF16;
        QVERIFY(near(stateSum(modelStateBytes(p, s, l, firstStageParams(s, l))), (4 + 12.0 / 8) * P));
        // Megatron's buckets are views of the contiguous gradient buffer: no extra copies.
        QCOMPARE(modelStateBytes(p, s, l, firstStageParams(s, l)).commBuffers, 0.0);
    }

    void optimizerStateBytes() const
    {
        // docs/formulas.md §2.1: AdamW 8, SGD with momentum 4, Lion 4 (llm-analysis), SGD 0; bitsandbytes
        // 8-bit Adam 2 plus an fp32 absmax per 2048-element block.
        QCOMPARE(optimizerStateBytesPerParam(Optimizer::AdamW, Dtype::FP32), 8.0);
        QCOMPARE(optimizerStateBytesPerParam(Optimizer::AdamW, Dtype::BF16), 4.0);
        QCOMPARE(optimizerStateBytesPerParam(Optimizer::SgdMomentum, Dtype::FP32), 4.0);
        QCOMPARE(optimizerStateBytesPerParam(Optimizer::Lion, Dtype::FP32), 4.0);
        QCOMPARE(optimizerStateBytesPerParam(Optimizer::Sgd, Dtype::FP32), 0.0);
        QCOMPARE(optimizerStateBytesPerParam(Optimizer::Adam8bit, Dtype::FP32), 2.0 * (1 + 4.0 / 2048));
    }

    void adafactorFactorsRowsAndColumns() const
    {
        // Shazeer & Stern 2018: a factored second moment keeps a row and a column vector per
        // matrix. Hand count for h = 8, f = 32, one MHA layer, V = 16, untied, fp32 states:
        // Q 8+8, K 8+8, V 8+8, O 8+8, fc1 8+32, fc2 32+8, two LayerNorms 2x16 (vectors, full),
        // embedding 16+8 and output 16+8.
        ModelArch a;
        a.layers = 1;
        a.hidden = 8;
        a.heads = 1;
        a.ffnHidden = 32;
        a.vocab = 16;
        a.norm = NormKind::LayerNorm;
        const ModelShape s = computeModelShape(a, 16);
        Layout l;
        const double elements = 4 * 16 + 2 * 40 + 32 + 2 * 24;
        QCOMPARE(adafactorStateBytes(s, firstStageParams(s, l), 1, Dtype::FP32), 4 * elements);
    }

    void pureBf16Training() const
    {
        // torchtune full fine-tuning: bf16 weights, bf16 gradients, AdamW moments in bf16, no fp32
        // master copy: 2 + 2 + 4 = 8 bytes per parameter.
        Plan p;
        p.precision.weights = p.precision.gradients = p.precision.optimizerStates = Dtype::BF16;
        p.precision.masterWeights = false;
        p.parallelism.sharding = ShardingImpl::Fsdp;
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        l.sharding = ShardingImpl::Fsdp;
        QVERIFY(near(stateSum(modelStateBytes(p, s, l, firstStageParams(s, l))), 8 * s.totalParams));
    }

    void loraAdapterCounts() const
    {
        // PEFT print_trainable_parameters on Llama-2-7B, r = 16: 39,976,960 trainable parameters on
        // every linear layer (q, k, v, o, gate, up, down); 16,777,216 on q, k, v, o.
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        QCOMPARE(32 * loraParamsPerLayer(s, 16, true, 1), 39976960.0);
        QCOMPARE(32 * loraParamsPerLayer(s, 16, false, 1), 16777216.0);
    }

    void loraKeepsOnlyAdapterStates() const
    {
        // Frozen bf16 base without gradients or optimizer states; the adapters carry bf16 weights,
        // bf16 gradients and (mixed precision) fp32 master + AdamW moments.
        Plan p = zeroPaperPlan();
        p.workload.training.fineTune = FineTune::Lora;
        p.workload.training.loraRank = 16;
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        const StageParams st = firstStageParams(s, l);
        const double adapters = 39976960.0;
        const ModelStateBytes m = modelStateBytes(p, s, l, st);
        QVERIFY(near(m.weights, 2 * s.totalParams + 2 * adapters));
        QVERIFY(near(m.gradients, 2 * adapters));
        QVERIFY(near(m.masterWeights, 4 * adapters));
        QVERIFY(near(m.optimizerStates, 8 * adapters));
    }

    void qloraStoresTheBaseInNf4() const
    {
        // QLoRA (Dettmers et al. 2023 §3): NF4 with block 64 and double-quantized constants,
        // 0.5 + 0.127/8 bytes per weight; embeddings, output layer and norms stay 16-bit.
        Plan p = zeroPaperPlan();
        p.workload.training.fineTune = FineTune::Qlora;
        p.workload.training.loraRank = 16;
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        const StageParams st = firstStageParams(s, l);
        const double base = st.matmul * (0.5 + 0.127 / 8) + st.other * 2;
        QVERIFY(near(modelStateBytes(p, s, l, st).weights, base + 2 * 39976960.0));
        QVERIFY(near(st.matmul + st.other, s.totalParams));
    }

    void optimizerOffloadMovesStatesToTheHost() const
    {
        // DeepSpeed estimator: ZeRO-2 with optimizer offload keeps 2P on the GPU (docs/formulas.md §2.2).
        Plan p = zeroPaperPlan();
        p.precision.gradients = Dtype::FP32;
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        l.dp = 8;
        l.zero = 2;
        const StageParams st = firstStageParams(s, l);
        const double onGpu = stateSum(modelStateBytes(p, s, l, st));
        l.offloadOptimizer = Offload::Cpu;
        const ModelStateBytes m = modelStateBytes(p, s, l, st);
        QVERIFY(near(stateSum(m), 2 * s.totalParams));
        QVERIFY(near(m.offloadedCpu, onGpu - 2 * s.totalParams));
        QCOMPARE(m.offloadedNvme, 0.0);
        l.offloadOptimizer = Offload::Nvme;
        QVERIFY(near(modelStateBytes(p, s, l, st).offloadedNvme, onGpu - 2 * s.totalParams));
    }

    void zero3ParameterOffloadKeepsTheWorkingSet() const
    {
        // DeepSpeed estimator: ZeRO-3 with parameter and optimizer offload keeps 4 P_LL bytes on the
        // GPU (P_LL = largest layer): its fp16 parameters and gradients.
        Plan p = zeroPaperPlan();
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        l.dp = 8;
        l.zero = 3;
        l.sharding = ShardingImpl::DeepSpeed;
        l.offloadOptimizer = Offload::Cpu;
        l.offloadParams = Offload::Cpu;
        const StageParams st = firstStageParams(s, l);
        const ModelStateBytes m = modelStateBytes(p, s, l, st);
        QCOMPARE(stateSum(m), 0.0);
        const double largest = std::max(st.layerParams, st.embeddingUnit);
        QVERIFY(near(m.gathered, memassume::kDeepSpeedZero3BytesPerLargestLayerParam * largest));
        QVERIFY(near(m.offloadedCpu, 16 * s.totalParams / 8));
        // FSDP keeps the unit in use and the prefetched next one gathered.
        l.sharding = ShardingImpl::Fsdp;
        QVERIFY(near(modelStateBytes(p, s, l, st).gathered, 2 * 2 * largest));
    }

    void shardingAndOffloadNeverRaiseMemory() const
    {
        // A two-layer model is barely larger than its gathered units: the cap keeps ZeRO-3 (shard +
        // gathered units) and parameter offload at or below what ZeRO-2 holds.
        ModelArch a = llama2_7b();
        a.layers = 2;
        const ModelShape s = computeModelShape(a, 4096);
        for (ShardingImpl impl : {ShardingImpl::DeepSpeed, ShardingImpl::Fsdp}) {
            Plan p = zeroPaperPlan();
            Layout l;
            l.dp = 2;
            l.sharding = impl;
            const StageParams st = firstStageParams(s, l);
            auto onGpu = [&](const Layout &x) {
                const ModelStateBytes m = modelStateBytes(p, s, x, st);
                return stateSum(m) + m.gathered + m.commBuffers;
            };
            l.zero = 2;
            const double zero2 = onGpu(l);
            l.zero = 3;
            const double zero3 = onGpu(l);
            QVERIFY(zero3 <= zero2);
            l.offloadParams = Offload::Cpu;
            QVERIFY(onGpu(l) <= zero3);
        }
    }

    void fp8KeepsWeightCaches() const
    {
        // Transformer Engine fp8 training (Megatron, DeepSpeed) caches an fp8 weight and its transpose
        // per matmul weight; torchao's float8 (FSDP2, torchtune) casts per layer and keeps none.
        Plan p = zeroPaperPlan();
        p.parallelism.framework = Framework::Megatron;
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        const StageParams st = firstStageParams(s, l);
        const double bf16 = modelStateBytes(p, s, l, st).weights;
        p.precision.compute = Dtype::FP8;
        QVERIFY(near(modelStateBytes(p, s, l, st).weights, bf16 + 2 * st.matmul));
        p.parallelism.framework = Framework::Fsdp2;
        QVERIFY(near(modelStateBytes(p, s, l, st).weights, bf16));
    }

    void optimizerInBackwardHoldsOneGradient() const
    {
        // torchtune optimizer_in_bwd: each gradient is applied and freed as it completes; the
        // largest tensor is the 32000 x 4096 embedding.
        Plan p;
        p.precision.weights = p.precision.gradients = p.precision.optimizerStates = Dtype::BF16;
        p.precision.masterWeights = false;
        p.parallelism.optimizerInBackward = true;
        const ModelShape s = computeModelShape(llama2_7b(), 4096);
        Layout l;
        QCOMPARE(modelStateBytes(p, s, l, firstStageParams(s, l)).gradients, 2.0 * 32000 * 4096);
    }

    void pipelineStagesSplitTheModel() const
    {
        // Megatron: the first stage holds L/p layers and the embedding, the last the output layer.
        ModelArch a = llama2_7b();
        const ModelShape s = computeModelShape(a, 4096);
        Layout l;
        l.pp = 4;
        l.tp = 2;
        const StageParams first = firstStageParams(s, l);
        const StageParams last = lastStageParams(s, l);
        QCOMPARE(first.layers, 8.0);
        QCOMPARE(last.layers, 8.0);
        // Untied: the first stage's embedding and the last stage's output layer are the same size;
        // only the final norm differs.
        QVERIFY(near(last.total() - first.total(), s.finalNormParams));
        QVERIFY(near(first.embeddingUnit, s.embeddingParams / 2));
        // Tied embeddings: the last stage keeps a copy of the embedding for the logits.
        a.tiedEmbeddings = true;
        const ModelShape tied = computeModelShape(a, 4096);
        QVERIFY(near(lastStageParams(tied, l).embeddingUnit, tied.embeddingParams / 2));
        l.pp = 1;
        QCOMPARE(firstStageParams(tied, l).vocabMatrices, 1);
    }

    void multiTokenPredictionExpertsFollowExpertParallelism() const
    {
        // DeepSeek-V3's MTP module (report §2.2) is one more MoE layer on the last stage; its 256
        // routed experts are split over EP like the stage's own, the rest (attention, shared
        // expert, router, the 2h -> h projection, norms) over TP only.
        ModelArch a = test::deepSeekV3Arch();
        ModelArch noMtp = a;
        a.mtpLayers = 1;
        const ModelShape s = computeModelShape(a, 4096);
        Layout l;
        l.pp = 16;
        l.ep = 64;
        const double mtpOnStage = lastStageParams(s, l).total() - lastStageParams(computeModelShape(noMtp, 4096), l).total();
        QVERIFY(near(mtpOnStage, s.mtpParams - s.routedExpertParams * (1.0 - 1.0 / 64)));
        QVERIFY(mtpOnStage < 1.0e9);   // of a 14B module
    }

    void stagesHoldTheirOwnLayerKinds() const
    {
        // DeepSeek-V3's first three layers have a dense MLP (config.json first_k_dense_replace = 3):
        // on pp = 16 (4 layers per stage) they are stage 0's, with one MoE layer; the other stages
        // hold MoE layers only. Every stage together is the model (no MTP here).
        const ModelShape s = computeModelShape(test::deepSeekV3Arch(), 4096);
        QCOMPARE(s.denseLayers, 3);
        Layout l;
        l.pp = 16;
        l.ep = 64;
        const StageParams first = firstStageParams(s, l);
        QCOMPARE(first.layers, 4.0);
        QCOMPARE(first.denseLayers, 3.0);
        const double e = 64;
        QVERIFY(near(first.expert, s.routedExpertParams / e));
        QVERIFY(near(first.matmul, 3 * (s.attnParams + s.denseMlpParams)
                                       + (s.attnParams + s.moeMlpParams - s.routedExpertParams)));
        const StageParams middle = middleStageParams(s, l, 7);
        QCOMPARE(middle.denseLayers, 0.0);
        QVERIFY(near(middle.expert, 4 * s.routedExpertParams / e));
        const StageParams last = lastStageParams(s, l);
        QCOMPARE(last.layers, 1.0);
        QCOMPARE(last.denseLayers, 0.0);
        double matmul = first.matmul + last.matmul, expert = first.expert + last.expert;
        for (int stage = 1; stage < 15; ++stage) {
            matmul += middleStageParams(s, l, stage).matmul;
            expert += middleStageParams(s, l, stage).expert;
        }
        QVERIFY(near(expert * e, s.expertParamsTotal));
        QVERIFY(near(matmul + expert * e + s.layers * s.normParamsPerLayer, s.transformerParams));
        // With one stage the kinds average out as before: the whole model.
        l.pp = 1;
        QVERIFY(near(firstStageParams(s, l).matmul + firstStageParams(s, l).expert * e + s.layers * s.normParamsPerLayer,
                     s.transformerParams));
    }
};

QTEST_APPLESS_MAIN(TestModelStateMemory)
#include "tst_modelstatememory.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The assembled training step (perf/TrainingTime.h) on hand-made GPU, node and fabric specs:
// FLOP conventions against published figures, the breakdown, and monotonic sanity checks.
#include "catalog/FabricSpec.h"
#include "catalog/GpuSpec.h"
#include "catalog/NodeSpec.h"
#include "common/Units.h"
#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "perf/ExpertRouting.h"
#include "perf/LayerCost.h"
#include "perf/TrainingComm.h"
#include "perf/TrainingFlops.h"
#include "perf/TrainingTime.h"
#include "support/Near.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

namespace {

// DGX A100-like hardware: A100 datasheet (312 TFLOP/s dense fp16/bf16, 2.039 TB/s), NVSwitch
// 600 GB/s bidirectional per GPU, 8 x 200 Gb/s HDR per node.
struct Fixture
{
    Plan plan;
    GpuSpec gpu;
    NodeSpec node;
    FabricSpec fabric;
    ResolvedPlan rp;

    Fixture()
    {
        gpu.id = "test-a100";
        gpu.memoryBandwidth = 2.039e12;
        gpu.peakFlops[static_cast<int>(Dtype::BF16)] = 312e12;
        gpu.peakFlops[static_cast<int>(Dtype::FP16)] = 312e12;
        gpu.pcieBandwidth = 32e9;
        GpuEfficiency &e = gpu.efficiency;
        e.matmulMaxFraction = 0.7;
        e.matmulHalfFlops = 5e9;
        e.attentionMaxFraction = 0.4;
        e.hbmMaxFraction = 0.75;
        e.kernelFloorS = 5e-6;
        e.hostLaunchS = 30e-6;
        e.microBatchOverheadS = 1e-3;
        e.residualMape = 8.0;
        e.fitted = true;
        node.gpusPerNode = 8;
        node.intraBandwidth = 300e9;
        node.nicsPerNode = 8;
        node.nicGbps = 200;
        fabric.latencyS = 20e-6;
        fabric.busBwFraction = 0.96;

        // GPT-3 175B (Brown et al. 2020 Table 2.1) as trained by Megatron-LM.
        ModelArch &m = plan.model;
        m.layers = 96;
        m.hidden = 12288;
        m.heads = 96;
        m.vocab = 51200;
        m.bias = true;
        m.norm = NormKind::LayerNorm;
        m.position = PositionKind::Learned;
        m.tiedEmbeddings = true;
        plan.workload.training.seqLen = 2048;
        plan.workload.training.globalBatch = 1536;
        plan.workload.training.microBatch = 1;
        plan.workload.training.tokens = 300e9;
        plan.hardware.numGpus = 1024;
        plan.parallelism.tp = 8;
        plan.parallelism.pp = 16;
        plan.parallelism.dp = 8;
        plan.parallelism.recompute = Recompute::Full;
        plan.precision.compute = Dtype::FP16;
        plan.precision.weights = Dtype::FP16;
        plan.precision.activations = Dtype::FP16;
        plan.precision.gradients = Dtype::FP16;
    }

    TrainingResult run()
    {
        rp = ResolvedPlan{};
        rp.plan = &plan;
        rp.gpu = &gpu;
        rp.node = &node;
        rp.fabric = &fabric;
        rp.gpusPerNode = node.gpusPerNode;
        rp.shape = computeModelShape(plan.model, plan.workload.training.seqLen);
        return estimateTrainingTime(rp, layoutFromPlan(plan));
    }
};

using gpuplan::test::near;

} // namespace

class TestTrainingTime final : public QObject
{
    Q_OBJECT

    // A Qwen3-30B-A3B-shaped MoE (48 layers, hidden 2048, 128 experts of 768, top-8; Qwen3
    // technical report) trained on 32 GPUs, DP 32, 4,096-token sequences, no recompute, default
    // precision.
    static void useQwen3MoeShape(Fixture &f)
    {
        ModelArch &m = f.plan.model;
        m = ModelArch{};
        m.layers = 48;
        m.hidden = 2048;
        m.heads = 32;
        m.kvHeads = 4;
        m.headDim = 128;
        m.ffnHidden = 768;
        m.gatedMlp = true;
        m.vocab = 151936;
        m.moeExperts = 128;
        m.moeTopK = 8;
        f.plan.workload.training.seqLen = 4096;
        f.plan.workload.training.globalBatch = 256;
        f.plan.hardware.numGpus = 32;
        f.plan.parallelism = Parallelism{};
        f.plan.parallelism.dp = 32;
        f.plan.parallelism.recompute = Recompute::None;
        f.plan.precision = Precision{};
    }

private slots:
    void megatronModelFlopsReproducePrintedMfu_data() const
    {
        QTest::addColumn<int>("layers");
        QTest::addColumn<int>("hidden");
        QTest::addColumn<int>("heads");
        QTest::addColumn<int>("globalBatch");
        QTest::addColumn<double>("stepS");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<double>("printedMfu");
        // Korthikanti et al. 2022 Table 5 (iteration time) and the Megatron-LM README MFU table
        // (commit 636da04): MEG22-01..04 of tests/data/validation/training_public.csv.
        QTest::newRow("22B") << 48 << 6144 << 64 << 4 << 1.1 << 8 << 0.415;
        QTest::newRow("175B") << 96 << 12288 << 96 << 64 << 13.75 << 64 << 0.514;
        QTest::newRow("530B") << 105 << 20480 << 128 << 280 << 37.83 << 280 << 0.56;
        QTest::newRow("1T") << 128 << 25600 << 160 << 512 << 71.49 << 512 << 0.563;
    }

    void megatronModelFlopsReproducePrintedMfu() const
    {
        // Model FLOPs 72 l h^2 (1 + s/6h + V/12lh) per token (Megatron num_floating_point_operations):
        // with the iteration times they give the printed MFU within 0.2 points (README §5).
        QFETCH(int, layers);
        QFETCH(int, hidden);
        QFETCH(int, heads);
        QFETCH(int, globalBatch);
        QFETCH(double, stepS);
        QFETCH(int, gpus);
        QFETCH(double, printedMfu);
        Fixture f;
        f.plan.model.layers = layers;
        f.plan.model.hidden = hidden;
        f.plan.model.heads = heads;
        f.plan.workload.training.globalBatch = globalBatch;
        f.run();
        const double mfu = trainingModelFlopsPerStep(f.rp) / (stepS * gpus * 312e12);
        QVERIFY2(std::fabs(mfu - printedMfu) <= 0.002, qPrintable(QString::number(mfu)));
    }

    void narayananEquation3ReproducesGpt3Iteration() const
    {
        // Narayanan et al. 2021 Eq. 3 (hardware FLOPs with full recomputation),
        // 96 B s l h^2 (1 + s/6h + V/16lh), turns MEG21-11's 138 TFLOP/s on 1024 GPUs into
        // 31.9 s per iteration (printed: "around 32 seconds").
        const double B = 1536, s = 2048, l = 96, h = 12288, V = 51200;
        const double eq3 = 96 * B * s * l * h * h * (1 + s / (6 * h) + V / (16 * l * h));
        QVERIFY(near(eq3 / (138e12 * 1024), 31.9, 0.003));
        // Our hardware FLOPs also recompute the logits (one whole forward, docs/formulas.md §5): the
        // extra 2 V h per token is 0.09% of Eq. 3 here.
        Fixture f;
        f.run();
        const double hw = trainingHardwareFlopsPerStep(f.rp, layoutFromPlan(f.plan));
        QVERIFY(hw > eq3);
        QVERIFY(near(hw, eq3, 0.002));
    }

    void mfuIsThreeQuartersOfHfuWithFullRecompute() const
    {
        Fixture f;
        const TrainingResult r = f.run();
        QVERIFY(r.valid);
        QVERIFY(near(r.mfu, 0.75 * r.hfu, 1e-12));
        f.plan.parallelism.recompute = Recompute::None;
        const TrainingResult none = f.run();
        QVERIFY(near(none.mfu, none.hfu, 1e-12));
    }

    void breakdownAndDerivedFigures() const
    {
        Fixture f;
        const TrainingResult r = f.run();
        const StepBreakdown &b = r.breakdown;
        QVERIFY(near(b.total(), r.stepTimeS, 1e-12));
        QVERIFY(b.compute > 0 && b.recompute > 0 && b.tpComm > 0 && b.ppComm > 0 && b.bubble > 0 && b.optimizer > 0);
        QCOMPARE(r.microBatchesPerStep, 192);   // 1536 / (8 x 1)
        QCOMPARE(r.bubbleFraction, 15.0 / 192);
        QCOMPARE(r.tokensPerStep, 1536.0 * 2048);
        QVERIFY(near(r.tokensPerS, r.tokensPerStep / r.stepTimeS, 1e-12));
        QVERIFY(near(r.tokensPerSPerGpu * 1024, r.tokensPerS, 1e-12));
        QVERIFY(near(r.tflopsPerGpu, r.mfu * 312, 1e-9));
        QVERIFY(near(r.timeToTrainS, 300e9 / r.tokensPerS, 1e-12));
        QVERIFY(near(r.gpuHours, r.timeToTrainS * 1024 / 3600, 1e-12));
        QCOMPARE(r.errorBand, 0.08);
        // A plausible A100 training MFU for these efficiencies.
        QVERIFY(r.mfu > 0.25 && r.mfu < 0.6);
    }

    void tensorParallelAcrossNodesIsSlower() const
    {
        Fixture f;
        f.plan.model.layers = 30;
        f.plan.model.hidden = 3072;
        f.plan.model.heads = 32;
        f.plan.hardware.numGpus = 64;
        f.plan.parallelism.pp = 1;
        f.plan.workload.training.globalBatch = 512;
        f.plan.workload.training.microBatch = 8;
        f.plan.parallelism.tp = 8;
        f.plan.parallelism.dp = 8;
        const TrainingResult tp8 = f.run();
        f.plan.parallelism.tp = 16;
        f.plan.parallelism.dp = 4;
        const TrainingResult tp16 = f.run();
        QVERIFY(tp16.stepTimeS > tp8.stepTimeS);
        QVERIFY(tp16.breakdown.tpComm > 1.5 * tp8.breakdown.tpComm);
        // A slower scale-out network makes the node-spanning layout slower still.
        f.node.nicsPerNode = 4;
        QVERIFY(f.run().stepTimeS > tp16.stepTimeS);
    }

    void moreMicroBatchesShrinkTheBubble() const
    {
        Fixture f;
        const TrainingResult few = f.run();
        f.plan.workload.training.globalBatch = 3072;
        const TrainingResult many = f.run();
        QVERIFY(many.bubbleFraction < few.bubbleFraction);
        QVERIFY(many.tokensPerSPerGpu > few.tokensPerSPerGpu);
        f.plan.parallelism.vp = 2;
        f.plan.parallelism.schedule = PipelineSchedule::Interleaved;
        const TrainingResult interleaved = f.run();
        QVERIFY(near(interleaved.bubbleFraction, many.bubbleFraction / 2, 1e-12));
    }

    void recomputationCostsTime() const
    {
        Fixture f;
        const double full = f.run().stepTimeS;
        f.plan.parallelism.recompute = Recompute::Selective;
        const double selective = f.run().stepTimeS;
        f.plan.parallelism.recompute = Recompute::None;
        const double none = f.run().stepTimeS;
        QVERIFY(full > selective);
        QVERIFY(selective > none);
        // A full recompute is about one more forward: about a third of fwd + bwd.
        QVERIFY(full / none > 1.2 && full / none < 1.4);
    }

    // Selective recompute re-runs the modules the plan names (Megatron-Core --recompute-modules),
    // not the attention core whatever they are: the norms and the experts' SwiGLU are
    // memory-bound passes, far cheaper than the attention core at 4,096 tokens; the whole MoE
    // block re-runs its GEMMs and its all-to-all; MLA's up-projections are their share of the
    // attention projections' FLOPs.
    void recomputeModulesCostWhatTheyRerun() const
    {
        Fixture f;
        useQwen3MoeShape(f);
        f.plan.model.mlaQLoraRank = 1536;   // DeepSeek-V3 config.json's MLA dims on this shape
        f.plan.model.mlaKvLoraRank = 512;
        f.plan.model.mlaQkNopeDim = 128;
        f.plan.model.mlaQkRopeDim = 64;
        f.plan.model.mlaVDim = 128;
        f.plan.parallelism.dp = 4;
        f.plan.parallelism.ep = 4;
        f.plan.hardware.numGpus = 4;
        f.plan.workload.training.globalBatch = 32;
        f.plan.parallelism.recompute = Recompute::Selective;
        const TrainingResult core = f.run();
        namespace rm = recompute_module;
        const auto with = [&f](std::uint32_t modules) {
            f.plan.parallelism.recomputeModules = modules;
            return f.run();
        };
        QCOMPARE(with(rm::kCoreAttn).breakdown.recompute, core.breakdown.recompute);
        const TrainingResult norms = with(rm::kLayernorm);
        const TrainingResult act = with(rm::kLayernorm | rm::kMoeAct);
        const TrainingResult up = with(rm::kLayernorm | rm::kMoeAct | rm::kMlaUpProj);
        const TrainingResult moe = with(rm::kMoe);
        const TrainingResult moeAndAct = with(rm::kMoe | rm::kMoeAct);
        QVERIFY(norms.breakdown.recompute > 0);
        QVERIFY(norms.breakdown.recompute < 0.5 * core.breakdown.recompute);
        QVERIFY(act.breakdown.recompute > norms.breakdown.recompute);
        QVERIFY(up.breakdown.recompute > act.breakdown.recompute);
        QVERIFY(up.hardwareFlopsPerStep > act.hardwareFlopsPerStep);    // GEMM FLOPs re-run
        QCOMPARE(act.hardwareFlopsPerStep, norms.hardwareFlopsPerStep); // memory-bound: no FLOPs
        QVERIFY(norms.hardwareFlopsPerStep < core.hardwareFlopsPerStep);
        QVERIFY(moe.breakdown.recompute > act.breakdown.recompute);
        QCOMPARE(moeAndAct.breakdown.recompute, moe.breakdown.recompute); // the block includes its SwiGLU
        QVERIFY(moe.stepTimeS > norms.stepTimeS);
        // Stacks whose activations do not follow Megatron-Core's accounting ignore the names, as
        // the memory model does.
        f.plan.parallelism.framework = Framework::Fsdp2;
        f.plan.parallelism.recomputeModules = 0;
        const TrainingResult fsdpCore = f.run();
        QCOMPARE(with(rm::kLayernorm).breakdown.recompute, fsdpCore.breakdown.recompute);
    }

    void overlapAndNetworkNeverSlowDown() const
    {
        Fixture f;
        f.plan.parallelism.overlapGradReduce = false;
        const double exposed = f.run().stepTimeS;
        f.plan.parallelism.overlapGradReduce = true;
        const double overlapped = f.run().stepTimeS;
        QVERIFY(overlapped <= exposed);
        f.fabric.busBwFraction = 0.5;
        QVERIFY(f.run().stepTimeS >= overlapped);
    }

    void shardingAndOffloadAddCommunication() const
    {
        // A 7B model on 64 GPUs, pure data parallel with a small batch: ZeRO-3 gathers the
        // weights every micro-batch and exposes what the compute cannot hide.
        Fixture f;
        f.plan.model.layers = 32;
        f.plan.model.hidden = 4096;
        f.plan.model.heads = 32;
        f.plan.hardware.numGpus = 64;
        f.plan.parallelism.tp = 1;
        f.plan.parallelism.pp = 1;
        f.plan.parallelism.dp = 64;
        f.plan.workload.training.globalBatch = 64;
        f.plan.precision.compute = Dtype::BF16;
        f.plan.precision.gradients = Dtype::FP32;
        const TrainingResult z0 = f.run();
        f.plan.parallelism.zero = 3;
        const TrainingResult z3 = f.run();
        QVERIFY(z3.breakdown.dpComm > 0);
        QVERIFY(z3.breakdown.optimizer < z0.breakdown.optimizer);   // the step runs over a 1/64 shard
        f.plan.parallelism.offloadOptimizer = Offload::Cpu;
        const TrainingResult offloaded = f.run();
        QVERIFY(offloaded.breakdown.offload > 0);
        QVERIFY(offloaded.stepTimeS > z3.stepTimeS);
    }

    void fp8IsFasterOnLargeGemms() const
    {
        Fixture f;
        f.gpu.peakFlops[static_cast<int>(Dtype::BF16)] = 989e12;
        f.gpu.peakFlops[static_cast<int>(Dtype::FP8)] = 1979e12;
        f.gpu.memoryBandwidth = 3.35e12;
        f.plan.precision.compute = Dtype::BF16;
        f.plan.precision.activations = Dtype::BF16;
        const TrainingResult bf16 = f.run();
        f.plan.precision.compute = Dtype::FP8;
        const TrainingResult fp8 = f.run();
        QVERIFY(fp8.stepTimeS < bf16.stepTimeS);
        QVERIFY(fp8.stepTimeS > 0.5 * bf16.stepTimeS);   // casts, attention and communication stay
        // MFU is relative to the peak of the format: fp8 MFU is lower for the same work.
        QVERIFY(fp8.mfu < bf16.mfu);
    }

    void expertParallelDispatch() const
    {
        // A Qwen3-30B-A3B-shaped MoE (48 layers, hidden 2048, 128 experts of 768, top-8;
        // Qwen3 technical report) on 4 nodes of 8: the all-to-all of top-k token copies.
        Fixture f;
        f.gpu.peakFlops[static_cast<int>(Dtype::FP8)] = 624e12;
        ModelArch &m = f.plan.model;
        useQwen3MoeShape(f);
        m.moeFfnHidden = 768;
        f.plan.parallelism.ep = 8;
        const TrainingResult inNode = f.run();
        QVERIFY(inNode.valid && inNode.breakdown.epComm > 0);
        f.plan.parallelism.ep = 32;   // the EP group now spans the 4 nodes
        const TrainingResult acrossNodes = f.run();
        QVERIFY(acrossNodes.breakdown.epComm > 2.0 * inNode.breakdown.epComm);
        // The same nodes in one 32-GPU NVLink domain (an NVL72 rack's partition).
        f.node.gpusPerNode = 32;
        const TrainingResult oneDomain = f.run();
        QVERIFY(oneDomain.breakdown.epComm < 0.5 * acrossNodes.breakdown.epComm);
        f.node.gpusPerNode = 8;

        // FP8 dispatch: the forward's dispatch moves 1 byte + a 4-byte scale per 128 instead of
        // 2 bytes, the other three transfers stay 16-bit: 1 - (1 - 1.03125/2) / 4 = 0.879.
        f.plan.precision.compute = Dtype::FP8;
        const TrainingResult fp8 = f.run();
        QVERIFY2(near(fp8.breakdown.epComm / acrossNodes.breakdown.epComm, 0.879, 0.03),
                 qPrintable(QString::number(fp8.breakdown.epComm / acrossNodes.breakdown.epComm)));
        // FP8 activations as well (DeepSeek-V3's recipe, report §3.3): the backward of the combine
        // carries FP8 gradients too, both combine-direction transfers stay BF16:
        // (2 x 1.03125 + 2 x 2) / 8 = 0.758.
        f.plan.precision.activations = Dtype::FP8;
        const TrainingResult fp8Activations = f.run();
        QVERIFY2(near(fp8Activations.breakdown.epComm / acrossNodes.breakdown.epComm, 0.758, 0.03),
                 qPrintable(QString::number(fp8Activations.breakdown.epComm / acrossNodes.breakdown.epComm)));
        f.plan.precision.activations = Dtype::BF16;
        f.plan.precision.compute = Dtype::BF16;

        // With TP 2 and sequence parallelism each rank dispatches half the tokens; expert TP 1
        // (Megatron-Core --expert-tensor-parallel-size 1) drops the experts' gather/scatter
        // inside the TP pair and keeps whole experts on each rank.
        f.plan.parallelism.tp = 2;
        f.plan.parallelism.dp = 16;
        f.plan.parallelism.sp = true;
        f.plan.parallelism.ep = 16;
        const TrainingResult expertTp2 = f.run();
        f.plan.parallelism.expertTp = 1;
        f.plan.parallelism.ep = 32;   // EP folds the TP ranks: 1 x 32 x 1 = 2 x 16 ranks
        const TrainingResult expertTp1 = f.run();
        QVERIFY(expertTp1.valid && expertTp2.valid);
        QVERIFY(expertTp1.breakdown.epComm < expertTp2.breakdown.epComm);
        // The same expert FLOPs either way: the model FLOPs per step do not depend on the layout.
        QCOMPARE(expertTp1.modelFlopsPerStep, expertTp2.modelFlopsPerStep);

        // Overlapping the all-to-all with another micro-batch's compute (DualPipe, EP A2A
        // overlap) hides what fits in that compute; the hidden part still costs the overlap
        // penalty (none here first), and nothing else changes.
        f.gpu.efficiency.commOverlapPenalty = 0.0;
        f.plan.parallelism = Parallelism{};
        f.plan.parallelism.dp = 32;
        f.plan.parallelism.ep = 32;
        f.plan.parallelism.recompute = Recompute::None;
        const TrainingResult exposed = f.run();
        f.plan.parallelism.epOverlap = true;
        const TrainingResult overlapped = f.run();
        QVERIFY(overlapped.breakdown.epComm < 0.5 * exposed.breakdown.epComm);
        QVERIFY(overlapped.stepTimeS < exposed.stepTimeS);
        QCOMPARE(overlapped.breakdown.compute, exposed.breakdown.compute);
        f.gpu.efficiency.commOverlapPenalty = 0.5;   // NCCL kernels slow the compute they share the GPU with
        const TrainingResult penalised = f.run();
        QVERIFY(penalised.breakdown.epComm > overlapped.breakdown.epComm);
        QVERIFY(penalised.breakdown.epComm < exposed.breakdown.epComm);
    }

    void expertExchangeBytesPerDirection() const
    {
        // DeepSeek-V3 report §3.3 ("Low-precision communication"): the activation before the MoE
        // up-projections (forward dispatch) and the activation gradient before the
        // down-projections (backward of the combine) are quantized to FP8 with 1 x 128 scaling
        // (1 byte + a 4-byte fp32 scale per 128 elements); the forward and backward combine
        // components stay BF16.
        LayerDims d;
        d.actBytes = 1.0;   // precision.activations fp8
        d.fp8 = true;
        ExpertExchangeBytes b = expertExchangeBytes(d);
        QCOMPARE(b.forwardDispatch, 1.03125);
        QCOMPARE(b.backwardDispatch, 1.03125);
        QCOMPARE(b.combine, 2.0);
        // FP8 GEMMs with BF16 activations (Megatron-Core with DeepEP's fp8 dispatch): only the
        // forward dispatch is quantized.
        d.actBytes = 2.0;
        b = expertExchangeBytes(d);
        QCOMPARE(b.forwardDispatch, 1.03125);
        QCOMPARE(b.backwardDispatch, 2.0);
        QCOMPARE(b.combine, 2.0);
        // BF16 and FP32 runs send their activation format both ways.
        d.fp8 = false;
        b = expertExchangeBytes(d);
        QCOMPARE(b.forwardDispatch, 2.0);
        QCOMPARE(b.backwardDispatch, 2.0);
        d.actBytes = 4.0;
        b = expertExchangeBytes(d);
        QCOMPARE(b.forwardDispatch, 4.0);
        QCOMPARE(b.combine, 4.0);
    }

    void nodeLimitedRouting() const
    {
        // DeepSeek-V3: 256 routed experts, top-8 (config.json), EP 64 over 8 nodes of 8 (report
        // §3.2.2). Unlimited, the 8 distinct experts are a uniform 8-subset of the 256, so a node
        // holding 32 of them is missed with probability C(224, 8) / C(256, 8) and the token reaches
        // 7 (1 - C(224, 8) / C(256, 8)) = 4.6328 remote nodes (4.59 if the experts could repeat).
        QVERIFY(near(remoteNodesPerToken(256, 8, 0, 0, 8), 4.6328205, 1e-6));
        // n_group 8, topk_group 4: a group per node, the token's experts in its 4 chosen groups,
        // each reached, so 4 nodes of which 4 x 7/8 = 3.5 remote (the report's "at most 4 nodes").
        QVERIFY(near(remoteNodesPerToken(256, 8, 8, 4, 8), 3.5, 1e-12));
        // EP over 4 nodes: two groups per node, a node is missed when neither is chosen,
        // C(6, 4) / C(8, 4) = 15/70; 4 (1 - 15/70) x 3/4 = 2.357 remote.
        QVERIFY(near(remoteNodesPerToken(256, 8, 8, 4, 4), 4.0 * (1.0 - 15.0 / 70.0) * 0.75, 1e-12));
        // EP over 16 nodes: a group spans two nodes; a node's group is chosen with probability
        // 1/2 and the 8 experts are uniform over the 128 of the chosen groups:
        // 16 (1 - 1/2 - 1/2 C(112, 8) / C(128, 8)) x 15/16 = 5.0056.
        QVERIFY(near(remoteNodesPerToken(256, 8, 8, 4, 16), 5.0056471, 1e-6));
        // No limit where every group may be chosen (Kimi K2: n_group 1, topk_group 1).
        QCOMPARE(remoteNodesPerToken(384, 8, 1, 1, 8), remoteNodesPerToken(384, 8, 0, 0, 8));
        // One expert per token reaches one node, remote with probability (N - 1)/N.
        QVERIFY(near(remoteNodesPerToken(256, 1, 8, 4, 8), 7.0 / 8.0, 1e-12));
        // EP inside one node sends nothing over the scale-out network.
        QCOMPARE(remoteNodesPerToken(256, 8, 8, 4, 1), 0.0);
        QCOMPARE(remoteNodesPerToken(256, 8, 0, 0, 1), 0.0);

        // In the step: the Qwen3-30B-A3B-shaped fixture of expertParallelDispatch (128 experts,
        // top-8) over 4 nodes, with 4 groups of which a token may use 2 (one group per node):
        // 2 x 3/4 = 1.5 remote nodes instead of 3 (1 - C(96, 8) / C(128, 8)) = 2.7218.
        Fixture f;
        ModelArch &m = f.plan.model;
        useQwen3MoeShape(f);
        f.plan.parallelism.ep = 32;
        const TrainingResult unlimited = f.run();
        m.moeGroups = 4;
        m.moeTopKGroups = 2;
        const TrainingResult limited = f.run();
        QVERIFY(limited.valid && unlimited.valid);
        QVERIFY(limited.breakdown.epComm < unlimited.breakdown.epComm);
        QCOMPARE(limited.breakdown.compute, unlimited.breakdown.compute);
        QVERIFY(
            near(remoteNodesPerToken(128, 8, 4, 2, 4) / remoteNodesPerToken(128, 8, 0, 0, 4), 1.5 / 2.7217582, 1e-6));
    }

    void dualPipeMtpAndRecipes() const
    {
        // DualPipe (DeepSeek-V3 report Table 2) shortens only the bubble of the same work: with
        // full recompute B = 3F of 4F and W = F, (PP/2 - 1)(1 + 3/4 - 3/4) against (PP - 1).
        Fixture f;
        const TrainingResult oneF = f.run();
        f.plan.parallelism.schedule = PipelineSchedule::DualPipe;
        const TrainingResult dual = f.run();
        QCOMPARE(dual.breakdown.compute, oneF.breakdown.compute);
        const double ratio = dual.breakdown.bubble / oneF.breakdown.bubble;
        QVERIFY2(ratio > 0.3 && ratio < 0.6, qPrintable(QString::number(ratio)));   // 7/15 = 0.47
        f.plan.parallelism.schedule = PipelineSchedule::OneFOneB;

        // One MTP module (DeepSeek-V3 §2.2) runs one more layer, the 2h -> h projection and the
        // output head again: about 1.5 of the 96 layers' time on one stage.
        f.plan.parallelism.pp = 1;
        f.plan.parallelism.dp = 128;
        const TrainingResult noMtp = f.run();
        f.plan.model.mtpLayers = 1;
        const TrainingResult mtp = f.run();
        const double grow = mtp.stepTimeS / noMtp.stepTimeS - 1.0;
        QVERIFY2(grow > 1.0 / 96 && grow < 2.5 / 96, qPrintable(QString::number(grow)));
        QCOMPARE(mtp.modelFlopsPerStep, noMtp.modelFlopsPerStep);   // MFU counts the model, not MTP
        f.plan.model.mtpLayers = 0;

        // FP8 recipes: current scaling casts cost an extra amax pass; NVFP4 runs the layers' GEMMs
        // at the FP4 peak (an H100-like part given B200's 2:1 FP4/FP8 ratio, HGX B200 spec table).
        f.gpu.peakFlops[static_cast<int>(Dtype::BF16)] = 989e12;
        f.gpu.peakFlops[static_cast<int>(Dtype::FP8)] = 1979e12;
        f.gpu.fp4DenseFlops = 3958e12;
        f.gpu.memoryBandwidth = 3.35e12;
        f.plan.precision.compute = Dtype::FP8;
        f.plan.precision.activations = Dtype::BF16;
        const TrainingResult delayed = f.run();
        f.plan.precision.fp8Recipe = Fp8Recipe::Tensorwise;
        const TrainingResult current = f.run();
        f.plan.precision.fp8Recipe = Fp8Recipe::Nvfp4;
        const TrainingResult nvfp4 = f.run();
        QVERIFY(current.stepTimeS > delayed.stepTimeS);
        QVERIFY(nvfp4.stepTimeS < delayed.stepTimeS && nvfp4.stepTimeS > 0.5 * delayed.stepTimeS);
        QVERIFY(nvfp4.valid && std::isfinite(nvfp4.mfu));
    }

    void neverFasterThanThePeak() const
    {
        // fp32 compute on a long sequence, attention-dominated: the fused attention ran at the
        // 16-bit rate, 16x the fp32 peak (A100 datasheet: 19.5 TFLOP/s fp32), so HFU reached 1.3.
        Fixture f;
        f.gpu.peakFlops[static_cast<int>(Dtype::FP32)] = 19.5e12;
        f.plan.model.layers = 12;
        f.plan.model.hidden = 768;
        f.plan.model.heads = 12;
        f.plan.workload.training.seqLen = 16384;
        f.plan.workload.training.globalBatch = 32;
        f.plan.workload.training.microBatch = 8;
        f.plan.hardware.numGpus = 32;
        f.plan.parallelism = Parallelism{};
        f.plan.parallelism.tp = 8;
        f.plan.parallelism.pp = 1;
        f.plan.parallelism.dp = 4;
        f.plan.parallelism.flashAttention = true;
        f.plan.precision.compute = Dtype::FP32;
        const TrainingResult fp32 = f.run();
        QVERIFY(fp32.valid);
        QVERIFY2(fp32.hfu > 0 && fp32.hfu <= f.gpu.efficiency.attentionMaxFraction * 2.0 + 1e-9,
                 qPrintable(QString::number(fp32.hfu)));   // causal attention counted non-causal: at most 2x
        // A layout that needs more GPUs than the plan has (the layout check flags it) is timed
        // on its own tp x pp x dp x cp GPUs, and per-GPU figures are over those.
        Fixture g;
        g.plan.hardware.numGpus = 7;
        g.plan.parallelism.dp = 0;   // derived: max(7 / 128, 1) = 1, so 128 GPUs run the step
        const TrainingResult over = g.run();
        QVERIFY(over.valid && over.hfu > 0 && over.hfu <= 1.0);
        QVERIFY(near(over.tokensPerSPerGpu, over.tokensPerS / 128.0, 1e-12));
    }

    void unsupportedFormatIsInvalid() const
    {
        Fixture f;
        f.plan.precision.compute = Dtype::FP8;   // no fp8 peak on this A100
        QVERIFY(!f.run().valid);
    }

    void extremeInputsStayFinite() const
    {
        Fixture f;
        f.plan.hardware.numGpus = 1;
        f.plan.parallelism.tp = 1;
        f.plan.parallelism.pp = 1;
        f.plan.parallelism.dp = 1;
        f.plan.workload.training.globalBatch = 1;
        f.plan.workload.training.seqLen = 1;
        const TrainingResult tiny = f.run();
        QVERIFY(tiny.valid && std::isfinite(tiny.stepTimeS));
        f.plan.workload.training.seqLen = 1 << 20;
        f.plan.parallelism.cp = 1;
        const TrainingResult huge = f.run();
        QVERIFY(huge.valid && std::isfinite(huge.stepTimeS) && std::isfinite(huge.mfu));
        f.node.nicsPerNode = 0;
        f.plan.hardware.numGpus = 16;
        f.plan.parallelism.dp = 16;
        QVERIFY(std::isfinite(f.run().stepTimeS));
    }
};

QTEST_APPLESS_MAIN(TestTrainingTime)
#include "tst_trainingtime.moc"

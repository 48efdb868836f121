// SPDX-License-Identifier: GPL-3.0-or-later
// The training step's mixture-of-experts and DeepSeek-V3-era parts (perf/TrainingTime.h,
// perf/ExpertRouting.h) on the hand-made specs of tests/support/TrainingFixture.h: the expert
// all-to-all and its bytes per direction, the recompute of MoE and MLA modules, node-limited routing, DualPipe, MTP and FP8/NVFP4 recipes.
#include "perf/ExpertRouting.h"
#include "perf/LayerCost.h"
#include "perf/TrainingComm.h"
#include "plan/RecomputeModules.h"
#include "support/Near.h"
#include "support/TrainingFixture.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;
using gpuplan::test::near;
using Fixture = gpuplan::test::TrainingFixture;

class TestMoeTrainingTime final : public QObject
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
};

QTEST_APPLESS_MAIN(TestMoeTrainingTime)
#include "tst_moetrainingtime.moc"

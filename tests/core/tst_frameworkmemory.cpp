// SPDX-License-Identifier: GPL-3.0-or-later
// How each training stack lays out memory (docs/memory.md §3, §4, §9-§11): recompute policies sized by
// what they save, loss kernels, gradient lifetime, activation offloading, FSDP2 with pipelining, the
// CUDA-reported device total, the fit verdict with its band and the host-memory check.
#include "catalog/CatalogLoader.h"
#include "common/Units.h"
#include "memory/ActivationMemory.h"
#include "memory/FrameworkMemory.h"
#include "memory/FrameworkOverhead.h"
#include "memory/MemoryAssumptions.h"
#include "memory/MemoryModel.h"
#include "memory/ModelStateMemory.h"
#include "plan/FrameworkPresets.h"

#include "MemoryFixtures.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

namespace {

using Fixture = test::Mtt24Fixture;
using test::nearRel;

} // namespace

class TestFrameworkMemory final : public QObject
{
    Q_OBJECT

private slots:
    void presetsFixWhatSelectiveMeans() const
    {
        QCOMPARE(Fixture(Framework::Fsdp2).plan.parallelism.recompute, Recompute::SelectiveOp);
        QCOMPARE(Fixture(Framework::Megatron).plan.parallelism.recompute, Recompute::Selective);
        QCOMPARE(Fixture(Framework::Torchtune).plan.parallelism.recompute, Recompute::EveryN);
        QCOMPARE(Fixture(Framework::Megatron).plan.parallelism.sharding, ShardingImpl::Megatron);
        QCOMPARE(Fixture(Framework::DeepSpeed).plan.parallelism.sharding, ShardingImpl::DeepSpeed);
        QCOMPARE(Fixture(Framework::Fsdp2).plan.parallelism.sharding, ShardingImpl::Fsdp);
        // A plan without recompute keeps none.
        Plan p;
        p.parallelism.recompute = Recompute::None;
        applyFrameworkPreset(p, Framework::Fsdp2);
        QCOMPARE(p.parallelism.recompute, Recompute::None);
    }

    void selectiveOpSavesTorchtitansList() const
    {
        // torchtitan's op policy saves the layer input, wq, wv, w1 and w2 outputs and the attention
        // output (bf16) and the fp32 log-sum-exp per head: 2·(4096 + 4096 + 1024 + 14336 + 4096 + 4096)
        // + 4·32 = 63,616 bytes per token.
        Fixture f;
        const ActivationConfig c = f.activations();
        QVERIFY(nearRel(layerBytesPerToken(f.rp.shape, c, Recompute::SelectiveOp), 63616.0));
        // Per-N-layer lies between full and none; full keeps the input only.
        const double none = layerBytesPerToken(f.rp.shape, c, Recompute::None);
        const double full = layerBytesPerToken(f.rp.shape, c, Recompute::Full);
        QVERIFY(nearRel(full, 2.0 * 4096));
        ActivationConfig every2 = c;
        every2.recomputeEvery = 2;
        QVERIFY(nearRel(layerBytesPerToken(f.rp.shape, every2, Recompute::EveryN), (none + full) / 2));
        QVERIFY(recomputeWorkingSetBytes(f.rp.shape, every2, Recompute::EveryN) > 0);
    }

    void pytorchEagerAndCompiledLayers() const
    {
        // Eager Llama layer: two fp32-upcasting RMSNorms 16·h, RoPE fp32 q and k 4·(4096 + 1024),
        // q, k, v 2·6144, attention output and its copy 4·4096, log-sum-exp 4·32, SwiGLU 8·14336.
        Fixture f(Framework::Torchtune);
        ActivationConfig c = f.activations();
        const double eager = 16.0 * 4096 + 4.0 * (4096 + 1024) + 2.0 * 6144 + 4.0 * 4096 + 4.0 * 32 + 8.0 * 14336;
        QVERIFY(nearRel(layerBytesPerToken(f.rp.shape, c, Recompute::None), eager));
        c.compiled = true;
        const double compiled = 8.0 * 4096 + 2.0 * 6144 + 4.0 * 4096 + 4.0 * 32 + 6.0 * 14336;
        QVERIFY(nearRel(layerBytesPerToken(f.rp.shape, c, Recompute::None), compiled));
    }

    void lossKernels() const
    {
        // Per token on one GPU: PyTorch's standard cross-entropy 12 B per logit, HF's 16, Megatron's 6;
        // chunked keeps the bf16 logits (+ fp32 log-softmax when eager) and one chunk's fp32 work;
        // fused never holds the logits. The final norm output (2·h) is common to all.
        Fixture f;
        ActivationConfig c = f.activations();
        c.seq = 1;
        c.microBatch = 1;
        const double V = 128256, h = 4096;
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), 12 * V + 2 * h));
        c.standardLossBytes = frameworkMemoryTraits(Framework::HfPeft).standardLossBytesPerLogit;
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), 16 * V + 2 * h));
        c.standardLossBytes = frameworkMemoryTraits(Framework::Megatron).standardLossBytesPerLogit;
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), 6 * V + 2 * h));
        c.loss = LossKernel::Chunked;
        c.lossChunks = 8;
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), (2 + 4 + 1) * V + 2 * h));
        c.compiledLoss = true;
        // Compiled per chunk: the upcast fuses into the log-sum-exp and the backward writes each
        // chunk's gradient in bf16, so the 16-bit logits plus one chunk's 16-bit gradient.
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), (2 + 2.0 / 8) * V + 2 * h));
        c.loss = LossKernel::Standard;
        c.standardLossBytes = 12;
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), 8 * V + 2 * h));   // compiled: fp32 input and its gradient
        c.loss = LossKernel::Fused;
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), 12 * h + 2 * h));
    }

    void outputLayerGradientJoinsTheLoss() const
    {
        // The output layer's backward follows the cross-entropy's: the logits' bf16 gradient (every
        // chunk's) next to the V x h weight gradient it makes. It sets the loss's peak when that
        // gradient outweighs the loss kernel's own work; a fused loss makes it in its forward.
        Fixture f;
        ActivationConfig c = f.activations();
        c.seq = 1;
        c.microBatch = 1;
        c.loss = LossKernel::Chunked;
        c.lossChunks = 8;
        c.compiledLoss = true;
        const double V = 128256, h = 4096;
        const double without = logitsBytes(f.rp.shape, c);
        c.outputGradBytes = 2 * V * h;
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), 2 * V + 2 * V * h + 2 * h));
        QVERIFY(logitsBytes(f.rp.shape, c) > without);
        c.loss = LossKernel::Fused;
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), 12 * h + 2 * h + 2 * V * h));
        // Standard loss at 8k tokens: the kernel's 12 B per logit outweighs 2 B + the weight gradient.
        c = f.activations();
        c.tp = 1;
        c.outputGradBytes = 2 * V * h;
        const double tokens = c.tokensPerGpu();
        QVERIFY(nearRel(logitsBytes(f.rp.shape, c), tokens * (12 * V + 2 * h)));

        // In a plan: one GPU, full fine-tuning with the chunked compiled loss and the optimizer step
        // in the backward (torchtune's single-device recipe; no gradient buffer): the bf16 output
        // gradient is in the loss's peak; LoRA's frozen output layer has none.
        Fixture one(Framework::Torchtune);
        one.plan.hardware.numGpus = 1;
        one.plan.parallelism.dp = 1;
        one.plan.parallelism.zero = 0;
        one.plan.parallelism.recompute = Recompute::Full;
        one.plan.parallelism.compile = true;
        one.plan.parallelism.optimizerInBackward = true;
        one.plan.workload.training.globalBatch = 2;
        one.plan.workload.training.loss = LossKernel::Chunked;
        one.plan.precision.weights = one.plan.precision.gradients = one.plan.precision.optimizerStates = Dtype::BF16;
        one.plan.precision.masterWeights = false;
        one.plan.overheads.allocatorSlack = 0;
        const MemoryResult full = one.run();
        const ActivationConfig a = one.activations();
        const double tokens1 = a.tokensPerGpu();
        QCOMPARE(full.breakdown.gradients, 0.0);
        QVERIFY(nearRel(full.breakdown.logitsLoss, tokens1 * (2 * V + 2 * h) + 2 * V * h));   // the loss phase
        one.plan.workload.training.fineTune = FineTune::Lora;
        const MemoryResult lora = one.run();
        QVERIFY(nearRel(lora.breakdown.logitsLoss, tokens1 * ((2 + 2.0 / 8) * V + 2 * h)));
    }

    void quantizedBaseIsDequantizedOneMatrixAtATime() const
    {
        // QLoRA: torchao's linear_nf4 / bitsandbytes dequantize the whole weight to bf16 for each
        // matmul, forward and backward: the widest matrix of a layer (h x f = 4096 x 14336) joins the
        // transients of the layer being computed, whatever the recompute policy.
        Fixture f(Framework::Torchtune);
        f.plan.workload.training.fineTune = FineTune::Lora;
        const ActivationConfig bf16 = f.activations();
        QCOMPARE(bf16.dequantBytes, 0.0);
        f.plan.workload.training.fineTune = FineTune::Qlora;
        const ActivationConfig nf4 = f.activations();
        QVERIFY(nearRel(nf4.dequantBytes, 4096.0 * 14336 * 2));
        QVERIFY(nearRel(recomputeWorkingSetBytes(f.rp.shape, nf4, Recompute::None), 4096.0 * 14336 * 2));
        QVERIFY(nearRel(recomputeWorkingSetBytes(f.rp.shape, nf4, Recompute::Full),
                     recomputeWorkingSetBytes(f.rp.shape, bf16, Recompute::Full) + 4096.0 * 14336 * 2));
        f.plan.parallelism.tp = 2;
        f.plan.parallelism.dp = 4;
        QVERIFY(nearRel(f.activations().dequantBytes, 4096.0 * 14336));   // split by TP
    }

    void gradientsFreedUntilTheBackward() const
    {
        // FSDP2, one micro-batch per step: set_to_none frees the gradients, so the forward's peak holds
        // none; Megatron's main_grad buffer holds them throughout.
        Fixture fsdp(Framework::Fsdp2);
        const MemoryResult a = fsdp.run();
        QCOMPARE(a.breakdown.gradients, 0.0);
        QVERIFY(a.breakdown.logitsLoss > 0);
        Fixture megatron(Framework::Megatron);
        megatron.plan.parallelism.zero = 1;
        QVERIFY(megatron.run().breakdown.gradients > 0);
        // Gradient accumulation: earlier micro-batches' gradients are alive in the next forward.
        fsdp.plan.workload.training.globalBatch = 64;
        QVERIFY(fsdp.run().breakdown.gradients > 0);
    }

    void activationOffloadMovesActivationsToTheHost() const
    {
        Fixture f(Framework::Torchtune);
        f.plan.parallelism.recompute = Recompute::None;
        const MemoryResult on = [&] {
            f.plan.parallelism.activationOffload = true;
            return f.run();
        }();
        f.plan.parallelism.activationOffload = false;
        const MemoryResult off = f.run();
        const ActivationConfig c = f.activations();
        const double perLayer = layerActivationBytes(f.rp.shape, c, Recompute::None);
        QVERIFY(on.breakdown.activations < off.breakdown.activations);
        QVERIFY(on.breakdown.activations <= memassume::kOffloadResidentLayers * perLayer + 1.0);
        // The host holds the rest, for each of the node's GPUs.
        QVERIFY(on.hostBytesPerNode > off.hostBytesPerNode + 8 * 20 * perLayer);
    }

    void fsdp2WithPipelineKeepsTheStageUnsharded() const
    {
        // torchtitan pipelining: reshard_after_forward=False and unsharded fp32 gradient accumulation,
        // +2 B and +4 B per parameter of the stage.
        Fixture f;
        f.plan.hardware.numGpus = 16;
        f.plan.parallelism.pp = 2;
        f.plan.workload.training.globalBatch = 64;
        const Layout l = layoutFromPlan(f.plan);
        f.refresh();
        const StageParams st = firstStageParams(f.rp.shape, l);
        const ModelStateBytes fsdp2 = modelStateBytes(f.plan, f.rp.shape, l, st);
        QVERIFY(fsdp2.gradients >= 4.0 * st.total() * 0.999);
        QVERIFY(fsdp2.gathered >= 2.0 * st.total() * (1.0 - 1.0 / 8) * 0.999);
        Plan fsdp1 = f.plan;
        fsdp1.parallelism.framework = Framework::Fsdp1;
        const ModelStateBytes flat = modelStateBytes(fsdp1, f.rp.shape, l, st);
        QVERIFY(flat.gradients < fsdp2.gradients / 4);
    }

    void cudaReportedDeviceTotal() const
    {
        // docs/references.md §14: CUDA deviceQuery on an H100 80GB HBM3 reports 85,045,477,376 bytes.
        const GpuSpec *h100 = bundledCatalog().findGpu("H100-SXM-80GB");
        QVERIFY(h100);
        QCOMPARE(h100->cudaTotalBytes, 85045477376.0);
        QCOMPARE(deviceTotalBytes(*h100), 85045477376.0);
        // Without a driver figure: the capacity as sold.
        const GpuSpec *l4 = bundledCatalog().findGpu("L4-24GB");
        QVERIFY(l4 && l4->cudaTotalBytes == 0 && deviceTotalBytes(*l4) == l4->memoryBytes);
        Fixture f;
        f.gpu = *h100;
        QCOMPARE(f.run().capacityBytes, 85045477376.0);
    }

    void verdictBand() const
    {
        MemoryResult m;
        m.capacityBytes = 100;
        m.perGpuBytes = 80;
        setMemoryVerdict(m);
        QCOMPARE(m.verdict, MemoryVerdict::Fits);   // 80 x 1.16 = 92.8 <= 100
        m.perGpuBytes = 95;
        setMemoryVerdict(m);
        QCOMPARE(m.verdict, MemoryVerdict::Borderline);
        m.perGpuBytes = 110;
        setMemoryVerdict(m);
        QCOMPARE(m.verdict, MemoryVerdict::Borderline);   // 110 x 0.84 = 92.4 <= 100
        m.perGpuBytes = 120;
        setMemoryVerdict(m);
        QCOMPARE(m.verdict, MemoryVerdict::DoesNotFit);
        QCOMPARE(std::string(memoryVerdictText(MemoryVerdict::Borderline)), std::string("borderline"));
    }

    void hostMemoryOfFullCpuOffload() const
    {
        // 405B (Llama 3.1 405B shape) with ZeRO-3 parameter and optimizer offload on one 8-GPU node
        // with 2 TB of RAM: 16 B per parameter of states leave the GPUs, about 6.5 TB, more than the
        // node holds. The GPUs fit; the plan does not.
        Fixture f;
        ModelArch &a = f.plan.model;
        a.layers = 126;
        a.hidden = 16384;
        a.heads = 128;
        a.kvHeads = 8;
        a.ffnHidden = 53248;
        f.plan.workload.training.seqLen = 2048;
        f.plan.workload.training.microBatch = 1;
        f.plan.workload.training.globalBatch = 8;
        f.plan.parallelism.recompute = Recompute::Full;
        f.plan.parallelism.offloadParams = Offload::Cpu;
        f.plan.parallelism.offloadOptimizer = Offload::Cpu;
        f.gpu.memoryBytes = 80e9;
        const MemoryResult m = f.run();
        QVERIFY(m.hostBytesPerNode > 6e12);
        QVERIFY(nearRel(m.hostCapacityBytes, 2e12 * (1 - memassume::kHostReserveFraction)));
        QVERIFY(!m.hostFits);
        QCOMPARE(m.verdict, MemoryVerdict::DoesNotFit);
        QVERIFY(m.perGpuBytes < m.capacityBytes);
        // With enough RAM it fits.
        f.node.ramBytes = 20e12;
        QVERIFY(f.run().fits);
    }
};

QTEST_APPLESS_MAIN(TestFrameworkMemory)
#include "tst_frameworkmemory.moc"

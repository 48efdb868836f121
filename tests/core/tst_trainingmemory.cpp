// SPDX-License-Identifier: GPL-3.0-or-later
// How the training estimate puts the components together (docs/memory.md §1-§5): the most-loaded
// pipeline stage, the transients that never coexist, paged optimizer states, framework overhead
// and what each memory counter sees.
#include "common/Units.h"
#include "memory/ActivationMemory.h"
#include "memory/MemoryAssumptions.h"
#include "memory/MemoryCounter.h"
#include "memory/MemoryModel.h"
#include "memory/ModelStateMemory.h"

#include "MemoryFixtures.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

namespace {

// Megatron ZeRO-1 with selective recompute on a GPU of memoryGB.
struct Fixture : test::MegatronFixture
{
    explicit Fixture(double memoryGB = 80) : MegatronFixture(Recompute::Selective, memoryGB * 1e9) {}
};

using test::nearRel;

} // namespace

class TestTrainingMemory final : public QObject
{
    Q_OBJECT

private slots:
    void componentsAddUpWithoutOverheads() const
    {
        // With the overheads set to zero, the peak is the model states plus the stored activations
        // plus the larger of the logits and the recompute working set (here: the logits).
        Fixture f(200);
        f.plan.overheads.cudaContextGiB = 0;
        f.plan.overheads.allocatorSlack = 0;
        f.plan.overheads.commBufferGiB = 0;
        const MemoryResult m = f.run();
        const Layout l = layoutFromPlan(f.plan);
        const ModelStateBytes st = modelStateBytes(f.plan, f.rp.shape, l, firstStageParams(f.rp.shape, l));
        ActivationConfig c;
        c.seq = 4096;
        c.tp = 1;
        const double stored = 32 * layerActivationBytes(f.rp.shape, c, Recompute::Selective) + embeddingActivationBytes(f.rp.shape, c);
        // Selective recompute re-runs one layer's attention core (with FlashAttention: its softmax
        // statistics); the loss (larger here) never coexists with it.
        const double working = recomputeWorkingSetBytes(f.rp.shape, c, Recompute::Selective);
        const double logits = logitsBytes(f.rp.shape, c);
        QVERIFY(working > 0 && working < logits);
        const double expected = st.weights + st.gradients + st.optimizerStates + st.masterWeights + stored + logits;
        QVERIFY(nearRel(m.perGpuBytes, expected));
        // The peak is the loss phase at the end of the forward: the stored activations and the
        // whole loss (the recompute working set comes later, in the backward).
        QVERIFY(nearRel(m.breakdown.activations, stored));
        QVERIFY(nearRel(m.breakdown.logitsLoss, logits));
        QCOMPARE(m.outsideAllocatorBytes, 0.0);
        QVERIFY(m.fits);
    }

    void overheadsDefaultsAndCounters() const
    {
        // Defaults from memory/MemoryAssumptions.h; torch's allocated counter sees neither the
        // context nor the slack, reserved adds the slack, the device view adds the context and NCCL.
        Fixture f;
        const MemoryResult m = f.run();
        QVERIFY(nearRel(m.breakdown.cudaContext, memassume::kCudaContextGiB * units::kGiB));
        const double nccl = memassume::kNcclGiBPerCommunicator * units::kGiB;   // one DP communicator
        QVERIFY(nearRel(m.outsideAllocatorBytes, m.breakdown.cudaContext + nccl));
        const double allocated = bytesSeenBy(m, MemoryCounter::Allocated);
        // The model states are allocated once and their blocks reused every step (Megatron: the
        // contiguous param_and_grad_buffer.py buffers): the slack is on the rest of what is allocated.
        const double buffers =
            m.breakdown.weights + m.breakdown.gradients + m.breakdown.optimizerStates + m.breakdown.masterWeights;
        QVERIFY(buffers > 0.2 * allocated);
        QVERIFY(nearRel(m.breakdown.allocatorSlack, memassume::kAllocatorSlack * (allocated - buffers)));
        QVERIFY(nearRel(bytesSeenBy(m, MemoryCounter::Reserved), allocated + m.breakdown.allocatorSlack));
        // A stack that rebuilds its states after the model is made (DeepSpeed's flattened groups)
        // has the slack on everything it allocates.
        f.plan.parallelism.framework = Framework::DeepSpeed;
        const MemoryResult g = f.run();
        QVERIFY(nearRel(g.breakdown.allocatorSlack, memassume::kAllocatorSlack * bytesSeenBy(g, MemoryCounter::Allocated)));
        f.plan.parallelism.framework = Framework::Megatron;
        QVERIFY(nearRel(bytesSeenBy(m, MemoryCounter::Device), m.perGpuBytes));
        QVERIFY(nearRel(m.perGpuBytes, m.breakdown.total()));
        // An override replaces the default.
        f.plan.overheads.cudaContextGiB = 0.5;
        QVERIFY(nearRel(f.run().breakdown.cudaContext, 0.5 * units::kGiB));
    }

    void fullRecomputeKeepsOneLayerWorkingSet() const
    {
        // Korthikanti Table 2, full recompute: 2 s b h per layer plus one layer's full activations
        // while it is recomputed, less its checkpointed input (stored already); that transient and
        // the logits never coexist.
        Fixture f;
        f.plan.model.vocab = 1000;   // small logits: the working set sets the peak
        f.plan.parallelism.recompute = Recompute::Full;
        f.plan.overheads.cudaContextGiB = 0;
        f.plan.overheads.allocatorSlack = 0;
        const MemoryResult m = f.run();
        ActivationConfig c;
        c.seq = 4096;
        const double stored = 32 * layerActivationBytes(f.rp.shape, c, Recompute::Full) + embeddingActivationBytes(f.rp.shape, c);
        const double working = layerActivationBytes(f.rp.shape, c, Recompute::None) - layerActivationBytes(f.rp.shape, c, Recompute::Full);
        QVERIFY(nearRel(m.breakdown.activations, stored + working));
        QCOMPARE(m.breakdown.logitsLoss, 0.0);
    }

    void mtpModulesKeepTheirLossForTheBackward() const
    {
        // DeepSeek-V3 report §2.2: each MTP module's cross-entropy is added to the main loss, so at
        // the main loss's peak the MTP loss's fp32 softmax (Megatron's vocab-parallel
        // cross-entropy, 4 B per logit) waits for the backward next to it.
        Fixture f(400);
        f.plan.overheads.cudaContextGiB = 0;
        f.plan.overheads.allocatorSlack = 0;
        f.plan.overheads.commBufferGiB = 0;
        const MemoryResult plain = f.run();
        f.plan.model.mtpLayers = 1;
        f.refresh();
        const MemoryResult mtp = f.run();
        const double savedSoftmax = 4096.0 * f.rp.shape.vocab * memassume::kLossSoftmaxBytes;
        ActivationConfig c;
        c.seq = 4096;
        QVERIFY(nearRel(savedLossBytes(f.rp.shape, c), savedSoftmax));
        QVERIFY(nearRel(mtp.breakdown.logitsLoss - plain.breakdown.logitsLoss, savedSoftmax));
        // A fused loss never holds the logits: nothing waits.
        c.loss = LossKernel::Fused;
        QCOMPARE(savedLossBytes(f.rp.shape, c), 0.0);
    }

    void mostLoadedStageIsTheHeavierOfFirstAndLast() const
    {
        // docs/formulas.md §2.3 / §3: the first stage holds the embedding and p micro-batches in flight,
        // the last the output layer and the logits; a 1M-token vocabulary makes the last one heavier.
        Fixture f;
        f.plan.parallelism.pp = 4;
        f.plan.parallelism.dp = 2;
        f.plan.parallelism.recompute = Recompute::Full;
        f.plan.model.vocab = 1000000;
        const MemoryResult big = f.run();
        QVERIFY(big.breakdown.logitsLoss > 0);   // the last stage was reported
        f.plan.model.vocab = 32000;
        const MemoryResult small = f.run();
        QCOMPARE(small.breakdown.logitsLoss, 0.0);   // the first stage was reported
    }

    void pagedOptimizerStatesSpillWhenTheGpuIsFull() const
    {
        // bitsandbytes paged optimizers: states stay on the GPU while they fit, the rest is evicted
        // to host memory; torch's counters never see them.
        Fixture roomy(400);
        roomy.plan.precision.optimizer = Optimizer::Adam8bit;
        roomy.plan.parallelism.offloadOptimizer = Offload::Paged;
        roomy.plan.parallelism.zero = 0;
        roomy.plan.parallelism.recompute = Recompute::Full;
        const MemoryResult r = roomy.run();
        QCOMPARE(r.offloadedCpuBytes, 0.0);
        QVERIFY(r.outsideAllocatorBytes > r.breakdown.cudaContext + 2 * roomy.rp.shape.totalParams);

        Fixture tight(80);
        tight.plan = roomy.plan;
        const MemoryResult t = tight.run();
        QVERIFY(t.offloadedCpuBytes > 0);
        QVERIFY(t.perGpuBytes <= tight.gpu.memoryBytes * (1 + 1e-12));
        QVERIFY(nearRel(bytesSeenBy(t, MemoryCounter::Reserved), bytesSeenBy(r, MemoryCounter::Reserved)));
    }

    void doesNotFitOnASmallGpu() const
    {
        Fixture f(24);
        f.plan.parallelism.dp = 1;
        f.plan.hardware.numGpus = 1;
        f.plan.parallelism.zero = 0;
        const MemoryResult m = f.run();
        QVERIFY(!m.fits);
        QCOMPARE(m.capacityBytes, 24e9);
    }

    void noNonFiniteValuesForExtremeInputs() const
    {
        Fixture f;
        f.plan.model.layers = 1;
        f.plan.parallelism.pp = 8;   // more stages than layers
        f.plan.workload.training.globalBatch = 1;
        const MemoryResult m = f.run();
        QVERIFY(std::isfinite(m.perGpuBytes) && m.perGpuBytes > 0);
    }
};

QTEST_APPLESS_MAIN(TestTrainingMemory)
#include "tst_trainingmemory.moc"

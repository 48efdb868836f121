// SPDX-License-Identifier: GPL-3.0-or-later
// Memory over one training step (docs/memory.md "Over one step"): the phases of each pipeline
// stage in time order, the peak as the largest phase with its breakdown and its name, the
// schedule's in-flight micro-batches, the optimizer step's transient, framework defaults for
// what a run leaves blank, and host RAM reported on the node rather than the GPU.
#include "common/Units.h"
#include "eval/Diagnostics.h"
#include "memory/ActivationMemory.h"
#include "memory/FrameworkMemory.h"
#include "memory/FrameworkOverhead.h"
#include "memory/MemoryModel.h"
#include "memory/MemoryTimeline.h"
#include "memory/ModelStateMemory.h"
#include "plan/FrameworkPresets.h"

#include "MemoryFixtures.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <string>

using namespace gpuplan;

namespace {

// Megatron ZeRO-1 without recompute on a GPU large enough for every variant the tests try.
struct Fixture : test::MegatronFixture
{
    Fixture() : MegatronFixture(Recompute::None, 400e9) {}
};

const MemoryPhase *find(const MemoryTimeline &t, MemoryPhaseKind kind, int stage)
{
    for (int i = 0; i < t.count; ++i) {
        const MemoryPhase &p = t.phases[static_cast<std::size_t>(i)];
        if (p.kind == kind && p.stage == stage)
            return &p;
    }
    return nullptr;
}

} // namespace

class TestMemoryTimeline final : public QObject
{
    Q_OBJECT

private slots:
    void peakIsTheLargestPhaseInTimeOrder() const
    {
        Fixture f;
        f.plan.parallelism.pp = 4;
        f.plan.parallelism.dp = 2;
        f.plan.parallelism.recompute = Recompute::Selective;
        const MemoryResult m = f.run();
        const MemoryTimeline t = f.timeline();
        // Both stages: six phases on the last (with the loss), five on the first.
        QCOMPARE(t.count, 11);
        QCOMPARE(t.pipelineStages, 4);
        for (int i = 1; i < t.count; ++i)
            QVERIFY(t.phases[static_cast<std::size_t>(i - 1)].timeFraction <= t.phases[static_cast<std::size_t>(i)].timeFraction);
        const MemoryPhase *peak = memoryPeakPhase(t);
        QVERIFY(peak);
        for (int i = 0; i < t.count; ++i)
            QVERIFY(t.phases[static_cast<std::size_t>(i)].bytes.total() <= peak->bytes.total());
        // The evaluation's breakdown is the peak phase's, overheads included.
        QCOMPARE(m.perGpuBytes, peak->bytes.total());
        QCOMPARE(m.breakdown.activations, peak->bytes.activations);
        QCOMPARE(m.breakdown.cudaContext, peak->bytes.cudaContext);
        // The first stage's four micro-batches in flight make the peak, at the first backward with
        // its attention-core recompute (Megatron's gradient buffer exists throughout).
        const std::string name = memoryPhaseName(*peak, t.pipelineStages);
        QVERIFY2(name == "backward of micro-batch 1 on stage 0", name.c_str());
        QCOMPARE(memoryPhaseId(peak->kind), "backward");
    }

    void scheduleSetsTheMicroBatchesInFlight() const
    {
        // 1F1B holds min(p, m) micro-batches on stage 0, GPipe all m: m = 64 / (2 x 1) = 32.
        Fixture f;
        f.plan.parallelism.pp = 4;
        f.plan.parallelism.dp = 2;
        const MemoryTimeline oneF = f.timeline();
        f.plan.parallelism.schedule = PipelineSchedule::GPipe;
        const MemoryTimeline gpipe = f.timeline();
        const MemoryPhase *a = find(oneF, MemoryPhaseKind::Forward, 0);
        const MemoryPhase *b = find(gpipe, MemoryPhaseKind::Forward, 0);
        QVERIFY(a && b);
        QCOMPARE(a->microBatch, 4);
        QCOMPARE(b->microBatch, 32);
        // Stored activations scale with the micro-batches held (the embedding's extras too).
        QVERIFY(std::fabs(b->bytes.activations / a->bytes.activations - 8.0) < 1e-9);
        // GPipe's first backward waits for every forward: later in the step than 1F1B's.
        QVERIFY(find(gpipe, MemoryPhaseKind::Backward, 0)->timeFraction > find(oneF, MemoryPhaseKind::Backward, 0)->timeFraction);
        // The last stage holds one micro-batch under 1F1B and shows the loss phase.
        QVERIFY(find(oneF, MemoryPhaseKind::Loss, 3));
        QVERIFY(!find(oneF, MemoryPhaseKind::Loss, 0));
    }

    void foreachAdamWStepHoldsACopyOfOneMoment() const
    {
        // torch.optim's foreach AdamW (HF Trainer's adamw_torch) computes _foreach_sqrt of every
        // second moment at the step: half the fp32 optimizer state as a transient. torchtune's
        // configs run it fused: no transient.
        Fixture f;
        f.plan.hardware.numGpus = 1;
        f.plan.parallelism.dp = 1;
        f.plan.parallelism.zero = 0;
        f.plan.parallelism.sharding = ShardingImpl::Fsdp;
        f.plan.parallelism.recompute = Recompute::Full;
        f.plan.workload.training.globalBatch = 1;
        f.plan.model.layers = 8;   // a small model whose optimizer step outweighs its activations
        f.plan.parallelism.framework = Framework::HfPeft;
        const MemoryTimeline hf = f.timeline();
        const MemoryPhase *step = find(hf, MemoryPhaseKind::OptimizerStep, 0);
        QVERIFY(step);
        QVERIFY(std::fabs(step->bytes.workspace - 0.5 * step->bytes.optimizerStates) <= 1e-9 * step->bytes.workspace);
        QCOMPARE(memoryPeakPhase(hf)->kind, MemoryPhaseKind::OptimizerStep);
        QVERIFY(!frameworkMemoryTraits(Framework::Torchtune).foreachOptimizer);
        f.plan.parallelism.framework = Framework::Torchtune;
        QCOMPARE(find(f.timeline(), MemoryPhaseKind::OptimizerStep, 0)->bytes.workspace, 0.0);
        // An optimizer fused into the backward has no step of its own.
        f.plan.parallelism.framework = Framework::HfPeft;
        f.plan.parallelism.optimizerInBackward = true;
        QCOMPARE(find(f.timeline(), MemoryPhaseKind::OptimizerStep, 0)->bytes.workspace, 0.0);
    }

    void fsdpGradientsAppearOnlyInTheBackward() const
    {
        // FSDP2 without accumulation: zero_grad(set_to_none) leaves no gradient at the step's start;
        // they exist at the end of the backward and in the optimizer step.
        Fixture f;
        f.plan.parallelism.zero = 3;
        f.plan.parallelism.sharding = ShardingImpl::Fsdp;
        f.plan.parallelism.framework = Framework::Fsdp2;
        f.plan.workload.training.globalBatch = 8;
        const MemoryTimeline t = f.timeline();
        QCOMPARE(find(t, MemoryPhaseKind::StepStart, 0)->bytes.gradients, 0.0);
        QCOMPARE(find(t, MemoryPhaseKind::Forward, 0)->bytes.gradients, 0.0);
        QVERIFY(find(t, MemoryPhaseKind::BackwardEnd, 0)->bytes.gradients > 0);
        QCOMPARE(find(t, MemoryPhaseKind::OptimizerStep, 0)->bytes.activations, 0.0);
        QCOMPARE(find(t, MemoryPhaseKind::Loss, 0)->microBatch, 1);
    }

    void firstBackwardHoldsTheUnitGradientItMakes() const
    {
        // FSDP2 with one micro-batch: no gradient before the backward at any ZeRO stage. The first
        // backward has made one unit's gradient: its own .grad in the fp32 gradient dtype when
        // gradients are not sharded (NO_SHARD, ZeRO-1), the unsharded 16-bit copy before its
        // reduce-scatter when they are (ZeRO-2/3). More sharding never adds to what that moment
        // allocates; from ZeRO-2 on, the sharded gradients' blocks stay reserved on the
        // reduce-scatter stream (FrameworkMemoryTraits::gradientBlocksOnReduceStream), so the
        // allocator's gap there holds them.
        Fixture f;
        f.plan.parallelism.sharding = ShardingImpl::Fsdp;
        f.plan.parallelism.framework = Framework::Fsdp2;
        f.plan.workload.training.globalBatch = 8;
        f.plan.parallelism.zero = 0;
        const Layout layout = layoutFromPlan(f.plan);
        f.refresh();
        const StageParams stage = firstStageParams(f.rp.shape, layout);
        const double unitParams = std::max(stage.layerParams, stage.embeddingUnit);
        double previous = 0;
        for (int zero = 0; zero <= 3; ++zero) {
            f.plan.parallelism.zero = zero;
            const MemoryTimeline t = f.timeline();
            const MemoryPhase *forward = find(t, MemoryPhaseKind::Forward, 0);
            const MemoryPhase *backward = find(t, MemoryPhaseKind::Backward, 0);
            QVERIFY(forward && backward);
            QCOMPARE(forward->bytes.gradients, 0.0);
            if (zero < 2)
                QVERIFY(test::nearRel(backward->bytes.gradients, 4.0 * unitParams));
            else
                QVERIFY(backward->bytes.gradients == 0.0 && backward->bytes.commBuffers >= 2.0 * unitParams);
            const double allocated = backward->bytes.total() - backward->bytes.allocatorSlack;
            if (zero > 0)
                QVERIFY2(allocated <= previous, std::to_string(zero).c_str());
            if (zero >= 2)
                QVERIFY(backward->bytes.allocatorSlack >= find(t, MemoryPhaseKind::BackwardEnd, 0)->bytes.gradients);
            previous = allocated;
        }
    }

    void frameworkDefaultsForBlankSettings() const
    {
        // Documented defaults (FrameworkPresets.cpp): torchtune's shipped configs checkpoint and
        // chunk the loss, Megatron and HF Trainer do not checkpoint, LitGPT checkpoints only
        // under FSDP, ms-swift always, NeMo AutoModel not; torchtitan's selective means "op".
        QCOMPARE(defaultCheckpointing(frameworkDefaults(Framework::Torchtune), 1), Recompute::Full);
        QCOMPARE(frameworkDefaults(Framework::Torchtune).loss, LossKernel::Chunked);
        QCOMPARE(defaultCheckpointing(frameworkDefaults(Framework::Megatron), 64), Recompute::None);
        QCOMPARE(defaultCheckpointing(frameworkDefaults(Framework::HfPeft), 1), Recompute::None);
        QCOMPARE(defaultCheckpointing(frameworkDefaults(Framework::Fsdp2), 8), Recompute::SelectiveOp);
        const FrameworkDefaults &lit = frameworkDefaults(Framework::Torchtune, "LitGPT");
        QCOMPARE(defaultCheckpointing(lit, 1), Recompute::None);
        QCOMPARE(defaultCheckpointing(lit, 8), Recompute::Full);
        QVERIFY(lit.pureHalfPrecision);
        QCOMPARE(defaultCheckpointing(frameworkDefaults(Framework::HfPeft, "ms-swift"), 1), Recompute::Full);
        QCOMPARE(defaultCheckpointing(frameworkDefaults(Framework::Fsdp2, "nemo-automodel"), 8), Recompute::None);
        // Any other name: the framework's own.
        QCOMPARE(&frameworkDefaults(Framework::Fsdp2, "torchtitan"), &frameworkDefaults(Framework::Fsdp2));
    }

    void hostShortageIsReportedOnTheNode() const
    {
        // A plan whose GPUs fit but whose node runs out of RAM: the GPU verdict stays "fits" and
        // the message speaks of host RAM per node.
        MemoryResult m;
        m.perGpuBytes = 40 * units::kGiB;
        m.capacityBytes = 80 * units::kGiB;
        m.hostBytesPerNode = 2.1 * 1024 * units::kGiB;
        m.hostCapacityBytes = 1.5 * 1024 * units::kGiB;
        setMemoryVerdict(m);
        QCOMPARE(m.verdict, MemoryVerdict::DoesNotFit);
        QVERIFY(!m.hostFits);
        QCOMPARE(gpuMemoryVerdict(m), MemoryVerdict::Fits);
        Diagnostic d;
        d.code = DiagCode::DoesNotFit;
        d.field = "hardware.node";
        d.value = m.hostBytesPerNode;
        d.limit = m.hostCapacityBytes;
        const std::string text = describe(d);
        QVERIFY2(text.find("2.1 TiB of host RAM per node, the node has 1.5 TiB") != std::string::npos, text.c_str());
        QVERIFY(text.find("per GPU") == std::string::npos);
    }

    void transformerEngineFp8StoresLinearInputsInFp8() const
    {
        // TE's Linear/LayerNormLinear save the FP8 cast of their input for the weight gradient: the
        // QKV and MLP inputs (the norm outputs) and the second MLP linear's input take 1 byte, the
        // rest stays 16-bit. torchao's float8 (FSDP2) saves the 16-bit input.
        Fixture f;
        f.refresh();
        const Layout l = layoutFromPlan(f.plan);
        const ActivationConfig bf16 = trainingActivationConfig(f.plan, l);
        f.plan.precision.compute = Dtype::FP8;
        const ActivationConfig fp8 = trainingActivationConfig(f.plan, l);
        QCOMPARE(bf16.linearInputBytes, 2.0);
        QCOMPARE(fp8.linearInputBytes, 1.0);
        const double h = 4096, ffn = 14336;
        const double saved = layerBytesPerToken(f.rp.shape, bf16, Recompute::None) - layerBytesPerToken(f.rp.shape, fp8, Recompute::None);
        QVERIFY(std::fabs(saved - (2 * h + ffn)) < 1e-9 * saved);
        f.plan.parallelism.framework = Framework::Fsdp2;
        QCOMPARE(trainingActivationConfig(f.plan, l).linearInputBytes, 2.0);
    }

    void timeFractionsFollowTheSchedule() const
    {
        // 1F1B on 4 stages, 8 micro-batches, backward = 2 forwards: 11 x 3 = 33 forward slots. The
        // last stage's first backward starts after its forward of micro-batch 1 (slot 4), the first
        // stage's after the backward came back through three stages (4 + 3 x 2 = 10).
        const StepSchedule s{PipelineSchedule::OneFOneB, 4, 8, 2.0};
        QCOMPARE(s.total(), 33.0);
        QCOMPARE(s.fraction(MemoryPhaseKind::Backward, 3, 1, 1), 4.0 / 33.0);
        QCOMPARE(s.fraction(MemoryPhaseKind::Backward, 0, 1, 4), 10.0 / 33.0);
        QCOMPARE(s.fraction(MemoryPhaseKind::OptimizerStep, 0, 0, 4), 1.0);
        QCOMPARE(s.fraction(MemoryPhaseKind::StepStart, 0, 0, 4), 0.0);
    }
};

QTEST_APPLESS_MAIN(TestMemoryTimeline)
#include "tst_memorytimeline.moc"

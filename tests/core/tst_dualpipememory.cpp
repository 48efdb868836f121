// SPDX-License-Identifier: GPL-3.0-or-later
// DualPipe's memory (DeepSeek-V3 report, arXiv 2412.19437 §3.2.1 and Table 2): a rank holds stage i
// and stage pp - 1 - i, so twice the parameters of a 1F1B rank (weights, gradients, optimizer
// states and master weights, ZeRO-sharded as the rest), and PP + 1 micro-batches' activations at
// its peak against 1F1B's PP. Pinned on a small plan and on the bundled DeepSeek-V3 recipe.
#include "memory/ActivationMemory.h"
#include "memory/MemoryModel.h"
#include "memory/MemoryTimeline.h"

#include "ExampleFixture.h"
#include "MemoryFixtures.h"

#include <QTest>

#include <cmath>
#include <string>

using namespace gpuplan;

namespace {

const MemoryPhase *find(const MemoryTimeline &t, MemoryPhaseKind kind, int stage)
{
    for (int i = 0; i < t.count; ++i) {
        const MemoryPhase &p = t.phases[static_cast<std::size_t>(i)];
        if (p.kind == kind && p.stage == stage)
            return &p;
    }
    return nullptr;
}

bool near(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

// Model states of a phase (no activations, no overheads).
double states(const MemoryBreakdown &b)
{
    return b.weights + b.gradients + b.optimizerStates + b.masterWeights;
}

} // namespace

class TestDualPipeMemory final : public QObject
{
    Q_OBJECT

private slots:
    void inFlightIsPpPlusOne() const
    {
        // Table 2: PP + 1 micro-batches against 1F1B's PP, on the ranks at either end; never more
        // than the step has.
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::DualPipe, 16, 1, 120, true), 17.0);
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::DualPipe, 16, 1, 120, false), 17.0);
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::OneFOneB, 16, 1, 120, true), 16.0);
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::DualPipe, 16, 1, 8, true), 8.0);
        QCOMPARE(inFlightMicroBatches(PipelineSchedule::DualPipe, 1, 1, 8, true), 1.0);
    }

    void smallPlanHasTwiceTheParametersAndOneMoreMicroBatch() const
    {
        // Llama 3.1 8B on pp = 4, dp = 2 (ZeRO-1 Megatron), m = 64 / 2 = 32: stage 0 (8 layers and
        // the embedding) and stage 3 (8 layers, the final norm and the untied output layer) hold
        // the same parameters but for one norm, so a DualPipe rank holds 2x a 1F1B rank's.
        test::MegatronFixture f(Recompute::None, 400e9);
        f.plan.parallelism.pp = 4;
        f.plan.parallelism.dp = 2;
        const MemoryTimeline oneF = f.timeline();
        f.plan.parallelism.schedule = PipelineSchedule::DualPipe;
        const MemoryTimeline dual = f.timeline();

        const MemoryPhase *first = find(oneF, MemoryPhaseKind::StepStart, 0);
        const MemoryPhase *last = find(oneF, MemoryPhaseKind::StepStart, 3);
        const MemoryPhase *both = find(dual, MemoryPhaseKind::StepStart, 0);
        QVERIFY(first && last && both);
        // Both stages' states, each category, ZeRO-1's sharding of the optimizer states included.
        QVERIFY(near(both->bytes.weights, first->bytes.weights + last->bytes.weights));
        QVERIFY(near(both->bytes.gradients, first->bytes.gradients + last->bytes.gradients));
        QVERIFY(near(both->bytes.optimizerStates, first->bytes.optimizerStates + last->bytes.optimizerStates));
        QVERIFY(near(both->bytes.masterWeights, first->bytes.masterWeights + last->bytes.masterWeights));
        QVERIFY(near(states(both->bytes) / states(first->bytes), 2.0, 1e-5));
        // ZeRO-1 over dp = 2 halves the optimizer states of the doubled parameters as of the others.
        f.plan.parallelism.zero = 0;
        const MemoryTimeline dualNoZero = f.timeline();
        QVERIFY(near(find(dualNoZero, MemoryPhaseKind::StepStart, 0)->bytes.optimizerStates,
                     2.0 * both->bytes.optimizerStates));

        // PP + 1 = 5 micro-batches stored against 1F1B's 4: at its peak the end rank holds PP = 4
        // of stage 0 (with the embedding's extras) and one of stage 3 (deepseek-ai/DualPipe
        // dualpipe.py, rank 0), i.e. 1F1B's stage 0 plus what 1F1B's last stage holds.
        const MemoryPhase *fwd1 = find(oneF, MemoryPhaseKind::Forward, 0);
        const MemoryPhase *fwdLast = find(oneF, MemoryPhaseKind::Forward, 3);
        const MemoryPhase *fwd2 = find(dual, MemoryPhaseKind::Forward, 0);
        QVERIFY(fwd1 && fwdLast && fwd2);
        QCOMPARE(fwd1->microBatch, 4);
        QCOMPARE(fwd2->microBatch, 5);
        QVERIFY(fwdLast->bytes.activations > 0.2 * fwd1->bytes.activations);
        QVERIFY(near(fwd2->bytes.activations, fwd1->bytes.activations + fwdLast->bytes.activations));

        // The ranks at both ends are alike: one rank, named stage 0, with the embedding and the loss;
        // a middle rank (stages 1 and 2) next to it, without either, holding PP + 1 = 5
        // micro-batches of 8 layers each.
        QCOMPARE(dual.pipelineStages, 4);
        for (int i = 0; i < dual.count; ++i) {
            const int stage = dual.phases[static_cast<std::size_t>(i)].stage;
            QVERIFY(stage == 0 || stage == 1);
            if (i > 0)
                QVERIFY(dual.phases[static_cast<std::size_t>(i)].timeFraction
                        >= dual.phases[static_cast<std::size_t>(i - 1)].timeFraction);
        }
        QVERIFY(find(dual, MemoryPhaseKind::Loss, 0));
        QVERIFY(!find(dual, MemoryPhaseKind::Loss, 1));
        const MemoryPhase *middleStart = find(dual, MemoryPhaseKind::StepStart, 1);
        const MemoryPhase *middleFwd = find(dual, MemoryPhaseKind::Forward, 1);
        QVERIFY(middleStart && middleFwd);
        // Two stages of 8 layers without the vocabulary matrices: less than the end rank's states.
        QVERIFY(states(middleStart->bytes) < states(both->bytes));
        QVERIFY(states(middleStart->bytes) > 0.5 * states(both->bytes));
        QCOMPARE(middleFwd->microBatch, 5);
        QVERIFY(middleFwd->bytes.activations < fwd2->bytes.activations);
        const MemoryPhase *peak = memoryPeakPhase(dual);
        QVERIFY(peak);
        QVERIFY(memoryPhaseName(*peak, dual.pipelineStages).find("on stage 0") != std::string::npos);
        f.plan.parallelism.zero = 1;
        QVERIFY(near(f.run().perGpuBytes, peak->bytes.total()));
    }

    void deepSeekV3RecipeHoldsBothStages() const
    {
        // The bundled DeepSeek-V3 recipe (pp = 16, EP 64, ZeRO-1 over the 128 data-parallel
        // ranks, m = 15360 / 128 = 120) against the same plan under 1F1B.
        const auto dual = test::loadExample("deepseek-v3-training.gpuplan");
        const auto oneF = test::loadExample("deepseek-v3-training.gpuplan", {"parallelism.schedule=1f1b"});
        QVERIFY(dual && oneF);
        QCOMPARE(dual->plan.parallelism.schedule, PipelineSchedule::DualPipe);
        const MemoryTimeline d = memoryTimeline(dual->resolved, dual->evaluation);
        const MemoryTimeline o = memoryTimeline(oneF->resolved, oneF->evaluation);
        const MemoryPhase *both = find(d, MemoryPhaseKind::StepStart, 0);
        const MemoryPhase *first = find(o, MemoryPhaseKind::StepStart, 0);
        const MemoryPhase *last = find(o, MemoryPhaseKind::StepStart, 15);
        QVERIFY(both && first && last);
        QVERIFY(near(states(both->bytes), states(first->bytes) + states(last->bytes), 1e-9));
        // The layers do not split evenly (61 on 16 stages: 4 on stage 0, 1 and the output layer
        // and MTP module on stage 15), so the two stages together are less than 2x stage 0.
        QVERIFY(states(both->bytes) > 1.3 * states(first->bytes));
        QVERIFY(states(both->bytes) < 2.0 * states(first->bytes));
        // 17 micro-batches against 16: 16 of stage 0 (4 layers) and one of stage 15 (1 layer and
        // the MTP module), which is what 1F1B's last stage holds.
        const MemoryPhase *fwd2 = find(d, MemoryPhaseKind::Forward, 0);
        const MemoryPhase *fwd1 = find(o, MemoryPhaseKind::Forward, 0);
        const MemoryPhase *fwdLast = find(o, MemoryPhaseKind::Forward, 15);
        QVERIFY(fwd1 && fwd2 && fwdLast);
        QCOMPARE(fwd2->microBatch, 17);
        QVERIFY(near(fwd2->bytes.activations, fwd1->bytes.activations + fwdLast->bytes.activations));
        // Stage 0 holds the three leading dense layers and one MoE layer, stage 15 one MoE layer and
        // the MTP module's: an MoE layer keeps more (its routed copies) than a dense one, so the
        // ratio is above the 2 / (16 x 4) of equal layers.
        QVERIFY(fwdLast->bytes.activations / fwd1->bytes.activations > 2.0 / (16.0 * 4.0) * 1.05);
        QVERIFY(fwdLast->bytes.activations / fwd1->bytes.activations < 2.0 / (16.0 * 4.0) * 1.5);
        // A middle rank (stages 7 and 8, eight MoE layers) is evaluated too and stays below the end rank.
        const MemoryPhase *middle = find(d, MemoryPhaseKind::Forward, 7);
        QVERIFY(middle);
        QCOMPARE(middle->microBatch, 17);
        QVERIFY(middle->bytes.activations > fwd2->bytes.activations);
        QVERIFY(memoryPeakPhase(d)->stage == 0);
        // The run trained on 80 GB H800s: not refused.
        QVERIFY(dual->evaluation.memory.verdict != MemoryVerdict::DoesNotFit);
        QVERIFY(dual->evaluation.memory.perGpuBytes > oneF->evaluation.memory.perGpuBytes);
    }
};

QTEST_APPLESS_MAIN(TestDualPipeMemory)
#include "tst_dualpipememory.moc"

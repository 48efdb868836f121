// SPDX-License-Identifier: GPL-3.0-or-later
// The assembled training step (perf/TrainingTime.h) on hand-made GPU, node and fabric specs:
// FLOP conventions against published figures, the breakdown, and monotonic sanity checks.
#include "perf/TrainingFlops.h"
#include "perf/TrainingTime.h"
#include "support/Near.h"
#include "support/TrainingFixture.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;

using gpuplan::test::near;
using Fixture = gpuplan::test::TrainingFixture;

class TestTrainingTime final : public QObject
{
    Q_OBJECT

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

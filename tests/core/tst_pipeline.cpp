// SPDX-License-Identifier: GPL-3.0-or-later
// Pipeline bubble fractions (Narayanan et al. 2021, arXiv 2104.04473 §2.2.1-2.2.2).
#include "perf/Pipeline.h"

#include <QTest>

using namespace gpuplan;

class TestPipeline final : public QObject
{
    Q_OBJECT

private slots:
    void oneForwardOneBackward() const
    {
        // §2.2.1: bubble time fraction (p - 1) / m.
        QCOMPARE(bubbleFraction(PipelineSchedule::OneFOneB, 8, 1, 64), 7.0 / 64);
        QCOMPARE(bubbleFraction(PipelineSchedule::OneFOneB, 16, 1, 96), 15.0 / 96);
        QCOMPARE(bubbleFraction(PipelineSchedule::OneFOneB, 1, 1, 64), 0.0);
    }

    void gpipeHasTheSameBubble() const
    {
        // GPipe and 1F1B idle for the same time; 1F1B only holds fewer activations.
        QCOMPARE(bubbleFraction(PipelineSchedule::GPipe, 8, 1, 32), bubbleFraction(PipelineSchedule::OneFOneB, 8, 1, 32));
        QCOMPARE(bubbleFraction(PipelineSchedule::GPipe, 8, 4, 32), 7.0 / 32);   // no chunks in GPipe
    }

    void interleaved() const
    {
        // §2.2.2: with v model chunks per device the bubble shrinks to (p - 1) / (v m), at the
        // price of v times as many stage-to-stage transfers.
        QCOMPARE(bubbleFraction(PipelineSchedule::Interleaved, 8, 4, 64), 7.0 / (4 * 64));
        QCOMPARE(pipelineTransfersPerMicroBatch(PipelineSchedule::Interleaved, 8, 4), 8.0);
        QCOMPARE(pipelineTransfersPerMicroBatch(PipelineSchedule::OneFOneB, 8, 1), 2.0);
        QCOMPARE(pipelineTransfersPerMicroBatch(PipelineSchedule::OneFOneB, 1, 1), 0.0);
    }

    void dualPipe() const
    {
        // DeepSeek-V3 report (arXiv 2412.19437) Table 2: DualPipe's bubble (PP/2 - 1)(F&B + B - 3W)
        // against 1F1B's (PP - 1)(F + B). With F&B = F + B = 1, B = 2/3 and W = 1/3 (backward
        // twice the forward, half of it weight gradients) it is (PP/2 - 1) x 2/3.
        QCOMPARE(bubbleFraction(PipelineSchedule::DualPipe, 16, 1, 120, 2.0 / 3.0, 1.0 / 3.0), 7.0 * (2.0 / 3.0) / 120);
        QVERIFY(bubbleFraction(PipelineSchedule::DualPipe, 16, 1, 120) < bubbleFraction(PipelineSchedule::OneFOneB, 16, 1, 120) / 2);
        // Two stages, one per direction on each rank: nothing left to fill.
        QCOMPARE(bubbleFraction(PipelineSchedule::DualPipe, 2, 1, 8), 0.0);
        // All weight gradients deferred cannot make the idle time negative.
        QCOMPARE(bubbleFraction(PipelineSchedule::DualPipe, 8, 1, 8, 0.5, 0.6), 0.0);
        // Each micro-batch crosses each stage boundary once forward and once backward, as in 1F1B;
        // a virtual-pipeline size does not apply.
        QCOMPARE(pipelineTransfersPerMicroBatch(PipelineSchedule::DualPipe, 16, 4), 2.0);
    }
};

QTEST_APPLESS_MAIN(TestPipeline)
#include "tst_pipeline.moc"

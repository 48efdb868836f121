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
};

QTEST_APPLESS_MAIN(TestPipeline)
#include "tst_pipeline.moc"

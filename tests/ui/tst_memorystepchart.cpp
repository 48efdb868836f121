// SPDX-License-Identifier: GPL-3.0-or-later
// The "Memory over one step" chart: the phases of the stage that peaks in time order, stacked by
// component, the limit with the verdict's band, and the peak marked, all read from core's
// MemoryTimeline (docs/memory.md §4, §6).
#include "ExamplePlans.h"
#include "support/Near.h"

#include "charts/MemoryStepChart.h"
#include "document/PlanController.h"

#include "common/Units.h"
#include "memory/FrameworkOverhead.h"
#include "memory/MemoryTimeline.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestMemoryStepChart final : public QObject
{
    Q_OBJECT

private slots:
    void drawsTheTimelineOfThePeakStage()
    {
        // Two stages; the chart keeps the phases of the stage whose phase is the peak.
        MemoryTimeline t;
        t.pipelineStages = 2;
        auto add = [&](MemoryPhaseKind kind, int stage, double fraction, double weights, double activations) {
            MemoryPhase p;
            p.kind = kind;
            p.stage = stage;
            p.microBatch = kind == MemoryPhaseKind::Forward || kind == MemoryPhaseKind::Backward ? 1 : 0;
            p.timeFraction = fraction;
            p.bytes.weights = weights * units::kGiB;
            p.bytes.activations = activations * units::kGiB;
            addMemoryPhase(t, p);
        };
        add(MemoryPhaseKind::StepStart, 0, 0.0, 10, 0);
        add(MemoryPhaseKind::Forward, 0, 0.2, 10, 30);
        add(MemoryPhaseKind::Backward, 0, 0.4, 10, 35);
        add(MemoryPhaseKind::StepStart, 1, 0.1, 12, 0);
        add(MemoryPhaseKind::Backward, 1, 0.5, 12, 8);
        t.peak = largestMemoryPhase(t);
        MemoryResult m;
        m.capacityBytes = 80 * units::kGiB;
        m.bandFraction = 0.16;

        MemoryStepChart chart;
        chart.setTimeline(t, m);
        QCOMPARE(chart.phaseLabels().size(), 3);
        QCOMPARE(chart.phaseLabels().at(0), QStringLiteral("start of the step on stage 0 (0%)"));
        QCOMPARE(chart.phaseLabels().at(2), QStringLiteral("backward of micro-batch 1 on stage 0 (40%)"));
        QCOMPARE(chart.peakBar(), 2);
        QCOMPARE(chart.phaseTotals(), (QVector<double>{10, 40, 45}));
        QCOMPARE(chart.phaseValues(MemoryComponent::Activations), (QVector<double>{0, 30, 35}));
        QCOMPARE(chart.capacityGiB(), 80.0);
        QVERIFY(gpuplan::test::nearScaled(chart.band().first, 80 / 1.16));
        QVERIFY(gpuplan::test::nearScaled(chart.band().second, 80 / 0.84));
        QVERIFY(chart.overlayText().isEmpty());
        QVERIFY(chart.legendEntries().contains(QStringLiteral("Activations")));
        QVERIFY(!chart.legendEntries().contains(QStringLiteral("KV cache")));
    }

    void trainingExampleMatchesTheEvaluation()
    {
        // The peak's bar is the evaluation's breakdown: the same total as the Memory tab.
        auto controller = test::openExamplePlan("llama3-70b-training.gpuplan");
        QVERIFY(controller->isResolved());
        MemoryStepChart chart;
        chart.refresh(*controller);
        QVERIFY(chart.peakBar() >= 0);
        QVERIFY(chart.phaseLabels().size() >= 5);
        const double peak = chart.phaseTotals().at(chart.peakBar());
        QVERIFY(gpuplan::test::nearScaled(peak, controller->evaluation().memory.perGpuBytes / units::kGiB));
        for (double total : chart.phaseTotals())
            QVERIFY(total <= peak);
    }

    void inferenceShowsStartPrefillAndDecode()
    {
        auto controller = test::openExamplePlan("llama3-8b-inference.gpuplan");
        QVERIFY(controller->isResolved());
        MemoryStepChart chart;
        chart.refresh(*controller);
        QCOMPARE(chart.phaseLabels().size(), 3);
        QCOMPARE(chart.phaseLabels().at(1), QStringLiteral("prefill of the largest chunk at the planned load"));
        QCOMPARE(chart.peakBar(), 1);
        QCOMPARE(chart.phaseValues(MemoryComponent::KvCache).at(0), 0.0);
        QVERIFY(chart.phaseValues(MemoryComponent::KvCache).at(2) > 0);
    }

    void emptyTimelineSaysSo()
    {
        MemoryStepChart chart;
        chart.setTimeline(MemoryTimeline{}, MemoryResult{});
        QCOMPARE(chart.peakBar(), -1);
        QVERIFY(!chart.overlayText().isEmpty());
    }
};

QTEST_MAIN(TestMemoryStepChart)
#include "tst_memorystepchart.moc"

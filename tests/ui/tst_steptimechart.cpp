// SPDX-License-Identifier: GPL-3.0-or-later
#include "UiTestFixtures.h"

#include "charts/StepTimeChart.h"
#include "document/PlanController.h"
#include "report/ServingText.h"

#include <QTest>

#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestStepTimeChart final : public QObject
{
    Q_OBJECT

private:
    static Plan servingPlan()
    {
        // Llama 3 8B served by one GPU per replica, 64 sequences asked for (as in
        // examples/llama3-8b-inference.gpuplan).
        Plan p = test::fixtureOneGpuReplicaPlan();
        p.workload.inference.requestRate = 40;
        p.workload.inference.ttftTargetMs = 500;
        p.workload.inference.tpotTargetMs = 50;
        return p;
    }

    // Pixels from a marked point to the drawn throughput line (its segments in pixel space, as the
    // log-scaled concurrency axis draws them).
    static double pixelsFromCurve(const StepTimeChart &chart, const QPointF &point)
    {
        const QCPAxis *x = chart.plot()->xAxis;
        const QCPAxis *y = chart.plot()->yAxis;
        const QPointF p(x->coordToPixel(point.x()), y->coordToPixel(point.y()));
        const QVector<double> keys = chart.curveConcurrency();
        const QVector<double> values = chart.curveTokensPerSPerGpu();
        double best = 1e9;
        for (int i = 1; i < keys.size(); ++i) {
            const QPointF a(x->coordToPixel(keys[i - 1]), y->coordToPixel(values[i - 1]));
            const QPointF b(x->coordToPixel(keys[i]), y->coordToPixel(values[i]));
            const QPointF ab = b - a;
            const double t = std::clamp(QPointF::dotProduct(p - a, ab) / std::max(QPointF::dotProduct(ab, ab), 1e-12), 0.0, 1.0);
            const QPointF d = p - (a + t * ab);
            best = std::min(best, std::hypot(d.x(), d.y()));
        }
        return best;
    }

    // Bars in display order (top first) against the evaluation's breakdown.
    static void compareWithBreakdown(const StepTimeChart &chart, const TrainingResult &t)
    {
        QVector<double> expected;
        QStringList names;
        for (int c = 0; c < kStepComponentCount; ++c) {
            const double s = stepComponentSeconds(t.breakdown, static_cast<StepComponent>(c));
            if (s > 0) {
                expected << s;
                names << stepComponentName(static_cast<StepComponent>(c));
            }
        }
        QCOMPARE(chart.componentSeconds(), expected);
        QCOMPARE(chart.componentLabels(), names);
        double sum = 0;
        for (double s : chart.componentSeconds())
            sum += s;
        QVERIFY(std::fabs(sum - t.breakdown.total()) <= 1e-9 * t.breakdown.total());
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void trainingBarsAreTheStepBreakdownAfterAPlanChange()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        StepTimeChart chart;
        chart.refresh(controller);
        const TrainingResult &t = controller.evaluation().training;
        QVERIFY(t.valid);
        QVERIFY(!chart.showsServing());
        // TP 8 x PP 4 x DP 32: compute, a pipeline bubble and exposed communication all take time.
        QVERIFY(t.breakdown.compute > 0);
        QVERIFY(t.breakdown.bubble > 0);
        compareWithBreakdown(chart, t);
        QVERIFY(chart.componentLabels().contains(QStringLiteral("Pipeline bubble")));

        // Half the pipeline depth: a different bubble; the chart follows the controller.
        const double bubbleBefore = t.breakdown.bubble;
        QVERIFY(controller.setNumber(QStringLiteral("parallelism.pp"), 2));
        chart.refresh(controller);
        const TrainingResult &after = controller.evaluation().training;
        QVERIFY(after.valid);
        QVERIFY(after.breakdown.bubble != bubbleBefore);
        compareWithBreakdown(chart, after);
        QVERIFY(chart.overlayText().isEmpty());
    }

    void hoverGivesSecondsAndShare()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        StepTimeChart chart;
        chart.resize(900, 600);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.refresh(controller);
        chart.plot()->replot();
        const int n = static_cast<int>(chart.componentSeconds().size());
        // The top bar is the compute bar (key n).
        const QPointF onCompute(chart.plot()->xAxis->coordToPixel(chart.componentSeconds().front() / 2),
                                chart.plot()->yAxis->coordToPixel(n));
        const QString text = chart.toolTipAt(onCompute);
        QVERIFY2(text.contains(QStringLiteral("Compute")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral(" s per step")) || text.contains(QStringLiteral(" ms per step")));
        QVERIFY(text.contains(QStringLiteral("% of the step")));
    }

    void servingPlanShowsTheConcurrencyCurve()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(servingPlan(), QStringLiteral("fixture"));
        StepTimeChart chart;
        chart.refresh(controller);
        const Evaluation &e = controller.evaluation();
        QVERIFY(e.inference.valid);
        QVERIFY(chart.showsServing());
        QVERIFY(e.inference.curveCount >= 5);
        QCOMPARE(static_cast<int>(chart.curveConcurrency().size()), e.inference.curveCount);
        for (int i = 0; i < e.inference.curveCount; ++i) {
            const ConcurrencyPoint &pt = e.inference.curve[static_cast<std::size_t>(i)];
            QCOMPARE(chart.curveConcurrency()[i], static_cast<double>(pt.concurrency));
            QCOMPARE(chart.curveTokensPerSPerGpu()[i], pt.outputTokensPerSPerGpu);
            QCOMPARE(chart.curveTpotMs()[i], pt.tpotMs);
            QCOMPARE(chart.curveTtftMs()[i], pt.ttftMs);
        }
        QCOMPARE(chart.markedConcurrency(), std::min(64, e.memory.maxConcurrency));
        // The whole curve is in view: both latencies under the top of the right axis.
        chart.resetView();
        for (int i = 0; i < e.inference.curveCount; ++i) {
            const ConcurrencyPoint &pt = e.inference.curve[static_cast<std::size_t>(i)];
            QVERIFY2(std::max(pt.ttftMs, pt.tpotMs) < chart.plot()->yAxis2->range().upper,
                     qPrintable(QStringLiteral("%1 ms at %2 vs top %3").arg(pt.ttftMs).arg(pt.concurrency).arg(chart.plot()->yAxis2->range().upper)));
            QVERIFY(pt.outputTokensPerSPerGpu < chart.plot()->yAxis->range().upper);
        }

        // The saturated point and the highest load within the targets, at the evaluation's coordinates,
        // in view; the label gives the replicas for the plan's 40 requests/s.
        const CapacityResult &cap = e.inference.capacity;
        QVERIFY(cap.valid && cap.replicas >= 1);
        QCOMPARE(chart.saturatedPoint().size(), 1);
        QCOMPARE(chart.saturatedPoint()[0].x(), static_cast<double>(e.inference.saturatedConcurrency));
        QCOMPARE(chart.saturatedPoint()[0].y(), e.inference.saturatedTokensPerSPerGpu);
        QCOMPARE(chart.sloLimitedPoint().size(), 1);
        QCOMPARE(chart.sloLimitedPoint()[0].x(), std::max(cap.sloLimited.concurrency, 1.0));
        QCOMPARE(chart.sloLimitedPoint()[0].y(), cap.sloLimited.tokensPerSPerGpu);
        for (const QPointF &pt : {chart.saturatedPoint()[0], chart.sloLimitedPoint()[0]}) {
            QVERIFY(chart.plot()->xAxis->range().contains(pt.x()));
            QVERIFY(chart.plot()->yAxis->range().contains(pt.y()));
        }
        // One serving model draws the curve and computes the points: the saturated point, the
        // highest load within the targets and the plan's own point lie on the line (within a pixel).
        chart.resize(900, 520);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.plot()->replot();
        QCOMPARE(chart.planPoint().size(), 1);
        for (const QPointF &pt : {chart.saturatedPoint()[0], chart.sloLimitedPoint()[0], chart.planPoint()[0]})
            QVERIFY2(pixelsFromCurve(chart, pt) < 1.0,
                     qPrintable(QStringLiteral("(%1, %2) is %3 px off the curve").arg(pt.x()).arg(pt.y()).arg(pixelsFromCurve(chart, pt))));
        // The replicas in the words of gpuplan-cli and the PDF (report/ServingText.h).
        QVERIFY2(chart.capacityLabel().contains(QString::fromStdString(replicasForRateText(cap, e.inference.gpusPerReplica, 40))) &&
                     chart.capacityLabel().contains(QString::fromStdString(highestLoadText(cap))),
                 qPrintable(chart.capacityLabel()));
        // A TPOT target under the step at the saturated load moves the star left and names the target.
        QVERIFY(controller.setNumber(QStringLiteral("workload.inference.tpot_target_ms"), 15));
        chart.refresh(controller);
        QVERIFY(chart.sloLimitedPoint()[0].x() <= std::max(cap.sloLimited.concurrency, 1.0));
        QVERIFY(chart.capacityLabel().contains(QStringLiteral("P99 TPOT target")));
        chart.plot()->replot();
        QVERIFY(pixelsFromCurve(chart, chart.sloLimitedPoint()[0]) < 1.0);
        // The legend names the points without qualifying where they come from.
        for (int i = 0; i < chart.plot()->legend->itemCount(); ++i) {
            auto *item = qobject_cast<QCPPlottableLegendItem *>(chart.plot()->legend->item(i));
            QVERIFY(item && !item->plottable()->name().contains(QStringLiteral("in-flight")));
        }

        // Fewer sequences asked for: the mark moves with the plan.
        QVERIFY(controller.setNumber(QStringLiteral("workload.inference.concurrency"), 8));
        chart.refresh(controller);
        QCOMPARE(chart.markedConcurrency(), 8);

        // Back to training: bars again.
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        chart.refresh(controller);
        QVERIFY(!chart.showsServing());
        compareWithBreakdown(chart, controller.evaluation().training);
    }

    void planThatCannotRunSaysWhy()
    {
        Plan p = test::fixtureTrainingPlan();
        p.hardware.gpu = "NoSuchGPU";
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(p, QStringLiteral("fixture"));
        StepTimeChart chart;
        chart.refresh(controller);
        QVERIFY(chart.componentSeconds().isEmpty());
        QVERIFY(chart.overlayText().contains(QStringLiteral("NoSuchGPU")));
    }
};

QTEST_MAIN(TestStepTimeChart)
#include "tst_steptimechart.moc"

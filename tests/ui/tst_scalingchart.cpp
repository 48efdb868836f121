// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExamplePlans.h"
#include "UiTestFixtures.h"

#include "charts/ScalingChart.h"
#include "document/PlanController.h"

#include "search/Scaling.h"

#include <QSignalSpy>
#include <QTest>

#include <algorithm>

#include <qcustomplot.h>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestScalingChart final : public QObject
{
    Q_OBJECT

private:
    static bool waitForCurve(const ScalingChart &chart)
    {
        // A curve is a few dozen layout searches: well under a second, even on a busy machine.
        return QTest::qWaitFor([&chart] { return !chart.isComputing() && chart.result().count > 0; }, 25000);
    }

    // The drawn curve is the core's curve for the controller's plan, feasible counts only.
    static void compareWithCore(const ScalingChart &chart, const PlanController &controller)
    {
        const ScalingResult expected = computeScaling(controller.resolved());
        QVector<double> gpus, tokens, ideal, efficiency;
        for (int i = 0; i < expected.count; ++i) {
            const ScalingPoint &pt = expected.points[static_cast<std::size_t>(i)];
            if (!pt.feasible)
                continue;
            gpus << pt.gpus;
            tokens << pt.tokensPerS;
            ideal << pt.idealTokensPerS;
            efficiency << pt.efficiency * 100;
        }
        QVERIFY(gpus.size() >= 4);
        QCOMPARE(chart.gpuCounts(), gpus);
        QCOMPARE(chart.tokensPerS(), tokens);
        QCOMPARE(chart.idealTokensPerS(), ideal);
        QCOMPARE(chart.efficiencyPercent(), efficiency);
        // The plan's own count is on the curve, and the mark is the plan's own evaluation.
        QVERIFY(gpus.contains(controller.plan().hardware.numGpus));
        QCOMPARE(chart.markedGpus(), controller.evaluation().layout.numGpus);
        QCOMPARE(chart.markedTokensPerS(), controller.evaluation().training.tokensPerS);
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void curveIsTheCoreScalingAfterAPlanChange()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        ScalingChart chart;
        chart.refresh(controller);
        QVERIFY(chart.isComputing());
        QVERIFY(waitForCurve(chart));
        compareWithCore(chart, controller);
        // 100% at the baseline (the best tokens/s per GPU on the curve), never above (issue 16).
        const QVector<double> efficiency = chart.efficiencyPercent();
        QCOMPARE(*std::max_element(efficiency.begin(), efficiency.end()), 100.0);
        QVERIFY(chart.overlayText().isEmpty());

        QVERIFY(controller.setNumber(QStringLiteral("hardware.num_gpus"), 256));
        chart.refresh(controller);
        QVERIFY(waitForCurve(chart));
        compareWithCore(chart, controller);
        QCOMPARE(chart.markedGpus(), 256);
    }

    // The serving lesson's replicas step (issue 29): the curve sweeps replicas and marks the count
    // the request rate needs, in the words of the key results, at a point of the curve.
    void servingCurveMarksTheRateCount()
    {
        auto c = test::openExamplePlan("llama3-8b-inference.gpuplan");
        QVERIFY(c->setNumber(QStringLiteral("workload.inference.request_rate"), 400));
        const CapacityResult &capacity = c->evaluation().inference.capacity;
        QVERIFY(capacity.valid && capacity.replicas > 0);
        const int rateGpus = capacity.replicas * c->evaluation().inference.gpusPerReplica;
        ScalingChart chart;
        chart.resize(900, 600);
        chart.show();
        chart.refresh(*c);
        QVERIFY(waitForCurve(chart));
        QCOMPARE(chart.rateGpus(), rateGpus);
        QVERIFY2(chart.rateText().startsWith(QStringLiteral("%1 GPUs for").arg(rateGpus)), qPrintable(chart.rateText()));
        QVERIFY(chart.gpuCounts().contains(rateGpus));
        QVERIFY2(chart.gpuCounts().size() >= 4, qPrintable(QString::number(chart.gpuCounts().size())));
        bool drawn = false;
        for (int i = 0; i < chart.plot()->itemCount(); ++i)
            if (auto *text = qobject_cast<QCPItemText *>(chart.plot()->item(i)))
                drawn = drawn || text->text() == chart.rateText();
        QVERIFY(drawn);
        // A training plan has no rate to mark.
        auto training = test::openExamplePlan("llama3-70b-training.gpuplan");
        chart.refresh(*training);
        QCOMPARE(chart.rateGpus(), 0);
    }

    void dragIsCoalesced()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        ScalingChart chart;
        QSignalSpy curves(&chart, &ScalingChart::curveUpdated);
        // Twenty slider steps in a row, faster than a curve: the UI thread never waits, the
        // curves in between are skipped, and the last curve is the last plan's.
        for (int step = 0; step < 20; ++step) {
            QVERIFY(controller.setNumber(QStringLiteral("hardware.num_gpus"), step % 2 == 0 ? 1024 : 512));
            chart.refresh(controller);
        }
        QVERIFY(waitForCurve(chart));
        QVERIFY2(curves.size() <= 2, qPrintable(QString::number(curves.size())));
        compareWithCore(chart, controller);
    }

    void hoverGivesTokensAndLayout()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        ScalingChart chart;
        chart.resize(900, 600);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.refresh(controller);
        QVERIFY(waitForCurve(chart));
        chart.plot()->replot();
        const QCustomPlot *p = chart.plot();
        const QString text = chart.toolTipAt(QPointF(p->xAxis->coordToPixel(1024), p->yAxis->coordToPixel(1e6)));
        QVERIFY2(text.contains(QStringLiteral("<b>1024 GPUs</b>")), qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("tokens/s per GPU")));
        QVERIFY(text.contains(QStringLiteral("Best layout: TP ")));
        QVERIFY(text.contains(QStringLiteral("Scaling efficiency: ")));
        QVERIFY(text.contains(QStringLiteral("This plan")));
    }

    void planMarkBelowTheCurveIsInsideTheAxes()
    {
        // A serving plan on 8 GPUs whose curve starts at the replica count its rate needs (24):
        // the axes hold the plan's mark with a margin, not only the curve's counts (issue 29).
        ScalingResult serving;
        const int counts[] = {24, 32, 40, 48};
        for (const int gpus : counts) {
            ScalingPoint &pt = serving.points[static_cast<std::size_t>(serving.count++)];
            pt.gpus = gpus;
            pt.feasible = true;
            pt.tokensPerSPerGpu = 260;
            pt.tokensPerS = 260.0 * gpus;
            pt.idealTokensPerS = pt.tokensPerS;
            pt.efficiency = 1;
            pt.layout.numGpus = gpus;
            pt.layout.tp = 1;
            pt.layout.pp = 1;
            pt.layout.microBatch = 16;
        }
        serving.baselineGpus = 24;
        const int planGpus = 8;
        const double planTokens = 2090;   // below every point of the curve too
        ScalingChart chart;
        chart.resize(900, 600);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        const auto check = [&](const char *order) {
            chart.plot()->replot();
            const QCPRange x = chart.plot()->xAxis->range();
            const QCPRange y = chart.plot()->yAxis->range();
            QVERIFY2(x.lower < planGpus && x.upper > counts[3], order);
            QVERIFY2(y.lower < planTokens && y.upper > 260.0 * counts[3], order);
            // A margin, in pixels, between the mark and the plot's left and bottom edges.
            const QRect rect = chart.plot()->axisRect()->rect();
            const double px = chart.plot()->xAxis->coordToPixel(planGpus);
            const double py = chart.plot()->yAxis->coordToPixel(planTokens);
            QVERIFY2(px > rect.left() + 10 && px < rect.right() - 10, qPrintable(QString::number(px - rect.left())));
            QVERIFY2(py > rect.top() + 10 && py < rect.bottom() - 10, qPrintable(QString::number(rect.bottom() - py)));
        };
        // The mark comes before the curve (a refresh) and after it (the next plan change).
        chart.setPlanMark(planGpus, planTokens);
        chart.setResult(serving, planGpus, true);
        check("mark then curve");
        chart.setPlanMark(4, 1045);
        chart.setPlanMark(planGpus, planTokens);
        check("curve then mark");
        QCOMPARE(chart.markedGpus(), planGpus);
        QCOMPARE(chart.gpuCounts().front(), 24.0);
    }

    void unresolvablePlanSaysWhy()
    {
        Plan p = test::fixtureTrainingPlan();
        p.hardware.gpu = "NoSuchGPU";
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(p, QStringLiteral("fixture"));
        ScalingChart chart;
        chart.refresh(controller);
        QVERIFY(!chart.isComputing());
        QVERIFY(chart.gpuCounts().isEmpty());
        QVERIFY(chart.overlayText().contains(QStringLiteral("NoSuchGPU")));
    }
};

QTEST_MAIN(TestScalingChart)
#include "tst_scalingchart.moc"

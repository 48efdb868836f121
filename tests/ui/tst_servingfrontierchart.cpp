// SPDX-License-Identifier: GPL-3.0-or-later
#include "ChartTextCheck.h"
#include "UiTestFixtures.h"

#include "charts/ServingFrontierChart.h"
#include "document/PlanController.h"

#include <QTest>

#include <algorithm>
#include <cmath>

#include <qcustomplot.h>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestServingFrontierChart final : public QObject
{
    Q_OBJECT

private:
    // Llama 3 8B, one GPU per replica on 8 GPUs (examples/llama3-8b-inference.gpuplan's shape).
    static Plan servingPlan()
    {
        Plan p = test::fixtureOneGpuReplicaPlan();
        p.workload.inference.promptLen = 1024;
        p.workload.inference.outputLen = 256;
        return p;
    }

    static QVector<QPointF> sorted(QVector<QPointF> v)
    {
        std::sort(v.begin(), v.end(), [](const QPointF &a, const QPointF &b) {
            return a.x() != b.x() ? a.x() < b.x() : a.y() < b.y();
        });
        return v;
    }

    static QVector<QPointF> allPoints(const ServingOptionCurve &c)
    {
        QVector<QPointF> out;
        for (int i = 0; i < c.count; ++i)
            out << QPointF(c.points[static_cast<std::size_t>(i)].tokensPerSPerUser,
                           c.points[static_cast<std::size_t>(i)].tokensPerSPerGpu);
        return out;
    }

    static QVector<QPointF> vertices(const ServingOptionCurve &c)
    {
        QVector<QPointF> out;
        for (int k = 0; k < c.frontierCount; ++k) {
            const FrontierPoint &p = c.points[static_cast<std::size_t>(c.frontier[static_cast<std::size_t>(k)])];
            out << QPointF(p.tokensPerSPerUser, p.tokensPerSPerGpu);
        }
        return out;
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    // A disaggregated plan: its pools' point, from the evaluation, marked and named as such.
    void disaggregatedPlanMarksItsPools()
    {
        Plan p = servingPlan();
        InferenceWorkload &w = p.workload.inference;
        w.servingMode = ServingMode::Disaggregated;
        w.load = ServingLoad::Concurrency;
        w.prefill = {2, 1, 1, 1, 1};
        w.decode = {6, 1, 1, 1, 32};
        p.hardware.numGpus = 8;
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(p, QStringLiteral("fixture"));
        QVERIFY(controller.isResolved());
        const InferenceResult &r = controller.evaluation().inference;
        QVERIFY(r.valid && r.disaggregated.active);
        ServingFrontierChart chart;
        chart.refresh(controller);
        QVERIFY(chart.frontier().valid);
        QVERIFY(chart.planIsDisaggregated());
        QCOMPARE(chart.planPoint().size(), 1);
        QCOMPARE(chart.planPoint()[0].x(), 1.0 / (r.decodeMsPerToken / 1e3));
        QCOMPARE(chart.planPoint()[0].y(), r.outputTokensPerSPerGpu);
        QVERIFY(chart.legendEntries().contains(chart.tr("This plan (disaggregated, its own load)")));
        chart.resize(QSize(900, 560));
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.plot()->replot();
        QCoreApplication::processEvents();
        const QStringList problems = gpuplan::testing::chartTextProblems(*chart.plot());
        QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
    }

    void servingPlanDrawsBothOptionsAndThePlan()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(servingPlan(), QStringLiteral("fixture"));
        QVERIFY(controller.isResolved());
        ServingFrontierChart chart;
        chart.refresh(controller);
        const ServingFrontier &f = chart.frontier();
        QVERIFY(f.valid);
        QVERIFY(chart.overlayText().isEmpty());
        // Both series with their points, as the core computed them.
        QVERIFY(f.aggregated.count >= 5 && f.disaggregated.count >= 5);
        QCOMPARE(sorted(chart.aggregatedPoints()), sorted(allPoints(f.aggregated)));
        QCOMPARE(sorted(chart.disaggregatedPoints()), sorted(allPoints(f.disaggregated)));
        QVERIFY(f.aggregated.frontierCount >= 3 && f.disaggregated.frontierCount >= 3);
        QCOMPARE(chart.aggregatedFrontier(), vertices(f.aggregated));
        QCOMPARE(chart.disaggregatedFrontier(), vertices(f.disaggregated));
        QCOMPARE(chart.crossoverPoints().size(), f.crossoverCount);
        // The plan's operating point is the evaluation's, not recomputed.
        const InferenceResult &r = controller.evaluation().inference;
        QCOMPARE(chart.planPoint().size(), 1);
        QCOMPARE(chart.planPoint()[0].x(), 1.0 / (r.decodeMsPerToken / 1e3));
        QCOMPARE(chart.planPoint()[0].y(), r.outputTokensPerSPerGpu);
        // Labelled axes and a legend naming both options and the plan.
        QVERIFY(!chart.plot()->xAxis->label().isEmpty());
        QVERIFY(!chart.plot()->yAxis->label().isEmpty());
        const QStringList legend = chart.legendEntries();
        QVERIFY2(legend.size() >= 5, qPrintable(legend.join(QStringLiteral(" | "))));
        QVERIFY(std::any_of(legend.begin(), legend.end(), [](const QString &s) { return s.startsWith(QStringLiteral("Aggregated frontier")); }));
        QVERIFY(std::any_of(legend.begin(), legend.end(), [](const QString &s) { return s.startsWith(QStringLiteral("Disaggregated frontier")); }));
        QVERIFY(legend.contains(chart.tr("This plan (its own load)")));
        // Everything in view.
        chart.resetView();
        for (const QPointF &p : chart.aggregatedPoints() + chart.disaggregatedPoints() + chart.planPoint()) {
            QVERIFY(chart.plot()->xAxis->range().contains(p.x()));
            QVERIFY(chart.plot()->yAxis->range().contains(p.y()));
        }
        // Drawn: no text cut, elided or on top of another, at a page's size and a narrow one.
        for (const QSize size : {QSize(900, 560), QSize(640, 480)}) {
            chart.resize(size);
            chart.show();
            QVERIFY(QTest::qWaitForWindowExposed(&chart));
            chart.plot()->replot();
            QCoreApplication::processEvents();
            const QStringList problems = gpuplan::testing::chartTextProblems(*chart.plot());
            QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QStringLiteral("; "))));
        }
        // Hovering a frontier vertex tells its option, load and latencies.
        const QPointF v = chart.disaggregatedFrontier().front();
        const QPointF pixel(chart.plot()->xAxis->coordToPixel(v.x()), chart.plot()->yAxis->coordToPixel(v.y()));
        const QString text = chart.toolTipAt(pixel);
        QVERIFY2(text.contains(QStringLiteral("Disaggregated")) && text.contains(QStringLiteral("tokens/s per GPU")) &&
                     text.contains(QStringLiteral("Time to first token")),
                 qPrintable(text));
    }

    void oneGpuShowsAggregatedOnlyAndSaysWhy()
    {
        Plan p = servingPlan();
        p.hardware.numGpus = 1;
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(p, QStringLiteral("fixture"));
        ServingFrontierChart chart;
        chart.refresh(controller);
        QVERIFY(!chart.aggregatedFrontier().isEmpty());
        QVERIFY(chart.disaggregatedPoints().isEmpty());
        QVERIFY2(chart.shownTitle().contains(QStringLiteral("no disaggregated option")), qPrintable(chart.shownTitle()));
        const QStringList legend = chart.legendEntries();
        QVERIFY(std::none_of(legend.begin(), legend.end(), [](const QString &s) { return s.startsWith(QStringLiteral("Disaggregated")); }));
    }

    void trainingPlanGetsANote()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        ServingFrontierChart chart;
        chart.refresh(controller);
        QVERIFY(chart.aggregatedPoints().isEmpty() && chart.disaggregatedPoints().isEmpty());
        QVERIFY(chart.overlayText().contains(QStringLiteral("serving plans")));
        // And back to serving: drawn again.
        controller.applyPlan(servingPlan(), QStringLiteral("fixture"));
        chart.refresh(controller);
        QVERIFY(!chart.aggregatedPoints().isEmpty());
        QVERIFY(chart.overlayText().isEmpty());
    }
};

QTEST_MAIN(TestServingFrontierChart)
#include "tst_servingfrontierchart.moc"

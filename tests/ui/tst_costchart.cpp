// SPDX-License-Identifier: GPL-3.0-or-later
#include "UiTestFixtures.h"
#include "support/Near.h"

#include "Settings.h"
#include "charts/CostChart.h"
#include "document/PlanController.h"

#include "facility/FacilityModel.h"
#include "facility/Sensitivity.h"

#include <QTemporaryDir>
#include <QTest>

#include <qcustomplot.h>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestCostChart final : public QObject
{
    Q_OBJECT

private:
    // The fixture catalog has no prices: give the plan a cloud rate and a GPU price (H100 SXM
    // on-demand list prices are $2-4 per GPU-hour, a GPU about $25,000-30,000: catalogs/clouds.json, catalogs/gpus.json).
    static void pricePlan(PlanController &controller, double cloudHour, double gpuPrice)
    {
        QVERIFY(controller.setNumber(QStringLiteral("cost.cloud_gpu_hour_usd"), cloudHour));
        QVERIFY(controller.setNumber(QStringLiteral("cost.gpu_price_usd"), gpuPrice));
    }

    static Evaluation withSensitivity(const PlanController &controller)
    {
        Evaluation e = controller.evaluation();
        estimateCostSensitivity(controller.resolved(), e.layout, e);
        return e;
    }

    static void compareWithCore(const CostChart &chart, const CostResult &c)
    {
        const QVector<double> months = chart.months();
        const QVector<double> cloud = chart.cloudCumulativeUsd();
        const QVector<double> onprem = chart.onpremCumulativeUsd();
        QVERIFY(months.size() >= 13);
        QCOMPARE(cloud.size(), months.size());
        QCOMPARE(onprem.size(), months.size());
        for (int i = 0; i < months.size(); ++i) {
            QVERIFY(gpuplan::test::nearScaled(cloud[i], chart.cloudPerMonthUsd() * months[i]));
            QVERIFY(gpuplan::test::nearScaled(onprem[i], c.onpremCapexUsd + c.onpremOpexPerYearUsd / 12.0 * months[i]));
        }
        QCOMPARE(onprem.front(), c.onpremCapexUsd);
        if (c.breakEvenNever) {
            QCOMPARE(chart.breakEvenMarkMonths(), -1.0);
        } else {
            QCOMPARE(chart.breakEvenMarkMonths(), c.breakEvenMonths);
            QVERIFY(months.back() >= c.breakEvenMonths);
            // The mark sits where the lines cross: the chart's monthly cloud rent agrees with the
            // rent behind the core's break-even.
            const double m = c.breakEvenMonths;
            const double cloudAt = chart.cloudPerMonthUsd() * m;
            const double onpremAt = c.onpremCapexUsd + c.onpremOpexPerYearUsd / 12.0 * m;
            QVERIFY2(std::fabs(cloudAt - onpremAt) <= 1e-9 * onpremAt,
                     qPrintable(QStringLiteral("%1 vs %2").arg(cloudAt, 0, 'f', 2).arg(onpremAt, 0, 'f', 2)));
        }
        // Tornado: the core's entries, largest swing on top.
        const auto assumptions = sensitivityAssumptions();
        QCOMPARE(chart.tornadoLabels().size(), c.sensitivityCount);
        QCOMPARE(chart.tornadoLowUsd().size(), c.sensitivityCount);
        const double base = c.sensitivityBasis == CostBasis::Cloud ? c.cloudTotalUsd : c.onpremTotalUsd;
        QCOMPARE(chart.tornadoBaseUsd(), base);
        for (int i = 0; i < c.sensitivityCount; ++i) {
            const SensitivityEntry &e = c.sensitivity[static_cast<std::size_t>(i)];
            QCOMPARE(chart.tornadoLabels()[i], QString::fromUtf8(assumptions[static_cast<std::size_t>(e.assumption)].label));
            QVERIFY2(gpuplan::test::nearScaled(chart.tornadoLowUsd()[i], e.lowUsd), qPrintable(QStringLiteral("%1: %2 vs %3").arg(i).arg(chart.tornadoLowUsd()[i], 0, 'f', 2).arg(e.lowUsd, 0, 'f', 2)));
            QVERIFY(gpuplan::test::nearScaled(chart.tornadoHighUsd()[i], e.highUsd));
        }
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void timelineAndTornadoAreTheCoreCostAfterAPlanChange()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        pricePlan(controller, 3.0, 25000);
        CostChart chart;
        chart.refresh(controller);
        // The controller's evaluation leaves the tornado out (on demand); the chart computes it.
        QCOMPARE(controller.evaluation().cost.sensitivityCount, 0);
        const Evaluation e = withSensitivity(controller);
        QVERIFY(e.cost.sensitivityCount >= 4);
        QVERIFY(chart.cloudPerMonthUsd() > 0);
        QVERIFY(e.cost.onpremCapexUsd > 0);
        // At $3 per GPU-hour owning pays off within the depreciation period.
        QVERIFY(!e.cost.breakEvenNever);
        compareWithCore(chart, e.cost);
        QVERIFY(chart.overlayText().isEmpty());

        // Dearer GPUs: a later break-even, a larger capex.
        QVERIFY(controller.setNumber(QStringLiteral("cost.gpu_price_usd"), 40000));
        chart.refresh(controller);
        const Evaluation after = withSensitivity(controller);
        QVERIFY(after.cost.breakEvenMonths > e.cost.breakEvenMonths);
        compareWithCore(chart, after.cost);
    }

    void cheapCloudNeverBreaksEven()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        pricePlan(controller, 0.2, 25000);
        CostChart chart;
        chart.refresh(controller);
        const Evaluation e = withSensitivity(controller);
        QVERIFY(e.cost.breakEvenNever);
        compareWithCore(chart, e.cost);
    }

    void hoverGivesDollarsAndMonths()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        pricePlan(controller, 3.0, 25000);
        CostChart chart;
        chart.resize(1100, 600);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.refresh(controller);
        chart.plot()->replot();
        const QCustomPlot *p = chart.plot();
        const QString onTimeline = chart.toolTipAt(QPointF(p->xAxis->coordToPixel(12), p->yAxis->coordToPixel(1)));
        QVERIFY2(onTimeline.contains(QStringLiteral("After 12 months")), qPrintable(onTimeline));
        QVERIFY(onTimeline.contains(QStringLiteral("Cloud: $")));
        QVERIFY(onTimeline.contains(QStringLiteral("On-prem: $")));
        QVERIFY(onTimeline.contains(QStringLiteral("per month")));
        // Top tornado row: the largest swing.
        QCPAxisRect *tornado = p->axisRects().at(1);
        const int n = static_cast<int>(chart.tornadoLabels().size());
        const QPointF onTop(tornado->axis(QCPAxis::atBottom)->coordToPixel(0), tornado->axis(QCPAxis::atLeft)->coordToPixel(n));
        const QString top = chart.toolTipAt(onTop);
        QVERIFY2(top.contains(chart.tornadoLabels().front()), qPrintable(top));
        QVERIFY(top.contains(QStringLiteral("−20%: total $")));
    }

    // The legend setting reaches the tornado's own legend when it is applied, not at the next
    // plan change (refreshing with the same plan redraws nothing).
    void legendSettingAppliesToTheTornadoAtOnce()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        pricePlan(controller, 3.0, 25000);
        CostChart chart;
        chart.refresh(controller);
        auto *tornadoLegend = qobject_cast<QCPLegend *>(chart.plot()->axisRects().at(1)->insetLayout()->elementAt(0));
        QVERIFY(tornadoLegend);
        QVERIFY(tornadoLegend->visible());
        QVERIFY(chart.plot()->legend->visible());

        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        settings.setChartLegendVisible(false);
        chart.applySettings(settings);
        QVERIFY(!chart.plot()->legend->visible());
        QVERIFY(!tornadoLegend->visible());
        chart.refresh(controller);
        QVERIFY(!tornadoLegend->visible());

        settings.setChartLegendVisible(true);
        chart.applySettings(settings);
        QVERIFY(tornadoLegend->visible());
        QVERIFY(chart.plot()->legend->visible());

        // Without prices there is nothing to name: switching legends on does not show empty ones.
        CostChart unpriced;
        PlanController bare(test::fixtureCatalog());
        bare.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        unpriced.refresh(bare);
        unpriced.applySettings(settings);
        QVERIFY(!unpriced.plot()->legend->visible());
    }

    // At presentation size (fonts 1.5×, as View › Presentation mode) in a narrow window the tornado
    // goes under the timeline and every assumption gets a text line of its own; a wide chart keeps
    // them side by side. Geometry of the laid-out plot, not pixels.
    void panelsStackWhenNarrowAndEveryTornadoRowGetsALine()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        pricePlan(controller, 3.0, 25000);
        CostChart chart;
        QFont large = chart.font();
        large.setPointSizeF(large.pointSizeF() * 1.5);
        chart.setFont(large);
        const QFontMetrics metrics(large);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.refresh(controller);
        const int rows = static_cast<int>(chart.tornadoLabels().size());
        QVERIFY(rows >= 4);
        const QCPAxisRect *timeline = chart.plot()->axisRects().at(0);
        const QCPAxisRect *tornado = chart.plot()->axisRects().at(1);
        auto layOut = [&chart](int width, int height) {
            chart.resize(width, height);
            QCoreApplication::sendPostedEvents();
            chart.plot()->replot();
        };
        auto rowsReadable = [&] { return tornado->rect().height() >= rows * metrics.height(); };

        // The results area of a 1280×800 window in presentation mode: about 615 × 370.
        layOut(615, 370);
        QVERIFY(chart.panelsStacked());
        QVERIFY(tornado->outerRect().top() >= timeline->outerRect().bottom());
        QVERIFY(tornado->outerRect().width() > chart.width() / 2);
        QVERIFY2(rowsReadable(), qPrintable(QStringLiteral("%1 px for %2 rows").arg(tornado->rect().height()).arg(rows)));
        QVERIFY(timeline->rect().height() >= 8 * metrics.height());
        // The title is wrapped to the width rather than cut at both ends.
        const auto *title = qobject_cast<QCPTextElement *>(chart.plot()->plotLayout()->element(0, 0));
        QVERIFY(title);
        QVERIFY(title->text().contains(QLatin1Char('\n')));
        for (const QString &line : title->text().split(QLatin1Char('\n')))
            QVERIFY2(QFontMetrics(title->font()).horizontalAdvance(line) < chart.width(), qPrintable(line));

        // The same fonts on a wide screen: side by side, rows still a line each.
        layOut(1500, 800);
        QVERIFY(!chart.panelsStacked());
        QVERIFY(tornado->outerRect().left() >= timeline->outerRect().right());
        QVERIFY(rowsReadable());
    }

    void unpricedPlanSaysWhatIsMissing()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        CostChart chart;
        chart.refresh(controller);
        QVERIFY(chart.cloudCumulativeUsd().isEmpty());
        QVERIFY(chart.overlayText().contains(QStringLiteral("price")));
    }
};

QTEST_MAIN(TestCostChart)
#include "tst_costchart.moc"

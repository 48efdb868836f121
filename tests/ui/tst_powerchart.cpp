// SPDX-License-Identifier: GPL-3.0-or-later
#include "UiTestFixtures.h"

#include "charts/PowerChart.h"
#include "document/PlanController.h"

#include <QTest>

#include <qcustomplot.h>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestPowerChart final : public QObject
{
    Q_OBJECT

private:
    static void compareWithEvaluation(const PowerChart &chart, const Evaluation &e)
    {
        const double eps = 1e-9 * std::max(1.0, e.power.facilityKw);
        auto near = [eps](double a, double b) { return std::fabs(a - b) <= eps; };
        // Bar 1 (IT load) is the IT power split into its parts; bar 2 adds the facility overhead.
        QVERIFY(near(chart.segmentKw(PowerSegment::Gpus)[0], e.power.gpuW / 1e3));
        QVERIFY(near(chart.segmentKw(PowerSegment::NodeOverhead)[0], e.power.nodeOverheadW / 1e3));
        QVERIFY(near(chart.segmentKw(PowerSegment::Network)[0], e.power.networkW / 1e3));
        QVERIFY(near(chart.segmentKw(PowerSegment::Storage)[0], e.power.storageW / 1e3));
        const QVector<double> totals = chart.barTotalsKw();
        QVERIFY2(near(totals[0], e.power.itKw), qPrintable(QStringLiteral("%1 vs %2").arg(totals[0]).arg(e.power.itKw)));
        QVERIFY(near(totals[1], e.power.facilityKw));
        QVERIFY(near(chart.segmentKw(PowerSegment::FacilityOverhead)[1], e.power.facilityKw - e.power.itKw));
        QVERIFY(near(totals[2], e.power.peakItKw));
        QVERIFY(near(totals[3], e.cooling.heatKw));
        QVERIFY(chart.summaryText().contains(QString::number(e.cooling.racks)));
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void barsAreThePowerResultsAfterAPlanChange()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        PowerChart chart;
        chart.refresh(controller);
        const Evaluation &e = controller.evaluation();
        // 1,024 H100 at 700 W: the GPUs alone draw several hundred kW, so the chart is in MW.
        QVERIFY(e.power.gpuW > 300e3);
        QCOMPARE(chart.unit(), QStringLiteral("MW"));
        compareWithEvaluation(chart, e);
        QVERIFY(chart.overlayText().isEmpty());

        // Half the GPUs, a higher PUE: the chart follows.
        QVERIFY(controller.setNumber(QStringLiteral("hardware.num_gpus"), 64));
        QVERIFY(controller.setNumber(QStringLiteral("facility.pue"), 1.5));
        chart.refresh(controller);
        const Evaluation &after = controller.evaluation();
        QVERIFY(std::fabs(after.power.facilityKw - 1.5 * after.power.itKw) < 1e-9 * after.power.facilityKw);
        QCOMPARE(chart.unit(), QStringLiteral("kW"));
        compareWithEvaluation(chart, after);
    }

    void summaryNamesTheCoolingAndHoverHasUnits()
    {
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        PowerChart chart;
        chart.resize(900, 600);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.refresh(controller);
        chart.plot()->replot();
        const Evaluation &e = controller.evaluation();
        QVERIFY(chart.summaryText().contains(e.cooling.liquidRequired ? QStringLiteral("liquid") : QStringLiteral("air")));
        const QCustomPlot *p = chart.plot();
        const double gpusMw = e.power.gpuW / 1e6;
        const QString onGpus = chart.toolTipAt(QPointF(p->xAxis->coordToPixel(1), p->yAxis->coordToPixel(gpusMw / 2)));
        QVERIFY2(onGpus.contains(QStringLiteral("GPUs")) && onGpus.contains(QStringLiteral(" kW")), qPrintable(onGpus));
        QVERIFY(onGpus.contains(QStringLiteral("of the IT load")));
        const QString onHeat =
            chart.toolTipAt(QPointF(p->xAxis->coordToPixel(4), p->yAxis->coordToPixel(e.cooling.heatKw / 2e3)));
        QVERIFY2(onHeat.contains(QStringLiteral("BTU/h")), qPrintable(onHeat));
        QVERIFY(chart.toolTipAt(QPointF(p->xAxis->coordToPixel(4.5), p->yAxis->coordToPixel(0.01))).isEmpty());
    }

    void unresolvablePlanSaysWhy()
    {
        Plan p = test::fixtureTrainingPlan();
        p.hardware.gpu = "NoSuchGPU";
        PlanController controller(test::fixtureCatalog());
        controller.applyPlan(p, QStringLiteral("fixture"));
        PowerChart chart;
        chart.refresh(controller);
        QCOMPARE(chart.barTotalsKw(), (QVector<double>{0, 0, 0, 0}));
        QVERIFY(chart.overlayText().contains(QStringLiteral("NoSuchGPU")));
    }
};

QTEST_MAIN(TestPowerChart)
#include "tst_powerchart.moc"

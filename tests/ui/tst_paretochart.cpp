// SPDX-License-Identifier: GPL-3.0-or-later
// The auto-plan dialog's time-vs-cost chart: it draws exactly the Pareto front and the ranked
// layouts of the core search (SearchResult::pareto / best, core/search/LayoutSearch.h), and a
// click on a point selects that layout's row in the table (and a selected row is ringed).
#include "AutoPlanTestSupport.h"

#include "autoplan/AutoPlanDialog.h"
#include "autoplan/ParetoChart.h"
#include "document/PlanController.h"

#include <qcustomplot.h>

#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include <cmath>

using namespace gpuplan;
using gpuplan::ui::AutoPlanDialog;
using gpuplan::ui::ParetoChart;
using gpuplan::ui::PlanController;

namespace {

// Values read back from the plot pass through the axis unit (days, ms): equal to rounding.
bool close(double a, double b)
{
    return std::fabs(a - b) <= 1e-9 * std::max(std::fabs(a), std::fabs(b));
}

int selectedTableRow(const AutoPlanDialog &dialog)
{
    const QModelIndexList rows = dialog.layoutTable()->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.front().row();
}

} // namespace

class TestParetoChart final : public QObject
{
    Q_OBJECT

private:
    // Llama 3 70B fixture plan (1,024 H100) at a cloud price of $2.50 per GPU-hour, so every
    // layout has a cost in USD.
    std::unique_ptr<PlanController> pricedTrainingController()
    {
        auto c = std::make_unique<PlanController>(test::fixtureCatalog());
        Plan p = test::fixtureTrainingPlan();
        p.cost.cloudGpuHourUsd = 2.5;
        c->applyPlan(p, QStringLiteral("fixture"));
        c->undoStack()->clear();
        return c;
    }

    // Llama 3 8B served on 8 H100; the fixture's prices give every layout a cost in USD.
    std::unique_ptr<PlanController> inferenceController()
    {
        auto c = std::make_unique<PlanController>(test::fixtureCatalog());
        c->applyPlan(test::fixtureServingPlan(), QStringLiteral("inference"));
        return c;
    }

    // The chart's front is the core's front, point by point, sorted by time with cost falling;
    // the table's rows are all drawn.
    static void checkFront(const ParetoChart &chart, const SearchResult &result, const SearchResult &core)
    {
        const QVector<double> times = chart.paretoTimesS();
        const QVector<double> costs = chart.paretoCosts();
        QCOMPARE(result.pareto.size(), core.pareto.size());
        QCOMPARE(times.size(), static_cast<qsizetype>(result.pareto.size()));
        QCOMPARE(costs.size(), times.size());
        for (qsizetype i = 0; i < times.size(); ++i) {
            const SearchCandidate &p = result.pareto[static_cast<std::size_t>(i)];
            QVERIFY2(close(times[i], p.paretoTime), qPrintable(QString::number(i)));
            QVERIFY2(close(costs[i], chart.costInUsd() ? p.costUsd : p.gpuHours), qPrintable(QString::number(i)));
            QCOMPARE(p.layout, core.pareto[static_cast<std::size_t>(i)].layout);
            if (i > 0) {
                QVERIFY(times[i] > times[i - 1]);
                QVERIFY(costs[i] <= costs[i - 1]);
            }
        }
        QCOMPARE(chart.bestTimesS().size(), static_cast<qsizetype>(result.best.size()));
        // Each front point maps to the table row with the same layout, or to none.
        for (std::size_t i = 0; i < result.pareto.size(); ++i) {
            const int row = chart.paretoRow(static_cast<int>(i));
            if (row >= 0) {
                QCOMPARE(result.best[static_cast<std::size_t>(row)].layout, result.pareto[i].layout);
            } else {
                for (const SearchCandidate &b : result.best)
                    QVERIFY(!(b.layout == result.pareto[i].layout));
            }
        }
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void inferenceFrontMatchesTheCoreSearch()
    {
        auto c = inferenceController();
        AutoPlanDialog dialog(c.get());
        dialog.setObjective(SearchObjective::Time);
        QVERIFY(test::runSearchToEnd(dialog));
        const SearchResult &r = dialog.result();
        QCOMPARE(r.mode, Mode::Inference);
        const ParetoChart &chart = *dialog.paretoChart();
        // One count, many concurrencies: a shorter time per output token costs more per token.
        QVERIFY(r.pareto.size() >= 3);
        QVERIFY(chart.costInUsd());
        QCOMPARE(chart.plot()->yAxis->label(), QStringLiteral("Cost per million output tokens (USD)"));
        QCOMPARE(chart.plot()->xAxis->label(), QStringLiteral("Time per output token (ms)"));
        checkFront(chart, r, test::coreSearch(*c, dialog.options()));
        // Row 0 is selected after the search and its point is ringed.
        QCOMPARE(selectedTableRow(dialog), 0);
        QCOMPARE(chart.selectedRow(), 0);
        const QVector<double> ringed = chart.selectedPoint();
        QCOMPARE(ringed.size(), 2);
        QVERIFY(close(ringed[0], r.best.front().paretoTime));
        QVERIFY(close(ringed[1], r.best.front().costUsd));
    }

    void trainingFrontOverAGpuRange()
    {
        auto c = pricedTrainingController();
        AutoPlanDialog dialog(c.get());
        dialog.setObjective(SearchObjective::Cost);
        // gpuCountsInRange(256, 2048, plan 1024): 256, 384, 512, 768, 1024, 1536, 2048.
        dialog.setGpuRange(256, 2048);
        QVERIFY(test::runSearchToEnd(dialog));
        const SearchResult &r = dialog.result();
        const ParetoChart &chart = *dialog.paretoChart();
        QVERIFY(!r.pareto.empty());
        QVERIFY(chart.costInUsd());
        QCOMPARE(chart.plot()->yAxis->label(), QStringLiteral("Cost per run (USD)"));
        // 15 T tokens on a few thousand H100 take months: the axis is in days.
        QCOMPARE(chart.plot()->xAxis->label(), QStringLiteral("Time to train (days)"));
        checkFront(chart, r, test::coreSearch(*c, dialog.options()));
        for (std::size_t i = 0; i < r.pareto.size(); ++i)
            QVERIFY(close(chart.paretoTimesS()[static_cast<qsizetype>(i)], r.pareto[i].timeToTrainS));
        QVERIFY(close(chart.selectedPoint()[0], r.best.front().timeToTrainS));
    }

    void clickingAPointSelectsItsRow()
    {
        auto c = inferenceController();
        AutoPlanDialog dialog(c.get());
        QVERIFY(test::runSearchToEnd(dialog));
        dialog.resize(1280, 760);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        ParetoChart &chart = *dialog.paretoChart();
        chart.plot()->replot();   // lays the axes out: pixel positions are valid from here
        const SearchResult &r = dialog.result();

        // The rows whose point is the only one under the pointer (others are drawn on top of
        // each other when their numbers are nearly equal).
        std::vector<int> distinct;
        for (int row = 0; row < static_cast<int>(r.best.size()); ++row) {
            const QPointF at = chart.rowPixel(row);
            // At the whole pixel the click lands on: two points a pixel apart are not distinct.
            if (chart.rowAt(QPointF(at.toPoint())) == row && chart.plot()->axisRect()->rect().contains(at.toPoint()))
                distinct.push_back(row);
        }
        QVERIFY(distinct.size() >= 3);
        QSignalSpy clicked(&chart, &ParetoChart::rowClicked);
        for (int row : distinct) {
            if (row == selectedTableRow(dialog))
                continue;
            QTest::mouseClick(chart.plot(), Qt::LeftButton, {}, chart.rowPixel(row).toPoint());
            QCOMPARE(clicked.size(), 1);
            QCOMPARE(clicked.takeFirst().at(0).toInt(), row);
            QCOMPARE(selectedTableRow(dialog), row);
            QCOMPARE(chart.selectedRow(), row);
            const QVector<double> ringed = chart.selectedPoint();
            QVERIFY(close(ringed[0], r.best[static_cast<std::size_t>(row)].paretoTime));
            QVERIFY(close(ringed[1], r.best[static_cast<std::size_t>(row)].costUsd));
            QVERIFY(chart.toolTipAt(chart.rowPixel(row)).contains(QStringLiteral("Row #%1").arg(row + 1)));
        }
        // A click away from every point keeps the selection.
        const int before = selectedTableRow(dialog);
        const QPoint empty = chart.plot()->axisRect()->rect().topLeft() + QPoint(2, 2);
        QCOMPARE(chart.rowAt(empty), -1);
        QTest::mouseClick(chart.plot(), Qt::LeftButton, {}, empty);
        QCOMPARE(clicked.size(), 0);
        QCOMPARE(selectedTableRow(dialog), before);
        // Selecting a table row rings its point.
        const int other = distinct.front() == before ? distinct.back() : distinct.front();
        dialog.layoutTable()->selectRow(other);
        QCOMPARE(chart.selectedRow(), other);
        QVERIFY(close(chart.selectedPoint()[0], r.best[static_cast<std::size_t>(other)].paretoTime));
        // A front point ranked below the table's rows selects nothing.
        for (std::size_t i = 0; i < r.pareto.size(); ++i) {
            const QPointF at = chart.paretoPixel(static_cast<int>(i));
            if (chart.paretoRow(static_cast<int>(i)) >= 0 || chart.rowAt(at) != -1)
                continue;   // a table row, or a table row's point lies on it
            QVERIFY(chart.toolTipAt(at).contains(QStringLiteral("not among")));
            QTest::mouseClick(chart.plot(), Qt::LeftButton, {}, at.toPoint());
            QCOMPARE(clicked.size(), 0);
            QCOMPARE(selectedTableRow(dialog), other);
        }
        dialog.grab().save(QStringLiteral(GPUPLAN_BINARY_DIR "/tests/autoplan-pareto.png"));
    }

    void gpuHoursWhenNoPriceIsKnown()
    {
        auto c = inferenceController();
        SearchResult r = test::coreSearch(*c, SearchOptions{});
        QVERIFY(r.pareto.size() >= 3);
        // The same layouts without a price: the core ranks and fronts GPU-hours then
        // (SearchCandidate::paretoCost()), and so does the chart.
        for (auto *list : {&r.best, &r.pareto}) {
            for (SearchCandidate &cand : *list)
                cand.costKnown = false;
        }
        ParetoChart chart;
        chart.setResult(r);
        QVERIFY(!chart.costInUsd());
        QCOMPARE(chart.plot()->yAxis->label(), QStringLiteral("GPU-hours per million output tokens (no price known)"));
        const QVector<double> costs = chart.paretoCosts();
        QCOMPARE(costs.size(), static_cast<qsizetype>(r.pareto.size()));
        for (std::size_t i = 0; i < r.pareto.size(); ++i)
            QVERIFY(close(costs[static_cast<qsizetype>(i)], r.pareto[i].paretoCost()));
    }

    void cancelledSearchDrawsWhatWasFound()
    {
        auto c = pricedTrainingController();
        AutoPlanDialog dialog(c.get());
        dialog.setGpuRange(8, 1000000);
        QSignalSpy done(&dialog, &AutoPlanDialog::searchFinished);
        dialog.startSearch();
        QVERIFY(dialog.isSearching());
        dialog.cancelSearch();
        QVERIFY(done.wait(10000));
        const SearchResult &r = dialog.result();
        QVERIFY(r.cancelled);
        QCOMPARE(dialog.paretoChart()->paretoTimesS().size(), static_cast<qsizetype>(r.pareto.size()));
        QCOMPARE(dialog.paretoChart()->bestTimesS().size(), static_cast<qsizetype>(r.best.size()));
    }
};

QTEST_MAIN(TestParetoChart)
#include "tst_paretochart.moc"

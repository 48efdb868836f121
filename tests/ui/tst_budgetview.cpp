// SPDX-License-Identifier: GPL-3.0-or-later
// The Budget view (issue 13) on the bundled 70B example with $30 M and 240 days: the options it
// shows come from the procurement planner (core/procure) across at least three GPU types and both
// ways of paying; every feasible row meets the limits; the chart draws exactly the options, the
// Pareto front, the feasible region and the limit lines; table and chart selections follow each
// other; a slider move is answered by the worker thread, not on the UI thread; stale answers are
// dropped; "apply" is one undo step that undo fully reverts.
#include "ExamplePlans.h"

#include "budget/BudgetChart.h"
#include "budget/BudgetTable.h"
#include "budget/BudgetText.h"
#include "budget/BudgetView.h"
#include "budget/BudgetWorker.h"
#include "budget/LimitSlider.h"
#include "document/PlanController.h"

#include "eval/Layout.h"
#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>
#include <qcustomplot.h>

#include "common/Format.h"

#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QTableView>
#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <set>

using namespace gpuplan;
using gpuplan::ui::BudgetChart;
using gpuplan::ui::BudgetTableModel;
using gpuplan::ui::BudgetView;
using gpuplan::ui::PlanController;

namespace {

// The exploration takes a fraction of a second idle; allow for a loaded test machine.
constexpr int kAnswerTimeoutMs = 120000;

bool waitForAnswer(BudgetView &view)
{
    QSignalSpy spy(&view, &BudgetView::answered);
    return spy.wait(kAnswerTimeoutMs) || !spy.isEmpty();
}

bool meets(const ProcureOption &o, const ProcureRequest &r)
{
    return (r.deadlineDays < 0 || o.finishDays <= r.deadlineDays) &&
           (r.budgetUsd < 0 || std::max(o.cashUsd, o.upfrontUsd) <= r.budgetUsd)
           && (r.sitePowerKw < 0 || o.acquisition == Acquisition::Cloud || o.facilityKw <= r.sitePowerKw);
}

std::string planText(const Plan &p)
{
    return planToJson(p).dump();
}

} // namespace

class TestBudgetView final : public QObject
{
    Q_OBJECT

    std::unique_ptr<PlanController> m_controller;
    std::unique_ptr<BudgetView> m_view;

private slots:
    void initTestCase()
    {
        m_controller = test::openExamplePlan("llama3-70b-training.gpuplan");
        QVERIFY(m_controller->isResolved());
        m_view = std::make_unique<BudgetView>(m_controller.get());
        m_view->resize(1400, 900);
        m_view->setBudgetUsd(30e6);
        m_view->setDeadlineDays(240);
        m_view->setSitePowerKw(-1);
        m_view->show();
        m_view->refresh(*m_controller);
        // The exploration runs on the worker: refresh() returned before any option is known.
        QVERIFY(m_view->isComputing());
        QVERIFY(waitForAnswer(*m_view));
        while (m_view->isComputing())   // the limits set above may be answered in a second step
            QVERIFY(waitForAnswer(*m_view));
    }

    void optionsAcrossGpusAndWaysOfPaying()
    {
        const ui::BudgetAnswer *a = m_view->answer();
        QVERIFY(a && a->ranked && a->error.isEmpty());
        const ProcureResult &r = *a->ranked;
        QCOMPARE(r.request.budgetUsd, 30e6);
        QCOMPARE(r.request.deadlineDays, 240.0);
        std::set<std::string> gpus;
        std::set<Acquisition> ways;
        int feasible = 0;
        for (const ProcureOption &o : r.options) {
            gpus.insert(o.gpu);
            ways.insert(o.acquisition);
            QCOMPARE(o.feasible, meets(o, r.request));
            QCOMPARE(o.feasible, o.violations.empty());
            feasible += o.feasible;
        }
        QVERIFY(gpus.size() >= 3);
        QCOMPARE(ways.size(), std::size_t(3));   // buy, cloud and hybrid
        QVERIFY(feasible > 0);
        QVERIFY(r.best >= 0);
        QVERIFY(!r.options[static_cast<std::size_t>(r.best)].priceEstimated);
        QVERIFY(m_view->statusText().contains(QStringLiteral("feasible")));
        QVERIFY(r.bestEstimated < 0 || m_view->statusText().contains(QStringLiteral("estimated price, not chosen")));
    }

    void tableListsEveryOptionBestFirst()
    {
        const ProcureResult &r = *m_view->answer()->ranked;
        BudgetTableModel *model = m_view->tableModel();
        QCOMPARE(model->rowCount(), static_cast<int>(r.options.size()));
        QCOMPARE(model->optionAtRow(0), r.best);
        QCOMPARE(model->data(model->index(0, BudgetTableModel::Feasible)).toString(), QStringLiteral("yes, best"));
        bool rejectedSeen = false;
        for (int row = 0; row < model->rowCount(); ++row) {
            const ProcureOption &o = r.options[static_cast<std::size_t>(model->optionAtRow(row))];
            QCOMPARE(model->rowOfOption(model->optionAtRow(row)), row);
            const QString why = model->data(model->index(row, BudgetTableModel::WhyNot)).toString();
            // Feasible rows first; every rejected row says in words which limit it misses.
            rejectedSeen = rejectedSeen || !o.feasible;
            QCOMPARE(o.feasible, !rejectedSeen);
            QCOMPARE(why.isEmpty(), o.feasible);
            for (const Violation &v : o.violations)
                QVERIFY(why.contains(v.constraint == Constraint::Deadline ? QStringLiteral("deadline")
                                                                          : QStringLiteral("budget")));
            QCOMPARE(model->data(model->index(row, BudgetTableModel::Gpu)).toString(), QString::fromStdString(o.gpu));
            const QString way = o.acquisition == Acquisition::Buy     ? QStringLiteral("buy")
                                : o.acquisition == Acquisition::Cloud ? QStringLiteral("cloud")
                                                                      : QStringLiteral("own + cloud");
            QCOMPARE(model->data(model->index(row, BudgetTableModel::Way)).toString(), way);
            // A hybrid's row names its rented cluster and the share of the tokens it trains.
            if (o.acquisition == Acquisition::Hybrid) {
                const QString offer = model->data(model->index(row, BudgetTableModel::OfferTerm)).toString();
                QVERIFY2(offer.contains(QString::fromStdString(grouped(o.parts[1].numGpus))) &&
                             offer.contains(QStringLiteral("%1 %").arg(std::round(o.parts[1].tokenShare * 100))),
                         qPrintable(offer));
            }
        }
        QVERIFY(rejectedSeen);
    }

    void chartDrawsTheOptions()
    {
        const ProcureResult &r = *m_view->answer()->ranked;
        const BudgetChart *chart = m_view->chart();
        // Every option is one point of its way of paying, filled when feasible.
        for (const Acquisition way : {Acquisition::Buy, Acquisition::Cloud, Acquisition::Hybrid}) {
            for (const bool feasible : {true, false}) {
                std::multiset<std::pair<double, double>> expected, drawn;
                for (const ProcureOption &o : r.options) {
                    if (o.acquisition == way && o.feasible == feasible)
                        expected.insert({o.finishDays, o.cashUsd});
                }
                const QVector<double> days = chart->pointDays(way, feasible), cash = chart->pointCash(way, feasible);
                QCOMPARE(days.size(), cash.size());
                for (int i = 0; i < days.size(); ++i)
                    drawn.insert({days[i], cash[i]});
                QCOMPARE(drawn, expected);
            }
        }
        // The Pareto front is exactly the planner's (cheapest first = slowest first; the graph
        // keeps it by days).
        QVector<double> frontDays, frontCash;
        for (int i : r.pareto) {
            frontDays.prepend(r.options[static_cast<std::size_t>(i)].finishDays);
            frontCash.prepend(r.options[static_cast<std::size_t>(i)].cashUsd);
        }
        QCOMPARE(chart->paretoDays(), frontDays);
        QCOMPARE(chart->paretoCash(), frontCash);
        const ProcureOption &best = r.options[static_cast<std::size_t>(r.best)];
        QCOMPARE(chart->bestPoint(), (QVector<double>{best.finishDays, best.cashUsd}));
        // Limits: the shaded region ends at the deadline and the budget, where the lines are.
        QCOMPARE(chart->feasibleCorner(), QPointF(240, 30e6));
        QCOMPARE(chart->deadlineLineDays(), 240.0);
        QCOMPARE(chart->budgetLineUsd(), 30e6);
        // The open plan is marked at its own time to train, bought and rented.
        const Evaluation &e = m_controller->evaluation();
        const QVector<double> plan = chart->planPoints();
        QCOMPARE(plan.size(), 4);
        QVERIFY(std::fabs(plan[0] - e.reliability.effectiveTimeToTrainS / 86400.0) < 1e-9);
        QCOMPARE(plan[1], e.cost.onpremCashUsd);
        QCOMPARE(plan[3], e.cost.cloudCashUsd);
    }

    void selectionFollowsBetweenTableAndChart()
    {
        const ProcureResult &r = *m_view->answer()->ranked;
        BudgetChart *chart = m_view->chart();
        // A row selected in the table rings its option's point.
        const int row = 3;
        m_view->table()->selectRow(row);
        const int option = m_view->tableModel()->optionAtRow(row);
        QCOMPARE(m_view->selectedOption(), option);
        const ProcureOption &o = r.options[static_cast<std::size_t>(option)];
        QCOMPARE(chart->selectedPoint(), (QVector<double>{o.finishDays, o.cashUsd}));
        // A click on a point selects its row.
        chart->plot()->replot();
        const int clicked = m_view->tableModel()->optionAtRow(10);
        const QPoint pixel = chart->optionPixel(clicked).toPoint();
        QTest::mouseClick(chart->plot(), Qt::LeftButton, {}, pixel);
        const int hit = chart->selectedOption();
        QVERIFY(hit >= 0);
        QVERIFY((chart->optionPixel(hit) - QPointF(pixel)).manhattanLength() < 3);
        const QModelIndexList rows = m_view->table()->selectionModel()->selectedRows();
        QCOMPARE(rows.size(), qsizetype(1));
        QCOMPARE(m_view->tableModel()->optionAtRow(rows.front().row()), hit);
    }

    void sliderMoveIsAnsweredByTheWorker()
    {
        const int explorations = m_view->worker()->explorations();
        const quint64 before = m_view->answer()->generation;
        QSlider *deadline = m_view->deadlineSlider()->slider();
        const auto &ladder = m_view->deadlineSlider()->ladder();
        deadline->setValue(static_cast<int>(std::find(ladder.begin(), ladder.end(), 120.0) - ladder.begin()));
        QCOMPARE(m_view->deadlineSlider()->limit(), 120.0);
        // Nothing is computed on the UI thread: the answer shown is still the old one.
        QVERIFY(m_view->isComputing());
        QCOMPARE(m_view->answer()->ranked->request.deadlineDays, 240.0);
        QVERIFY(waitForAnswer(*m_view));
        QVERIFY(m_view->answer()->generation > before);
        const ProcureResult &r = *m_view->answer()->ranked;
        QCOMPARE(r.request.deadlineDays, 120.0);
        for (const ProcureOption &o : r.options)
            QCOMPARE(o.feasible, meets(o, r.request));
        QCOMPARE(m_view->chart()->deadlineLineDays(), 120.0);
        QCOMPARE(m_view->chart()->feasibleCorner().x(), 120.0);
        // A limit only re-ranks: the plan was not explored again.
        QCOMPARE(m_view->worker()->explorations(), explorations);
        QVERIFY(m_view->lastLatencyMs() >= m_view->lastUiMs());
        m_view->setDeadlineDays(240);
        QVERIFY(waitForAnswer(*m_view));
    }

    void gpuFilterAndObjective()
    {
        m_view->setGpuFilter({"H100-SXM-80GB", "B200"});
        m_view->setObjective(ProcureObjective::Time);
        while (m_view->isComputing())
            QVERIFY(waitForAnswer(*m_view));
        const ProcureResult &r = *m_view->answer()->ranked;
        QVERIFY(!r.options.empty());
        for (const ProcureOption &o : r.options)
            QVERIFY(o.gpu == "H100-SXM-80GB" || o.gpu == "B200");
        QCOMPARE(r.objective, ProcureObjective::Time);
        const ProcureOption &best = r.options[static_cast<std::size_t>(r.best)];
        for (const ProcureOption &o : r.options)   // best among published prices (docs/procurement.md)
            QVERIFY(!o.feasible || o.priceEstimated || best.finishDays <= o.finishDays);
        m_view->setGpuFilter({});
        m_view->setObjective(ProcureObjective::Cash);
        while (m_view->isComputing())
            QVERIFY(waitForAnswer(*m_view));
    }

    void staleAnswersAreDropped()
    {
        // Three requests in a row: the first starts at once, the next two are coalesced into one
        // more job, and only the answer to the third is delivered.
        ui::BudgetWorker worker;
        QSignalSpy answers(&worker, &ui::BudgetWorker::finished);
        ProcureRequest request;
        request.deadlineDays = 100;
        worker.request(*m_controller, request);
        request.deadlineDays = 200;
        worker.request(*m_controller, request);
        request.deadlineDays = 300;
        const quint64 last = worker.request(*m_controller, request);
        QTRY_VERIFY_WITH_TIMEOUT(!worker.isBusy() && !worker.hasPending() && !answers.isEmpty(), kAnswerTimeoutMs);
        QCOMPARE(answers.size(), qsizetype(1));
        const auto answer = answers.front().front().value<ui::BudgetAnswer>();
        QCOMPARE(answer.generation, last);
        QCOMPARE(answer.ranked->request.deadlineDays, 300.0);
        QCOMPARE(worker.discarded(), 1);
        QCOMPARE(worker.explorations(), 1);
    }

    void applyIsOneUndoStep()
    {
        // A rented option on another GPU than the plan's: GPU, count, layout, offer and term change.
        const ProcureResult &r = *m_view->answer()->ranked;
        const std::string before = planText(m_controller->plan());
        int pick = -1;
        for (int row = 0; row < m_view->tableModel()->rowCount() && pick < 0; ++row) {
            const int i = m_view->tableModel()->optionAtRow(row);
            const ProcureOption &o = r.options[static_cast<std::size_t>(i)];
            if (o.feasible && o.acquisition == Acquisition::Cloud && o.gpu != m_controller->plan().hardware.gpu)
                pick = i;
        }
        QVERIFY(pick >= 0);
        const ProcureOption o = r.options[static_cast<std::size_t>(pick)];
        m_view->selectOption(pick);
        const int steps = m_controller->undoStack()->count();
        QVERIFY(m_view->applySelected());
        QCOMPARE(m_controller->undoStack()->count(), steps + 1);
        const Plan &p = m_controller->plan();
        QCOMPARE(p.hardware.gpu, o.gpu);
        QCOMPARE(p.hardware.numGpus, o.numGpus);
        QCOMPARE(layoutFromPlan(p), o.layout);
        QCOMPARE(p.cost.cloudOffer, o.offer);
        QCOMPARE(p.cost.cloudPricing, o.term);
        const Evaluation &e = m_controller->evaluation();
        QVERIFY(std::fabs(e.reliability.effectiveTimeToTrainS / 86400.0 / o.timeToTrainDays - 1) < 1e-9);
        QVERIFY(std::fabs(e.cost.cloudCashUsd / o.cashUsd - 1) < 1e-9);
        // The shown options belong to the old plan until the worker has explored the new one.
        m_view->refresh(*m_controller);
        QVERIFY(m_view->isStale());
        QVERIFY(!m_view->applySelected());
        while (m_view->isComputing())
            QVERIFY(waitForAnswer(*m_view));
        QVERIFY(!m_view->isStale());
        // The applied option is in the new answer and the plan's rented mark sits on it.
        const QVector<double> plan = m_view->chart()->planPoints();
        QVERIFY(std::fabs(plan.back() / o.cashUsd - 1) < 1e-9);
        // Undo reverts every field at once.
        m_controller->undoStack()->undo();
        QCOMPARE(planText(m_controller->plan()), before);
        QCOMPARE(m_controller->undoStack()->count(), steps + 1);
        QCOMPARE(m_controller->undoStack()->index(), steps);
    }

    void hybridIsNotApplied()
    {
        // A hybrid is two clusters in turn: Apply is disabled with a tooltip saying why, and
        // applying it changes nothing.
        const ProcureResult &r = *m_view->answer()->ranked;
        int pick = -1;
        for (int i = 0; i < static_cast<int>(r.options.size()) && pick < 0; ++i) {
            if (r.options[static_cast<std::size_t>(i)].acquisition == Acquisition::Hybrid)
                pick = i;
        }
        QVERIFY(pick >= 0);
        const std::string before = planText(m_controller->plan());
        const int steps = m_controller->undoStack()->count();
        m_view->selectOption(pick);
        QVERIFY(!m_view->applyButton()->isEnabled());
        QVERIFY(m_view->applyButton()->toolTip().contains(QStringLiteral("two clusters")));
        QVERIFY(!m_view->applySelected());
        QCOMPARE(m_controller->undoStack()->count(), steps);
        QCOMPARE(planText(m_controller->plan()), before);
        m_view->selectOption(-1);
    }

    void cancelStopsTheExploration()
    {
        // A fresh view explores the plan on its worker: Cancel stops it, no answer is shown and
        // the status says so; moving a limit explores again.
        BudgetView view(m_controller.get());
        QSignalSpy cancelled(view.worker(), &ui::BudgetWorker::cancelled);
        view.refresh(*m_controller);
        QVERIFY(view.worker()->isExploring());
        QVERIFY(view.cancelButton()->isEnabled());
        view.cancelButton()->click();
        QVERIFY(cancelled.wait(kAnswerTimeoutMs) || !cancelled.isEmpty());
        QCOMPARE(view.worker()->cancellations(), 1);
        QCOMPARE(view.worker()->explorations(), 0);
        QVERIFY(!view.answer());
        QVERIFY(!view.isComputing());
        QVERIFY(!view.cancelButton()->isEnabled());
        QVERIFY(view.statusText().contains(QStringLiteral("cancelled")));
        view.setDeadlineDays(200);
        QVERIFY(waitForAnswer(view));
        QVERIFY(view.answer() && view.answer()->explored && !view.answer()->ranked->options.empty());
        QCOMPARE(view.worker()->explorations(), 1);
        QVERIFY(!view.statusText().contains(QStringLiteral("cancelled")));
    }

    void newPlanCancelsTheRunningExploration()
    {
        // An exploration of a plan that is no longer the latest is cancelled by the next request:
        // only the edited plan is explored to its end and answered.
        auto controller = test::openExamplePlan("llama3-70b-training.gpuplan");
        ui::BudgetWorker worker;
        QSignalSpy answers(&worker, &ui::BudgetWorker::finished);
        worker.request(*controller, {});
        QVERIFY(worker.isExploring());
        Plan edited = controller->plan();
        edited.workload.training.seqLen /= 2;
        controller->applyPlan(edited, QStringLiteral("shorter sequences"));
        worker.request(*controller, {});
        QTRY_VERIFY_WITH_TIMEOUT(!worker.isBusy() && !worker.hasPending() && !answers.isEmpty(), kAnswerTimeoutMs);
        QCOMPARE(answers.size(), qsizetype(1));
        QCOMPARE(worker.cancellations(), 1);
        QCOMPARE(worker.explorations(), 1);
        const auto answer = answers.front().front().value<ui::BudgetAnswer>();
        QCOMPARE(answer.planKey, ui::budgetPlanKey(edited));
        QVERIFY(!answer.ranked->options.empty());
    }

    void servingPlanGetsFleets()
    {
        // A serving plan's options are the fleets that carry its request rate (docs/procurement.md,
        // "Serving fleets"), each with its capex up front in the table.
        auto controller = test::openExamplePlan("llama3-8b-inference.gpuplan");
        BudgetView view(controller.get());
        view.setGpuFilter({"H100-SXM-80GB"});
        view.refresh(*controller);
        while (view.isComputing())
            QVERIFY(waitForAnswer(view));
        QVERIFY2(view.answer()->error.isEmpty(), qPrintable(view.answer()->error));
        const ProcureResult &r = *view.answer()->ranked;
        QVERIFY(r.serving && !r.options.empty());
        QVERIFY(view.tableModel()->rowCount() > 0);
        std::set<QString> engines;
        int disaggregated = 0;
        for (int row = 0; row < view.tableModel()->rowCount(); ++row) {
            const ProcureOption &o = r.options[static_cast<std::size_t>(view.tableModel()->optionAtRow(row))];
            QVERIFY(o.replicas > 0);
            QCOMPARE(view.tableModel()->data(view.tableModel()->index(row, BudgetTableModel::Upfront)).toString(),
                     ui::usdShort(o.upfrontUsd));
            // The engine and the serving mode of each fleet are columns of their own.
            const QString engine = view.tableModel()->data(view.tableModel()->index(row, BudgetTableModel::Engine)).toString();
            QCOMPARE(engine, QString::fromStdString(o.engine));
            QVERIFY(!engine.isEmpty());
            engines.insert(engine);
            const QString mode = view.tableModel()->data(view.tableModel()->index(row, BudgetTableModel::Mode)).toString();
            QVERIFY(mode.startsWith(o.servingMode == ServingMode::Disaggregated ? "disaggregated" : "aggregated"));
            disaggregated += o.servingMode == ServingMode::Disaggregated;
        }
        QVERIFY(engines.size() >= 3);
        QVERIFY(disaggregated > 0);
        QCOMPARE(view.tableModel()->headerData(BudgetTableModel::Engine, Qt::Horizontal).toString(), QStringLiteral("Engine"));
        // Two pools are no plan: Apply is disabled for a disaggregated fleet, enabled for an aggregated one.
        for (std::size_t i = 0; i < r.options.size(); ++i) {
            if (r.options[i].servingMode != ServingMode::Disaggregated)
                continue;
            view.selectOption(static_cast<int>(i));
            QVERIFY(!view.applyButton()->isEnabled());
            QVERIFY(view.applyButton()->toolTip().contains(QStringLiteral("requests in flight")));
            break;
        }
        for (std::size_t i = 0; i < r.options.size(); ++i) {
            if (r.options[i].servingMode != ServingMode::Aggregated)
                continue;
            view.selectOption(static_cast<int>(i));
            QVERIFY(view.applyButton()->isEnabled());
            break;
        }
    }

    void mixedFleetNamesBothGpus()
    {
        // A fleet with its prefill pool on another GPU type: the row names both GPU types, Apply
        // makes the plan of the two pools (prefill_gpu set), and the GPU filter hides the fleet
        // when its prefill GPU is filtered out.
        auto controller = test::openExamplePlan("llama3-8b-inference.gpuplan");
        BudgetView view(controller.get());
        view.refresh(*controller);
        while (view.isComputing())
            QVERIFY(waitForAnswer(view));
        const ProcureResult &r = *view.answer()->ranked;
        int row = -1;
        for (int k = 0; k < view.tableModel()->rowCount() && row < 0; ++k) {
            const ProcureOption &o = r.options[static_cast<std::size_t>(view.tableModel()->optionAtRow(k))];
            if (!o.prefillGpu.empty())
                row = k;
        }
        QVERIFY(row >= 0);
        const int i = view.tableModel()->optionAtRow(row);
        const ProcureOption o = r.options[static_cast<std::size_t>(i)];
        const QString decode = QString::fromStdString(o.gpu), prefill = QString::fromStdString(o.prefillGpu);
        const QString gpu = view.tableModel()->data(view.tableModel()->index(row, BudgetTableModel::Gpu)).toString();
        QVERIFY2(gpu.startsWith(decode) && gpu.contains("prefill on " + prefill), qPrintable(gpu));
        const QString mode = view.tableModel()->data(view.tableModel()->index(row, BudgetTableModel::Mode)).toString();
        QVERIFY2(mode.startsWith("disaggregated") && mode.contains(prefill) && mode.contains(decode), qPrintable(mode));
        view.selectOption(i);
        QVERIFY(view.applyButton()->isEnabled());
        QVERIFY(view.applySelected());
        QCOMPARE(controller->plan().workload.inference.prefillGpu, o.prefillGpu);
        QCOMPARE(controller->plan().hardware.gpu, o.gpu);
        QCOMPARE(controller->plan().hardware.numGpus, o.numGpus);
        QCOMPARE(controller->plan().workload.inference.servingMode, ServingMode::Disaggregated);
        QVERIFY(controller->evaluation().inference.valid);
        QVERIFY(std::fabs(controller->evaluation().cost.onpremCashUsd / o.cashUsd - 1.0) < 1e-9);
        // Filtered to the decode GPU alone, the mixed fleet is gone.
        const ProcureResult only = ui::rankedForRequest(*view.answer()->ranked, [&] {
            ProcureRequest q;
            q.gpus = {o.gpu};
            return q;
        }());
        for (const ProcureOption &x : only.options)
            QVERIFY(x.prefillGpu.empty());
    }
};

QTEST_MAIN(TestBudgetView)
#include "tst_budgetview.moc"

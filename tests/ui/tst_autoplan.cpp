// SPDX-License-Identifier: GPL-3.0-or-later
// Tools › Auto-plan: the dialog runs the core layout search on a worker thread, lists exactly what
// searchLayouts() returns, applies a row as one undo step, and stops on Cancel.
#include "AutoPlanTestSupport.h"

#include "autoplan/AutoPlanDialog.h"
#include "autoplan/AutoPlanRunner.h"
#include "autoplan/AutoPlanTable.h"
#include "document/PlanController.h"

#include "plan/PlanIo.h"

#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QUndoStack>

#include <nlohmann/json.hpp>

using namespace gpuplan;
using gpuplan::ui::AutoPlanDialog;
using gpuplan::ui::AutoPlanRunner;
using gpuplan::ui::PlanController;

class TestAutoPlan final : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<PlanController> makeController()
    {
        auto c = std::make_unique<PlanController>(test::fixtureCatalog());
        c->applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
        c->undoStack()->clear();
        return c;
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void resultsMatchTheCoreSearch()
    {
        auto c = makeController();
        AutoPlanDialog dialog(c.get());
        dialog.setObjective(SearchObjective::Time);
        // The fixture plan's own count (1,024 H100) as both ends: one count searched.
        QCOMPARE(dialog.options().minGpus, 1024);
        QCOMPARE(dialog.options().maxGpus, 1024);
        QVERIFY(test::runSearchToEnd(dialog));
        const SearchResult expected = test::coreSearch(*c, dialog.options());
        const SearchResult &got = dialog.result();
        QVERIFY(!expected.best.empty());
        QCOMPARE(got.best.size(), expected.best.size());
        QCOMPARE(got.evaluated, expected.evaluated);
        QCOMPARE(got.feasible, expected.feasible);
        QCOMPARE(got.rejected, expected.rejected);
        QTableWidget *table = dialog.layoutTable();
        QCOMPARE(table->rowCount(), static_cast<int>(expected.best.size()));
        for (std::size_t i = 0; i < expected.best.size(); ++i) {
            const SearchCandidate &e = expected.best[i];
            QCOMPARE(got.best[i].layout, e.layout);
            QCOMPARE(got.best[i].objective, e.objective);
            const int row = static_cast<int>(i);
            QCOMPARE(table->item(row, ui::ColTp)->text().toInt(), e.layout.tp);
            QCOMPARE(table->item(row, ui::ColPp)->text().toInt(), e.layout.pp);
            QCOMPARE(table->item(row, ui::ColVp)->text().toInt(), e.layout.vp);
            QCOMPARE(table->item(row, ui::ColCp)->text().toInt(), e.layout.cp);
            QCOMPARE(table->item(row, ui::ColBatch)->text().toInt(), e.layout.microBatch);
            QCOMPARE(table->item(row, ui::ColSharding)->text(), ui::shardingText(e.layout));
        }
        // The rejection table: one row per reason, the counts summing to the rejected candidates.
        long long listed = 0;
        for (int r = 0; r < dialog.rejectTable()->rowCount(); ++r)
            listed += dialog.rejectTable()->item(r, 0)->text().remove(QLatin1Char(',')).toLongLong();
        QCOMPARE(listed, expected.evaluated - expected.feasible);
        dialog.show();
        QVERIFY(QTest::qWaitForWindowExposed(&dialog));
        dialog.grab().save(QStringLiteral(GPUPLAN_BINARY_DIR "/tests/autoplan.png"));
    }

    void objectiveAndRangeReachTheSearch()
    {
        auto c = makeController();
        AutoPlanDialog dialog(c.get());
        dialog.setObjective(SearchObjective::Energy);
        dialog.setGpuRange(512, 2048);
        QVERIFY(test::runSearchToEnd(dialog));
        QCOMPARE(dialog.result().objective, SearchObjective::Energy);
        // gpuCountsInRange(512, 2048, plan 1024, 8 per node): 512, 768, 1024, 1536, 2048.
        QCOMPARE(dialog.result().gpuCounts, (std::vector<int>{512, 768, 1024, 1536, 2048}));
        const SearchResult expected = test::coreSearch(*c, dialog.options());
        QCOMPARE(dialog.result().best.front().layout, expected.best.front().layout);
    }

    void applyingARowIsOneUndoStep()
    {
        auto c = makeController();
        AutoPlanDialog dialog(c.get());
        QVERIFY(test::runSearchToEnd(dialog));
        const std::string before = planToJson(c->plan()).dump();
        // The first row that differs from the plan's current layout.
        int row = 0;
        while (row < static_cast<int>(dialog.result().best.size())
               && dialog.result().best[static_cast<std::size_t>(row)].layout == c->evaluation().layout)
            ++row;
        QVERIFY(row < static_cast<int>(dialog.result().best.size()));
        const Layout chosen = dialog.result().best[static_cast<std::size_t>(row)].layout;
        const int steps = c->undoStack()->count();
        QVERIFY(dialog.applyRow(row));
        QCOMPARE(c->undoStack()->count(), steps + 1);
        const Parallelism &p = c->plan().parallelism;
        QCOMPARE(p.tp, chosen.tp);
        QCOMPARE(p.pp, chosen.pp);
        QCOMPARE(p.vp, chosen.vp);
        QCOMPARE(p.cp, chosen.cp);
        QCOMPARE(p.ep, chosen.ep);
        QCOMPARE(p.zero, chosen.zero);
        QCOMPARE(p.sharding, chosen.sharding);
        QCOMPARE(p.recompute, chosen.recompute);
        QCOMPARE(p.offloadOptimizer, chosen.offloadOptimizer);
        QCOMPARE(p.offloadParams, chosen.offloadParams);
        QCOMPARE(c->plan().workload.training.microBatch, chosen.microBatch);
        // The controller now evaluates exactly the chosen layout (DP derived from the count).
        QCOMPARE(c->evaluation().layout, chosen);
        QCOMPARE(c->evaluation().training.stepTimeS, dialog.result().best[static_cast<std::size_t>(row)].stepTimeS);
        // The applied layout is still the searched plan: other rows stay applicable.
        QVERIFY(!dialog.isStale());
        c->undoStack()->undo();
        QCOMPARE(planToJson(c->plan()).dump(), before);
    }

    void resultsOfAnEarlierPlanAreNotApplied()
    {
        auto c = makeController();
        AutoPlanDialog dialog(c.get());
        QVERIFY(test::runSearchToEnd(dialog));
        // A layout edit keeps the results valid; a workload edit does not.
        QVERIFY(c->setNumber(QStringLiteral("parallelism.tp"), 4));
        QVERIFY(!dialog.isStale());
        QVERIFY(c->setNumber(QStringLiteral("workload.training.global_batch"), 2048));
        QVERIFY(dialog.isStale());
        const int steps = c->undoStack()->count();
        QVERIFY(!dialog.applyRow(0));
        QCOMPARE(c->undoStack()->count(), steps);
        c->undoStack()->undo();
        QVERIFY(!dialog.isStale());
    }

    void cancelStopsTheSearch()
    {
        auto c = makeController();
        AutoPlanRunner runner;
        SearchOptions options;
        // Every candidate of 64 to 65,536 GPUs without pruning: far longer than the test waits.
        options.minGpus = 64;
        options.maxGpus = 65536;
        options.prune = false;
        QSignalSpy done(&runner, &AutoPlanRunner::finished);
        QVERIFY(runner.start(c->plan(), c->catalog(), options));
        // start() returned with the search still running: the caller's thread is free.
        QVERIFY(runner.isRunning());
        QString error;
        QVERIFY(!runner.start(c->plan(), c->catalog(), options, &error));   // one at a time
        QVERIFY(error.contains(QStringLiteral("already running")));
        runner.cancel();
        QVERIFY(done.wait(10000));
        QVERIFY(!runner.isRunning());
        QVERIFY(runner.result().cancelled);
        ResolvedPlan rp;
        std::vector<ResolveError> errors;
        QVERIFY(resolvePlan(c->plan(), c->catalog(), rp, errors));
        QVERIFY(runner.result().evaluated < countCandidates(rp, options));
    }

    void cancelFromTheDialog()
    {
        auto c = makeController();
        AutoPlanDialog dialog(c.get());
        dialog.setGpuRange(8, 1000000);
        QSignalSpy done(&dialog, &AutoPlanDialog::searchFinished);
        dialog.startSearch();
        QVERIFY(dialog.isSearching());
        // The plan stays editable during the search; results for the older plan are not applied.
        QVERIFY(c->setNumber(QStringLiteral("workload.training.global_batch"), 2048));
        dialog.cancelSearch();
        QVERIFY(done.wait(10000));
        QVERIFY(!dialog.isSearching());
        QVERIFY(dialog.result().cancelled);
        QVERIFY(dialog.statusText().contains(QStringLiteral("cancelled")));
        QVERIFY(dialog.isStale());
        QVERIFY(!dialog.applyRow(0));
    }

    void inferencePlanListsConcurrencyAndAppliesIt()
    {
        auto c = makeController();
        c->applyPlan(test::fixtureServingPlan(), QStringLiteral("inference"));
        AutoPlanDialog dialog(c.get());
        QVERIFY(test::runSearchToEnd(dialog));
        QCOMPARE(dialog.result().mode, Mode::Inference);
        QVERIFY(!dialog.result().best.empty());
        QCOMPARE(dialog.layoutTable()->horizontalHeaderItem(ui::ColBatch)->text(), QStringLiteral("Concurrency"));
        const SearchResult expected = test::coreSearch(*c, dialog.options());
        QCOMPARE(dialog.result().best.front().layout, expected.best.front().layout);
        const Layout chosen = dialog.result().best.front().layout;
        QVERIFY(dialog.applyRow(0));
        QCOMPARE(c->plan().workload.inference.concurrency, chosen.microBatch);
        QCOMPARE(c->plan().parallelism.tp, chosen.tp);
        QCOMPARE(c->plan().parallelism.pp, chosen.pp);
    }

    // A disaggregated row (prefill and decode pools) applied: serving mode, pools, KV path, load and
    // requests in flight set in one undo step, and the evaluation of the plan is the row's.
    void disaggregatedRowSetsThePoolsInOneStep()
    {
        auto c = makeController();
        Plan p = test::fixtureServingPlan();
        p.model = test::llamaArch("Llama 3 70B", 80, 8192, 64, 8, 28672);
        p.model.preset = "llama3-70b";
        p.hardware.numGpus = 64;
        InferenceWorkload &w = p.workload.inference;
        w.promptLen = 2048;
        w.requestRate = 50;
        w.ttftTargetMs = 2000;
        w.tpotTargetMs = 30;
        c->applyPlan(p, QStringLiteral("70B serving"));
        AutoPlanDialog dialog(c.get());
        QVERIFY(test::runSearchToEnd(dialog));
        const SearchResult &r = dialog.result();
        const auto row =
            std::find_if(r.best.begin(), r.best.end(), [](const SearchCandidate &x) { return x.disaggregated; });
        QVERIFY(row != r.best.end());
        const SearchCandidate chosen = *row;
        const int index = static_cast<int>(row - r.best.begin());
        QCOMPARE(dialog.layoutTable()->item(index, ui::ColTp)->text(),
                 QStringLiteral("%1 / %2").arg(chosen.prefill.tp).arg(chosen.decode.tp));
        const int steps = c->undoStack()->count();
        QVERIFY(dialog.applyRow(index));
        QCOMPARE(c->undoStack()->count(), steps + 1);
        const InferenceWorkload &applied = c->plan().workload.inference;
        QCOMPARE(applied.servingMode, ServingMode::Disaggregated);
        QCOMPARE(applied.load, ServingLoad::Concurrency);
        QCOMPARE(applied.prefill.workers, chosen.prefill.workers);
        QCOMPARE(applied.prefill.tp, chosen.prefill.tp);
        QCOMPARE(applied.prefill.batch, chosen.prefill.batch);
        QCOMPARE(applied.decode.workers, chosen.decode.workers);
        QCOMPARE(applied.decode.tp, chosen.decode.tp);
        QCOMPARE(applied.decode.batch, chosen.decode.batch);
        QCOMPARE(applied.kvTransfer, chosen.kvTransfer);
        QCOMPARE(applied.concurrency, chosen.layout.microBatch);
        QVERIFY(!dialog.isStale());   // the fields a result writes keep the results applicable
        QCOMPARE(c->evaluation().inference.ttftMs, chosen.ttftMs);
        QCOMPARE(c->evaluation().inference.decodeMsPerToken, chosen.tpotMs);
        c->undoStack()->undo();
        QCOMPARE(c->plan().workload.inference.servingMode, ServingMode::Aggregated);
        QCOMPARE(c->plan().hardware.numGpus, 64);
    }

    void unresolvedPlanIsNotSearched()
    {
        auto c = makeController();
        QVERIFY(c->setText(QStringLiteral("hardware.gpu"), QStringLiteral("NoSuchGPU")));
        AutoPlanDialog dialog(c.get());
        dialog.startSearch();
        QVERIFY(!dialog.isSearching());
        QVERIFY(dialog.statusText().contains(QStringLiteral("hardware.gpu")));
    }
};

QTEST_MAIN(TestAutoPlan)
#include "tst_autoplan.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The Compare tab: every column shows the core's numbers for its scenario, differences to the
// open plan are marked, and columns can be added (plan files, copies of the open plan) and
// removed. Plans: examples/*.gpuplan on the bundled catalog.
#include "ExamplePlans.h"
#include "UiTestFixtures.h"

#include "document/PlanController.h"
#include "results/ComparisonTab.h"
#include "results/GrowthDialog.h"

#include "evaluator/Evaluator.h"
#include "plan/PlanIo.h"

#include <QLocale>
#include <QTableWidget>
#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestComparisonTab final : public QObject
{
    Q_OBJECT

    static std::unique_ptr<PlanController> openExample() { return test::openExamplePlan("llama3-70b-training.gpuplan"); }

    static QString integer(double v) { return QLocale(QLocale::English).toString(static_cast<qlonglong>(std::llround(v))); }

    // The table row whose header reads `label`, or -1.
    static int tableRow(const QTableWidget *t, ComparisonRow row)
    {
        for (int r = 0; r < t->rowCount(); ++r) {
            if (t->verticalHeaderItem(r)->text() == ScenarioComparison::rowLabel(row))
                return r;
        }
        return -1;
    }

    static QString tableText(const QTableWidget *t, ComparisonRow row, int column)
    {
        const int r = tableRow(t, row);
        return r < 0 ? QString() : t->item(r, column)->text();
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void columnsShowEachScenariosCoreNumbers()
    {
        auto c = openExample();
        ComparisonTab tab;
        tab.refresh(*c);
        QCOMPARE(tab.table()->columnCount(), 1);
        QCOMPARE(tableText(tab.table(), ComparisonRow::Gpus, 0), QStringLiteral("1,024"));
        QCOMPARE(tableText(tab.table(), ComparisonRow::TokensPerS, 0), integer(c->evaluation().training.tokensPerS));

        QString error;
        QVERIFY2(tab.addFile(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-8b-inference.gpuplan"), error),
                 qPrintable(error));
        QCOMPARE(tab.table()->columnCount(), 2);
        // The serving plan evaluated on its own by the core.
        Plan serving;
        std::vector<PlanError> errors;
        QVERIFY(loadPlanFile(GPUPLAN_SOURCE_DIR "/examples/llama3-8b-inference.gpuplan", &c->catalog(), serving, errors));
        ResolvedPlan rp;
        std::vector<ResolveError> resolveErrors;
        QVERIFY(resolvePlan(serving, c->catalog(), rp, resolveErrors));
        const Evaluation e = evaluate(rp);
        QVERIFY(tableText(tab.table(), ComparisonRow::OutputTokensPerGpu, 1).startsWith(integer(e.inference.outputTokensPerSPerGpu)));
        QCOMPARE(tableText(tab.table(), ComparisonRow::OutputTokensPerGpu, 0), QStringLiteral("—"));
        // The fleet as deployed: the replicas the request rate needs, not the 8 GPUs the plan lists.
        QVERIFY(e.deployed.sizedByRate && e.deployed.gpus != e.deployed.planGpus);
        QVERIFY(tableText(tab.table(), ComparisonRow::Gpus, 1).startsWith(QString::number(e.deployed.gpus) + QLatin1Char(' ')));
        QCOMPARE(tab.comparison().cell(ComparisonRow::FacilityPower, 1).value, e.power.facilityKw);
        QCOMPARE(tab.comparison().cell(ComparisonRow::CloudCost, 0).value, c->evaluation().cost.cloudTotalUsd);
    }

    void copiesFollowTheOpenPlanAndMarkDifferences()
    {
        auto c = openExample();
        ComparisonTab tab;
        tab.refresh(*c);
        tab.addSnapshot();
        QCOMPARE(tab.table()->columnCount(), 2);
        // Identical scenarios: nothing marked.
        QCOMPARE(tableText(tab.table(), ComparisonRow::TokensPerS, 1), tableText(tab.table(), ComparisonRow::TokensPerS, 0));

        // Twice the GPUs in the open plan: the copy keeps 1,024, and its lower throughput is
        // marked as a difference (worse), its lower power as better.
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 2048));
        tab.refresh(*c);
        QCOMPARE(tableText(tab.table(), ComparisonRow::Gpus, 0), QStringLiteral("2,048"));
        QVERIFY(tableText(tab.table(), ComparisonRow::Gpus, 1).startsWith(QStringLiteral("1,024  (-50%)")));
        const double d = tab.comparison().difference(ComparisonRow::TokensPerS, 1);
        QVERIFY(d < -0.1);
        const int tokensRow = tableRow(tab.table(), ComparisonRow::TokensPerS);
        QVERIFY(tab.table()->item(tokensRow, 1)->text().contains(QLatin1Char('%')));
        QVERIFY(tab.table()->item(tokensRow, 1)->background().style() != Qt::NoBrush);
        QCOMPARE(tab.table()->item(tokensRow, 0)->background().style(), Qt::NoBrush);
    }

    void removingAndBadFiles()
    {
        auto c = openExample();
        ComparisonTab tab;
        tab.refresh(*c);
        tab.addSnapshot();
        QString error;
        QVERIFY(tab.addFile(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-8b-inference.gpuplan"), error));
        QCOMPARE(tab.table()->columnCount(), 3);
        QVERIFY(!tab.addFile(QStringLiteral(GPUPLAN_BINARY_DIR "/no-such-plan.gpuplan"), error));
        QVERIFY(error.contains(QStringLiteral("no-such-plan")));
        QCOMPARE(tab.table()->columnCount(), 3);   // nothing half-added
        QVERIFY(tab.removeScenario(0));
        QCOMPARE(tab.table()->columnCount(), 2);
        QCOMPARE(tab.comparison().scenarios().front().name, QStringLiteral("llama3-8b-inference"));
        QVERIFY(!tab.removeScenario(5));
        QCOMPARE(tab.table()->columnCount(), 2);
    }

    // File › "Compare with the plan grown…": the grown plan sized as gpuplan-cli growth sizes it
    // (core/procure/Growth.h, computed here on its own) becomes a column next to today's plan.
    void grownPlanBecomesAColumn()
    {
        for (const char *example : {"llama3-70b-training.gpuplan", "llama3-8b-inference.gpuplan"}) {
            auto c = test::openExamplePlan(example);
            ComparisonTab tab;
            tab.refresh(*c);
            GrowthDialog dialog(c.get(), &tab);
            GrowthRequest r;
            r.modelScale = 2;
            const bool serving = c->plan().workload.mode == Mode::Inference;
            (serving ? r.trafficScale : r.tokensScale) = 1.5;
            r.years = 2;
            dialog.setRequest(r);
            QCOMPARE(dialog.request().modelScale, 2.0);
            GrowthResult expected;
            std::string error;
            QVERIFY2(planGrowth(c->plan(), c->catalog(), r, expected, error), error.c_str());
            dialog.start();
            QVERIFY(QTest::qWaitFor([&] { return !dialog.isComputing() && tab.table()->columnCount() == 2; }, 30000));
            QCOMPARE(tableText(tab.table(), ComparisonRow::Gpus, 1).section(QLatin1Char(' '), 0, 0), integer(expected.grown.gpus));
            QVERIFY(tab.table()->horizontalHeaderItem(1)->text().contains(QStringLiteral("In 2 years: model ×2")));
            const Plan sized = GrowthDialog::sizedPlan(c->plan(), expected);
            QCOMPARE(sized.model.layers, expected.grown.layers);
            QCOMPARE(sized.hardware.numGpus, expected.grown.gpus);
        }
    }
};

QTEST_MAIN(TestComparisonTab)
#include "tst_comparisontab.moc"

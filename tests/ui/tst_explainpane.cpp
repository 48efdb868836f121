// SPDX-License-Identifier: GPL-3.0-or-later
// The explanation pane and its entry points: the text carries the core's numbers for the open
// plan (examples/llama3-70b-training.gpuplan on the bundled catalog), follows the plan when it
// changes, and opens from a key-results tile and from Help.
#include "ExamplePlans.h"
#include "UiTestFixtures.h"

#include "MainWindow.h"
#include "Settings.h"
#include "document/PlanController.h"
#include "results/KeyResultsStrip.h"
#include "results/ResultsPanel.h"
#include "teaching/ExplainPane.h"
#include "teaching/TeachingDocks.h"

#include "report/TextReport.h"
#include "search/ElasticFallback.h"

#include <QDockWidget>
#include <QMenuBar>
#include <QTest>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestExplainPane final : public QObject
{
    Q_OBJECT

    static std::unique_ptr<PlanController> openExample() { return test::openExamplePlan("llama3-70b-training.gpuplan"); }

    static QString percent(double fraction) { return QString::number(fraction * 100.0, 'f', 1) + QLatin1Char('%'); }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void textCarriesTheCoreNumbersAndFollowsThePlan()
    {
        auto c = openExample();
        QVERIFY(c->isResolved());
        ExplainPane pane(c.get());
        pane.setTopic(ExplainTopic::MemoryPerGpu);
        const QString before = pane.plainText();
        QVERIFY(before.contains(QString::fromStdString(formatBytes(c->evaluation().memory.perGpuBytes))));
        QVERIFY(before.contains(QString::fromStdString(formatBytes(c->evaluation().memory.breakdown.optimizerStates))));
        QVERIFY(before.contains(QStringLiteral("÷ 32")));   // ZeRO-1 over DP 32

        QVERIFY(c->setNumber(QStringLiteral("parallelism.zero"), 0));
        const QString after = pane.plainText();
        QVERIFY(after != before);
        QVERIFY(after.contains(QString::fromStdString(formatBytes(c->evaluation().memory.perGpuBytes))));
        QVERIFY(!after.contains(QStringLiteral("÷ 32")));

        pane.setTopic(ExplainTopic::Mfu);
        QVERIFY(pane.plainText().contains(percent(c->evaluation().training.mfu)));
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 512));
        QVERIFY(pane.plainText().contains(percent(c->evaluation().training.mfu)));
        QVERIFY(pane.plainText().contains(QStringLiteral("512")));
    }

    // With elastic training on, the time-to-train explanation carries the core's elastic analysis:
    // the node range, the fallback layout and the expected time (docs/facility-and-cost.md).
    void timeToTrainShowsTheElasticFallback()
    {
        auto c = openExample();
        ExplainPane pane(c.get());
        pane.setTopic(ExplainTopic::TimeToTrain);
        QVERIFY(!pane.plainText().contains(QStringLiteral("elastic progress")));
        QVERIFY(c->setNumber(QStringLiteral("reliability.elastic"), 1));
        const ElasticResult el = computeElastic(c->resolved(), c->evaluation());
        QVERIFY(el.fallbackFeasible);
        const QString text = pane.plainText();
        QVERIFY(text.contains(QStringLiteral("elastic progress")));
        QVERIFY(text.contains(QString::fromStdString(formatDuration(el.expectedTimeToTrainS))));
        QVERIFY(text.contains(QStringLiteral("on %1 nodes").arg(el.fallbackNodes)));
    }

    void everyTopicHasASourceForTheExample()
    {
        auto c = openExample();
        ExplainPane pane(c.get());
        for (int i = 0; i < kExplainTopicCount; ++i) {
            pane.setTopic(static_cast<ExplainTopic>(i));
            QVERIFY(pane.explanation().available);
            QVERIFY(pane.plainText().contains(QStringLiteral("Source:")));
        }
    }

    void unresolvedPlanSaysWhy()
    {
        auto c = openExample();
        QVERIFY(c->setText(QStringLiteral("hardware.gpu"), QStringLiteral("no-such-gpu")));
        ExplainPane pane(c.get());
        QVERIFY(!pane.explanation().available);
        QVERIFY(pane.plainText().contains(QStringLiteral("cannot be evaluated")));
    }

    void tileClickAndHelpOpenTheExplanation()
    {
        auto c = openExample();
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        MainWindow window(c.get(), &settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        TeachingDocks *teaching = window.teaching();
        QVERIFY(teaching);
        QVERIFY(!teaching->explainDock()->isVisible());

        // The power tile (sixth) explains facility power.
        const QList<QWidget *> tiles = window.resultsPanel()->keyResults()->findChildren<QWidget *>(QStringLiteral("keyResultTile"));
        QCOMPARE(tiles.size(), kKeyResultCount);
        QTest::mouseClick(tiles[static_cast<int>(KeyResult::Power)], Qt::LeftButton);
        QVERIFY(teaching->explainDock()->isVisible());
        QCOMPARE(teaching->explainPane()->topic(), ExplainTopic::FacilityPower);
        QVERIFY(teaching->explainPane()->plainText().contains(QStringLiteral("PUE")));

        teaching->explainDock()->hide();
        QAction *explainAction = nullptr;
        for (QAction *menu : window.menuBar()->actions()) {
            if (!menu->menu())
                continue;
            for (QAction *a : menu->menu()->actions()) {
                if (a->text().contains(QStringLiteral("Explain")))
                    explainAction = a;
            }
        }
        QVERIFY(explainAction);
        explainAction->trigger();
        QVERIFY(teaching->explainDock()->isVisible());
    }

    void servingTilesMapToServingExplanations()
    {
        QCOMPARE(TeachingDocks::topicFor(KeyResult::Efficiency, Mode::Training), ExplainTopic::Mfu);
        QCOMPARE(TeachingDocks::topicFor(KeyResult::Efficiency, Mode::Inference), ExplainTopic::StepTime);
        QCOMPARE(TeachingDocks::topicFor(KeyResult::Time, Mode::Inference), ExplainTopic::Throughput);
        QCOMPARE(TeachingDocks::topicFor(KeyResult::Cost, Mode::Training), ExplainTopic::CostPerRun);
    }
};

QTEST_MAIN(TestExplainPane)
#include "tst_explainpane.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Lessons: each applies its plan as one undoable change, steps forward and back through its
// edits, and undo restores the plan the reader had; each step brings the result tab that draws
// what it explains to the front. Bundled catalog (the lessons name its presets).
#include "ExamplePlans.h"
#include "UiTestFixtures.h"

#include "MainWindow.h"
#include "Settings.h"
#include "charts/ResultTab.h"
#include "document/PlanController.h"
#include "results/ResultTabs.h"
#include "results/ResultsPanel.h"
#include "teaching/LessonPanel.h"
#include "teaching/LessonRunner.h"
#include "teaching/TeachingDocks.h"

#include "memory/MemoryTimeline.h"
#include "plan/PlanIo.h"

#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <nlohmann/json.hpp>

#include <cstring>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestLessonRunner final : public QObject
{
    Q_OBJECT

    static std::unique_ptr<PlanController> openExample() { return test::openExamplePlan("llama3-8b-inference.gpuplan"); }

    static std::string json(const Plan &p) { return planToJson(p).dump(); }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void atLeastFiveLessonsWithSteps()
    {
        QVERIFY(lessons().size() >= 5);
        for (const Lesson &l : lessons()) {
            QVERIFY(l.steps.size() >= 3);
            QVERIFY(*l.title && *l.question);
            for (const LessonStep &s : l.steps)
                QVERIFY(*s.text && *s.move && *s.watch);
        }
    }

    void everyLessonAppliesItsPlanStepsAndUndoRestores()
    {
        for (int i = 0; i < static_cast<int>(lessons().size()); ++i) {
            auto c = openExample();
            const std::string original = json(c->plan());
            LessonRunner runner(c.get());
            QString error;
            QVERIFY2(runner.start(i, &error), qPrintable(error));
            QVERIFY(c->isResolved());
            QCOMPARE(c->undoStack()->index(), 1);   // the lesson's plan: one change
            const std::string setUp = json(c->plan());
            QVERIFY(setUp != original);
            QCOMPARE(c->plan().model.preset, std::string(lessons()[static_cast<std::size_t>(i)].modelPreset));

            std::vector<std::string> planAtStep{setUp};
            while (runner.canGoForward()) {
                runner.forward();
                const std::string now = json(c->plan());
                if (runner.step()->edit)
                    QVERIFY2(now != planAtStep.back(), runner.step()->move);
                else
                    QCOMPARE(now, planAtStep.back());
                QVERIFY2(c->isResolved(), runner.step()->move);
                planAtStep.push_back(now);
            }
            QCOMPARE(runner.stepIndex(), runner.stepCount() - 1);
            while (runner.canGoBack()) {
                runner.back();
                QCOMPARE(json(c->plan()), planAtStep[static_cast<std::size_t>(runner.stepIndex())]);
            }
            QCOMPARE(json(c->plan()), setUp);
            c->undoStack()->undo();
            QCOMPARE(json(c->plan()), original);
        }
    }

    void backKeepsTheReadersOwnEdits()
    {
        auto c = openExample();
        LessonRunner runner(c.get());
        QVERIFY(runner.start(0));   // scaling: step 2 sets 512 GPUs
        runner.forward();
        QCOMPARE(c->plan().hardware.numGpus, 512);
        QVERIFY(c->setNumber(QStringLiteral("workload.training.global_batch"), 2048));
        runner.back();
        QCOMPARE(runner.stepIndex(), 0);
        QCOMPARE(c->plan().workload.training.globalBatch, 2048);   // not undone
        QCOMPARE(c->plan().hardware.numGpus, 512);
    }

    void panelShowsWhatToMoveAndWatch()
    {
        auto c = openExample();
        LessonRunner runner(c.get());
        LessonPanel panel(&runner);
        QSignalSpy explain(&panel, &LessonPanel::explainRequested);
        QVERIFY(panel.stepText().contains(QString::fromUtf8(lessons()[1].title)));   // the list before a start
        QVERIFY(runner.start(1));
        runner.forward();
        const LessonStep &s = lessons()[1].steps[1];
        QVERIFY(panel.stepText().contains(QString::fromUtf8(s.move)));
        QVERIFY(panel.stepText().contains(QString::fromUtf8(s.watch)));
        QCOMPARE(explain.count(), 2);
        QCOMPARE(explain.last().at(0).value<ExplainTopic>(), s.explain);
    }

    // Each step names a tab of the main window, and the one that draws what the step explains.
    void everyStepNamesTheTabOfWhatItExplains()
    {
        auto c = openExample();
        ResultsPanel panel(c.get());
        addResultTabs(panel);
        for (const Lesson &l : lessons()) {
            for (const LessonStep &s : l.steps) {
                QVERIFY2(s.resultTab, s.move);   // a step without one would leave an unrelated chart up
                const ResultTab *tab = findResultTab(panel, QString::fromUtf8(s.resultTab));
                QVERIFY2(tab, s.resultTab);
                QCOMPARE(resultTabName(*tab), QString::fromUtf8(s.resultTab));   // the full name, not a prefix
                switch (s.explain) {
                case ExplainTopic::MemoryPerGpu:   // the bars, or the same memory over one step
                    QVERIFY2(std::strcmp(s.resultTab, "memory") == 0 ||
                                 std::strcmp(s.resultTab, "memory-over-one-step") == 0,
                             s.resultTab);
                    break;
                case ExplainTopic::StepTime:
                    QCOMPARE(s.resultTab, "step-time");
                    break;
                case ExplainTopic::BreakEven:
                case ExplainTopic::CostPerRun:
                    QCOMPARE(s.resultTab, "cost");
                    break;
                default:
                    break;
                }
            }
        }
        // A lesson on memory, one on cost and one on scaling show their tabs.
        QCOMPARE(lessons()[0].steps[0].resultTab, "scaling");
        QCOMPARE(lessons()[1].steps[0].resultTab, "memory");
        QCOMPARE(lessons()[3].steps[0].resultTab, "cost");
    }

    void stepsBringTheirTabToTheFront()
    {
        auto c = openExample();
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("s.ini")));
        MainWindow window(c.get(), &settings);
        ResultsPanel *results = window.resultsPanel();
        TeachingDocks *teaching = window.teaching();
        auto current = [results] { return resultTabName(*results->currentTab()); };
        results->setCurrentTab(findResultTab(*results, QStringLiteral("power")));

        QVERIFY(teaching->startLesson(1));   // optimizer states: memory, then ZeRO 3's step time
        QCOMPARE(current(), QStringLiteral("memory"));
        teaching->lessonRunner()->forward();
        QCOMPARE(current(), QStringLiteral("memory"));
        teaching->lessonRunner()->forward();
        teaching->lessonRunner()->forward();
        QCOMPARE(current(), QStringLiteral("step-time"));
        teaching->lessonRunner()->back();   // the step started again shows its tab again
        QCOMPARE(current(), QStringLiteral("memory"));

        QVERIFY(teaching->startLesson(3));   // own or rent
        QCOMPARE(current(), QStringLiteral("cost"));
        QVERIFY(teaching->startLesson(0));   // scaling
        QCOMPARE(current(), QStringLiteral("scaling"));
        teaching->lessonRunner()->forward();
        QCOMPARE(current(), QStringLiteral("step-time"));

        // Every step names its chart, so stepping brings it back over the reader's choice: the data
        // path's last step shows Step time.
        QVERIFY(teaching->startLesson(2));
        while (teaching->lessonRunner()->canGoForward())
            teaching->lessonRunner()->forward();
        teaching->lessonRunner()->back();
        results->setCurrentTab(findResultTab(*results, QStringLiteral("cost")));
        teaching->lessonRunner()->forward();
        QCOMPARE(current(), QStringLiteral("step-time"));
    }

    // Issue 27, "where the peak happens": the optimizer lesson's last two steps say the peak is the
    // loss with the standard cross-entropy and moves to the first backward with a fused one; the
    // memory timeline of the plan each step leaves must agree, and both show Memory over one step.
    void whereThePeakHappensFollowsTheTimeline()
    {
        auto c = openExample();
        LessonRunner runner(c.get());
        QVERIFY(runner.start(1));
        QCOMPARE(lessons()[1].id, "optimizer-memory");
        const std::size_t steps = lessons()[1].steps.size();
        QVERIFY(steps >= 6);
        for (std::size_t i = 1; i + 1 < steps; ++i)
            runner.forward();
        auto peakKind = [&c] {
            const MemoryTimeline t = memoryTimeline(c->resolved(), c->evaluation());
            const MemoryPhase *peak = memoryPeakPhase(t);
            return peak ? peak->kind : MemoryPhaseKind::StepStart;
        };
        QCOMPARE(lessons()[1].steps[steps - 2].resultTab, "memory-over-one-step");
        QCOMPARE(c->plan().workload.training.loss, LossKernel::Standard);
        QCOMPARE(peakKind(), MemoryPhaseKind::Loss);
        runner.forward();
        QCOMPARE(lessons()[1].steps[steps - 1].resultTab, "memory-over-one-step");
        QCOMPARE(c->plan().workload.training.loss, LossKernel::Fused);
        QCOMPARE(peakKind(), MemoryPhaseKind::Backward);
        QCOMPARE(c->plan().parallelism.recompute, Recompute::Full);
    }

    void unknownLessonIsRefused()
    {
        auto c = openExample();
        LessonRunner runner(c.get());
        QString error;
        QVERIFY(!runner.start(99, &error));
        QVERIFY(!error.isEmpty());
        QCOMPARE(c->undoStack()->index(), 0);
    }
};

QTEST_MAIN(TestLessonRunner)
#include "tst_lessonrunner.moc"

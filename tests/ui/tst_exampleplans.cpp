// SPDX-License-Identifier: GPL-3.0-or-later
// File > Open Example: the example plans are found (installed, else the source tree's examples/
// from the build folder), listed by name, and opened as a new untitled plan that Save does not
// write back to the example.
#include "UiTestFixtures.h"

#include "Settings.h"
#include "document/DocumentActions.h"
#include "document/ExamplePlans.h"
#include "document/PlanController.h"

#include "plan/PlanIo.h"

#include <QAction>
#include <QMenu>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWidget>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestExamplePlans final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void examplesAreFound()
    {
        QVERIFY(exampleDirectories().contains(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples")));
        const QFileInfoList plans = examplePlans();
        QVERIFY(plans.size() >= 3);
        for (const QFileInfo &plan : plans)
            QCOMPARE(plan.suffix(), QStringLiteral("gpuplan"));
    }

    void menuOpensAnExampleAsANewPlan()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("gpuplan.ini")));
        PlanController controller(loadBundledCatalogForTest());
        QWidget window;
        DocumentActions actions(&controller, &settings, &window);
        QStringList reported;
        actions.setErrorReporter([&reported](const QString &, const QString &text) { reported << text; });
        actions.setSavePrompt([](const QString &) { return DocumentActions::SaveChoice::Discard; });
        const QList<QAction *> items = actions.exampleMenu()->actions();
        QCOMPARE(items.size(), examplePlans().size());
        QVERIFY(actions.exampleMenu()->isEnabled());
        QAction *first = items.front();
        const QString path = first->data().toString();
        QCOMPARE(first->text(), QFileInfo(path).completeBaseName());

        first->trigger();
        QVERIFY2(reported.isEmpty(), qPrintable(reported.join(QLatin1Char('\n'))));
        Plan expected;
        std::vector<PlanError> errors;
        QVERIFY(loadPlanFile(path.toStdString(), &controller.catalog(), expected, errors));
        QCOMPARE(QString::fromStdString(controller.plan().name), QString::fromStdString(expected.name));
        QVERIFY(controller.filePath().isEmpty());   // Save asks for a file: the example stays as shipped
        QVERIFY(controller.undoStack()->canUndo());

        QVERIFY(!actions.openExample(dir.filePath(QStringLiteral("missing.gpuplan"))));
        QCOMPARE(reported.size(), 1);
        QVERIFY(reported.front().contains(QStringLiteral("missing.gpuplan")));
    }

private:
    static Catalog loadBundledCatalogForTest()
    {
        QStringList issues;
        return PlanController::loadInstalledCatalog(issues);
    }
};

QTEST_MAIN(TestExamplePlans)
#include "tst_exampleplans.moc"

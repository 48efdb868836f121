// SPDX-License-Identifier: GPL-3.0-or-later
#include "UiTestFixtures.h"
#include "support/DropFile.h"

#include "MainWindow.h"
#include "Settings.h"
#include "Theme.h"
#include "document/DocumentActions.h"
#include "document/PlanController.h"
#include "inputs/InputPanel.h"
#include "results/KeyResultsStrip.h"
#include "results/ResultsPanel.h"

#include "plan/PlanIo.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

#include <nlohmann/json.hpp>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestMainWindow final : public QObject
{
    Q_OBJECT

private:
    struct Fixture
    {
        QTemporaryDir dir{QStringLiteral(GPUPLAN_BINARY_DIR "/tst_mainwindow-XXXXXX")};
        Settings settings{dir.filePath(QStringLiteral("gpuplan.ini"))};
        PlanController controller{test::fixtureCatalog()};
        std::unique_ptr<MainWindow> window;
        int prompts = 0;

        explicit Fixture(DocumentActions::SaveChoice answer = DocumentActions::SaveChoice::Cancel)
        {
            controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
            controller.undoStack()->clear();
            controller.undoStack()->setClean();
            window = std::make_unique<MainWindow>(&controller, &settings);
            window->documents()->setSavePrompt([this, answer](const QString &) {
                ++prompts;
                return answer;
            });
            window->documents()->setErrorReporter([](const QString &title, const QString &text) {
                QFAIL(qPrintable(title + QLatin1Char(':') + text));
            });
        }

        QString writePlan(const QString &name, int gpus)
        {
            Plan p = test::fixtureTrainingPlan();
            p.hardware.numGpus = gpus;
            const QString path = dir.filePath(name);
            std::string error;
            if (!savePlanFile(path.toStdString(), p, error))
                qWarning("%s", error.c_str());
            return path;
        }
    };

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void grabRendersTheRequestedSize()
    {
        Fixture f;
        f.window->resize(1280, 800);
        f.window->show();
        QVERIFY(QTest::qWaitForWindowExposed(f.window.get()));
        const QImage image = f.window->grab().toImage();
        QCOMPARE(image.size(), QSize(1280, 800));
        // Not a blank image: more than a handful of distinct colours.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7) {
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        }
        QVERIFY(colours.size() > 20);
    }

    void titleShowsTheUnsavedChangesFlag()
    {
        Fixture f;
        QCOMPARE(f.window->windowTitle(), QStringLiteral("Llama 3 70B fixture[*] — gpuplan"));
        QVERIFY(!f.window->isWindowModified());
        QVERIFY(f.controller.setNumber(QStringLiteral("hardware.num_gpus"), 512));
        QVERIFY(f.window->isWindowModified());
        QVERIFY(f.window->statusText().contains(QStringLiteral("Unsaved changes")));
        QVERIFY(f.window->documents()->saveTo(f.dir.filePath(QStringLiteral("saved.gpuplan"))));
        QVERIFY(!f.window->isWindowModified());
        QCOMPARE(f.window->windowTitle(), QStringLiteral("saved[*] — gpuplan"));
        QVERIFY(f.window->statusText().contains(QStringLiteral("Saved")));
        QCOMPARE(f.settings.recentFiles().front(), f.dir.filePath(QStringLiteral("saved.gpuplan")));
        QVERIFY(f.window->statusText().contains(QStringLiteral("Evaluated in")));
        QVERIFY(f.window->statusText().contains(QStringLiteral("Catalog: 7 GPUs")));
    }

    void droppingAPlanFileOpensIt()
    {
        Fixture f;
        const QString path = f.writePlan(QStringLiteral("dropped.gpuplan"), 256);
        QVERIFY(test::dropFile(f.window.get(), path));
        QCOMPARE(f.controller.filePath(), path);
        QCOMPARE(f.controller.plan().hardware.numGpus, 256);
        QCOMPARE(f.window->windowTitle(), QStringLiteral("dropped[*] — gpuplan"));
        // Other files are refused.
        const QString text = f.dir.filePath(QStringLiteral("notes.txt"));
        QFile(text).open(QIODevice::WriteOnly);
        QVERIFY(!test::dropFile(f.window.get(), text));
        QCOMPARE(f.controller.filePath(), path);
    }

    void unsavedChangesAreNotDroppedSilently()
    {
        Fixture cancel(DocumentActions::SaveChoice::Cancel);
        QVERIFY(cancel.controller.setNumber(QStringLiteral("parallelism.pp"), 8));
        QVERIFY(!test::dropFile(cancel.window.get(), cancel.writePlan(QStringLiteral("other.gpuplan"), 64)) ||
                cancel.controller.plan().hardware.numGpus == 1024);
        QCOMPARE(cancel.prompts, 1);
        QCOMPARE(cancel.controller.plan().parallelism.pp, 8);
        QVERIFY(!cancel.window->documents()->newDocument());
        QVERIFY(!cancel.window->close());   // close is refused too

        Fixture discard(DocumentActions::SaveChoice::Discard);
        QVERIFY(discard.controller.setNumber(QStringLiteral("parallelism.pp"), 8));
        test::dropFile(discard.window.get(), discard.writePlan(QStringLiteral("other.gpuplan"), 64));
        QCOMPARE(discard.prompts, 1);
        QCOMPARE(discard.controller.plan().hardware.numGpus, 64);
    }

    void standardShortcutsAndMenus()
    {
        Fixture f;
        QStringList menus;
        for (QAction *a : f.window->menuBar()->actions())
            menus << a->text().remove(QLatin1Char('&'));
        QCOMPARE(menus, (QStringList{"File", "Edit", "View", "Plan", "Catalog", "Tools", "Help"}));
        auto shortcutOf = [&](const QString &text) {
            for (QAction *a : f.window->findChildren<QAction *>()) {
                if (a->text().remove(QLatin1Char('&')).startsWith(text))
                    return a->shortcut();
            }
            return QKeySequence();
        };
        QCOMPARE(shortcutOf(QStringLiteral("New")), QKeySequence(QKeySequence::New));
        QCOMPARE(shortcutOf(QStringLiteral("Open…")), QKeySequence(QKeySequence::Open));
        QCOMPARE(shortcutOf(QStringLiteral("Save As")), QKeySequence(QKeySequence::SaveAs));
        QCOMPARE(shortcutOf(QStringLiteral("Undo")), QKeySequence(QKeySequence::Undo));
        QCOMPARE(shortcutOf(QStringLiteral("Redo")), QKeySequence(QKeySequence::Redo));
        QCOMPARE(shortcutOf(QStringLiteral("Quit")), QKeySequence(QKeySequence::Quit));
        QCOMPARE(shortcutOf(QStringLiteral("Auto-plan…")), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_A));
        QCOMPARE(shortcutOf(QStringLiteral("Browse…")), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_B));
    }

    void exportMenuHoldsTheExports()
    {
        Fixture f;
        QMenu *file = f.window->menuBar()->actions().front()->menu();
        QMenu *exportMenu = nullptr;
        QStringList texts;
        for (QAction *a : file->actions()) {
            texts << a->text().remove(QLatin1Char('&'));
            if (texts.back() == QStringLiteral("Export"))
                exportMenu = a->menu();
        }
        // File › Export exists from the start (ExportActions), above Quit, with the PDF summary first.
        QVERIFY(exportMenu);
        QVERIFY(texts.indexOf(QStringLiteral("Export")) < texts.indexOf(QStringLiteral("Quit")));
        QCOMPARE(exportMenu->actions().front()->text().remove(QLatin1Char('&')), QStringLiteral("Plan summary (PDF)…"));
        // Further exports join the same menu.
        auto *extra = new QAction(QStringLiteral("Extra…"), f.window.get());
        f.window->addExportAction(extra);
        QVERIFY(exportMenu->actions().contains(extra));
    }

    void themeAndPresentationMode()
    {
        Fixture f;
        f.window->setTheme(Theme::Dark);
        QVERIFY(isDark(QApplication::palette()));
        f.window->setTheme(Theme::Light);
        QVERIFY(!isDark(QApplication::palette()));
        const double normal = QApplication::font().pointSizeF();
        f.window->setPresentationMode(true);
        QVERIFY(QApplication::font().pointSizeF() > normal * 1.4);
        f.window->setPresentationMode(false);
        QCOMPARE(QApplication::font().pointSizeF(), normal);
        QCOMPARE(QApplication::font().family(), QStringLiteral("DejaVu Sans"));
    }

    void keyResultsFollowTheCore()
    {
        Fixture f;
        KeyResultsStrip *strip = f.window->resultsPanel()->keyResults();
        QCOMPARE(strip->valueText(KeyResult::Cluster), QStringLiteral("1,024 GPUs"));
        QVERIFY(strip->captionText(KeyResult::Cluster).startsWith(QStringLiteral("128 nodes of 8")));
        const MemoryResult &m = f.controller.evaluation().memory;
        if (m.perGpuBytes > 0) {
            QVERIFY(strip->valueText(KeyResult::Memory).contains(QString::number(m.perGpuBytes / (1 << 30), 'f', 1)));
            QCOMPARE(strip->state(KeyResult::Memory) == ResultState::Error, !m.fits);
        } else {
            QCOMPARE(strip->valueText(KeyResult::Memory), QStringLiteral("—"));
            QVERIFY(!strip->toolTipText(KeyResult::Memory).isEmpty());
        }
        if (!f.controller.evaluation().training.valid) {
            QCOMPARE(strip->valueText(KeyResult::Time), QStringLiteral("—"));
            QCOMPARE(strip->state(KeyResult::Time), ResultState::NoResult);
        }
        // A plan that does not fit turns the memory result red.
        QVERIFY(f.controller.setNumber(QStringLiteral("parallelism.pp"), 1));
        QVERIFY(f.controller.setNumber(QStringLiteral("parallelism.zero"), 0));
        if (f.controller.evaluation().memory.perGpuBytes > 0 && !f.controller.evaluation().memory.fits) {
            QCOMPARE(strip->state(KeyResult::Memory), ResultState::Error);
            QVERIFY(strip->captionText(KeyResult::Memory).startsWith(QStringLiteral("does not fit")));
        }
    }

    void windowStateIsRemembered()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("gpuplan.ini")));
        PlanController controller(test::fixtureCatalog());
        {
            MainWindow window(&controller, &settings);
            window.resize(1300, 800);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.close());
        }
        QVERIFY(!settings.windowGeometry().isEmpty());
        QVERIFY(!settings.windowState().isEmpty());
        MainWindow again(&controller, &settings);
        QCOMPARE(again.size(), QSize(1300, 800));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// File > Import model… and a config.json or model folder dropped on the window: the model lands in
// the user catalog folder and becomes the plan's model; a bad file writes nothing and leaves the
// plan as it was.
#include "UiTestFixtures.h"
#include "support/DropFile.h"

#include "MainWindow.h"
#include "Settings.h"
#include "document/DocumentActions.h"
#include "catalog/CoverageDialog.h"
#include "document/PlanController.h"

#include "catalog/CatalogLoader.h"
#include "catalog/UserCatalogWrite.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QFile>
#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QUrl>

using namespace gpuplan;
using namespace gpuplan::ui;

class TestModelImport final : public QObject
{
    Q_OBJECT

private:
    struct Fixture
    {
        QTemporaryDir dir{QStringLiteral(GPUPLAN_BINARY_DIR "/tst_modelimport-XXXXXX")};
        Settings settings{dir.filePath(QStringLiteral("gpuplan.ini"))};
        PlanController controller{test::fixtureCatalog()};
        std::unique_ptr<MainWindow> window;
        QStringList reports;

        Fixture()
        {
            qputenv("GPUPLAN_USER_CATALOG_DIR", dir.filePath(QStringLiteral("catalogs")).toUtf8());
            controller.applyPlan(test::fixtureTrainingPlan(), QStringLiteral("fixture"));
            window = std::make_unique<MainWindow>(&controller, &settings);
            window->setModelImportReporter([this](bool ok, const QString &text) {
                reports << (ok ? QStringLiteral("ok: ") : QStringLiteral("failed: ")) + text;
            });
        }
        QString userFile() const { return dir.filePath(QStringLiteral("catalogs/") + kUserCatalogFileName); }
    };

    static QString example(const char *name)
    {
        return QStringLiteral(GPUPLAN_SOURCE_DIR "/tests/data/hf_configs/") + QLatin1String(name);
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void fileMenuHasTheAction()
    {
        Fixture f;
        QAction *action = f.window->findChild<QAction *>(QStringLiteral("importModel"));
        QVERIFY(action);
        QVERIFY(action->text().contains(QStringLiteral("Import")));
        bool inFileMenu = false;
        for (QAction *menu : f.window->menuBar()->actions()) {
            if (menu->menu() && menu->menu()->actions().contains(action))
                inFileMenu = menu->text().contains(QStringLiteral("File"));
        }
        QVERIFY(inFileMenu);
    }

    void importSetsThePlansModel()
    {
        Fixture f;
        QString report;
        QVERIFY2(f.window->importModel(example("deepseek-v3.json"), &report), qPrintable(report));
        QVERIFY(QFile::exists(f.userFile()));
        const ModelPreset *p = f.controller.catalog().findModel("deepseek-v3-imported");   // the bundled id is taken
        QVERIFY(p);
        QCOMPARE(QString::fromStdString(f.controller.plan().model.preset), QStringLiteral("deepseek-v3-imported"));
        QCOMPARE(f.controller.plan().model.mlaKvLoraRank, 512);
        QCOMPARE(f.controller.plan().precision.weights, Dtype::FP8);   // quantization_config
        QVERIFY2(report.contains(QStringLiteral("no effect on cost")), qPrintable(report));
        // The same file again replaces the entry rather than adding a second one.
        QVERIFY(f.window->importModel(example("deepseek-v3.json"), &report));
        QCOMPARE(QString::fromStdString(f.controller.plan().model.preset), QStringLiteral("deepseek-v3-imported"));
    }

    void dropAConfigOrAFolder()
    {
        Fixture f;
        QVERIFY(test::dropFile(f.window.get(), example("qwen3-30b-a3b.json")));
        QCOMPARE(f.reports.size(), 1);
        QVERIFY2(f.reports.front().startsWith(QStringLiteral("ok: ")), qPrintable(f.reports.front()));
        QCOMPARE(f.controller.plan().model.moeExperts, 128);
        // A model folder with its config.json.
        QDir folder(f.dir.filePath(QStringLiteral("Mixtral-8x22B")));
        QVERIFY(folder.mkpath(QStringLiteral(".")));
        QVERIFY(QFile::copy(example("mixtral-8x22b-v0.1.json"), folder.filePath(QStringLiteral("config.json"))));
        QVERIFY(test::dropFile(f.window.get(), folder.path()));
        QCOMPARE(QString::fromStdString(f.controller.plan().model.preset), QStringLiteral("mixtral-8x22b-imported"));
        QCOMPARE(f.controller.plan().model.moeTopK, 2);
        // Something that is neither a plan nor a model is not taken.
        QVERIFY(!test::dropFile(f.window.get(), f.dir.filePath(QStringLiteral("gpuplan.ini"))));
    }

    void badFileWritesNothing()
    {
        Fixture f;
        const QString bad = f.dir.filePath(QStringLiteral("config.json"));
        QFile out(bad);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(R"({"model_type": "llama", "num_hidden_layers": 1000000000, "hidden_size": 4096})");
        out.close();
        const ModelArch before = f.controller.plan().model;
        const int undo = f.controller.undoStack()->count();
        QVERIFY(test::dropFile(f.window.get(), bad));
        QCOMPARE(f.reports.size(), 1);
        QVERIFY2(f.reports.front().contains(QStringLiteral("num_hidden_layers")), qPrintable(f.reports.front()));
        QVERIFY(f.reports.front().contains(QStringLiteral("Nothing was written")));
        QVERIFY(!QFile::exists(f.userFile()));
        QCOMPARE(f.controller.plan().model.layers, before.layers);
        QCOMPARE(f.controller.undoStack()->count(), undo);
    }

    void coveragePageShowsTheMatrix()
    {
        // Help › Coverage: the bundled catalog against the bundled validation files.
        Fixture f;
        QAction *action = f.window->findChild<QAction *>(QStringLiteral("coverage"));
        QVERIFY(action);
        CoverageDialog dialog(bundledCatalog(), QStringLiteral(GPUPLAN_SOURCE_DIR "/tests/data/validation"));
        QVERIFY2(dialog.problem().isEmpty(), qPrintable(dialog.problem()));
        QTableWidget *t = dialog.table();
        QVERIFY(t->rowCount() > 50);
        bool h100Validated = false, notValidated = false;
        for (int row = 0; row < t->rowCount(); ++row) {
            if (t->item(row, 0)->text() == QStringLiteral("H100-SXM-80GB") && t->item(row, 1)->text() == QStringLiteral("bf16"))
                h100Validated = t->item(row, 2)->text().startsWith(QStringLiteral("validated"));
            for (int column = 2; column < 5; ++column)
                notValidated = notValidated || t->item(row, column)->text() == QStringLiteral("not validated");
        }
        QVERIFY(h100Validated);
        QVERIFY(notValidated);
        QVERIFY(!t->item(0, 2)->toolTip().isEmpty());
    }
};

QTEST_MAIN(TestModelImport)
#include "tst_modelimport.moc"

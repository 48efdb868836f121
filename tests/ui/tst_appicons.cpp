// SPDX-License-Identifier: GPL-3.0-or-later
// The icons compiled into the application (resources/icons, resources/gpuplan.svg): every file
// renders through the Qt resource, and the toolbar, the result tabs and the key-result tiles show
// one each.
#include "UiTestFixtures.h"

#include "AppIcons.h"
#include "MainWindow.h"
#include "Settings.h"
#include "document/PlanController.h"
#include "results/KeyResultsStrip.h"
#include "results/ResultsPanel.h"

#include <QAction>
#include <QDir>
#include <QImage>
#include <QLabel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

// Pixels that are drawn (not transparent) in a rendering of the icon.
int drawnPixels(const QIcon &icon, int size)
{
    const QImage image = icon.pixmap(QSize(size, size)).toImage().convertToFormat(QImage::Format_ARGB32);
    int drawn = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x)
            drawn += qAlpha(image.pixel(x, y)) > 0 ? 1 : 0;
    }
    return drawn;
}

} // namespace

class TestAppIcons final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void everyIconFileRendersFromTheResource()
    {
        const QStringList files =
            QDir(QStringLiteral(GPUPLAN_SOURCE_DIR "/resources/icons")).entryList({QStringLiteral("*.svg")}, QDir::Files);
        QVERIFY(files.size() >= 16);
        for (const QString &file : files) {
            const QString name = file.chopped(4);
            QVERIFY2(drawnPixels(appIcon(name), 24) > 24, qPrintable(name));
        }
        QVERIFY(drawnPixels(QIcon(QStringLiteral(":/icons/gpuplan.svg")), 64) > 64 * 16);
        QCOMPARE(drawnPixels(appIcon(QStringLiteral("no-such-icon")), 24), 0);
    }

    void toolbarTabsAndTilesShowIcons()
    {
        QTemporaryDir dir;
        Settings settings(dir.filePath(QStringLiteral("gpuplan.ini")));
        PlanController controller(test::fixtureCatalog());
        MainWindow window(&controller, &settings);
        const auto *bar = window.findChild<QToolBar *>(QStringLiteral("mainToolBar"));
        QVERIFY(bar);
        int withIcon = 0;
        for (QAction *action : bar->actions()) {
            if (!action->isSeparator() && !action->text().isEmpty()) {
                QVERIFY2(drawnPixels(action->icon(), 16) > 0, qPrintable(action->text()));
                ++withIcon;
            }
        }
        QCOMPARE(withIcon, 7);   // inputs, new, open, save, undo, redo, auto-plan
        const QTabWidget *tabs = window.resultsPanel()->tabWidget();
        QVERIFY(tabs->count() >= 6);
        for (int i = 0; i < tabs->count(); ++i)
            QVERIFY2(drawnPixels(tabs->tabIcon(i), 16) > 0, qPrintable(tabs->tabText(i)));
        const auto *strip = window.findChild<KeyResultsStrip *>();
        QVERIFY(strip);
        int tileIcons = 0;
        for (const QLabel *label : strip->findChildren<QLabel *>()) {
            if (!label->pixmap().isNull())
                ++tileIcons;
        }
        QCOMPARE(tileIcons, kKeyResultCount);
    }
};

QTEST_MAIN(TestAppIcons)
#include "tst_appicons.moc"

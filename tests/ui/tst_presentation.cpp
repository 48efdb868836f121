// SPDX-License-Identifier: GPL-3.0-or-later
// Presentation mode on a projector's 1280x720 and 1920x1080: each view is rendered to a PNG (as
// `gpuplan --screenshot --presentation` does) and its geometry checked, not its pixels: the
// window keeps the projector's size, the inputs dock gives way with its toggle in the tool bar,
// the chart is tall enough to read from the back of the room, and its title fits its width.
#include "MainWindow.h"
#include "Settings.h"
#include "TeachingViews.h"
#include "teaching/TeachingDocks.h"
#include "charts/ChartWidget.h"
#include "document/PlanController.h"
#include "results/KeyResultsStrip.h"
#include "results/ResultTabs.h"
#include "results/ResultsPanel.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

QAction *inputsToggle(const MainWindow &window)
{
    for (QToolBar *bar : window.findChildren<QToolBar *>())
        for (QAction *a : bar->actions())
            if (a->text().remove(QLatin1Char('&')) == QLatin1String("Inputs"))
                return a;
    return nullptr;
}

} // namespace

class TestPresentation final : public QObject
{
    Q_OBJECT

private slots:
    void projectorLayout_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<QString>("view");
        QTest::addColumn<QString>("tab");
        QTest::addColumn<double>("chartShare");   // of the window's height, at least
        for (const QSize size : {QSize(1280, 720), QSize(1920, 1080)}) {
            const QByteArray at = QByteArray::number(size.width()) + 'x' + QByteArray::number(size.height());
            QTest::newRow("main step time " + at) << size << QString() << QStringLiteral("step-time") << 0.5;
            QTest::newRow("main memory " + at) << size << QString() << QStringLiteral("memory") << 0.5;
            QTest::newRow("main scaling " + at) << size << QString() << QStringLiteral("scaling") << 0.5;
            // The lesson and explanation docks take a third of the width, so the key results
            // flow onto a third row at 1280 pixels; their captions then keep to one line.
            QTest::newRow("teaching " + at) << size << QStringLiteral("teaching") << QString() << 0.5;
            QTest::newRow("lesson " + at) << size << QStringLiteral("lesson") << QString() << 0.5;
        }
    }

    void projectorLayout()
    {
        QFETCH(QSize, size);
        QFETCH(QString, view);
        QFETCH(QString, tab);
        QFETCH(double, chartShare);

        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_presentation-XXXXXX"));
        Settings settings(dir.filePath(QStringLiteral("gpuplan.ini")));
        QStringList issues;
        PlanController controller(PlanController::loadInstalledCatalog(issues));
        QString error;
        QVERIFY2(controller.openFile(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-70b-training.gpuplan"), error),
                 qPrintable(error));
        MainWindow window(&controller, &settings);
        window.setPresentationMode(true);
        window.resize(size);
        if (!tab.isEmpty()) {
            ResultTab *shown = findResultTab(*window.resultsPanel(), tab);
            QVERIFY(shown);
            window.resultsPanel()->setCurrentTab(shown);
        }
        if (!view.isEmpty())
            QVERIFY2(showView(window, view, {}, error), qPrintable(error));
        window.show();
        for (int i = 0; i < 3; ++i) {
            QCoreApplication::sendPostedEvents();
            QCoreApplication::processEvents();
        }
        const QImage image = window.grab().toImage();
        QVERIFY(image.save(dir.filePath(QStringLiteral("screenshot.png")), "PNG"));

        // No minimum size pushes the window past the projector.
        QCOMPARE(image.size(), size);
        QCOMPARE(window.size(), size);

        // Inputs collapsed, and the way back to them in view.
        QVERIFY(!window.inputsDockShown());
        QAction *inputs = nullptr;
        for (QToolBar *bar : window.findChildren<QToolBar *>()) {
            for (QAction *a : bar->actions()) {
                if (a->text().remove(QLatin1Char('&')) == QLatin1String("Inputs")) {
                    inputs = a;
                    QVERIFY(bar->widgetForAction(a));
                    QVERIFY(bar->widgetForAction(a)->isVisible());
                }
            }
        }
        QVERIFY2(inputs, "no Inputs toggle in the tool bar");
        QVERIFY(!inputs->isChecked());

        auto *chart = qobject_cast<ChartWidget *>(window.resultsPanel()->currentTab());
        QVERIFY(chart);
        QVERIFY2(chart->height() >= chartShare * size.height(),
                 qPrintable(QStringLiteral("chart %1 px of %2").arg(chart->height()).arg(size.height())));
        QVERIFY(!chart->shownTitle().isEmpty());
        QVERIFY2(chart->shownTitleWidth() <= chart->width(),
                 qPrintable(QStringLiteral("title \"%1\" %2 px in a chart %3 px wide")
                                .arg(chart->shownTitle()).arg(chart->shownTitleWidth()).arg(chart->width())));
        // The plot keeps room for its data under the title, legend and axis labels; with the
        // teaching docks open at 1280x720 the memory chart gives short GPU names and a smaller
        // legend for it.
        QVERIFY2(chart->plot()->axisRect()->rect().height() >= size.height() / 8,
                 qPrintable(QStringLiteral("plot area %1 px").arg(chart->plot()->axisRect()->rect().height())));

        // Tiles on three rows show one-line captions, the whole caption in the tooltip.
        const KeyResultsStrip *strip = window.findChild<KeyResultsStrip *>();
        QVERIFY(strip);
        const int rows = (kKeyResultCount + strip->columnCount() - 1) / strip->columnCount();
        QCOMPARE(strip->compactCaptions(), rows >= 3);
        for (QLabel *label : strip->findChildren<QLabel *>()) {
            if (label->text().isEmpty() || !label->isVisible())
                continue;
            // A wrapped caption gets the height its lines need: none is cut off at the bottom.
            if (label->wordWrap()) {
                QVERIFY2(label->height() >= label->heightForWidth(label->width()),
                         qPrintable(QStringLiteral("\"%1\" %2 px high, needs %3")
                                        .arg(label->text()).arg(label->height()).arg(label->heightForWidth(label->width()))));
                continue;
            }
            if (!strip->compactCaptions())
                continue;
            QVERIFY2(label->fontMetrics().horizontalAdvance(label->text()) <= label->width(),
                     qPrintable(QStringLiteral("caption \"%1\" wider than its tile").arg(label->text())));
            if (label->text().endsWith(QChar(0x2026)))
                QVERIFY2(!label->toolTip().isEmpty(), qPrintable(label->text()));
        }

        // Leaving presentation mode gives the inputs back.
        window.setPresentationMode(false);
        QVERIFY(window.inputsDockShown());
    }

    // A window closed while presenting opens presenting; leaving presentation mode then gives the
    // inputs back (the saved layout is the one from before the talk).
    void restartWhilePresentingGivesInputsBack()
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_presentation-XXXXXX"));
        Settings settings(dir.filePath(QStringLiteral("gpuplan.ini")));
        QStringList issues;
        PlanController controller(PlanController::loadInstalledCatalog(issues));
        {
            MainWindow first(&controller, &settings);
            first.show();
            QVERIFY(first.inputsDockShown());
            settings.setPresentationMode(true);
            first.setPresentationMode(true);
            QVERIFY(!first.inputsDockShown());
            QVERIFY(first.close());
            QVERIFY(!first.inputsDockShown());
        }
        MainWindow second(&controller, &settings);
        second.show();
        QVERIFY(!second.inputsDockShown());
        second.setPresentationMode(false);
        QVERIFY(second.inputsDockShown());

        // Inputs the user closed before the talk stay closed after it.
        QAction *inputs = inputsToggle(second);
        QVERIFY(inputs);
        QVERIFY(inputs->isChecked());
        inputs->trigger();   // as a click on the tool bar does
        QVERIFY(!second.inputsDockShown());
        second.setPresentationMode(true);
        QVERIFY(second.close());
        MainWindow third(&controller, &settings);
        third.show();
        third.setPresentationMode(false);
        QVERIFY(!third.inputsDockShown());
    }

    // A long title breaks into lines no wider than the chart at presentation fonts, words intact.
    void titleWrapsToWidth()
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_presentation-XXXXXX"));
        Settings settings(dir.filePath(QStringLiteral("gpuplan.ini")));
        QStringList issues;
        PlanController controller(PlanController::loadInstalledCatalog(issues));
        QString error;
        QVERIFY(controller.openFile(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-70b-training.gpuplan"), error));
        MainWindow window(&controller, &settings);
        window.setPresentationMode(true);
        // A projector with the lesson dock open: the chart gets three fifths of its width. (A
        // narrower window would not do: the fonts shrink with it.)
        window.resize(1280, 720);
        window.teaching()->showLessons();
        window.resultsPanel()->setCurrentTab(findResultTab(*window.resultsPanel(), QStringLiteral("step-time")));
        window.show();
        QCoreApplication::processEvents();
        auto *chart = qobject_cast<ChartWidget *>(window.resultsPanel()->currentTab());
        QVERIFY(chart);
        const QString shown = chart->shownTitle();
        QVERIFY2(shown.contains(QLatin1Char('\n')), qPrintable(shown));
        QVERIFY(shown.contains(QStringLiteral("micro-batches")));
        QVERIFY(chart->shownTitleWidth() <= chart->width());
        window.teaching()->lessonDock()->hide();   // the whole width again
        window.resize(1920, 1080);
        QCoreApplication::processEvents();
        QVERIFY2(!chart->shownTitle().contains(QLatin1Char('\n')), qPrintable(chart->shownTitle()));
        window.setPresentationMode(false);   // the application font is shared by the test functions
    }
};

QTEST_MAIN(TestPresentation)
#include "tst_presentation.moc"

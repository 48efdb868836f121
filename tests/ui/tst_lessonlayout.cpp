// SPDX-License-Identifier: GPL-3.0-or-later
// Every step of every lesson in presentation mode on a 1280x720 projector and a 1920x1080 screen,
// checked from the widgets' geometry rather than by eye: the step's text, its Move / Watch lines
// and its live table ("Now, for this plan", every value computed) lie wholly inside the lesson
// panel's viewport with no scrolling, in a font no smaller than a sixtieth of the window's
// height; no label or button of the panel is cut or overlaps another; the step's chart is the
// one it names, beside the docks and at least 3/8 of the window high; every key-result tile shows
// its value and caption whole (TileTextCheck.h); and the banner of a plan
// that does not fit is one line, and the step's text says it does not fit; the chart draws every
// axis title, value label and legend entry whole (ChartTextCheck.h); and the explanation pane
// breaks lines between words only, with nothing to scroll sideways. One window is reused for all
// steps (the suite runs on two cores).
#include "ChartTextCheck.h"
#include "TileTextCheck.h"
#include "MainWindow.h"
#include "budget/BudgetView.h"
#include "charts/ScalingChart.h"
#include "portfolio/PortfolioView.h"
#include "charts/ResultTab.h"
#include "Settings.h"
#include "document/PlanController.h"
#include "results/KeyResultsStrip.h"
#include "results/ResultTabs.h"
#include "results/ResultsPanel.h"
#include "teaching/LessonPanel.h"
#include "teaching/LessonRunner.h"
#include "teaching/ExplainPane.h"
#include "teaching/Lessons.h"
#include "teaching/TeachingDocks.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDockWidget>
#include <QLabel>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTemporaryDir>
#include <QTextBlock>
#include <QTextLayout>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>

#include <memory>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

QRect inWindow(const QWidget *w, const QWidget *window)
{
    return QRect(w->mapTo(window, QPoint(0, 0)), w->size());
}

void settle()
{
    for (int i = 0; i < 3; ++i) {
        QCoreApplication::sendPostedEvents();
        QCoreApplication::processEvents();
    }
}

// The places where a laid-out document starts a line inside a word ("toke/ns/s").
QStringList wordsBrokenAcrossLines(const QTextDocument &doc)
{
    QStringList out;
    for (QTextBlock block = doc.begin(); block.isValid(); block = block.next()) {
        const QTextLayout *layout = block.layout();
        const QString text = block.text();
        if (!layout)
            continue;
        for (int i = 1; i < layout->lineCount(); ++i) {
            const int at = layout->lineAt(i).textStart();
            if (at <= 0 || at >= text.size())
                continue;
            // Inside a word: a letter or digit on both sides of the break, nothing between them.
            if (text.at(at - 1).isLetterOrNumber() && text.at(at).isLetterOrNumber())
                out << text.mid(std::max(0, at - 12), 24);
        }
    }
    return out;
}

} // namespace

class TestLessonLayout final : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir{QStringLiteral(GPUPLAN_BINARY_DIR "/tst_lessonlayout-XXXXXX")};
    std::unique_ptr<Settings> m_settings;
    std::unique_ptr<PlanController> m_controller;
    std::unique_ptr<MainWindow> m_window;
    QSize m_size;   // the projector's

    // What is wrong with the step shown now, empty when nothing is.
    QStringList problems(const Lesson &lesson, int stepIndex)
    {
        QStringList out;
        MainWindow &window = *m_window;
        TeachingDocks *teaching = window.teaching();
        LessonPanel *panel = teaching->lessonPanel();
        const LessonStep &step = lesson.steps[static_cast<std::size_t>(stepIndex)];

        if (window.size() != m_size)
            out << QStringLiteral("the window grew to %1x%2").arg(window.width()).arg(window.height());
        if (!teaching->lessonDock()->isVisible() || !panel->isVisible())
            out << QStringLiteral("the lesson panel is not shown");
        const QRect panelRect = inWindow(panel, &window);
        if (!window.rect().contains(panelRect))
            out << QStringLiteral("the panel (%1,%2 %3x%4) leaves the window")
                       .arg(panelRect.x()).arg(panelRect.y()).arg(panelRect.width()).arg(panelRect.height());

        // The step as text: its own lines, and every live value once computed.
        QTextBrowser *text = panel->textView();
        const QString shown = text->toPlainText();
        for (const char *part : {step.text, step.move, step.watch})
            if (!shown.contains(QString::fromUtf8(part)))
                out << QStringLiteral("the step's text lacks \"%1\"").arg(QString::fromUtf8(part).left(40));
        if (step.live) {
            if (!shown.contains(QStringLiteral("Now, for this plan")))
                out << QStringLiteral("no live table");
            for (const LiveValue &v : teaching->lessonRunner()->liveValues())
                if (!shown.contains(QString::fromStdString(v.label)) || !shown.contains(QString::fromStdString(v.value)))
                    out << QStringLiteral("live row \"%1\" not shown").arg(QString::fromStdString(v.label));
        }
        // All of it inside the viewport: nothing to scroll to, in either direction.
        const QSizeF doc = text->document()->size();
        const QSize view = text->viewport()->size();
        if (doc.height() > view.height() || text->verticalScrollBar()->maximum() > 0)
            out << QStringLiteral("the step needs %1 px, the panel shows %2").arg(doc.height()).arg(view.height());
        if (doc.width() > view.width() + 1 || text->horizontalScrollBar()->maximum() > 0)
            out << QStringLiteral("the step is %1 px wide in %2").arg(doc.width()).arg(view.width());
        const int floor = window.height() / 60;
        if (panel->textPixelSize() < floor)
            out << QStringLiteral("text at %1 px, below %2 px").arg(panel->textPixelSize()).arg(floor);

        // Labels and buttons: each shows its whole text, none overlaps another.
        QList<QWidget *> parts;
        for (QWidget *w : panel->findChildren<QWidget *>(QString(), Qt::FindDirectChildrenOnly))
            if (w->isVisible())
                parts << w;
        for (QWidget *w : parts) {
            if (auto *label = qobject_cast<QLabel *>(w)) {
                if (label->fontMetrics().horizontalAdvance(label->text()) > label->contentsRect().width())
                    out << QStringLiteral("label \"%1\" cut").arg(label->text());
            } else if (auto *button = qobject_cast<QAbstractButton *>(w)) {
                if (button->sizeHint().width() > button->width())
                    out << QStringLiteral("button \"%1\" cut").arg(button->text());
            }
        }
        for (int i = 0; i < parts.size(); ++i)
            for (int j = i + 1; j < parts.size(); ++j)
                if (parts[i]->geometry().intersects(parts[j]->geometry()))
                    out << QStringLiteral("%1 overlaps %2").arg(parts[i]->metaObject()->className(),
                                                                parts[j]->metaObject()->className());

        // The chart the step is about, beside the docks and tall enough to read.
        if (!step.resultTab) {
            out << QStringLiteral("the step names no chart");
        } else {
            ResultTab *tab = window.resultsPanel()->currentTab();
            if (!tab || resultTabName(*tab) != QString::fromUtf8(step.resultTab))
                out << QStringLiteral("shows %1, not %2").arg(tab ? resultTabName(*tab) : QStringLiteral("nothing"),
                                                             QString::fromUtf8(step.resultTab));
            if (tab) {
                for (QCustomPlot *plot : tab->findChildren<QCustomPlot *>())
                    if (plot->isVisible())
                        for (const QString &p : gpuplan::testing::chartTextProblems(*plot))
                            out << QStringLiteral("chart: %1").arg(p);
                const QRect chart = inWindow(tab, &window);
                if (chart.intersects(inWindow(teaching->lessonDock(), &window)))
                    out << QStringLiteral("the chart lies under the lesson");
                if (chart.height() < window.height() * 3 / 8)
                    out << QStringLiteral("the chart is %1 px high of %2").arg(chart.height()).arg(window.height());
            }
        }
        // Every key-result tile shows its value and caption whole: not elided, not cut by its tile.
        const KeyResultsStrip *strip = window.findChild<KeyResultsStrip *>();
        for (const QString &p : gpuplan::testing::tileTextProblems(*strip))
            out << QStringLiteral("key results: %1").arg(p);
        // A plan that does not fit: its banner is one line.
        const QLabel *verdict = strip->verdictLabel();
        if (verdict->isVisible() && verdict->height() >= 2 * verdict->fontMetrics().lineSpacing())
            out << QStringLiteral("the verdict takes %1 px").arg(verdict->height());
        // A step whose plan does not fit or cannot run says so in its own words.
        const PlanValidity &validity = m_controller->evaluation().validity;
        if (m_controller->isResolved() && !validity.valid()) {
            const QString said = QString::fromUtf8(step.text) + QLatin1Char(' ') + QString::fromUtf8(step.watch);
            static const QRegularExpression saysSo(QStringLiteral("not fit|too large to fit|cannot run|cannot be set up"));
            if (!said.contains(saysSo))
                out << QStringLiteral("the plan does not fit (%1) and the step does not say so").arg(verdict->text().left(60));
        }
        out << explanationProblems();
        return out;
    }

    // The explanation behind the lesson tab, brought to the front as a key-results click does:
    // lines break between words and nothing lies beyond the pane's width.
    QStringList explanationProblems()
    {
        QStringList out;
        TeachingDocks *teaching = m_window->teaching();
        teaching->explainDock()->raise();
        settle();
        auto *view = teaching->explainPane()->findChild<QTextBrowser *>(QStringLiteral("explainText"));
        if (!view || !view->isVisible()) {
            out << QStringLiteral("the explanation pane does not show");
        } else {
            for (const QString &w : wordsBrokenAcrossLines(*view->document()))
                out << QStringLiteral("explanation breaks a word: \"%1\"").arg(w);
            if (view->horizontalScrollBar()->maximum() > 0)
                out << QStringLiteral("the explanation is %1 px wide in %2")
                           .arg(view->document()->size().width()).arg(view->viewport()->width());
        }
        teaching->lessonDock()->raise();
        settle();
        return out;
    }

private slots:
    void initTestCase()
    {
        m_settings = std::make_unique<Settings>(m_dir.filePath(QStringLiteral("gpuplan.ini")));
        QStringList issues;
        m_controller = std::make_unique<PlanController>(PlanController::loadInstalledCatalog(issues));
        QString error;
        QVERIFY2(m_controller->openFile(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-70b-training.gpuplan"), error),
                 qPrintable(error));
        m_window = std::make_unique<MainWindow>(m_controller.get(), m_settings.get());
        m_window->setPresentationMode(true);
        m_window->resize(1280, 720);
        m_window->show();
        settle();
    }

    void everyStepFits_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("1920x1080") << QSize(1920, 1080);
    }

    void everyStepFits()
    {
        QFETCH(QSize, size);
        MainWindow &window = *m_window;
        window.resize(size);
        settle();
        QCOMPARE(window.size(), size);
        m_size = size;
        TeachingDocks *teaching = window.teaching();
        LessonRunner *runner = teaching->lessonRunner();
        QStringList failures;
        int steps = 0;
        for (std::size_t i = 0; i < lessons().size(); ++i) {
            const Lesson &lesson = lessons()[i];
            QVERIFY2(teaching->startLesson(static_cast<int>(i)), lesson.id);
            for (int s = 0; s < static_cast<int>(lesson.steps.size()); ++s) {
                if (s > 0)
                    runner->forward();
                settle();
                QTRY_VERIFY_WITH_TIMEOUT(!teaching->lessonPanel()->isComputing(), 30000);
                // The scaling curve, the budget options and the portfolio come from worker threads:
                // the chart is read as the reader sees it once they are in.
                ResultTab *tab = window.resultsPanel()->currentTab();
                if (auto *scaling = qobject_cast<ScalingChart *>(tab))
                    QTRY_VERIFY_WITH_TIMEOUT(!scaling->isComputing(), 30000);
                if (auto *budget = qobject_cast<BudgetView *>(tab))
                    QTRY_VERIFY_WITH_TIMEOUT(!budget->isComputing(), 60000);
                if (auto *portfolio = qobject_cast<PortfolioView *>(tab))
                    QTRY_VERIFY_WITH_TIMEOUT(!portfolio->isComputing(), 60000);
                settle();
                for (const QString &p : problems(lesson, s))
                    failures << QStringLiteral("%1 step %2: %3").arg(QString::fromUtf8(lesson.id)).arg(s + 1).arg(p);
                ++steps;
            }
        }
        QVERIFY(steps >= 52);
        // No known cuts are left: every chart of every step draws its text whole at both sizes.
        for (const QString &f : failures)
            qWarning("%s", qPrintable(f));   // all of them: the message below is cut
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QLatin1Char('\n'))));
    }

    // The issue's case: a plan that does not fit keeps the chart its height.
    void bannerOfAPlanThatDoesNotFit()
    {
        MainWindow &window = *m_window;
        window.resize(1280, 720);
        TeachingDocks *teaching = window.teaching();
        int index = -1;
        for (std::size_t i = 0; i < lessons().size(); ++i)
            if (QByteArray(lessons()[i].id) == "optimizer-memory")
                index = static_cast<int>(i);
        QVERIFY(index >= 0);
        QVERIFY(teaching->startLesson(index));   // ZeRO 0: does not fit
        settle();
        const KeyResultsStrip *strip = window.findChild<KeyResultsStrip *>();
        QVERIFY(strip->verdictText().startsWith(QStringLiteral("Does not fit")));
        QVERIFY(strip->verdictLabel()->isVisible());
        QVERIFY(strip->verdictLabel()->height() < 2 * strip->verdictLabel()->fontMetrics().lineSpacing());
        QVERIFY(window.resultsPanel()->currentTab()->height() >= window.height() * 3 / 8);
        // Nor do its tiles: the "would be" values took four rows of two beside the lesson and left the
        // memory chart's bars 30 px; they keep to three rows, in a smaller size where needed.
        const int rows = (kKeyResultCount + strip->columnCount() - 1) / strip->columnCount();
        QVERIFY2(rows <= 3, qPrintable(QStringLiteral("%1 rows of tiles").arg(rows)));
        QVERIFY(strip->valueScale() >= 0.8);
        for (QCustomPlot *plot : window.resultsPanel()->currentTab()->findChildren<QCustomPlot *>())
            if (plot->isVisible())
                QVERIFY2(plot->axisRect()->height() >= plot->height() / 5,
                         qPrintable(QStringLiteral("the bars are %1 px high").arg(plot->axisRect()->height())));
    }

    // Fonts follow the window: a larger window, larger text; the desk's size comes back.
    void fontsFollowTheWindow()
    {
        MainWindow &window = *m_window;
        window.resize(1280, 720);
        settle();
        const double small = QApplication::font().pointSizeF();
        window.resize(1920, 1080);
        settle();
        QCOMPARE(QApplication::font().pointSizeF(), small * 1.5);
        window.setPresentationMode(false);
        QVERIFY(QApplication::font().pointSizeF() < small);
        QVERIFY(!teaching()->isPresenting());
        window.setPresentationMode(true);
    }

private:
    TeachingDocks *teaching() const { return m_window->teaching(); }
};

QTEST_MAIN(TestLessonLayout)
#include "tst_lessonlayout.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
#include "teaching/TeachingDocks.h"

#include "document/PlanController.h"
#include "results/ResultTabs.h"
#include "results/ResultsPanel.h"
#include "teaching/ExplainPane.h"
#include "teaching/LessonPanel.h"
#include "teaching/LessonRunner.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QMessageBox>

#include <algorithm>

namespace gpuplan::ui {

TeachingDocks::TeachingDocks(PlanController *controller, QMainWindow *window, ResultsPanel *results)
    : QObject(window), m_controller(controller), m_window(window), m_results(results), m_explain(new ExplainPane(controller)),
      m_runner(new LessonRunner(controller, this)), m_lessonPanel(new LessonPanel(m_runner)),
      m_explainDock(new QDockWidget(tr("Why this number"), window)), m_lessonDock(new QDockWidget(tr("Lesson"), window))
{
    const std::pair<QDockWidget *, QWidget *> docks[] = {{m_lessonDock, m_lessonPanel}, {m_explainDock, m_explain}};
    for (const auto &[dock, content] : docks) {
        dock->setWidget(content);
        dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetClosable
                          | QDockWidget::DockWidgetFloatable);
        dock->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
        window->addDockWidget(Qt::RightDockWidgetArea, dock);
        dock->hide();
    }
    m_explainDock->setObjectName(QStringLiteral("explainDock"));
    m_lessonDock->setObjectName(QStringLiteral("lessonDock"));
    // Lesson above, its explanation below: read the step, then the numbers it points at.
    window->splitDockWidget(m_lessonDock, m_explainDock, Qt::Vertical);
    connect(m_results->keyResults(), &KeyResultsStrip::explainRequested, this,
            [this](KeyResult r) { explain(topicFor(r, m_controller->plan().workload.mode)); });
    connect(m_lessonPanel, &LessonPanel::explainRequested, this, &TeachingDocks::explainStep);
    connect(m_lessonPanel, &LessonPanel::resultTabRequested, this, &TeachingDocks::showResultTab);
    // A lesson with live values needs room for their table under the step: when it starts, the
    // lesson gets three fifths of the height and its explanation the rest (after show() sized them).
    connect(m_runner, &LessonRunner::stepChanged, this, [this] {
        const Lesson *l = m_runner->lesson();
        if (m_presenting) {
            windowResized();   // a lesson's two fifths
            return;
        }
        if (!l || m_runner->stepIndex() != 0 || m_lessonDock->isHidden() || m_explainDock->isHidden())
            return;
        bool live = false;
        for (const LessonStep &s : l->steps)
            live = live || s.live;
        if (live)
            m_window->resizeDocks({m_lessonDock, m_explainDock}, {m_window->height() * 3 / 5, m_window->height() * 2 / 5},
                                  Qt::Vertical);
    });
}

void TeachingDocks::addHelpActions(QMenu *help)
{
    QAction *explainAction = help->addAction(tr("&Explain the key results"), this, [this] { explain(m_explain->topic()); });
    explainAction->setShortcut(QKeySequence(Qt::Key_F1));
    QMenu *lessonMenu = help->addMenu(tr("&Lessons"));
    lessonMenu->addAction(tr("Show the lesson panel"), this, &TeachingDocks::showLessons);
    lessonMenu->addSeparator();
    for (int i = 0; i < static_cast<int>(lessons().size()); ++i)
        lessonMenu->addAction(QString::fromUtf8(lessons()[static_cast<std::size_t>(i)].title), this,
                              [this, i] { startLesson(i); });
}

void TeachingDocks::explain(ExplainTopic topic)
{
    m_explain->setTopic(topic);
    show(m_explainDock);
}

void TeachingDocks::explainStep(ExplainTopic topic)
{
    if (!m_presenting) {
        explain(topic);
        return;
    }
    m_explain->setTopic(topic);
    show(m_explainDock);
    m_lessonDock->raise();
}

void TeachingDocks::setPresentation(bool on)
{
    if (on == m_presenting)
        return;
    m_presenting = on;
    m_lessonPanel->setPresentation(on);
    arrange();
    windowResized();
}

void TeachingDocks::arrange()
{
    if (m_presenting) {
        m_window->tabifyDockWidget(m_lessonDock, m_explainDock);
        m_lessonDock->raise();
    } else {
        m_window->splitDockWidget(m_lessonDock, m_explainDock, Qt::Vertical);
    }
}

// At most a third, so a projector's 1280 pixels leave the charts two thirds; presenting a
// lesson, two fifths: the docks hold one pane at a time, the step at the projector's font size.
int TeachingDocks::dockWidth() const
{
    const int w = m_window->width();
    const bool lesson = m_presenting && m_runner->isRunning();
    return lesson ? w * 2 / 5 : std::min(std::max(460, w * 3 / 10), w / 3);
}

void TeachingDocks::windowResized()
{
    if (!m_presenting)
        return;
    QList<QDockWidget *> open;
    for (QDockWidget *d : {m_lessonDock, m_explainDock})
        if (!d->isHidden() && !d->isFloating())
            open << d;
    if (!open.isEmpty())
        m_window->resizeDocks(open, QList<int>(open.size(), dockWidth()), Qt::Horizontal);
}

void TeachingDocks::showLessons()
{
    show(m_lessonDock);
}

void TeachingDocks::showResultTab(const QString &tabName)
{
    if (ResultTab *tab = findResultTab(*m_results, tabName))
        m_results->setCurrentTab(tab);
}

// A dock opened for the first time gets room to be read: formulas with substituted numbers
// need about a third of the window (never more), and the explanation more height than the lesson text. Once
// open, the reader's own sizes stay.
void TeachingDocks::show(QDockWidget *dock)
{
    const bool opening = dock->isHidden();
    dock->show();
    dock->raise();
    if (!opening)
        return;
    QList<QDockWidget *> open;
    for (QDockWidget *d : {m_lessonDock, m_explainDock}) {
        if (!d->isHidden())
            open << d;
    }
    m_window->resizeDocks(open, QList<int>(open.size(), dockWidth()), Qt::Horizontal);
    if (open.size() == 2 && !m_presenting)
        m_window->resizeDocks(open, {m_window->height() * 2 / 5, m_window->height() * 3 / 5}, Qt::Vertical);
}

bool TeachingDocks::startLesson(int index)
{
    showLessons();
    QString error;
    if (!m_runner->start(index, &error)) {
        QMessageBox::warning(m_window, tr("Lesson"), error);
        return false;
    }
    return true;
}

ExplainTopic TeachingDocks::topicFor(KeyResult result, Mode mode)
{
    // Serving plans: the time tile is the serving capacity, the efficiency tile the latency.
    if (mode == Mode::Inference && result == KeyResult::Time)
        return ExplainTopic::Throughput;
    if (mode == Mode::Inference && result == KeyResult::Efficiency)
        return ExplainTopic::StepTime;
    switch (result) {
    case KeyResult::Memory: return ExplainTopic::MemoryPerGpu;
    case KeyResult::Time: return ExplainTopic::TimeToTrain;
    case KeyResult::Throughput: return ExplainTopic::Throughput;
    case KeyResult::Efficiency: return ExplainTopic::Mfu;
    case KeyResult::Cluster: return ExplainTopic::StepTime;
    case KeyResult::Power: return ExplainTopic::FacilityPower;
    case KeyResult::Cost: return ExplainTopic::CostPerRun;
    case KeyResult::Count: break;
    }
    return ExplainTopic::MemoryPerGpu;
}

} // namespace gpuplan::ui

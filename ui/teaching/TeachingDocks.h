// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "results/KeyResultsStrip.h"

#include "common/Enums.h"
#include "explain/Explanation.h"

#include <QObject>

class QDockWidget;
class QMainWindow;
class QMenu;

namespace gpuplan::ui {

class ExplainPane;
class LessonPanel;
class LessonRunner;
class PlanController;
class ResultsPanel;

// Teaching mode in the main window: the explanation pane and the lesson panel as docks on the
// right, opened from the key results (click or context menu) and from Help. A lesson step also
// brings its result tab to the front of the results panel.
class TeachingDocks : public QObject
{
    Q_OBJECT
public:
    TeachingDocks(PlanController *controller, QMainWindow *window, ResultsPanel *results);

    void addHelpActions(QMenu *help);

    void explain(ExplainTopic topic);           // shows the explanation dock on that topic
    void showLessons();
    void showResultTab(const QString &tabName);  // by resultTabName(); unknown names change nothing
    bool startLesson(int index);                // shows the lesson dock too
    // Presentation mode (MainWindow::setPresentationMode): the lesson takes the docks' whole
    // height with the explanation in a tab behind it (a step sets its topic without covering the
    // step), the docks two fifths of the window's width, the lesson's text fitted to its panel.
    void setPresentation(bool on);
    bool isPresenting() const { return m_presenting; }
    void windowResized();                       // presentation: the docks keep their share

    // The explanation of a key-results tile; serving plans explain their own results.
    static ExplainTopic topicFor(KeyResult result, Mode mode);

    ExplainPane *explainPane() const { return m_explain; }
    LessonPanel *lessonPanel() const { return m_lessonPanel; }
    LessonRunner *lessonRunner() const { return m_runner; }
    QDockWidget *explainDock() const { return m_explainDock; }
    QDockWidget *lessonDock() const { return m_lessonDock; }

private:
    void show(QDockWidget *dock);
    void arrange();                             // tabs on a projector, one above the other on a desk
    void explainStep(ExplainTopic topic);       // a lesson step's explanation
    int dockWidth() const;

    PlanController *m_controller;
    QMainWindow *m_window;
    ResultsPanel *m_results;
    ExplainPane *m_explain;
    LessonRunner *m_runner;
    LessonPanel *m_lessonPanel;
    QDockWidget *m_explainDock;
    QDockWidget *m_lessonDock;
    bool m_presenting = false;
};

} // namespace gpuplan::ui

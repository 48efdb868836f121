// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "teaching/Lessons.h"

#include <QObject>
#include <QString>

#include <vector>

namespace gpuplan::ui {

class PlanController;

// Walks through a lesson on the controller's plan. Starting applies the lesson's plan as one
// undoable change; each step forward applies its edit as one more; a step back undoes that edit
// when it is still the last change on the undo stack (edits the reader made in between are kept,
// only the text steps back).
class LessonRunner : public QObject
{
    Q_OBJECT
public:
    explicit LessonRunner(PlanController *controller, QObject *parent = nullptr);

    bool start(int lessonIndex, QString *error = nullptr);
    void stop();
    bool isRunning() const { return m_lesson >= 0; }
    int lessonIndex() const { return m_lesson; }
    const Lesson *lesson() const;
    int stepIndex() const { return m_step; }
    int stepCount() const;
    const LessonStep *step() const;
    // The current step's live values for the plan as it is now; empty when the step has none or
    // the plan does not resolve.
    std::vector<LiveValue> liveValues() const;
    PlanController *controller() const { return m_controller; }
    bool canGoForward() const;
    bool canGoBack() const;

    void forward();
    void back();

signals:
    void stepChanged();

private:

    PlanController *m_controller;
    int m_lesson = -1;
    int m_step = 0;
    std::vector<int> m_undoIndexAtStep;   // undo-stack index right after each step's change
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explain/Explanation.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace gpuplan::ui {

class LessonRunner;

// The lesson being followed: its question, the current step's text with what to move and what
// to watch, and Back / Next. Choosing a lesson and pressing Start applies its plan.
class LessonPanel : public QWidget
{
    Q_OBJECT
public:
    LessonPanel(LessonRunner *runner, QWidget *parent = nullptr);

    LessonRunner *runner() const { return m_runner; }
    QString stepText() const;      // the step as shown, as text (tests)

signals:
    void explainRequested(gpuplan::ExplainTopic topic);
    // The result tab the step shows (LessonStep::resultTab), on every step with one.
    void resultTabRequested(const QString &tabName);

private:
    void update();        // a new step: its text, explanation and result tab
    void showStep();      // the step's text with its live values, after every edit of the plan

    LessonRunner *m_runner;
    QComboBox *m_choice;
    QPushButton *m_start;
    QTextBrowser *m_text;
    QLabel *m_progress;
    QPushButton *m_back;
    QPushButton *m_forward;
};

} // namespace gpuplan::ui

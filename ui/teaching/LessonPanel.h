// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explain/Explanation.h"
#include "teaching/Lessons.h"

#include <QWidget>

#include <vector>

class QComboBox;
class QLabel;
class QPushButton;
class QTextBrowser;

namespace gpuplan::ui {

class BackgroundJob;
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
    // The step's live values are being computed (off the UI thread: some run the procurement
    // search, a fraction of a second).
    bool isComputing() const;
    // On a projector the step's text is set as large as the window's presentation font, and
    // smaller (down to six tenths of it) only as far as the whole step, its live table included,
    // needs to fit the panel without scrolling; the lesson chooser gives its line to the step
    // while a lesson runs (Help › Lessons switches lessons).
    void setPresentation(bool on);
    bool isPresenting() const { return m_presenting; }
    QTextBrowser *textView() const { return m_text; }   // tests: the step's geometry
    int textPixelSize() const;                           // the step's font as set, in pixels

signals:
    void explainRequested(gpuplan::ExplainTopic topic);
    // The result tab the step shows (LessonStep::resultTab), on every step with one.
    void resultTabRequested(const QString &tabName);

protected:
    void resizeEvent(QResizeEvent *event) override;
    void changeEvent(QEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;   // the text's viewport resized

private:
    void fitText();       // presentation: the largest font at which the step fits
    void update();        // a new step: its text, explanation and result tab
    void showStep();      // the step's text with its live values, after every edit of the plan
    void renderStep();    // the step's text with the live values computed last
    void requestLive();   // computes the step's live values for the plan as it is now

    LessonRunner *m_runner;
    QComboBox *m_choice;
    QPushButton *m_start;
    QTextBrowser *m_text;
    QLabel *m_progress;
    QPushButton *m_back;
    QPushButton *m_forward;
    BackgroundJob *m_liveJob;
    std::vector<LiveValue> m_live;   // of the step m_liveLesson / m_liveStep
    int m_liveLesson = -1;
    int m_liveStep = -1;
    bool m_presenting = false;
    bool m_fitting = false;
};

} // namespace gpuplan::ui

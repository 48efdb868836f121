// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "explain/Explanation.h"

#include <QWidget>

class QComboBox;
class QTextBrowser;

namespace gpuplan::ui {

class PlanController;

// "Why this number": the formula behind one key result, the current plan's values substituted
// into it and the source (core/explain). Follows the plan: every evaluation rebuilds the text.
class ExplainPane : public QWidget
{
    Q_OBJECT
public:
    explicit ExplainPane(PlanController *controller, QWidget *parent = nullptr);

    void setTopic(ExplainTopic topic);
    ExplainTopic topic() const { return m_topic; }
    const Explanation &explanation() const { return m_explanation; }
    QString plainText() const;      // what the pane shows, as text (tests, copy)

    void refresh();

protected:
    void changeEvent(QEvent *event) override;

private:
    QString html() const;

    PlanController *m_controller;
    ExplainTopic m_topic = ExplainTopic::MemoryPerGpu;
    Explanation m_explanation;
    QComboBox *m_topics;
    QTextBrowser *m_view;
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/PlanController.h"

#include <QObject>
#include <QString>

#include <vector>

class QGridLayout;
class QLabel;
class QWidget;

namespace gpuplan::ui {

// One input of the input panel bound to one plan field: a label, the editing widgets and a
// message line under them. Rows sit in a grid (label | control | value | unit) so every section
// lines up. Edits go to the controller; a rejected value shows the registry's message here and
// the control returns to the plan's value.
class FieldRow : public QObject
{
    Q_OBJECT
public:
    FieldRow(PlanController *controller, const QString &path, const QString &label, QWidget *parent);

    const QString &path() const { return m_path; }
    QLabel *label() const { return m_label; }
    QLabel *messageLabel() const { return m_message; }
    QString messageText() const;

    // Places the row at `row` (controls) and `row + 1` (message) of a 4-column grid.
    virtual void addToGrid(QGridLayout *grid, int row) = 0;
    // Shows the plan's current value (without emitting edits).
    virtual void sync() = 0;

    void setFieldMessages(std::vector<FieldMessage> messages);
    void setRowVisible(bool visible);
    bool isRowVisible() const { return m_visible; }
    void refreshColors();

protected:
    bool applyNumber(double value);
    bool applyText(const QString &text);
    bool applyResult(bool ok, const QString &error);
    void addWidget(QWidget *widget);                 // takes part in show/hide and tooltips
    void setToolTipText(const QString &toolTip);

    PlanController *m_controller;

private:
    void updateMessage();

    QString m_path;
    QLabel *m_label;
    QLabel *m_message;
    std::vector<QWidget *> m_widgets;
    std::vector<FieldMessage> m_messages;
    QString m_rejection;
    bool m_visible = true;
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

class QGridLayout;
class QToolButton;

namespace gpuplan::ui {

// A titled group of inputs that folds away under its header (MODEL, WORKLOAD, ... COST &
// FACILITY). The body is a 4-column grid: label | slider | value | unit.
class CollapsibleSection : public QWidget
{
    Q_OBJECT
public:
    CollapsibleSection(const QString &title, bool expanded, QWidget *parent = nullptr);

    QGridLayout *grid() const { return m_grid; }
    QWidget *body() const { return m_body; }
    QToolButton *header() const { return m_header; }
    bool isExpanded() const;
    void setExpanded(bool expanded);
    int nextRow() const { return m_nextRow; }
    void reserveRows(int rows) { m_nextRow += rows; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void applyHeaderFont();

    bool m_expanded = true;
    QToolButton *m_header;
    QWidget *m_body;
    QGridLayout *m_grid;
    int m_nextRow = 0;
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ResultTab.h"
#include "results/ScenarioComparison.h"

class QLabel;
class QPushButton;
class QTableWidget;

namespace gpuplan::ui {

// Scenarios side by side: the open plan in the first column, other plan files and snapshots of
// the open plan next to it; differences to the open plan are marked with their percentage and
// tinted by whether they are better or worse.
class ComparisonTab : public ResultTab
{
    Q_OBJECT
public:
    explicit ComparisonTab(QWidget *parent = nullptr);

    QString title() const override { return tr("Compare"); }
    void refresh(const PlanController &controller) override;

    // Adding or removing refreshes against the controller last seen (the tab is refreshed
    // before it is shown, so it has one whenever its buttons can be pressed).
    bool addFile(const QString &path, QString &error);
    void addSnapshot();
    // A plan made from the open one (the grown plan of GrowthDialog) as a column named `name`.
    void addPlan(const Plan &plan, const QString &name);
    bool removeScenario(int scenarioIndex);
    void chooseAndAddFiles();

    const ScenarioComparison &comparison() const { return m_comparison; }
    QTableWidget *table() const { return m_table; }

protected:
    void changeEvent(QEvent *event) override;

private:
    void rebuild();

    const PlanController *m_controller = nullptr;
    ScenarioComparison m_comparison;
    QTableWidget *m_table;
    QLabel *m_hint;
    QPushButton *m_remove;
    int m_snapshots = 0;
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/LayoutSearch.h"

#include <QDialog>

class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;
class QTableWidget;
class QTimer;

namespace gpuplan::ui {

class AutoPlanRunner;
class ParetoChart;
class PlanController;

// Tools › Auto-plan: searches the parallel layouts of the current plan on a worker thread
// (AutoPlanRunner), lists the best ones by the chosen objective and why the others were set
// aside, draws them with the time-vs-cost Pareto front (ParetoChart: clicking a point selects its
// row, selecting a row rings its point), and applies the chosen layout to the plan as one undo
// step. Non-modal: the plan stays editable while the dialog is open; results from an earlier
// version of the plan are marked and cannot be applied.
class AutoPlanDialog : public QDialog
{
    Q_OBJECT
public:
    AutoPlanDialog(PlanController *controller, QWidget *parent = nullptr);
    ~AutoPlanDialog() override;

    void setObjective(SearchObjective objective);
    void setGpuRange(int minGpus, int maxGpus);
    SearchOptions options() const;         // what a search started now would use

    void startSearch();
    void cancelSearch();
    bool isSearching() const;
    const SearchResult &result() const;    // of the last finished search
    bool isStale() const { return m_stale; }
    // Applies the ranked layout at row (0 = best) as one undo step; false when there is none or
    // the result belongs to an earlier version of the plan.
    bool applyRow(int row);

    QTableWidget *layoutTable() const { return m_layouts; }
    QTableWidget *rejectTable() const { return m_rejects; }
    ParetoChart *paretoChart() const { return m_chart; }
    QString statusText() const;

signals:
    void searchFinished();

protected:
    void hideEvent(QHideEvent *event) override;

private:
    void onProgress(qint64 done, qint64 total);
    void onFinished();
    void onPlanChanged();
    void updateButtons();
    void syncGpuRangeToPlan();
    int selectedRow() const;   // -1 = none

    PlanController *m_controller;
    AutoPlanRunner *m_runner;
    QComboBox *m_objective;
    QSpinBox *m_minGpus;
    QSpinBox *m_maxGpus;
    QCheckBox *m_offload;
    QPushButton *m_search;
    QPushButton *m_cancel;
    QPushButton *m_apply;
    QProgressBar *m_progress;
    QTimer *m_progressDelay;
    QLabel *m_status;
    QLabel *m_summary;
    QTableWidget *m_layouts;
    QTableWidget *m_rejects;
    ParetoChart *m_chart;
    bool m_stale = false;
    bool m_hasResult = false;
    bool m_applying = false;
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "budget/BudgetWorker.h"

#include "charts/ResultTab.h"

#include <QElapsedTimer>

#include <memory>

class QComboBox;
class QLabel;
class QPushButton;
class QTableView;
class QTimer;
class QToolButton;

namespace gpuplan::ui {

class BudgetChart;
class BudgetTableModel;
class LimitSlider;

// The Budget tab: budget, deadline and site power in, the options of the plan's training run out
// (core/procure: GPU types × counts × buying or renting, each with its fastest layout). Sliders
// set the limits; an objective and a GPU filter choose the ranking. The options are drawn cash vs
// time (BudgetChart) and listed best first with why each rejected one fails (BudgetTableModel);
// a row selected in the table rings its point and a clicked point selects its row. "Apply option"
// makes the selected option the plan (GPU, count, layout, cloud offer and term) in one undo step.
// All computing runs on a BudgetWorker thread: the plan is explored again only when its workload
// changes; a limit moved re-ranks the explored options; answers to stale requests are dropped.
class BudgetView : public ResultTab
{
    Q_OBJECT
public:
    explicit BudgetView(PlanController *controller, QWidget *parent = nullptr);
    ~BudgetView() override;

    QString title() const override { return tr("Budget"); }
    void refresh(const PlanController &controller) override;

    // Limits (negative = none), objective and GPU filter (ids; empty = every GPU); each change
    // schedules a re-ranking on the worker.
    void setBudgetUsd(double usd);
    void setDeadlineDays(double days);
    void setSitePowerKw(double kw);
    void setObjective(ProcureObjective objective);
    void setGpuFilter(const std::vector<std::string> &gpus);
    ProcureRequest request() const;       // what the controls ask for now

    // The answer shown (null before the first one) and its rows, best first.
    const BudgetAnswer *answer() const { return m_answer ? m_answer.get() : nullptr; }
    bool isComputing() const;             // a request is not answered yet
    bool isStale() const;                 // the answer shown belongs to an earlier plan
    int selectedOption() const;           // index into answer()->ranked->options; -1 = none
    void selectOption(int index);
    // Makes the selected option (the best one when none is selected) the plan, one undo step.
    bool applySelected();

    BudgetChart *chart() const { return m_chart; }
    BudgetTableModel *tableModel() const { return m_model; }
    const QPushButton *applyButton() const { return m_apply; }
    QPushButton *cancelButton() const { return m_cancel; }
    // Stops the running exploration (the Cancel button); the options shown stay.
    void cancelSearch();
    QTableView *table() const { return m_table; }
    LimitSlider *budgetSlider() const { return m_budget; }
    LimitSlider *deadlineSlider() const { return m_deadline; }
    LimitSlider *sitePowerSlider() const { return m_sitePower; }
    BudgetWorker *worker() const { return m_worker; }
    QString statusText() const;
    // Timings of the last answer: worker compute, UI update, and control change -> view updated.
    double lastWorkerMs() const { return m_lastWorkerMs; }
    double lastUiMs() const { return m_lastUiMs; }
    double lastLatencyMs() const { return m_lastLatencyMs; }

signals:
    void answered();                      // a new answer is shown

private:
    void limitsChanged();
    void requestNow();
    void onAnswer(const BudgetAnswer &answer);
    void updatePlanMark();
    void updateGpuMenu(const std::vector<std::string> &gpus);
    void updateStatus();
    void updateApply();
    void updateCancel();

    PlanController *m_controller;
    BudgetWorker *m_worker;
    LimitSlider *m_budget;
    LimitSlider *m_deadline;
    LimitSlider *m_sitePower;
    QComboBox *m_objective;
    QToolButton *m_gpus;
    QPushButton *m_apply;
    QPushButton *m_cancel;
    BudgetChart *m_chart;
    BudgetTableModel *m_model;
    QTableView *m_table;
    QLabel *m_status;
    QTimer *m_rankDelay;                   // debounces limit moves
    QTimer *m_planDelay;                   // debounces plan edits (a drag of an input slider)
    std::vector<std::string> m_gpuFilter;
    std::vector<std::string> m_gpusExplored;
    std::shared_ptr<const BudgetAnswer> m_answer;
    std::string m_requestedKey;            // plan key of the latest request
    QElapsedTimer m_sinceChange;           // since the control change the next answer serves
    double m_lastWorkerMs = 0, m_lastUiMs = 0, m_lastLatencyMs = 0;
    bool m_selecting = false;              // guards the table <-> chart selection loop
    bool m_cancelled = false;              // the latest exploration was cancelled by the user
};

} // namespace gpuplan::ui

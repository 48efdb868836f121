// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartFormat.h"
#include "charts/ChartWidget.h"

#include "procure/Procurement.h"

#include <QPointF>
#include <QVector>

#include <memory>
#include <vector>

class QCPGraph;
class QCPItemStraightLine;
class QCPItemText;

namespace gpuplan::ui {

// Where the open plan itself sits on the Budget view's chart: its time to train with failures,
// and its cash bought (with its facility assumptions) and rented (its cloud offer and purchase
// option, or the cheapest offer when it names none).
struct BudgetPlanMark
{
    bool known = false;
    double days = 0;
    double buyCashUsd = -1;        // negative: no purchase price
    double cloudCashUsd = -1;      // negative: no cloud price
    QString cloudName;             // "Lambda, on demand"
};

// The Budget view's cash-vs-time chart: x the time to train with failures (days), y the cash over
// the run (USD). Every option is a point, coloured by the way of paying (bought, rented); feasible
// options are filled, rejected ones hollow. The feasible region (by the deadline and within the
// budget) is shaded, the deadline and the budget are lines, the Pareto front (cash vs time) is a
// step line, the best option is starred, the open plan is marked, and the option selected in the
// table is ringed; clicking a point emits optionClicked(). Site power has no axis here: options
// over it are hollow. The data is read back for tests, never the pixels.
class BudgetChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit BudgetChart(QWidget *parent = nullptr);
    ~BudgetChart() override;

    QString title() const override { return tr("Cash vs time"); }
    // Fed by the Budget view with each ranked answer, not by the evaluation.
    void refresh(const PlanController &controller) override { Q_UNUSED(controller); }
    void resetView() override;

    // Options ranked under `request`'s limits (rankOptions()); the axes change only when the
    // options' span does, so moving a limit leaves the view where it is.
    void setOptions(std::shared_ptr<const ProcureResult> result);
    void setPlanMark(const BudgetPlanMark &mark);
    void setSelectedOption(int index);      // ringed; -1 = none. Does not emit optionClicked().
    int selectedOption() const { return m_selected; }
    // No options to draw, and why ("Exploring …", a serving plan).
    void setMessage(const QString &text);

    // What is drawn, read back from the plot (days and USD).
    QVector<double> paretoDays() const { return graphKeys(m_front); }
    QVector<double> paretoCash() const { return graphValues(m_front); }
    // Points of one way of paying, feasible or not, in the order the graph keeps them (by days).
    QVector<double> pointDays(Acquisition acquisition, bool feasible) const;
    QVector<double> pointCash(Acquisition acquisition, bool feasible) const;
    QVector<double> bestPoint() const;          // {days, cash}; empty = no feasible option
    QVector<double> selectedPoint() const;      // {days, cash}; empty = none
    QVector<double> planPoints() const;         // {days, cash} of each plan mark drawn, bought first
    // The shaded feasible region's corner (the deadline, the budget); +inf where no limit is set.
    QPointF feasibleCorner() const;
    double deadlineLineDays() const;            // NaN when hidden (no deadline)
    double budgetLineUsd() const;               // NaN when hidden (no budget)
    bool logDays() const;
    bool logCash() const;

    int optionAt(const QPointF &pixel) const;   // index into the options; -1 = none near
    QPointF optionPixel(int index) const;       // valid after a replot

signals:
    void optionClicked(int index);

protected:
    QString hoverText(const QPointF &pixel) const override;
    void restyle() override;

private:
    QCPGraph *pointsGraph(Acquisition acquisition, bool feasible) const;
    void rebuild();
    void chooseAxes();
    void drawLimits();
    void updateSelection();

    std::shared_ptr<const ProcureResult> m_result;
    BudgetPlanMark m_plan;
    QCPGraph *m_regionTop;        // the budget from far left to the deadline
    QCPGraph *m_regionBase;       // the bottom of the region (fill target)
    QCPGraph *m_points[6];        // buy, cloud and hybrid: each feasible, then rejected
    QCPGraph *m_front;
    QCPGraph *m_best;
    QCPGraph *m_planBuy;
    QCPGraph *m_planCloud;
    QCPGraph *m_selectedGraph;
    QCPItemStraightLine *m_deadlineLine;
    QCPItemStraightLine *m_budgetLine;
    QCPItemText *m_deadlineLabel;
    QCPItemText *m_budgetLabel;
    int m_selected = -1;
    AxisSpan m_x, m_y;
};

} // namespace gpuplan::ui

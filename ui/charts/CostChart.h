// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartFormat.h"
#include "charts/ChartWidget.h"

#include "eval/Evaluation.h"

#include <QString>
#include <QStringList>
#include <QVector>

class QCPAxis;
class QCPAxisRect;
class QCPBars;
class QCPGraph;
class QCPLayoutGrid;
class QCPLegend;
class QScrollArea;

namespace gpuplan::ui {

// Renting or owning. Left: cumulative cost of renting the cluster's useful GPU-hours in the
// cloud against buying it (capex at month 0, then energy, colocation, support and staff every
// month), with the break-even month marked. Right: the sensitivity tornado, how far the plan's
// total moves when one assumption moves by -20% and +20%. The tornado re-runs the cost model
// about thirty times, so it is computed here, when the tab is shown, not in every evaluation.
// In a narrow chart (large presentation fonts, a small window) the tornado goes under the
// timeline, each keeping a readable height; a tab shorter than both scrolls.
class CostChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit CostChart(QWidget *parent = nullptr);
    ~CostChart() override;

    // The title's verdict part ("Verdict: buy, $19.7 M in cash"), empty when nothing is priced.
    QString verdictTitle() const { return m_verdictTitle; }
    QString title() const override { return tr("Cost"); }
    void refresh(const PlanController &controller) override;
    void resetView() override;

    // cost.sensitivity filled; cloudPerMonth: renting a month of the cluster's useful GPU-hours
    // (0 = no cloud price); horizonMonths > 0 marks a serving plan's horizon.
    void setCost(const CostResult &cost, double cloudPerMonth, double horizonMonths);
    double cloudPerMonthUsd() const { return m_cloudPerMonth; }

    // What is drawn, read back from the plot, for tests and exporters (USD, months).
    QVector<double> months() const;
    QVector<double> cloudCumulativeUsd() const { return graphValues(m_cloud); }
    QVector<double> onpremCumulativeUsd() const { return graphValues(m_onprem); }
    double breakEvenMarkMonths() const;             // -1 when no break-even is marked
    QStringList tornadoLabels() const;              // largest swing on top, top first
    // Totals with the assumption at -20% and at +20%, in the order of the labels.
    QVector<double> tornadoLowUsd() const { return tornadoTotals(m_low); }
    QVector<double> tornadoHighUsd() const { return tornadoTotals(m_high); }
    double tornadoBaseUsd() const { return m_base; }
    const CostResult &cost() const { return m_cost; }
    bool panelsStacked() const { return m_stacked; }

protected:
    QString hoverText(const QPointF &pixel) const override;
    void resizeEvent(QResizeEvent *event) override;
    bool eventFilter(QObject *watched, QEvent *event) override;
    void restyle() override;
    void updateLegendVisibility() override;

private:
    void rebuild();
    void arrangePanels();
    void fitTitle();
    void rebuildTimeline();
    void rebuildTornado();
    QString timelineHover(const QPointF &pixel) const;
    QString tornadoHover(const QPointF &pixel) const;
    QVector<double> tornadoTotals(const QCPBars *bars) const;

    QScrollArea *m_scroll;
    int m_sideBySideMinHeight;
    QStringList m_titleParts;                       // the title's phrases, joined to fit the width
    QCPAxisRect *m_tornadoRect;
    QCPLayoutGrid *m_panels;
    bool m_stacked = false;
    QCPLegend *m_tornadoLegend;
    QCPGraph *m_cloud;
    QCPGraph *m_onprem;
    QCPGraph *m_breakEven;
    QCPBars *m_low;
    QCPBars *m_high;
    CostResult m_cost;
    QString m_verdictTitle;   // the plan's cost verdict (facility/CostVerdict.h), short: "Verdict: buy, $15.1 M in cash"
    double m_cloudPerMonth = 0;
    double m_horizonMonths = 0;
    double m_depreciationYears = 5;   // the hardware life a break-even is measured against
    double m_lastMonth = 36;
    double m_base = 0;
    bool m_hasData = false;
    double m_defaultCostTop = 1;
    double m_defaultSwing = 1;
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ChartFormat.h"
#include "charts/ChartWidget.h"

#include "search/LayoutSearch.h"

#include <QPointF>
#include <QVector>

#include <vector>

class QCPGraph;

namespace gpuplan::ui {

// The auto-plan dialog's time-vs-cost chart of one search result: the Pareto front
// (SearchResult::pareto, joined as a step line: everything above and right of it is beaten by a
// front point) and the ranked layouts of the table (SearchResult::best) as points, the selected
// table row ringed. x is SearchCandidate::paretoTime (training: time to train; inference: time per
// output token), y the cost per run or per million output tokens in USD, or GPU-hours when no
// price is known. Clicking a point that is a table row emits rowClicked(); a front point ranked
// below the table's rows has no row and is drawn hollow.
class ParetoChart : public ChartWidget
{
    Q_OBJECT
public:
    explicit ParetoChart(QWidget *parent = nullptr);
    ~ParetoChart() override;

    QString title() const override { return tr("Time vs cost"); }
    // The chart draws search results, not the plan's evaluation: the auto-plan dialog hands it
    // each finished search with setResult(), so there is nothing to follow here.
    void refresh(const PlanController &controller) override { Q_UNUSED(controller); }
    void resetView() override;

    void setResult(const SearchResult &result);
    // Ringed point; -1 = none. Does not emit rowClicked().
    void setSelectedRow(int row);
    int selectedRow() const { return m_selectedRow; }

    // What is drawn, read back from the plot, in seconds and USD (GPU-hours when costInUsd() is
    // false): for tests and exporters. Both lists are in time order (the front is fastest first, as
    // SearchResult::pareto).
    QVector<double> paretoTimesS() const { return timesS(m_front); }
    QVector<double> paretoCosts() const { return graphValues(m_front); }
    QVector<double> bestTimesS() const { return timesS(m_best); }
    QVector<double> bestCosts() const { return graphValues(m_best); }
    QVector<double> selectedPoint() const;        // {time s, cost} of the ringed row; empty = none
    bool costInUsd() const { return m_costInUsd; }
    // Table row of the index-th front point (fastest first); -1 when it is not among the rows.
    int paretoRow(int index) const;
    // Where a table row's point and the index-th front point are drawn, in plot pixels (valid
    // after a replot).
    QPointF rowPixel(int row) const;
    QPointF paretoPixel(int index) const;
    // Table row of the point under a plot pixel (within a few pixels); -1 = none.
    int rowAt(const QPointF &pixel) const;

signals:
    void rowClicked(int row);

protected:
    QString hoverText(const QPointF &pixel) const override;
    void restyle() override;

private:
    struct Hit
    {
        const SearchCandidate *candidate = nullptr;
        int row = -1;              // table row, -1 = a front point outside the table
        bool onFront = false;
    };
    Hit hitAt(const QPointF &pixel) const;
    double cost(const SearchCandidate &c) const;
    QString objectiveText() const;   // "time", "cost", "energy"
    QPointF pixelOf(const SearchCandidate &c) const;
    QVector<double> timesS(const QCPGraph *graph) const;   // keys back in seconds
    void rebuild();
    void updateSelection();
    void chooseAxes();

    QCPGraph *m_front;
    QCPGraph *m_best;
    QCPGraph *m_selected;
    std::vector<SearchCandidate> m_bestLayouts;
    std::vector<SearchCandidate> m_pareto;
    std::vector<int> m_paretoRows;     // per front point: its table row or -1
    Mode m_mode = Mode::Training;
    SearchObjective m_objective = SearchObjective::Time;
    bool m_hasResult = false;
    bool m_cancelled = false;
    bool m_costInUsd = true;
    int m_selectedRow = -1;
    double m_timeScale = 1;            // seconds per x-axis unit
    double m_xLow = 0, m_xHigh = 1, m_yLow = 0, m_yHigh = 1;
};

} // namespace gpuplan::ui

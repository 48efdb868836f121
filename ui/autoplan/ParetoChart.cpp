// SPDX-License-Identifier: GPL-3.0-or-later
#include "autoplan/ParetoChart.h"

#include "autoplan/AutoPlanTable.h"
#include "charts/ChartFormat.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

// A click or hover this close to a point (in pixels) is on it.
constexpr double kHitPixels = 10;

struct TimeUnit
{
    double seconds;
    const char *name;
};

// The unit the time axis is written in: days for a long training run, ms for inference tokens.
TimeUnit timeUnit(Mode mode, double maxSeconds)
{
    if (mode == Mode::Inference)
        return {1e-3, "ms"};
    if (maxSeconds >= 2 * 86400)
        return {86400, "days"};
    if (maxSeconds >= 2 * 3600)
        return {3600, "hours"};
    if (maxSeconds >= 120)
        return {60, "minutes"};
    return {1, "s"};
}

} // namespace

ParetoChart::ParetoChart(QWidget *parent) : ChartWidget(parent)
{
    QCustomPlot *p = plot();
    setTitle(tr("Time vs cost"));
    p->setAutoAddPlottableToLegend(false);
    m_front = p->addGraph();
    m_front->setLineStyle(QCPGraph::lsStepLeft);   // horizontal to the next point's time, then down
    m_best = p->addGraph();
    m_best->setLineStyle(QCPGraph::lsNone);
    m_selected = p->addGraph();
    m_selected->setLineStyle(QCPGraph::lsNone);
    m_selected->setName(tr("Selected row"));
    for (QCPGraph *g : {m_front, m_best, m_selected})
        g->addToLegend();
    p->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    p->legend->setIconSize(32, 20);   // room for the selection ring

    onPlotClicked([this](const QPointF &pixel) {
        const int row = rowAt(pixel);
        if (row < 0)
            return;
        setSelectedRow(row);
        emit rowClicked(row);
    });
    restyle();
    setOverlayText(tr("Search to see how the layouts trade time against cost."));
}

ParetoChart::~ParetoChart() = default;

void ParetoChart::setResult(const SearchResult &result)
{
    m_bestLayouts = result.best;
    m_pareto = result.pareto;
    m_mode = result.mode;
    m_objective = result.objective;
    m_cancelled = result.cancelled;
    m_hasResult = true;
    // One cost axis for every point: USD only when every drawn layout has a price.
    const auto known = [](const SearchCandidate &c) { return c.costKnown; };
    m_costInUsd = std::all_of(m_bestLayouts.begin(), m_bestLayouts.end(), known)
                  && std::all_of(m_pareto.begin(), m_pareto.end(), known);
    m_paretoRows.assign(m_pareto.size(), -1);
    for (std::size_t i = 0; i < m_pareto.size(); ++i) {
        const auto row = std::find_if(m_bestLayouts.begin(), m_bestLayouts.end(),
                                      [&](const SearchCandidate &b) { return b.layout == m_pareto[i].layout; });
        if (row != m_bestLayouts.end())
            m_paretoRows[i] = static_cast<int>(row - m_bestLayouts.begin());
    }
    m_selectedRow = -1;
    rebuild();
}

void ParetoChart::setSelectedRow(int row)
{
    m_selectedRow = row >= 0 && row < static_cast<int>(m_bestLayouts.size()) ? row : -1;
    updateSelection();
    replot();
}

QString ParetoChart::objectiveText() const
{
    return QString::fromLatin1(objectiveName(m_objective));
}

double ParetoChart::cost(const SearchCandidate &c) const
{
    return m_costInUsd ? c.costUsd : c.gpuHours;
}

void ParetoChart::chooseAxes()
{
    QVector<double> times, costs;
    for (const auto *list : {&m_bestLayouts, &m_pareto}) {
        for (const SearchCandidate &c : *list) {
            times << c.paretoTime;
            costs << cost(c);
        }
    }
    const double maxTime = times.isEmpty() ? 0 : *std::max_element(times.begin(), times.end());
    const TimeUnit unit = timeUnit(m_mode, maxTime);
    m_timeScale = unit.seconds;
    for (double &t : times)
        t /= m_timeScale;
    const AxisSpan x = paddedAxisSpan(times);
    const AxisSpan y = paddedAxisSpan(costs);
    m_xLow = x.low;
    m_xHigh = x.high;
    m_yLow = y.low;
    m_yHigh = y.high;

    QCustomPlot *p = plot();
    const bool training = m_mode == Mode::Training;
    p->xAxis->setScaleType(x.log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    p->xAxis->setTicker(x.log ? siLogTicker() : siTicker());
    p->xAxis->setLabel(training ? tr("Time to train (%1)").arg(QString::fromLatin1(unit.name))
                                : tr("Time per output token (%1)").arg(QString::fromLatin1(unit.name)));
    p->yAxis->setScaleType(y.log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    p->yAxis->setTicker(y.log ? siLogTicker() : siTicker(m_costInUsd ? QStringLiteral("$") : QString()));
    if (m_costInUsd)
        p->yAxis->setLabel(training ? tr("Cost per run (USD)") : tr("Cost per million output tokens (USD)"));
    else
        p->yAxis->setLabel(training ? tr("GPU-hours per run (no price known)")
                                    : tr("GPU-hours per million output tokens (no price known)"));
}

void ParetoChart::rebuild()
{
    chooseAxes();
    QVector<double> frontTimes, frontCosts, bestTimes, bestCosts;
    for (const SearchCandidate &c : m_pareto) {
        frontTimes << c.paretoTime / m_timeScale;
        frontCosts << cost(c);
    }
    for (const SearchCandidate &c : m_bestLayouts) {
        bestTimes << c.paretoTime / m_timeScale;
        bestCosts << cost(c);
    }
    // The front is fastest first (SearchResult::pareto), so its keys are already in order.
    m_front->setData(frontTimes, frontCosts, true);
    m_best->setData(bestTimes, bestCosts);
    m_front->setName(tr("Pareto front (hollow: below the table's rows)"));
    m_best->setName(tr("Best %1 by %2 (table rows)").arg(m_bestLayouts.size()).arg(objectiveText()));
    updateSelection();

    const bool empty = m_pareto.empty() && m_bestLayouts.empty();
    if (!m_hasResult) {
        setTitle(tr("Time vs cost"));
    } else if (empty) {
        setTitle(tr("Time vs cost"));
        setOverlayText(m_cancelled ? tr("The search was cancelled before any layout fitted.")
                                   : tr("No layout fits: nothing to draw."));
    } else {
        QString text = m_pareto.size() == 1 ? tr("Time vs cost: 1 layout on the Pareto front")
                                            : tr("Time vs cost: %1 layouts on the Pareto front").arg(m_pareto.size());
        if (m_cancelled)
            text += tr(" (search cancelled)");
        setTitle(text);
        setOverlayText(QString());
    }
    plot()->legend->setVisible(m_hasResult && !empty && legendVisible());
    resetView();
    replot();
}

void ParetoChart::updateSelection()
{
    if (m_selectedRow < 0) {
        m_selected->data()->clear();
        return;
    }
    const SearchCandidate &c = m_bestLayouts[static_cast<std::size_t>(m_selectedRow)];
    m_selected->setData(QVector<double>{c.paretoTime / m_timeScale}, QVector<double>{cost(c)}, true);
}

void ParetoChart::restyle()
{
    m_front->setPen(QPen(categoryColor(1), 2));
    // Hollow (filled with the background): a front point that is also a row shows the row's disc.
    m_front->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(categoryColor(1), 2), backgroundColor(), 11));
    m_best->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, categoryColor(0), 7));
    m_selected->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(textColor(), 2.5), Qt::NoBrush, 18));
    replot();
}

void ParetoChart::resetView()
{
    plot()->xAxis->setRange(m_xLow, m_xHigh);
    plot()->yAxis->setRange(m_yLow, m_yHigh);
}

QPointF ParetoChart::pixelOf(const SearchCandidate &c) const
{
    return {plot()->xAxis->coordToPixel(c.paretoTime / m_timeScale), plot()->yAxis->coordToPixel(cost(c))};
}

QPointF ParetoChart::rowPixel(int row) const
{
    if (row < 0 || row >= static_cast<int>(m_bestLayouts.size()))
        return {};
    return pixelOf(m_bestLayouts[static_cast<std::size_t>(row)]);
}

QPointF ParetoChart::paretoPixel(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_pareto.size()))
        return {};
    return pixelOf(m_pareto[static_cast<std::size_t>(index)]);
}

ParetoChart::Hit ParetoChart::hitAt(const QPointF &pixel) const
{
    Hit hit;
    double nearest = kHitPixels;
    const auto distance = [&](const SearchCandidate &c) {
        const QPointF d = pixelOf(c) - pixel;
        return std::hypot(d.x(), d.y());
    };
    // Table rows first: a front point drawn on a row's point is that row.
    for (std::size_t i = 0; i < m_bestLayouts.size(); ++i) {
        const double d = distance(m_bestLayouts[i]);
        if (d <= nearest) {
            nearest = d;
            hit.candidate = &m_bestLayouts[i];
            hit.row = static_cast<int>(i);
        }
    }
    for (std::size_t i = 0; i < m_pareto.size(); ++i) {
        const double d = distance(m_pareto[i]);
        if (d < nearest) {
            nearest = d;
            hit.candidate = &m_pareto[i];
            hit.row = m_paretoRows[i];
        }
    }
    // A front point outside the table is on the front by definition; a row is when a front point is it.
    if (hit.candidate)
        hit.onFront = hit.row < 0 || std::find(m_paretoRows.begin(), m_paretoRows.end(), hit.row) != m_paretoRows.end();
    return hit;
}

int ParetoChart::rowAt(const QPointF &pixel) const
{
    return hitAt(pixel).row;
}

int ParetoChart::paretoRow(int index) const
{
    return index >= 0 && index < static_cast<int>(m_paretoRows.size()) ? m_paretoRows[static_cast<std::size_t>(index)]
                                                                        : -1;
}

QString ParetoChart::hoverText(const QPointF &pixel) const
{
    const Hit hit = hitAt(pixel);
    if (!hit.candidate)
        return {};
    const SearchCandidate &c = *hit.candidate;
    const bool training = m_mode == Mode::Training;
    QString head;
    if (hit.row >= 0)
        head = (hit.onFront ? tr("<b>Row #%1</b>, on the Pareto front") : tr("<b>Row #%1</b>")).arg(hit.row + 1);
    else
        head = tr("<b>On the Pareto front</b>, not among the %1 best by %2 in the table")
                   .arg(m_bestLayouts.size())
                   .arg(objectiveText());
    const QString time = training ? tr("Time to train: %1").arg(secondsText(c.paretoTime))
                                  : tr("Time per output token: %1").arg(secondsText(c.paretoTime));
    QString costLine;
    if (m_costInUsd)
        costLine = training ? tr("Cost per run: %1").arg(usdText(c.costUsd))
                            : tr("Cost per million output tokens: %1").arg(usdText(c.costUsd));
    else
        costLine = training ? tr("GPU-hours per run: %1").arg(countText(c.gpuHours))
                            : tr("GPU-hours per million output tokens: %1").arg(countText(c.gpuHours));
    QString text = QStringLiteral("%1<br>%2<br>%3<br>%4").arg(head, candidateSummary(c, m_mode), time, costLine);
    if (hit.row >= 0)
        text += tr("<br><i>Click to select the row</i>");
    return text;
}

QVector<double> ParetoChart::timesS(const QCPGraph *graph) const
{
    QVector<double> out = graphKeys(graph);
    for (double &t : out)
        t *= m_timeScale;
    return out;
}

QVector<double> ParetoChart::selectedPoint() const
{
    const QVector<double> times = timesS(m_selected);
    if (times.isEmpty())
        return {};
    return {times.front(), graphValues(m_selected).front()};
}

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "budget/BudgetChart.h"

#include "NumberText.h"

#include "budget/BudgetText.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace gpuplan::ui {

namespace {

// A click or hover this close to a point (in pixels) is on it.
constexpr double kHitPixels = 8;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

int slot(Acquisition acquisition, bool feasible)
{
    return 2 * static_cast<int>(acquisition) + (feasible ? 0 : 1);
}

// A coordinate far outside the span, so the shaded region reaches past every edge of the view
// (also after zooming out a little).
double farBelow(const AxisSpan &s)
{
    return s.log ? s.low / 1000 : s.low - 10 * (s.high - s.low);
}

double farAbove(const AxisSpan &s)
{
    return s.log ? s.high * 1000 : s.high + 10 * (s.high - s.low);
}

} // namespace

BudgetChart::BudgetChart(QWidget *parent) : ChartWidget(parent)
{
    QCustomPlot *p = plot();
    setTitle(tr("Cash vs time to train"));
    p->setAutoAddPlottableToLegend(false);
    placeLegendUnderTitle(5);   // before the entries: the legend wraps those added after
    m_regionBase = p->addGraph();
    m_regionTop = p->addGraph();
    m_regionTop->setChannelFillGraph(m_regionBase);
    m_regionTop->setName(tr("Feasible"));
    m_regionTop->addToLegend();
    const char *names[] = {QT_TR_NOOP("Buy"),    QT_TR_NOOP("Buy, rejected"),    QT_TR_NOOP("Cloud"),
                           QT_TR_NOOP("Cloud, rejected"), QT_TR_NOOP("Own + cloud"), QT_TR_NOOP("Own + cloud, rejected")};
    for (int i = 0; i < 6; ++i) {
        m_points[i] = p->addGraph();
        m_points[i]->setLineStyle(QCPGraph::lsNone);
        m_points[i]->setName(tr(names[i]));
        m_points[i]->addToLegend();
    }
    m_front = p->addGraph();
    m_front->setLineStyle(QCPGraph::lsStepLeft);   // horizontal to the next option's time, then down
    m_front->setName(tr("Pareto front"));
    m_front->addToLegend();
    m_best = p->addGraph();
    m_best->setLineStyle(QCPGraph::lsNone);
    m_best->setName(tr("Best"));
    m_best->addToLegend();
    m_planBuy = p->addGraph();
    m_planCloud = p->addGraph();
    for (QCPGraph *g : {m_planBuy, m_planCloud}) {
        g->setLineStyle(QCPGraph::lsNone);
        g->addToLegend();
    }
    m_planBuy->setName(tr("Plan, bought"));
    m_planCloud->setName(tr("Plan, rented"));
    m_selectedGraph = p->addGraph();
    m_selectedGraph->setLineStyle(QCPGraph::lsNone);

    m_deadlineLine = new QCPItemStraightLine(p);
    m_budgetLine = new QCPItemStraightLine(p);
    m_deadlineLabel = new QCPItemText(p);
    m_budgetLabel = new QCPItemText(p);
    m_deadlineLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_deadlineLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_budgetLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_budgetLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    for (QCPItemText *label : {m_deadlineLabel, m_budgetLabel})
        label->setPadding(QMargins(4, 2, 4, 2));

    p->xAxis->setLabel(tr("Done by day: lead time + time to train with failures"));
    p->yAxis->setLabel(tr("Cash (USD)"));

    onPlotClicked([this](const QPointF &pixel) {
        const int index = optionAt(pixel);
        if (index < 0)
            return;
        setSelectedOption(index);
        emit optionClicked(index);
    });
    restyle();
    setOverlayText(tr("Exploring GPU types, counts and ways of paying …"));
}

BudgetChart::~BudgetChart() = default;

QCPGraph *BudgetChart::pointsGraph(Acquisition acquisition, bool feasible) const
{
    return m_points[slot(acquisition, feasible)];
}

void BudgetChart::setOptions(std::shared_ptr<const ProcureResult> result)
{
    m_result = std::move(result);
    if (!m_result || m_selected >= static_cast<int>(m_result->options.size()))
        m_selected = -1;
    rebuild();
}

void BudgetChart::setPlanMark(const BudgetPlanMark &mark)
{
    m_plan = mark;
    rebuild();
}

void BudgetChart::setSelectedOption(int index)
{
    m_selected = m_result && index >= 0 && index < static_cast<int>(m_result->options.size()) ? index : -1;
    updateSelection();
    replot();
}

void BudgetChart::setMessage(const QString &text)
{
    setOverlayText(text);
    replot();
}

void BudgetChart::chooseAxes()
{
    QVector<double> days, cash;
    if (m_result) {
        for (const ProcureOption &o : m_result->options) {
            days << o.finishDays;
            cash << o.cashUsd;
        }
    }
    if (m_plan.known) {
        for (const double c : {m_plan.buyCashUsd, m_plan.cloudCashUsd}) {
            if (c > 0) {
                days << m_plan.days;
                cash << c;
            }
        }
    }
    const AxisSpan x = paddedAxisSpan(days);
    const AxisSpan y = paddedAxisSpan(cash);
    // Moving a limit does not change the options: keep the user's zoom then.
    if (x.low == m_x.low && x.high == m_x.high && y.low == m_y.low && y.high == m_y.high && x.log == m_x.log && y.log == m_y.log)
        return;
    m_x = x;
    m_y = y;
    QCustomPlot *p = plot();
    p->xAxis->setScaleType(x.log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    p->xAxis->setTicker(x.log ? siLogTicker() : siTicker());
    p->yAxis->setScaleType(y.log ? QCPAxis::stLogarithmic : QCPAxis::stLinear);
    p->yAxis->setTicker(y.log ? siLogTicker() : siTicker(QStringLiteral("$")));
    resetView();
}

void BudgetChart::rebuild()
{
    chooseAxes();
    QVector<double> days[6], cash[6], frontDays, frontCash;
    const ProcureResult *r = m_result.get();
    if (r) {
        for (const ProcureOption &o : r->options) {
            const int s = slot(o.acquisition, o.feasible);
            days[s] << o.finishDays;
            cash[s] << o.cashUsd;
        }
        for (int i : r->pareto) {
            frontDays << r->options[static_cast<std::size_t>(i)].finishDays;
            frontCash << r->options[static_cast<std::size_t>(i)].cashUsd;
        }
    }
    for (int s = 0; s < 6; ++s)
        m_points[s]->setData(days[s], cash[s]);
    m_front->setData(frontDays, frontCash);
    if (r && r->best >= 0) {
        const ProcureOption &b = r->options[static_cast<std::size_t>(r->best)];
        m_best->setData(QVector<double>{b.finishDays}, QVector<double>{b.cashUsd}, true);
    } else {
        m_best->data()->clear();
    }
    const auto mark = [&](QCPGraph *g, double usd) {
        if (m_plan.known && usd > 0)
            g->setData(QVector<double>{m_plan.days}, QVector<double>{usd}, true);
        else
            g->data()->clear();
    };
    mark(m_planBuy, m_plan.buyCashUsd);
    mark(m_planCloud, m_plan.cloudCashUsd);
    drawLimits();
    updateSelection();

    const bool any = r && !r->options.empty();
    if (any) {
        setOverlayText(QString());
        setTitle(tr("Cash vs time to train: %1 options, %2 feasible, %3 on the Pareto front")
                     .arg(r->options.size())
                     .arg(std::count_if(r->options.begin(), r->options.end(), [](const ProcureOption &o) { return o.feasible; }))
                     .arg(r->pareto.size()));
    } else {
        setTitle(tr("Cash vs time to train"));
    }
    replot();
}

void BudgetChart::drawLimits()
{
    const ProcureRequest request = m_result ? m_result->request : ProcureRequest{};
    const bool deadline = m_result && request.deadlineDays >= 0;
    const bool budget = m_result && request.budgetUsd >= 0;
    const double left = farBelow(m_x), right = deadline ? request.deadlineDays : farAbove(m_x);
    const double bottom = farBelow(m_y), top = budget ? request.budgetUsd : farAbove(m_y);
    if (m_result && right > left && top > bottom) {
        m_regionTop->setData(QVector<double>{left, right}, QVector<double>{top, top}, true);
        m_regionBase->setData(QVector<double>{left, right}, QVector<double>{bottom, bottom}, true);
    } else {
        m_regionTop->data()->clear();
        m_regionBase->data()->clear();
    }
    m_deadlineLine->setVisible(deadline);
    m_deadlineLabel->setVisible(deadline);
    if (deadline) {
        m_deadlineLine->point1->setCoords(request.deadlineDays, 1);
        m_deadlineLine->point2->setCoords(request.deadlineDays, 2);
        m_deadlineLabel->position->setCoords(request.deadlineDays, 0.0);
        m_deadlineLabel->setText(tr("deadline %1").arg(limitDaysText(request.deadlineDays)));
    }
    m_budgetLine->setVisible(budget);
    m_budgetLabel->setVisible(budget);
    if (budget) {
        m_budgetLine->point1->setCoords(1, request.budgetUsd);
        m_budgetLine->point2->setCoords(2, request.budgetUsd);
        m_budgetLabel->position->setCoords(1.0, request.budgetUsd);
        m_budgetLabel->setText(tr("budget %1").arg(usdShort(request.budgetUsd)));
    }
}

void BudgetChart::updateSelection()
{
    if (m_selected < 0 || !m_result) {
        m_selectedGraph->data()->clear();
        return;
    }
    const ProcureOption &o = m_result->options[static_cast<std::size_t>(m_selected)];
    m_selectedGraph->setData(QVector<double>{o.finishDays}, QVector<double>{o.cashUsd}, true);
}

void BudgetChart::restyle()
{
    const QColor buy = categoryColor(0), cloud = categoryColor(1), hybrid = categoryColor(2);
    const auto faded = [](QColor c) {
        c.setAlpha(150);
        return c;
    };
    m_points[0]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, buy, 6));
    m_points[1]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(faded(buy), 1.2), Qt::NoBrush, 6));
    m_points[2]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, cloud, 6));
    m_points[3]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(faded(cloud), 1.2), Qt::NoBrush, 6));
    m_points[4]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(hybrid), hybrid, 5));
    m_points[5]->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(faded(hybrid), 1.2), Qt::NoBrush, 5));
    QColor region = categoryColor(3);
    region.setAlpha(45);
    m_regionTop->setPen(Qt::NoPen);
    m_regionTop->setBrush(region);
    m_regionBase->setPen(Qt::NoPen);
    m_front->setPen(QPen(textColor(), 1.5));
    m_best->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssStar, QPen(textColor(), 2), Qt::NoBrush, 18));
    m_planBuy->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDiamond, QPen(textColor(), 1.5), buy, 14));
    m_planCloud->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssTriangle, QPen(textColor(), 1.5), cloud, 14));
    m_selectedGraph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(textColor(), 2.5), Qt::NoBrush, 18));
    for (QCPItemStraightLine *line : {m_deadlineLine, m_budgetLine})
        line->setPen(QPen(mutedColor(), 1.5, Qt::DashLine));
    for (QCPItemText *label : {m_deadlineLabel, m_budgetLabel}) {
        label->setColor(textColor());
        label->setFont(chartFont(0.9));
    }
    replot();
}

void BudgetChart::resetView()
{
    plot()->xAxis->setRange(m_x.low, m_x.high);
    plot()->yAxis->setRange(m_y.low, m_y.high);
}

QPointF BudgetChart::optionPixel(int index) const
{
    if (!m_result || index < 0 || index >= static_cast<int>(m_result->options.size()))
        return {};
    const ProcureOption &o = m_result->options[static_cast<std::size_t>(index)];
    return {plot()->xAxis->coordToPixel(o.finishDays), plot()->yAxis->coordToPixel(o.cashUsd)};
}

int BudgetChart::optionAt(const QPointF &pixel) const
{
    if (!m_result)
        return -1;
    int found = -1;
    double nearest = kHitPixels;
    for (int i = 0; i < static_cast<int>(m_result->options.size()); ++i) {
        const QPointF d = optionPixel(i) - pixel;
        const double distance = std::hypot(d.x(), d.y());
        if (distance < nearest) {
            nearest = distance;
            found = i;
        }
    }
    return found;
}

QString BudgetChart::hoverText(const QPointF &pixel) const
{
    // The plan's own marks first: they are drawn over the options.
    if (m_plan.known) {
        const double x = plot()->xAxis->coordToPixel(m_plan.days);
        for (const bool bought : {true, false}) {
            const double usd = bought ? m_plan.buyCashUsd : m_plan.cloudCashUsd;
            if (usd <= 0 || std::hypot(x - pixel.x(), plot()->yAxis->coordToPixel(usd) - pixel.y()) > kHitPixels)
                continue;
            const QString what = bought ? tr("<b>This plan, bought</b> (its facility assumptions)")
                                        : tr("<b>This plan, rented</b> (%1)").arg(m_plan.cloudName.toHtmlEscaped());
            return tr("%1<br>Time to train: %2<br>Cash: %3").arg(what, daysText(m_plan.days), usdShort(usd));
        }
    }
    const int i = optionAt(pixel);
    if (i < 0)
        return {};
    const ProcureOption &o = m_result->options[static_cast<std::size_t>(i)];
    QString text = QStringLiteral("<b>%1</b><br>%2<br>").arg(optionName(o).toHtmlEscaped(), layoutText(o.layout));
    text += tr("Time to train: %1, done by day %5<br>Cash: %2 · up front: %6 · cost of ownership: %3<br>Site power: %4")
                .arg(daysText(o.timeToTrainDays), usdShort(o.cashUsd), usdShort(o.tcoUsd), kwText(o.facilityKw))
                .arg(fixedText(o.finishDays, 0))
                .arg(usdShort(o.upfrontUsd));
    if (o.acquisition == Acquisition::Hybrid && o.parts.size() == 2)
        text += QStringLiteral("<br>") + hybridPhasesText(o).toHtmlEscaped();
    if (!o.feasible)
        text += QStringLiteral("<br><i>%1</i>").arg(violationsText(o).toHtmlEscaped());
    if (o.priceEstimated)
        text += tr("<br>* the offer publishes no price for this term: estimated");
    return text + tr("<br><i>Click to select its row</i>");
}

QVector<double> BudgetChart::pointDays(Acquisition acquisition, bool feasible) const
{
    return graphKeys(pointsGraph(acquisition, feasible));
}

QVector<double> BudgetChart::pointCash(Acquisition acquisition, bool feasible) const
{
    return graphValues(pointsGraph(acquisition, feasible));
}

QVector<double> BudgetChart::bestPoint() const
{
    if (m_best->data()->isEmpty())
        return {};
    return {graphKeys(m_best).front(), graphValues(m_best).front()};
}

QVector<double> BudgetChart::selectedPoint() const
{
    if (m_selectedGraph->data()->isEmpty())
        return {};
    return {graphKeys(m_selectedGraph).front(), graphValues(m_selectedGraph).front()};
}

QVector<double> BudgetChart::planPoints() const
{
    QVector<double> out;
    for (const QCPGraph *g : {m_planBuy, m_planCloud}) {
        if (!g->data()->isEmpty())
            out << graphKeys(g).front() << graphValues(g).front();
    }
    return out;
}

QPointF BudgetChart::feasibleCorner() const
{
    const ProcureRequest request = m_result ? m_result->request : ProcureRequest{};
    return {request.deadlineDays >= 0 ? graphKeys(m_regionTop).value(1, kNaN) : kInf,
            request.budgetUsd >= 0 ? graphValues(m_regionTop).value(0, kNaN) : kInf};
}

double BudgetChart::deadlineLineDays() const
{
    return m_deadlineLine->visible() ? m_deadlineLine->point1->coords().x() : kNaN;
}

double BudgetChart::budgetLineUsd() const
{
    return m_budgetLine->visible() ? m_budgetLine->point1->coords().y() : kNaN;
}

bool BudgetChart::logDays() const
{
    return m_x.log;
}

bool BudgetChart::logCash() const
{
    return m_y.log;
}

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/CostChart.h"

#include "Theme.h"
#include "charts/ChartFormat.h"
#include "document/PlanController.h"

#include "facility/CostVerdict.h"
#include "facility/FacilityText.h"
#include "facility/Sensitivity.h"

#include <qcustomplot.h>

#include <QCoreApplication>
#include <QGridLayout>
#include <QScrollArea>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

constexpr double kTornadoBarWidth = 0.36;

// Side by side the timeline needs about 45 characters across (dollar ticks, axis label, a tick
// every five months) and the tornado about 50 (assumption names, then the bars): below that
// the tornado goes under the timeline.
constexpr int kSideBySideChars = 95;
// Stacked, in text lines of the chart font: the title (up to three lines at 1.15×), the
// timeline with its axes, and the tornado's axes; each tornado row gets 1.4 lines so its name
// (0.95×) never touches the next.
constexpr double kStackedTitleLines = 3.6;
constexpr double kStackedTimelineLines = 14;
constexpr double kStackedTornadoAxisLines = 5;
constexpr double kLinesPerTornadoRow = 1.4;

// Without a GPU price the capex holds only the rest of the cluster: not worth a line.
bool onpremPriced(const CostResult &c)
{
    return c.onpremCapexUsd > 0 && !c.isMissing(MissingInput::GpuPrice);
}

bool sameCost(const CostResult &a, const CostResult &b)
{
    if (a.sensitivityCount != b.sensitivityCount)
        return false;
    for (int i = 0; i < a.sensitivityCount; ++i) {
        const SensitivityEntry &x = a.sensitivity[static_cast<std::size_t>(i)];
        const SensitivityEntry &y = b.sensitivity[static_cast<std::size_t>(i)];
        if (x.assumption != y.assumption || x.lowUsd != y.lowUsd || x.highUsd != y.highUsd)
            return false;
    }
    return a.onpremCapexUsd == b.onpremCapexUsd
           && a.onpremOpexPerYearUsd == b.onpremOpexPerYearUsd && a.breakEvenMonths == b.breakEvenMonths
           && a.breakEvenNever == b.breakEvenNever && a.cloudTotalUsd == b.cloudTotalUsd
           && a.onpremTotalUsd == b.onpremTotalUsd && a.sensitivityBasis == b.sensitivityBasis;
}


} // namespace

CostChart::CostChart(QWidget *parent)
    : ChartWidget(parent), m_scroll(new QScrollArea(this)), m_sideBySideMinHeight(plot()->minimumHeight())
{
    QCustomPlot *p = plot();
    // The plot scrolls when a stacked chart is taller than the tab; side by side it fills it.
    auto *grid = static_cast<QGridLayout *>(layout());
    grid->removeWidget(p);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_scroll->setWidgetResizable(true);
    m_scroll->setWidget(p);
    grid->addWidget(m_scroll, 0, 0);
    m_scroll->lower();   // under the overlay text, which shares the cell
    p->installEventFilter(this);
    setTitle(tr("Cloud or on-prem"));
    p->setAutoAddPlottableToLegend(false);

    // Timeline and tornado side by side under the title: the chart's axis rect moves into a
    // sub-grid that also holds the tornado's.
    QCPAxisRect *timeline = p->axisRect();
    QCPLayoutGrid *main = p->plotLayout();
    const int row = main->rowCount() - 1;
    main->take(timeline);
    m_panels = new QCPLayoutGrid;
    main->addElement(row, 0, m_panels);
    m_panels->addElement(0, 0, timeline);
    m_tornadoRect = new QCPAxisRect(p);
    m_panels->addElement(0, 1, m_tornadoRect);
    m_panels->setColumnStretchFactors({1.15, 1.0});
    m_panels->setColumnSpacing(12);
    m_panels->setRowSpacing(12);
    // Range drag and zoom on both.
    m_tornadoRect->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    m_tornadoRect->setRangeZoom(Qt::Horizontal | Qt::Vertical);

    p->xAxis->setLabel(tr("Months of use"));
    p->yAxis->setLabel(tr("Cumulative cost (USD)"));
    p->yAxis->setTicker(siTicker(QStringLiteral("$")));
    p->yAxis->setPadding(6);
    m_cloud = p->addGraph(p->xAxis, p->yAxis);
    m_cloud->setName(tr("Cloud (the same useful GPU-hours)"));
    m_onprem = p->addGraph(p->xAxis, p->yAxis);
    m_onprem->setName(tr("On-prem (capex + running costs)"));
    m_breakEven = p->addGraph(p->xAxis, p->yAxis);
    m_breakEven->setName(tr("Break-even"));
    m_breakEven->setLineStyle(QCPGraph::lsNone);

    // Legend inside the timeline, top left: the on-prem line starts at the capex, well below the
    // top of the range, and the cloud line starts at zero.
    p->legend->setFont(chartFont(0.9));
    timeline->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);

    QCPAxis *key = m_tornadoRect->axis(QCPAxis::atLeft);
    QCPAxis *value = m_tornadoRect->axis(QCPAxis::atBottom);
    key->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    key->grid()->setVisible(false);
    key->setTickLength(0, 4);
    value->setTicker(siTicker(QStringLiteral("$")));
    value->ticker()->setTickCount(4);   // dollar labels are wide; the tornado is half the width
    value->setLabel(tr("Change in total cost (USD)"));
    m_low = new QCPBars(key, value);
    m_low->setName(tr("assumption −20%"));
    m_high = new QCPBars(key, value);
    m_high->setName(tr("assumption +20%"));
    auto *group = new QCPBarsGroup(p);
    group->setSpacingType(QCPBarsGroup::stAbsolute);
    group->setSpacing(1);
    for (QCPBars *bars : {m_low, m_high}) {
        bars->setWidth(kTornadoBarWidth);
        bars->setAntialiased(false);
        bars->setBarsGroup(group);
    }
    // The tornado's own legend, bottom right, where the smallest swings leave room.
    m_tornadoLegend = new QCPLegend;
    m_tornadoRect->insetLayout()->addElement(m_tornadoLegend, Qt::AlignBottom | Qt::AlignRight);
    m_tornadoLegend->setLayer(QStringLiteral("legend"));
    m_tornadoLegend->addItem(new QCPPlottableLegendItem(m_tornadoLegend, m_low));
    m_tornadoLegend->addItem(new QCPPlottableLegendItem(m_tornadoLegend, m_high));
    restyle();
}

CostChart::~CostChart() = default;

void CostChart::refresh(const PlanController &controller)
{
    if (!controller.isResolved()) {
        setCost(CostResult{}, 0.0, 0.0);
        setOverlayText(unresolvedPlanText(controller));
        return;
    }
    // The evaluation with the tornado, computed once per edit by the controller.
    const Evaluation &e = controller.costEvaluation();
    const bool serving = controller.plan().workload.mode == Mode::Inference;
    m_depreciationYears = controller.plan().cost.depreciationYears;
    // The title names the one verdict every view shows, not a comparison of its own.
    const CostVerdict verdict = costVerdict(controller.resolved(), e);
    m_verdictTitle = verdict.decided ? tr("Verdict: %1, %2 in cash")
                                           .arg(QString::fromUtf8(verdictWord(verdict)).toLower(),
                                                QString::fromStdString(formatMoney(controller.plan(), verdict.cashUsd)))
                                     : QString();
    // A serving plan's price per token beside the API prices of its model class (facility/TokenPrice.h).
    if (serving && verdict.decided) {
        const std::string perToken = tokenPriceHeadline(controller.plan(), tokenPrice(controller.resolved(), e, verdict));
        if (!perToken.empty())
            m_verdictTitle += tr(" · %1").arg(QString::fromStdString(perToken));
    }
    setCost(e.cost, e.cost.cloudPerMonthUsd, serving ? controller.plan().cost.horizonMonths : 0.0);
}

void CostChart::setCost(const CostResult &cost, double cloudPerMonth, double horizonMonths)
{
    if (m_hasData && sameCost(cost, m_cost) && cloudPerMonth == m_cloudPerMonth && horizonMonths == m_horizonMonths)
        return;
    m_cost = cost;
    m_cloudPerMonth = cloudPerMonth;
    m_horizonMonths = horizonMonths;
    m_hasData = true;
    rebuild();
}

void CostChart::resizeEvent(QResizeEvent *event)
{
    ChartWidget::resizeEvent(event);
    arrangePanels();
    fitTitle();
    replot();
}

// While the plot is taller than the tab the wheel scrolls it; Ctrl+wheel still zooms.
bool CostChart::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == plot() && event->type() == QEvent::Wheel
        && !(static_cast<QWheelEvent *>(event)->modifiers() & Qt::ControlModifier)
        && m_scroll->verticalScrollBar()->maximum() > 0) {
        QCoreApplication::sendEvent(m_scroll->verticalScrollBar(), event);
        return true;
    }
    return ChartWidget::eventFilter(watched, event);
}

// Side by side where both get room, the tornado under the timeline in a narrow chart. Stacked,
// each keeps the height it needs to be read (a row of text per assumption); a shorter tab
// scrolls rather than squeezing the tornado's names into each other.
void CostChart::arrangePanels()
{
    const QFontMetrics metrics(chartFont());
    const bool stacked = width() < kSideBySideChars * metrics.averageCharWidth();
    // Stacked, the title and the whole timeline fill the tab and the tornado follows below them:
    // on a projector the first screen shows the break-even with both axes, not half of it.
    const double line = metrics.height();
    const double timeline = std::max(kStackedTimelineLines * line, height() - kStackedTitleLines * line);
    const double tornado = (kStackedTornadoAxisLines + kLinesPerTornadoRow * std::max(m_cost.sensitivityCount, 4)) * line;
    plot()->setMinimumHeight(stacked ? static_cast<int>(kStackedTitleLines * line + timeline + tornado)
                                     : m_sideBySideMinHeight);
    if (stacked && m_stacked)
        m_panels->setRowStretchFactors({timeline, tornado});
    if (stacked == m_stacked)
        return;
    m_stacked = stacked;
    m_panels->take(m_tornadoRect);
    m_panels->simplify();
    if (stacked) {
        m_panels->addElement(1, 0, m_tornadoRect);
        m_panels->setRowStretchFactors({timeline, tornado});
    } else {
        m_panels->addElement(0, 1, m_tornadoRect);
        m_panels->setColumnStretchFactors({1.15, 1.0});
    }
    replot();
}

void CostChart::restyle()
{
    for (QCPAxis *axis : m_tornadoRect->axes())
        styleAxis(axis, textColor(), mutedColor(), gridColor(), chartFont());
    m_tornadoRect->setBackground(backgroundColor());
    m_tornadoLegend->setBrush(backgroundColor());
    m_tornadoLegend->setBorderPen(Qt::NoPen);
    m_tornadoLegend->setTextColor(textColor());
    m_tornadoLegend->setFont(chartFont(0.9));
    plot()->legend->setFont(chartFont(0.9));
    m_cloud->setPen(QPen(categoryColor(1), 2.5));
    m_onprem->setPen(QPen(categoryColor(0), 2.5));
    m_breakEven->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(textColor(), 2.5), Qt::NoBrush, 13));
    m_low->setBrush(categoryColor(3));
    m_low->setPen(Qt::NoPen);
    m_high->setBrush(categoryColor(1));
    m_high->setPen(Qt::NoPen);
    rebuild();
}

// The title's phrases on as few lines as the width allows ("\n" forces a break): a centred
// title wider than the chart would lose both ends.
void CostChart::fitTitle()
{
    const QFontMetrics metrics(chartFont(1.15, true));   // ChartWidget's title font
    const int room = width() - 2 * metrics.averageCharWidth();
    QString text;
    QString line;
    for (const QString &part : std::as_const(m_titleParts)) {
        if (part == QLatin1String("\n")) {
            text += line + QLatin1Char('\n');
            line.clear();
            continue;
        }
        const QString longer = line.isEmpty() ? part : line + QLatin1Char(' ') + part;
        if (!line.isEmpty() && metrics.horizontalAdvance(longer) > room) {
            text += line + QLatin1Char('\n');
            line = part;
        } else {
            line = longer;
        }
    }
    setTitle(text + line);
}

// Both legends follow the setting; each only while it has something to name.
void CostChart::updateLegendVisibility()
{
    const bool priced = m_cloudPerMonth > 0 || onpremPriced(m_cost);
    plot()->legend->setVisible(m_hasData && priced && legendVisible());
    m_tornadoLegend->setVisible(m_cost.sensitivityCount > 0 && legendVisible());
}

void CostChart::rebuild()
{
    arrangePanels();   // the stacked height follows the number of tornado rows
    plot()->clearItems();
    rebuildTimeline();
    rebuildTornado();
    const CostResult &c = m_cost;
    const bool priced = m_cloudPerMonth > 0 || onpremPriced(c);
    if (!m_hasData || !priced) {
        m_titleParts = {tr("Cloud or on-prem")};
        setOverlayText(m_hasData ? tr("No prices for this plan: set a cloud GPU-hour price or hardware prices "
                                      "(Cost & facility inputs).")
                                 : QString());
    } else {
        const double lifeYears = m_depreciationYears;
        const QString breakEven = c.breakEvenNever ? tr("owning never pays off against renting")
                                  : c.breakEvenMonths > lifeYears * 12.0
                                      ? tr("owning does not pay off within the %1-year hardware life").arg(lifeYears)
                                      : tr("owning pays off after %1").arg(monthsText(c.breakEvenMonths));
        if (m_cloudPerMonth <= 0)
            m_titleParts = {tr("This plan on-prem: %1").arg(usdText(c.onpremTotalUsd)),
                            tr("(no cloud price: set one in the cost inputs)")};
        else if (!onpremPriced(c))
            m_titleParts = {tr("This plan in the cloud: %1").arg(usdText(c.cloudTotalUsd)),
                            tr("(no GPU price: set one in the cost inputs)")};
        else if (m_verdictTitle.isEmpty())
            m_titleParts = {tr("Cloud %1 ·").arg(usdText(c.cloudTotalUsd)), tr("on-prem %1").arg(usdText(c.onpremTotalUsd)),
                            QStringLiteral("\n"), breakEven};
        else
            m_titleParts = {tr("Cloud %1 ·").arg(usdText(c.cloudTotalUsd)), tr("on-prem %1 ·").arg(usdText(c.onpremTotalUsd)),
                            m_verdictTitle, QStringLiteral("\n"), breakEven};
        setOverlayText(QString());
    }
    fitTitle();
    updateLegendVisibility();
    resetView();
    replot();
}

void CostChart::rebuildTimeline()
{
    const CostResult &c = m_cost;
    // Long enough to show the horizon and the crossing with room after it; at most 10 years.
    double last = std::max(12.0, m_horizonMonths > 0 ? m_horizonMonths : 36.0);
    if (!c.breakEvenNever && c.breakEvenMonths > 0)
        last = std::max(last, c.breakEvenMonths * 1.5);
    m_lastMonth = std::ceil(std::min(last, 120.0));
    const double opexPerMonth = c.onpremOpexPerYearUsd / 12.0;
    QVector<double> m, cloud, onprem;
    for (int month = 0; month <= static_cast<int>(m_lastMonth); ++month) {
        m << month;
        cloud << m_cloudPerMonth * month;
        onprem << c.onpremCapexUsd + opexPerMonth * month;
    }
    const bool hasCloud = m_cloudPerMonth > 0;
    const bool hasOnprem = onpremPriced(c);
    m_cloud->setData(hasCloud ? m : QVector<double>{}, hasCloud ? cloud : QVector<double>{}, true);
    m_onprem->setData(hasOnprem ? m : QVector<double>{}, hasOnprem ? onprem : QVector<double>{}, true);
    QCustomPlot *p = plot();
    p->legend->clearItems();
    if (hasCloud)
        m_cloud->addToLegend();
    if (hasOnprem)
        m_onprem->addToLegend();
    m_defaultCostTop = 1;
    for (const double v : (hasCloud ? cloud : QVector<double>{}) + (hasOnprem ? onprem : QVector<double>{}))
        m_defaultCostTop = std::max(m_defaultCostTop, v * 1.08);
    if (hasCloud && hasOnprem && !c.breakEvenNever && c.breakEvenMonths > 0 && c.breakEvenMonths <= m_lastMonth) {
        const double usd = m_cloudPerMonth * c.breakEvenMonths;
        m_breakEven->setData(QVector<double>{c.breakEvenMonths}, QVector<double>{usd}, true);
        m_breakEven->addToLegend();
        auto *tag = new QCPItemText(p);
        tag->setClipAxisRect(p->axisRect());
        tag->position->setCoords(c.breakEvenMonths, usd);
        // Under the crossing, where neither line runs, so it fits in narrow plots too.
        tag->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
        tag->setPadding(QMargins(0, 14, 0, 0));
        tag->setText(tr("break-even\n%1, %2").arg(monthsText(c.breakEvenMonths), usdText(usd)));
        tag->setFont(chartFont(0.9, true));
        tag->setColor(textColor());
    } else {
        m_breakEven->data()->clear();
    }
    // Serving plans are costed over their horizon: mark it.
    if (m_horizonMonths <= 0)
        return;
    auto *horizon = new QCPItemStraightLine(p);
    horizon->setClipAxisRect(p->axisRect());
    horizon->point1->setCoords(m_horizonMonths, 0);
    horizon->point2->setCoords(m_horizonMonths, 1);
    horizon->setPen(QPen(mutedColor(), 1, Qt::DashLine));
    auto *horizonTag = new QCPItemText(p);
    horizonTag->setClipAxisRect(p->axisRect());
    horizonTag->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    horizonTag->position->setCoords(m_horizonMonths, 1);
    horizonTag->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    horizonTag->setPadding(QMargins(0, 4, 6, 0));
    horizonTag->setText(tr("horizon %1").arg(monthsText(m_horizonMonths)));
    horizonTag->setFont(chartFont(0.85));
    horizonTag->setColor(mutedColor());
}

void CostChart::rebuildTornado()
{
    const CostResult &c = m_cost;
    m_base = c.sensitivityBasis == CostBasis::Cloud ? c.cloudTotalUsd : c.onpremTotalUsd;
    QCPAxis *key = m_tornadoRect->axis(QCPAxis::atLeft);
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(key->ticker());
    ticker->clear();
    const auto assumptions = sensitivityAssumptions();
    const int n = c.sensitivityCount;
    QVector<double> keys, low, high;
    m_defaultSwing = 1;
    for (int i = 0; i < n; ++i) {
        const SensitivityEntry &e = c.sensitivity[static_cast<std::size_t>(i)];
        keys << n - i;   // largest swing on top
        low << e.lowUsd - m_base;
        high << e.highUsd - m_base;
        m_defaultSwing = std::max({m_defaultSwing, std::fabs(low.back()), std::fabs(high.back())});
        const auto index = static_cast<std::size_t>(e.assumption);
        ticker->addTick(n - i, index < assumptions.size() ? tr(assumptions[index].label) : QString());
    }
    m_low->setData(keys, low);   // keys run downwards: let QCustomPlot sort them
    m_high->setData(keys, high);
    m_tornadoRect->axis(QCPAxis::atBottom)
        ->setLabel(tr("Change in the %1 total\nof %2 (USD)")
                       .arg(c.sensitivityBasis == CostBasis::Cloud ? tr("cloud") : tr("on-prem"), usdText(m_base)));
}

void CostChart::resetView()
{
    QCustomPlot *p = plot();
    p->xAxis->setRange(0, m_lastMonth);
    p->yAxis->setRange(0, m_defaultCostTop);
    m_tornadoRect->axis(QCPAxis::atLeft)->setRange(0.4, std::max(m_cost.sensitivityCount, 1) + 0.6);
    m_tornadoRect->axis(QCPAxis::atBottom)->setRange(-m_defaultSwing * 1.15, m_defaultSwing * 1.15);
}

QString CostChart::hoverText(const QPointF &pixel) const
{
    if (m_tornadoRect->rect().contains(pixel.toPoint()))
        return tornadoHover(pixel);
    if (plot()->axisRect()->rect().contains(pixel.toPoint()))
        return timelineHover(pixel);
    return {};
}

QString CostChart::timelineHover(const QPointF &pixel) const
{
    const CostResult &c = m_cost;
    if (!m_hasData || (m_cloudPerMonth <= 0 && !onpremPriced(c)))
        return {};
    const double month = std::clamp(std::round(plot()->xAxis->pixelToCoord(pixel.x())), 0.0, m_lastMonth);
    const double cloud = m_cloudPerMonth * month;
    const double onprem = c.onpremCapexUsd + c.onpremOpexPerYearUsd / 12.0 * month;
    QString text = tr("<b>After %1</b>").arg(monthsText(month));
    if (m_cloudPerMonth > 0)
        text += tr("<br>Cloud: %1 (%2 per month)").arg(usdText(cloud), usdText(m_cloudPerMonth));
    if (onpremPriced(c))
        text += tr("<br>On-prem: %1 (%2 capex + %3 per month)")
                    .arg(usdText(onprem), usdText(c.onpremCapexUsd), usdText(c.onpremOpexPerYearUsd / 12.0));
    if (m_cloudPerMonth > 0 && onpremPriced(c))
        text += tr("<br>Difference by then: %1 (%2 spent less)")
                    .arg(usdText(std::fabs(cloud - onprem)), cloud < onprem ? tr("renting") : tr("owning"));
    if (m_cloudPerMonth > 0 && onpremPriced(c) && !c.breakEvenNever && c.breakEvenMonths > 0)
        text += tr("<br>Break-even after %1").arg(monthsText(c.breakEvenMonths));
    return text;
}

QString CostChart::tornadoHover(const QPointF &pixel) const
{
    const double key = m_tornadoRect->axis(QCPAxis::atLeft)->pixelToCoord(pixel.y());
    const int n = m_cost.sensitivityCount;
    const int i = n - static_cast<int>(std::lround(key));
    if (i < 0 || i >= n || std::fabs(key - (n - i)) > kTornadoBarWidth + 0.05)
        return {};
    const SensitivityEntry &e = m_cost.sensitivity[static_cast<std::size_t>(i)];
    const auto assumptions = sensitivityAssumptions();
    const auto index = static_cast<std::size_t>(e.assumption);
    const QString label = index < assumptions.size() ? tr(assumptions[index].label) : QString();
    return tr("<b>%1</b><br>−20%: total %2 (%3)<br>+20%: total %4 (%5)<br>Base: %6")
        .arg(label, usdText(e.lowUsd), signedUsdText(e.lowUsd - m_base), usdText(e.highUsd),
             signedUsdText(e.highUsd - m_base), usdText(m_base));
}

QVector<double> CostChart::months() const
{
    return graphKeys(m_onprem->data()->isEmpty() ? m_cloud : m_onprem);
}

double CostChart::breakEvenMarkMonths() const
{
    return m_breakEven->data()->isEmpty() ? -1.0 : m_breakEven->data()->constBegin()->key;
}

QStringList CostChart::tornadoLabels() const
{
    return textTickLabels(m_tornadoRect->axis(QCPAxis::atLeft), true);
}

QVector<double> CostChart::tornadoTotals(const QCPBars *bars) const
{
    // Stored by key (bottom first) as changes from the base; returned top first, as totals.
    QVector<double> out = barValues(bars);
    std::reverse(out.begin(), out.end());
    for (double &usd : out)
        usd = m_base + usd;
    return out;
}

} // namespace gpuplan::ui

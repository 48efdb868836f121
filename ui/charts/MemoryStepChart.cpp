// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/MemoryStepChart.h"

#include "NumberText.h"
#include "Theme.h"
#include "charts/MemoryBarLabels.h"
#include "document/PlanController.h"

#include "common/Units.h"
#include "memory/FrameworkOverhead.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

constexpr double kBarWidth = 0.6;

double gib(double bytes)
{
    return bytes / units::kGiB;
}

} // namespace

MemoryStepChart::MemoryStepChart(QWidget *parent) : ChartWidget(parent)
{
    QCustomPlot *p = plot();
    setTitle(tr("Memory per GPU over one step, the stage that peaks"));
    p->setAutoAddPlottableToLegend(false);
    p->xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    p->xAxis->setTickLength(0, 4);
    p->xAxis->grid()->setVisible(false);
    p->xAxis->setLabel(tr("Phase of the step (time into the step)"));
    p->yAxis->setLabel(tr("Memory per GPU (GiB)"));
    for (int i = 0; i < kMemoryComponentCount; ++i) {
        auto *bars = new QCPBars(p->xAxis, p->yAxis);
        bars->setName(memoryComponentName(static_cast<MemoryComponent>(i)));
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        bars->setAntialiased(false);
        if (i > 0)
            bars->moveAbove(m_stack[static_cast<std::size_t>(i - 1)]);
        m_stack[static_cast<std::size_t>(i)] = bars;
    }
    m_capacity = p->addGraph(p->xAxis, p->yAxis);
    m_capacity->setName(tr("GPU memory limit"));
    placeLegendUnderTitle(6);
    restyle();
}

MemoryStepChart::~MemoryStepChart() = default;

void MemoryStepChart::refresh(const PlanController &controller)
{
    if (!controller.isResolved()) {
        setTimeline(MemoryTimeline{}, MemoryResult{});
        const auto &errors = controller.resolveErrors();
        setOverlayText(tr("This plan cannot be evaluated:\n%1")
                           .arg(errors.empty() ? tr("unknown reason") : QString::fromStdString(errors.front().message)));
        return;
    }
    setTimeline(memoryTimeline(controller.resolved(), controller.evaluation()), controller.evaluation().memory);
}

void MemoryStepChart::setTimeline(const MemoryTimeline &timeline, const MemoryResult &memory)
{
    m_phases.clear();
    m_pipelineStages = timeline.pipelineStages;
    const MemoryPhase *peak = memoryPeakPhase(timeline);
    m_peakBar = -1;
    for (int i = 0; i < timeline.count; ++i) {
        const MemoryPhase &phase = timeline.phases[static_cast<std::size_t>(i)];
        if (peak && phase.stage != peak->stage)
            continue;
        if (&phase == peak)
            m_peakBar = static_cast<int>(m_phases.size());
        m_phases.push_back(phase);
    }
    m_capacityGiB = gib(memory.capacityBytes);
    const MemoryVerdictBand band = memoryVerdictBand(memory);
    m_band = {gib(band.fitsUpToBytes), gib(band.doesNotFitAboveBytes)};
    // An engine's moments are ordered, not timed within a step: no share of the step for them.
    const bool serving = !m_phases.empty() && (m_phases.front().kind == MemoryPhaseKind::EngineStart
                                               || m_phases.front().kind == MemoryPhaseKind::Serving);
    setTitle(serving ? tr("Memory per GPU as the engine serves") : tr("Memory per GPU over one step, the stage that peaks"));
    plot()->xAxis->setLabel(serving ? tr("Moment of serving") : tr("Phase of the step (time into the step)"));
    m_labels.clear();
    for (const MemoryPhase &phase : m_phases) {
        const QString name = QString::fromStdString(memoryPhaseName(phase, m_pipelineStages));
        m_labels << (serving ? name : tr("%1 (%2%)").arg(name).arg(std::lround(phase.timeFraction * 100)));
    }
    setOverlayText(m_phases.empty() ? tr("No memory estimate for this plan yet.") : QString());
    rebuild();
}

QVector<double> MemoryStepChart::phaseValues(MemoryComponent component) const
{
    QVector<double> values;
    for (const MemoryPhase &phase : m_phases)
        values << gib(memoryComponentBytes(phase.bytes, component));
    return values;
}

QVector<double> MemoryStepChart::phaseTotals() const
{
    QVector<double> totals;
    for (const MemoryPhase &phase : m_phases)
        totals << gib(phase.bytes.total());
    return totals;
}

void MemoryStepChart::restyle()
{
    for (int i = 0; i < kMemoryComponentCount; ++i) {
        m_stack[static_cast<std::size_t>(i)]->setBrush(memoryComponentColor(static_cast<MemoryComponent>(i)));
        m_stack[static_cast<std::size_t>(i)]->setPen(QPen(backgroundColor(), 1));
    }
    m_capacity->setPen(QPen(textColor(), 2, Qt::DashLine));
    rebuild();
}

void MemoryStepChart::rebuild()
{
    QCustomPlot *p = plot();
    p->clearItems();
    p->legend->clearItems();
    const int n = static_cast<int>(m_phases.size());
    QVector<double> keys(n);
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(p->xAxis->ticker());
    ticker->clear();
    for (int i = 0; i < n; ++i) {
        keys[i] = i + 1;
        // The phase, its micro-batch and its stage on lines of their own keep six labels apart.
        ticker->addTick(keys[i], QString(m_labels[i])
                                     .replace(QStringLiteral(" of micro-batch"), QStringLiteral("\nmicro-batch"))
                                     .replace(QStringLiteral(" on stage"), QStringLiteral("\nstage"))
                                     .replace(QStringLiteral(" at the planned load"), QStringLiteral("\nat the load")));
    }
    // Only the components that occur in some phase go into the legend, bottom of the stack first.
    for (int c = 0; c < kMemoryComponentCount; ++c) {
        QCPBars *bars = m_stack[static_cast<std::size_t>(c)];
        const QVector<double> values = phaseValues(static_cast<MemoryComponent>(c));
        bars->setData(keys, values);
        bool used = false;
        for (double v : values)
            used = used || v > 0;
        if (used)
            bars->addToLegend();
    }
    double top = 1.0;
    for (double t : phaseTotals())
        top = std::max(top, t);
    if (m_capacityGiB > 0) {
        m_capacity->setData({0.5, n + 0.5}, {m_capacityGiB, m_capacityGiB});
        m_capacity->addToLegend();
        // The verdict's band around the limit: estimates inside it may or may not fit.
        auto *band = new QCPItemRect(p);
        band->topLeft->setCoords(0.5, m_band.second);
        band->bottomRight->setCoords(n + 0.5, m_band.first);
        QColor fill = warningColor(palette());
        fill.setAlphaF(0.18f);
        band->setBrush(fill);
        band->setPen(Qt::NoPen);
        band->setLayer(QStringLiteral("background"));
        top = std::max(top, m_band.second);
    } else {
        m_capacity->data()->clear();
    }
    if (m_peakBar >= 0) {
        auto *mark = new QCPItemText(p);
        mark->position->setCoords(m_peakBar + 1, phaseTotals()[m_peakBar]);
        mark->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        mark->setText(tr("peak %1").arg(gibText(m_phases[static_cast<std::size_t>(m_peakBar)].bytes.total())));
        mark->setFont(chartFont(0.9, true));
        mark->setColor(textColor());
    }
    p->legend->setVisible(n > 0 && legendVisible());
    fitLegendToWidth();
    p->xAxis->setRange(0.5, std::max(n, 1) + 0.5);
    p->yAxis->setRange(0, top * 1.12);
    replot();
}

void MemoryStepChart::resizeEvent(QResizeEvent *event)
{
    ChartWidget::resizeEvent(event);
    fitLegendToWidth();
    replot();
}

// The legend in as many columns as the chart's width takes (2 to 6), filled column by column:
// one entry per line would leave a chart beside a lesson or in presentation fonts no height for
// its plot (as MemoryChart does for its bars).
void MemoryStepChart::fitLegendToWidth()
{
    QCPLegend *legend = plot()->legend;
    const QFontMetrics metrics(legend->font());
    int widest = 0;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i)))
            widest = std::max(widest, metrics.horizontalAdvance(item->plottable()->name()));
    if (widest == 0)
        return;
    const int itemWidth = widest + legend->iconSize().width() + legend->iconTextPadding() + 18;
    const int columns = std::clamp(width() / std::max(itemWidth, 1), 2, 6);
    if (legend->wrap() != columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
}

void MemoryStepChart::resetView()
{
    rebuild();
}

QString MemoryStepChart::hoverText(const QPointF &pixel) const
{
    const double key = plot()->xAxis->pixelToCoord(pixel.x());
    const int i = static_cast<int>(std::lround(key)) - 1;
    if (i < 0 || i >= static_cast<int>(m_phases.size()) || std::fabs(key - (i + 1)) > kBarWidth / 2)
        return {};
    const MemoryPhase &phase = m_phases[static_cast<std::size_t>(i)];
    QString lines = QStringLiteral("<b>%1</b>: %2").arg(m_labels[i].toHtmlEscaped(), gibText(phase.bytes.total()));
    for (int c = 0; c < kMemoryComponentCount; ++c) {
        const auto component = static_cast<MemoryComponent>(c);
        const double bytes = memoryComponentBytes(phase.bytes, component);
        if (bytes > 0)
            lines += QStringLiteral("<br>%1: %2").arg(memoryComponentName(component), gibText(bytes));
    }
    return lines;
}

} // namespace gpuplan::ui

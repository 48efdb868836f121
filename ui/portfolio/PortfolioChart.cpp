// SPDX-License-Identifier: GPL-3.0-or-later
#include "portfolio/PortfolioChart.h"

#include "NumberText.h"

#include "common/Units.h"

#include <qcustomplot.h>


#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

constexpr double kWeekDays = kPortfolioWeekS / units::kDay;
constexpr double kBarHalfHeight = 0.32;
const QColor kLate(0xd6, 0x27, 0x28);

} // namespace

PortfolioChart::PortfolioChart(QWidget *parent) : ChartWidget(parent)
{
    QCustomPlot *p = plot();
    setTitle(tr("Shared cluster schedule and first-week utilization"));
    p->setAutoAddPlottableToLegend(false);
    placeLegendUnderTitle(3);

    // The schedule on top, the first week's utilization under it (about a third of the height).
    m_weekRect = new QCPAxisRect(p);
    QCPLayoutGrid *layout = p->plotLayout();
    const int row = layout->rowCount();
    layout->addElement(row, 0, m_weekRect);
    layout->setRowStretchFactor(row - 1, 2.0);
    layout->setRowStretchFactor(row, 1.0);
    m_weekRect->setRangeDrag(Qt::Horizontal);
    m_weekRect->setRangeZoom(Qt::Horizontal);

    p->xAxis->setLabel(tr("Days from the start of the schedule"));
    p->yAxis->setTicker(QSharedPointer<QCPAxisTickerText>::create());
    p->yAxis->setRangeReversed(true);   // the first plan at the top
    p->yAxis->grid()->setVisible(false);
    p->yAxis->setTickLength(0, 4);
    p->yAxis->setPadding(6);
    QCPAxis *weekX = m_weekRect->axis(QCPAxis::atBottom);
    QCPAxis *weekY = m_weekRect->axis(QCPAxis::atLeft);
    weekX->setLabel(tr("Day of the first week"));
    weekX->setRange(0, kWeekDays);
    weekY->setLabel(tr("Busy (%)"));
    weekY->setRange(0, 105);
    weekY->ticker()->setTickCount(3);   // the panel is short: 0, 50, 100
    weekY->setPadding(6);
    restyle();
    setMessage(tr("Add plans to place them on one cluster"));
}

PortfolioChart::~PortfolioChart() = default;

void PortfolioChart::clear()
{
    QCustomPlot *p = plot();
    for (QCPItemRect *r : m_rects)
        p->removeItem(r);
    for (QCPItemText *t : m_labels)
        p->removeItem(t);
    for (QCPItemLine *l : m_deadlineTicks)
        p->removeItem(l);
    for (QCPGraph *g : m_utilization)
        p->removeGraph(g);
    m_rects.clear();
    m_labels.clear();
    m_deadlineTicks.clear();
    m_utilization.clear();
}

void PortfolioChart::setMessage(const QString &text)
{
    m_bars.clear();
    m_profiles.clear();
    m_poolNames.clear();
    m_poolGpus.clear();
    rebuild();
    setOverlayText(text);
}

void PortfolioChart::setSchedule(const std::vector<PortfolioEntry> &entries, const PortfolioOutcome &outcome)
{
    m_bars.clear();
    m_profiles.clear();
    m_poolNames.clear();
    m_poolGpus.clear();
    double makespanDays = 0;
    for (const PoolResult &pool : outcome.result.pools) {
        m_poolNames.push_back(QString::fromStdString(pool.gpu));
        m_poolGpus.push_back(pool.clusterGpus);
        m_profiles.push_back(utilizationProfile(pool, kPortfolioWeekS));
        makespanDays = std::max(makespanDays, pool.schedule.makespanS / units::kDay);
    }
    // The axis shows the whole schedule and at least the first week; room on the right for labels.
    m_endDays = std::max(makespanDays, kWeekDays) * 1.18;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const PortfolioJob *job = outcome.job(i);
        if (!job)
            continue;
        const JobPlacement *at = outcome.placement(i);
        ScheduleBar b;
        b.label = entries[i].name;
        b.pool = outcome.where[i].pool;
        b.serving = job->serving;
        b.startDays = at->startS / units::kDay;
        b.endDays = job->serving ? m_endDays : at->endS / units::kDay;
        b.gpus = job->gpus;
        b.late = at->late;
        b.deadlineDays = job->serving || job->deadlineS < 0 ? -1.0 : job->deadlineS / units::kDay;
        m_bars.push_back(b);
    }
    rebuild();
    setOverlayText(m_bars.empty() ? tr("No plan could be placed: the table says why") : QString());
}

void PortfolioChart::rebuild()
{
    clear();
    QCustomPlot *p = plot();
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(p->yAxis->ticker());
    ticker->clear();
    QPen textPen(textColor());
    for (std::size_t i = 0; i < m_bars.size(); ++i) {
        const ScheduleBar &b = m_bars[i];
        const double y = static_cast<double>(i);
        ticker->addTick(y, b.label);
        auto *rect = new QCPItemRect(p);
        rect->topLeft->setCoords(b.startDays, y - kBarHalfHeight);
        rect->bottomRight->setCoords(b.endDays, y + kBarHalfHeight);
        const QColor color = categoryColor(b.pool);
        rect->setBrush(b.serving ? QBrush(color, Qt::BDiagPattern) : QBrush(color));
        rect->setPen(b.late ? QPen(kLate, 2.5) : QPen(color, 1));
        rect->setClipToAxisRect(true);
        m_rects.push_back(rect);

        auto *label = new QCPItemText(p);
        label->setClipToAxisRect(true);
        label->setFont(chartFont(0.9));
        label->setColor(textColor());
        label->setPadding(QMargins(4, 0, 4, 0));
        const QString gpus = tr("%1 GPUs").arg(groupedText(b.gpus));
        if (b.serving) {
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            label->position->setCoords(b.startDays, y);
            label->setText(tr("%1 · always on").arg(gpus));
            label->setBrush(QBrush(backgroundColor()));
        } else {
            label->setText(tr("%1 · %2 d%3").arg(gpus, fixedText(b.endDays - b.startDays, 1), b.late ? tr(" · LATE") : QString()));
            label->position->setCoords(b.endDays, y);
            // A long bar carries its label inside its right end (the axis has no room after it),
            // in white on the bar's colour: a filled label box would hide the end of the bar.
            const bool inside = b.endDays > 0.6 * m_endDays;
            label->setPositionAlignment((inside ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignVCenter);
            if (inside)
                label->setColor(Qt::white);
        }
        m_labels.push_back(label);

        if (b.deadlineDays >= 0) {
            auto *tick = new QCPItemLine(p);
            tick->start->setCoords(b.deadlineDays, y - 0.46);
            tick->end->setCoords(b.deadlineDays, y + 0.46);
            tick->setPen(QPen(kLate, 2, Qt::DashLine));
            tick->setClipToAxisRect(true);
            m_deadlineTicks.push_back(tick);
        }
    }
    QCPAxis *weekX = m_weekRect->axis(QCPAxis::atBottom);
    QCPAxis *weekY = m_weekRect->axis(QCPAxis::atLeft);
    for (std::size_t k = 0; k < m_profiles.size(); ++k) {
        QCPGraph *g = p->addGraph(weekX, weekY);
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setPen(QPen(categoryColor(static_cast<int>(k)), 2.5));
        QColor fill = categoryColor(static_cast<int>(k));
        fill.setAlpha(40);
        g->setBrush(fill);
        QVector<double> days, percent;
        for (const UtilizationStep &s : m_profiles[k]) {
            days << s.startS / units::kDay;
            percent << 100.0 * s.busyGpus / std::max(1, m_poolGpus[k]);
        }
        if (!percent.isEmpty()) {
            days << kWeekDays;
            percent << percent.back();
        }
        g->setData(days, percent, true);
        g->setName(tr("%1 pool, %2 GPUs").arg(m_poolNames[k]).arg(groupedText(m_poolGpus[k])));
        g->addToLegend();
        m_utilization.push_back(g);
    }
    resetView();
    replot();
}

void PortfolioChart::resetView()
{
    QCustomPlot *p = plot();
    p->xAxis->setRange(0, m_endDays);
    p->yAxis->setRange(-0.6, std::max<double>(1.0, static_cast<double>(m_bars.size())) - 0.4);
    m_weekRect->axis(QCPAxis::atBottom)->setRange(0, kWeekDays);
    m_weekRect->axis(QCPAxis::atLeft)->setRange(0, 105);
}

std::vector<ScheduleBar> PortfolioChart::bars() const
{
    std::vector<ScheduleBar> out = m_bars;
    for (std::size_t i = 0; i < out.size() && i < m_rects.size(); ++i) {
        out[i].startDays = m_rects[i]->topLeft->coords().x();
        out[i].endDays = m_rects[i]->bottomRight->coords().x();
    }
    return out;
}

QStringList PortfolioChart::rowLabels() const
{
    return textTickLabels(plot()->yAxis);
}

QVector<double> PortfolioChart::utilizationDays(int pool) const
{
    return pool >= 0 && pool < utilizationCurves() ? graphKeys(m_utilization[static_cast<std::size_t>(pool)]) : QVector<double>{};
}

QVector<double> PortfolioChart::utilizationPercent(int pool) const
{
    return pool >= 0 && pool < utilizationCurves() ? graphValues(m_utilization[static_cast<std::size_t>(pool)]) : QVector<double>{};
}

double PortfolioChart::axisEndDays() const
{
    return m_endDays;
}

QString PortfolioChart::hoverText(const QPointF &pixel) const
{
    const QCustomPlot *p = plot();
    if (p->axisRect()->rect().contains(pixel.toPoint())) {
        const double day = p->xAxis->pixelToCoord(pixel.x());
        const int row = static_cast<int>(std::lround(p->yAxis->pixelToCoord(pixel.y())));
        if (row < 0 || row >= static_cast<int>(m_bars.size()))
            return {};
        const ScheduleBar &b = m_bars[static_cast<std::size_t>(row)];
        if (day < b.startDays || day > b.endDays)
            return {};
        if (b.serving)
            return tr("%1: %2 GPUs, always on").arg(b.label).arg(b.gpus);
        QString text = tr("%1: %2 GPUs from day %3 to day %4").arg(b.label).arg(b.gpus).arg(fixedText(b.startDays, 1), fixedText(b.endDays, 1));
        if (b.deadlineDays >= 0)
            text += tr(", due day %1%2").arg(fixedText(b.deadlineDays, 1), b.late ? tr(" (late)") : QString());
        return text;
    }
    if (m_weekRect->rect().contains(pixel.toPoint())) {
        const double day = m_weekRect->axis(QCPAxis::atBottom)->pixelToCoord(pixel.x());
        if (day < 0 || day > kWeekDays)
            return {};
        QStringList lines{tr("Day %1").arg(fixedText(day, 1))};
        for (std::size_t k = 0; k < m_profiles.size(); ++k) {
            int busy = 0;
            for (const UtilizationStep &s : m_profiles[k])
                if (s.startS / units::kDay <= day)
                    busy = s.busyGpus;
            lines << tr("%1: %2 of %3 GPUs busy").arg(m_poolNames[k]).arg(busy).arg(m_poolGpus[k]);
        }
        return lines.join(QLatin1Char('\n'));
    }
    return {};
}

void PortfolioChart::restyle()
{
    if (!m_weekRect)
        return;
    for (QCPAxis *axis : m_weekRect->axes())
        styleAxis(axis, textColor(), mutedColor(), gridColor(), chartFont());
    m_weekRect->setBackground(backgroundColor());
    plot()->legend->setFont(chartFont(0.9));
    rebuild();
}

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/PowerChart.h"

#include "Theme.h"
#include "charts/ChartFormat.h"
#include "facility/FacilityNames.h"
#include "document/PlanController.h"

#include <qcustomplot.h>

#include <cmath>

namespace gpuplan::ui {

namespace {

constexpr int kBars = 4;   // IT load, facility, peak IT, heat
constexpr double kBarWidth = 0.6;

const char *const kSegmentNames[kPowerSegmentCount] = {
    QT_TRANSLATE_NOOP("PowerChart", "GPUs"),
    QT_TRANSLATE_NOOP("PowerChart", "Servers without GPUs (CPUs, memory, NICs, fans)"),
    QT_TRANSLATE_NOOP("PowerChart", "Network switches"),
    QT_TRANSLATE_NOOP("PowerChart", "Storage"),
    QT_TRANSLATE_NOOP("PowerChart", "Cooling and power distribution (PUE)"),
    QT_TRANSLATE_NOOP("PowerChart", "Peak IT power"),
    QT_TRANSLATE_NOOP("PowerChart", "Heat to remove"),
};
const int kSegmentColor[kPowerSegmentCount] = {0, 2, 4, 7, 8, 5, 1};


bool samePower(const PowerResult &a, const PowerResult &b)
{
    return a.gpuW == b.gpuW && a.nodeOverheadW == b.nodeOverheadW && a.networkW == b.networkW && a.storageW == b.storageW
           && a.itKw == b.itKw && a.facilityKw == b.facilityKw && a.peakItKw == b.peakItKw;
}

bool sameCooling(const CoolingResult &a, const CoolingResult &b)
{
    return a.heatKw == b.heatKw && a.racks == b.racks && a.computeRacks == b.computeRacks && a.networkRacks == b.networkRacks
           && a.nodesPerRack == b.nodesPerRack && a.kwPerRack == b.kwPerRack && a.liquidRequired == b.liquidRequired
           && a.liquidForcedByNode == b.liquidForcedByNode && a.nodeExceedsRack == b.nodeExceedsRack;
}

} // namespace

PowerChart::PowerChart(QWidget *parent) : ChartWidget(parent)
{
    QCustomPlot *p = plot();
    setTitle(tr("Power and cooling"));
    p->setAutoAddPlottableToLegend(false);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    p->xAxis->setTicker(ticker);
    p->xAxis->setTickLength(0, 4);
    p->xAxis->grid()->setVisible(false);
    p->yAxis->setPadding(8);
    for (int s = 0; s < kPowerSegmentCount; ++s) {
        auto *bars = new QCPBars(p->xAxis, p->yAxis);
        bars->setName(tr(kSegmentNames[s]));
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        bars->setAntialiased(false);
        // IT components stack, the facility overhead goes on top of them.
        if (s > 0 && s <= static_cast<int>(PowerSegment::FacilityOverhead))
            bars->moveAbove(m_stack[static_cast<std::size_t>(s - 1)]);
        m_stack[static_cast<std::size_t>(s)] = bars;
    }
    placeLegendUnderTitle(3);
    // Racks and cooling under the chart.
    m_summary = new QCPTextElement(p, QString());
    p->plotLayout()->addElement(p->plotLayout()->rowCount(), 0, m_summary);
    p->plotLayout()->setRowStretchFactor(p->plotLayout()->rowCount() - 1, 0.001);
    restyle();
}

PowerChart::~PowerChart() = default;

void PowerChart::refresh(const PlanController &controller)
{
    if (!controller.isResolved()) {
        setResults({}, {}, 0);
        setOverlayText(unresolvedPlanText(controller));
        return;
    }
    const Evaluation &e = controller.evaluation();
    // The PUE the facility model applied (IT x PUE), read back from its result.
    setResults(e.power, e.cooling, e.power.itKw > 0 ? e.power.facilityKw / e.power.itKw : controller.plan().facility.pue);
}

void PowerChart::setResults(const PowerResult &power, const CoolingResult &cooling, double pue)
{
    if (m_hasData && samePower(power, m_power) && sameCooling(cooling, m_cooling) && pue == m_pue)
        return;
    m_power = power;
    m_cooling = cooling;
    m_pue = pue;
    m_hasData = true;
    rebuild();
}

void PowerChart::restyle()
{
    for (int s = 0; s < kPowerSegmentCount; ++s) {
        m_stack[static_cast<std::size_t>(s)]->setBrush(categoryColor(kSegmentColor[s]));
        m_stack[static_cast<std::size_t>(s)]->setPen(QPen(backgroundColor(), 1));
    }
    m_summary->setFont(chartFont(1.0));
    m_summary->setTextColor(textColor());
    rebuild();
}

double PowerChart::segmentValueKw(PowerSegment segment, int bar) const
{
    const PowerResult &p = m_power;
    const bool itStack = bar == 0 || bar == 1;
    switch (segment) {
    case PowerSegment::Gpus: return itStack ? p.gpuW / 1e3 : 0.0;
    case PowerSegment::NodeOverhead: return itStack ? p.nodeOverheadW / 1e3 : 0.0;
    case PowerSegment::Network: return itStack ? p.networkW / 1e3 : 0.0;
    case PowerSegment::Storage: return itStack ? p.storageW / 1e3 : 0.0;
    case PowerSegment::FacilityOverhead: return bar == 1 ? std::max(0.0, p.facilityKw - p.itKw) : 0.0;
    case PowerSegment::PeakIt: return bar == 2 ? p.peakItKw : 0.0;
    case PowerSegment::Heat: return bar == 3 ? m_cooling.heatKw : 0.0;
    case PowerSegment::Count: break;
    }
    return 0.0;
}

void PowerChart::rebuild()
{
    QCustomPlot *p = plot();
    p->clearItems();
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(p->xAxis->ticker());
    ticker->clear();
    const bool any = m_hasData && m_power.itKw > 0;
    m_megawatts = std::max({m_power.facilityKw, m_power.peakItKw, m_cooling.heatKw}) >= 1000;
    p->yAxis->setLabel(m_megawatts ? tr("Power (MW)") : tr("Power (kW)"));
    const QString barNames[kBars] = {tr("IT load\nwhile running"), tr("Facility, running\n(IT × PUE %1)").arg(pueText(m_pue)),
                                     tr("Peak IT power\n(racks, contract)"), tr("Heat to remove\n(cooling)")};
    const double totals[kBars] = {m_power.itKw, m_power.facilityKw, m_power.peakItKw, m_cooling.heatKw};
    QVector<double> keys;
    for (int b = 0; b < kBars; ++b) {
        keys << b + 1;
        ticker->addTick(b + 1, barNames[b]);
    }
    p->legend->clearItems();
    for (int s = 0; s < kPowerSegmentCount; ++s) {
        QVector<double> values;
        bool used = false;
        for (int b = 0; b < kBars; ++b) {
            values << (any ? segmentValueKw(static_cast<PowerSegment>(s), b) * displayScale() : 0.0);
            used = used || values.back() > 0;
        }
        m_stack[static_cast<std::size_t>(s)]->setData(keys, values, true);
        if (used && s <= static_cast<int>(PowerSegment::FacilityOverhead))
            m_stack[static_cast<std::size_t>(s)]->addToLegend();
    }
    double top = 0;
    for (int b = 0; any && b < kBars; ++b) {
        top = std::max(top, totals[b] * displayScale());
        auto *label = new QCPItemText(p);
        label->position->setCoords(b + 1, totals[b] * displayScale());
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setPadding(QMargins(0, 0, 0, 4));
        label->setClipToAxisRect(false);
        QString text = powerText(totals[b] * 1e3);
        if (b == 3)
            text += tr("\n%1 BTU/h · %2 tons").arg(siNumber(m_cooling.heatBtuPerHour), siNumber(m_cooling.tons));
        label->setText(text);
        label->setFont(chartFont(0.95, b < 2));
        label->setColor(textColor());
    }
    m_defaultTop = top > 0 ? top * 1.28 : 1.0;
    p->legend->setVisible(any && legendVisible());
    if (any) {
        const CoolingResult &c = m_cooling;
        QString cooling = c.liquidForcedByNode ? tr("liquid cooling (the node type is liquid-cooled)")
                          : c.liquidRequired   ? tr("liquid cooling required: %1 per rack is more than air can remove")
                                                   .arg(powerText(c.kwPerRack * 1e3))
                                               : tr("air cooling is enough");
        QString racks = c.racks == 1 ? tr("1 rack") : tr("%1 racks").arg(c.racks);
        if (c.networkRacks > 0)
            racks += tr(" (%1 compute + %2 network)").arg(c.computeRacks).arg(c.networkRacks);
        const QString nodes = c.nodesPerRack == 1 ? tr("1 node per rack") : tr("%1 nodes per rack").arg(c.nodesPerRack);
        // Two facility powers, each named: the running draw (the bar) and the peak the site supplies.
        m_summary->setText(tr("Facility power %1 running, %2 at peak (what the site must supply) · %3 · %4 · %5 per rack · %6%7")
                               .arg(powerText(m_power.facilityKw * 1e3), powerText(m_power.peakFacilityKw * 1e3), racks,
                                    nodes, powerText(c.kwPerRack * 1e3), cooling,
                                    c.nodeExceedsRack ? tr(" · one node needs more power than a rack supplies") : QString()));
        m_summary->setTextColor(c.liquidRequired || c.nodeExceedsRack ? warningColor(palette()) : textColor());
        setOverlayText(QString());
    } else {
        m_summary->setText(QString());
        setOverlayText(m_hasData ? tr("No power estimate for this plan.") : QString());
    }
    resetView();
    replot();
}

void PowerChart::resetView()
{
    plot()->xAxis->setRange(0.4, kBars + 0.6);
    plot()->yAxis->setRange(0, m_defaultTop);
}

QString PowerChart::hoverText(const QPointF &pixel) const
{
    const double key = plot()->xAxis->pixelToCoord(pixel.x());
    const int bar = static_cast<int>(std::lround(key)) - 1;
    if (bar < 0 || bar >= kBars || std::fabs(key - (bar + 1)) > kBarWidth / 2 || !m_hasData || m_power.itKw <= 0)
        return {};
    const double value = plot()->yAxis->pixelToCoord(pixel.y()) / displayScale();
    double base = 0;
    for (int s = 0; s < kPowerSegmentCount; ++s) {
        const double kw = segmentValueKw(static_cast<PowerSegment>(s), bar);
        if (kw > 0 && value >= base && value < base + kw) {
            QString text = QStringLiteral("<b>%1</b>: %2").arg(tr(kSegmentNames[s]), powerText(kw * 1e3));
            if (bar <= 1)
                text += tr(" (%1 of %2)").arg(percentText(kw / (bar == 0 ? m_power.itKw : m_power.facilityKw)),
                                               bar == 0 ? tr("the IT load") : tr("the facility draw"));
            if (static_cast<PowerSegment>(s) == PowerSegment::Heat)
                text += tr("<br>%1 BTU/h, %2 refrigeration tons")
                            .arg(fixedText(m_cooling.heatBtuPerHour, 0))
                            .arg(fixedText(m_cooling.tons, 1));
            if (static_cast<PowerSegment>(s) == PowerSegment::Gpus)
                text += tr("<br>%1 of TDP while busy: %2")
                            .arg(percentText(m_power.gpuPowerFraction), QString::fromStdString(gpuPowerBasisText(m_power)));
            if (static_cast<PowerSegment>(s) == PowerSegment::PeakIt)
                text += tr("<br>every node at its maximum power; %1 per full compute rack").arg(powerText(m_cooling.kwPerRack * 1e3));
            return text;
        }
        if (s <= static_cast<int>(PowerSegment::FacilityOverhead))
            base += kw;
    }
    return {};
}

QVector<double> PowerChart::segmentKw(PowerSegment segment) const
{
    return barValues(m_stack[static_cast<std::size_t>(segment)], displayScale());
}

QVector<double> PowerChart::barTotalsKw() const
{
    return stackTotals(m_stack, kBars, displayScale());
}

QString PowerChart::summaryText() const
{
    return m_summary->text();
}

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/MemoryChart.h"

#include "Settings.h"
#include "NumberText.h"
#include "Theme.h"
#include "charts/ChartFormat.h"
#include "charts/GpuComparison.h"
#include "charts/LabelPlacement.h"
#include "charts/MemoryBarLabels.h"
#include "charts/MemoryVerdictText.h"
#include "document/PlanController.h"

#include "common/Units.h"
#include "evaluator/Evaluator.h"
#include "memory/FrameworkOverhead.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace gpuplan::ui {

namespace {

struct ComponentStyle
{
    const char *name;
    double MemoryBreakdown::*member;
    QRgb color;   // categorical colours readable on light and dark backgrounds; red is reserved
};

const ComponentStyle kComponents[kMemoryComponentCount] = {
    {QT_TRANSLATE_NOOP("MemoryChart", "Weights"), &MemoryBreakdown::weights, 0x4e79a7},
    {QT_TRANSLATE_NOOP("MemoryChart", "Gradients"), &MemoryBreakdown::gradients, 0xf28e2b},
    {QT_TRANSLATE_NOOP("MemoryChart", "Optimizer states"), &MemoryBreakdown::optimizerStates, 0x76b7b2},
    {QT_TRANSLATE_NOOP("MemoryChart", "Master weights"), &MemoryBreakdown::masterWeights, 0x59a14f},
    {QT_TRANSLATE_NOOP("MemoryChart", "Activations"), &MemoryBreakdown::activations, 0xedc948},
    {QT_TRANSLATE_NOOP("MemoryChart", "Logits and loss"), &MemoryBreakdown::logitsLoss, 0xb07aa1},
    {QT_TRANSLATE_NOOP("MemoryChart", "Communication buffers"), &MemoryBreakdown::commBuffers, 0xff9da7},
    {QT_TRANSLATE_NOOP("MemoryChart", "KV cache"), &MemoryBreakdown::kvCache, 0x9c755f},
    {QT_TRANSLATE_NOOP("MemoryChart", "Workspace"), &MemoryBreakdown::workspace, 0x86bcb6},
    {QT_TRANSLATE_NOOP("MemoryChart", "CUDA context"), &MemoryBreakdown::cudaContext, 0xbab0ac},
    {QT_TRANSLATE_NOOP("MemoryChart", "Allocator slack"), &MemoryBreakdown::allocatorSlack, 0x79706e},
};

constexpr double kBarWidth = 0.6;
constexpr double kCapacityHalfWidth = 0.42;

double gib(double bytes)
{
    return bytes / units::kGiB;
}

// Below this height the note gives its room to the bars (a projector's 720 pixels); the ticks,
// the hover text and the memory tile's tooltip still say the same. The legend then takes a smaller
// font and the GPU names their short form, so the bars keep a readable height.
constexpr int kNoteMinChartHeight = 480;

} // namespace

QString memoryComponentName(MemoryComponent component)
{
    return MemoryChart::tr(kComponents[static_cast<int>(component)].name);
}

double memoryComponentBytes(const MemoryBreakdown &breakdown, MemoryComponent component)
{
    return breakdown.*(kComponents[static_cast<int>(component)].member);
}

QColor memoryComponentColor(MemoryComponent component)
{
    return QColor::fromRgb(kComponents[static_cast<int>(component)].color);
}

MemoryChart::MemoryChart(QWidget *parent) : ChartWidget(parent)
{
    QCustomPlot *p = plot();
    setTitle(tr("Memory per GPU, most-loaded GPU"));
    p->setAutoAddPlottableToLegend(false);
    p->xAxis->setTicker(QSharedPointer<QCPAxisTickerText>(new QCPAxisTickerText));
    p->xAxis->setTickLength(0, 4);
    p->xAxis->grid()->setVisible(false);
    p->yAxis->setLabel(tr("Memory per GPU (GiB)"));
    p->yAxis->setPadding(8);

    for (int i = 0; i < kMemoryComponentCount; ++i) {
        auto *bars = new QCPBars(p->xAxis, p->yAxis);
        bars->setName(memoryComponentName(static_cast<MemoryComponent>(i)));
        bars->setWidth(kBarWidth);
        bars->setStackingGap(0);
        bars->setAntialiased(false);   // axis-aligned rectangles: crisper and cheaper without
        if (i > 0)
            bars->moveAbove(m_stack[static_cast<std::size_t>(i - 1)]);
        m_stack[static_cast<std::size_t>(i)] = bars;
    }
    m_capacity = p->addGraph(p->xAxis, p->yAxis);
    m_capacity->setName(tr("GPU memory limit"));
    m_capacity->setLineStyle(QCPGraph::lsLine);
    keepLabelsClearOf(*m_capacity);   // "32.8 GiB fits" sat on the limit it is measured against
    m_bandLegend = p->addGraph(p->xAxis, p->yAxis);
    m_bandLegend->setName(tr("Borderline (error band)"));
    m_bandLegend->setLineStyle(QCPGraph::lsNone);

    placeLegendUnderTitle(6, false);   // fitLegendToWidth sizes it with the ticks and the note
    // The plan GPU's limit and band, between the legend and the plot.
    const int noteRow = p->plotLayout()->rowCount() - 1;
    p->plotLayout()->insertRow(noteRow);
    m_note = new QCPTextElement(p, QString());
    m_note->setFont(chartFont(0.85));
    m_note->setMargins(QMargins(8, 0, 8, 2));
    p->plotLayout()->addElement(noteRow, 0, m_note);
    p->plotLayout()->setRowStretchFactor(noteRow, 0.001);
    restyle();
}

MemoryChart::~MemoryChart() = default;

void MemoryChart::applySettings(const Settings &settings)
{
    ChartWidget::applySettings(settings);
    setComparisonCount(settings.comparisonGpuCount());
}

void MemoryChart::setComparisonCount(int count)
{
    m_comparisonCount = count;
}

void MemoryChart::refresh(const PlanController &controller)
{
    if (!controller.isResolved()) {
        setBars({});
        const auto &errors = controller.resolveErrors();
        setOverlayText(tr("This plan cannot be evaluated:\n%1")
                           .arg(errors.empty() ? tr("unknown reason") : QString::fromStdString(errors.front().message)));
        return;
    }
    const GpuSpec &planGpu = *controller.resolved().gpu;
    std::vector<MemoryBar> bars;
    bars.push_back({QString::fromStdString(planGpu.id), QString::fromStdString(planGpu.name),
                    controller.evaluation().memory, true});
    ResolvedPlan other;
    for (const GpuSpec *gpu : comparableGpus(controller.catalog(), planGpu, m_comparisonCount)) {
        // Same plan, same layout, another GPU (with its default node when the plan names none).
        if (!controller.resolveWithGpu(*gpu, other))
            continue;
        const Evaluation e = evaluate(other);
        bars.push_back({QString::fromStdString(gpu->id), QString::fromStdString(gpu->name), e.memory, false});
    }
    setBars(std::move(bars));
}

namespace {

bool sameBar(const MemoryBar &a, const MemoryBar &b)
{
    const MemoryResult &x = a.memory;
    const MemoryResult &y = b.memory;
    for (int c = 0; c < kMemoryComponentCount; ++c) {
        const auto component = static_cast<MemoryComponent>(c);
        if (memoryComponentBytes(x.breakdown, component) != memoryComponentBytes(y.breakdown, component))
            return false;
    }
    return a.gpuId == b.gpuId && a.gpuName == b.gpuName && a.isPlanGpu == b.isPlanGpu
           && x.perGpuBytes == y.perGpuBytes && x.capacityBytes == y.capacityBytes && x.fits == y.fits
           && x.verdict == y.verdict && x.bandFraction == y.bandFraction && x.deviceTotalBytes == y.deviceTotalBytes
           && x.soldBytes == y.soldBytes;
}

} // namespace

void MemoryChart::setBars(std::vector<MemoryBar> bars)
{
    // Most inputs (tokens, prices, power) do not change memory: keep the chart and the user's
    // zoom as they are.
    if (bars.size() == m_bars.size() && std::equal(bars.begin(), bars.end(), m_bars.begin(), sameBar))
        return;
    m_bars = std::move(bars);
    rebuild();
}

void MemoryChart::restyle()
{
    for (int i = 0; i < kMemoryComponentCount; ++i) {
        const QColor color = QColor::fromRgb(kComponents[i].color);
        m_stack[static_cast<std::size_t>(i)]->setBrush(color);
        m_stack[static_cast<std::size_t>(i)]->setPen(QPen(backgroundColor(), 1));
    }
    QPen capacityPen(textColor(), 2, Qt::DashLine);
    m_capacity->setPen(capacityPen);
    m_bandLegend->setPen(Qt::NoPen);
    m_bandLegend->setBrush(bandBrush());
    m_note->setTextColor(mutedColor());
    m_note->setFont(chartFont(0.85));
    rebuild();
}

void MemoryChart::rebuild()
{
    QCustomPlot *p = plot();
    const int n = static_cast<int>(m_bars.size());
    p->clearItems();
    m_outlines.assign(m_bars.size(), nullptr);
    m_valueLabels.assign(m_bars.size(), nullptr);

    QVector<double> keys(n);
    for (int i = 0; i < n; ++i)
        keys[i] = i + 1;
    m_tickLabels.clear();   // the bars changed: set the ticks again
    updateTicks();

    // Stacks; only components that occur in some bar go into the legend, bottom of the stack first.
    p->legend->clearItems();
    p->legend->setVisible(false);
    m_capacity->addToLegend();
    const bool anyBand = std::any_of(m_bars.begin(), m_bars.end(), [](const MemoryBar &b) {
        return b.memory.perGpuBytes > 0 && b.memory.capacityBytes > 0 && b.memory.bandFraction > 0;
    });
    if (anyBand)
        m_bandLegend->addToLegend();
    for (int c = 0; c < kMemoryComponentCount; ++c) {
        QVector<double> values(n);
        bool used = false;
        for (int i = 0; i < n; ++i) {
            values[i] = gib(memoryComponentBytes(m_bars[i].memory.breakdown, static_cast<MemoryComponent>(c)));
            used = used || values[i] > 0;
        }
        m_stack[static_cast<std::size_t>(c)]->setData(keys, values, true);
        if (used)
            m_stack[static_cast<std::size_t>(c)]->addToLegend();
    }

    // Capacity: one dashed segment across each bar, broken between bars (NaN gaps).
    QVector<double> cx, cy;
    double top = 0;
    bool anyResult = false;
    for (int i = 0; i < n; ++i) {
        const double cap = gib(m_bars[i].memory.capacityBytes);
        cx << keys[i] - kCapacityHalfWidth << keys[i] + kCapacityHalfWidth << keys[i] + 0.5;
        cy << cap << cap << std::numeric_limits<double>::quiet_NaN();
        top = std::max({top, cap, gib(m_bars[i].memory.perGpuBytes)});
        anyResult = anyResult || m_bars[i].memory.perGpuBytes > 0;
    }
    m_capacity->setData(cx, cy, true);

    // The verdict's band around each limit: an estimate inside it may or may not fit.
    m_bands.assign(m_bars.size(), {0.0, 0.0});
    m_limitNote.clear();
    for (int i = 0; i < n; ++i) {
        const MemoryResult &m = m_bars[i].memory;
        const MemoryVerdictBand band = memoryVerdictBand(m);
        if (m.perGpuBytes <= 0 || band.fitsUpToBytes <= 0)
            continue;
        m_bands[static_cast<std::size_t>(i)] = {gib(band.fitsUpToBytes), gib(band.doesNotFitAboveBytes)};
        auto *rect = new QCPItemRect(p);
        rect->setLayer(QStringLiteral("grid"));
        rect->topLeft->setCoords(keys[i] - kCapacityHalfWidth, gib(band.doesNotFitAboveBytes));
        rect->bottomRight->setCoords(keys[i] + kCapacityHalfWidth, gib(band.fitsUpToBytes));
        rect->setPen(Qt::NoPen);
        rect->setBrush(bandBrush());
        if (m_bars[i].isPlanGpu) {
            m_limitNote = tr("This plan: %1. Limit %2; %3.")
                              .arg(memoryVerdictName(m), memoryLimitText(m), memoryBandText(m));
            top = std::max(top, gib(band.doesNotFitAboveBytes) / 1.1);
        }
    }
    updateNote();

    const QColor error = errorColor(palette());
    const QColor warning = warningColor(palette());
    for (int i = 0; i < n; ++i) {
        const MemoryBar &bar = m_bars[i];
        if (bar.isPlanGpu) {
            auto *band = new QCPItemRect(p);
            band->setLayer(QStringLiteral("grid"));
            band->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
            band->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
            band->topLeft->setCoords(keys[i] - 0.5, 0);
            band->bottomRight->setCoords(keys[i] + 0.5, 1);
            QColor fill = palette().color(QPalette::Highlight);
            fill.setAlphaF(0.10f);
            band->setBrush(fill);
            band->setPen(Qt::NoPen);
            auto *tag = new QCPItemText(p);
            tag->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
            tag->position->setCoords(keys[i], 0);
            tag->setPositionAlignment(Qt::AlignHCenter | Qt::AlignTop);
            tag->setPadding(QMargins(0, 4, 0, 0));
            tag->setText(tr("this plan"));
            tag->setFont(chartFont(0.9));
            tag->setColor(mutedColor());
        }
        const double total = bar.memory.perGpuBytes;
        if (total <= 0)
            continue;
        auto *label = new QCPItemText(p);
        label->position->setCoords(keys[i], gib(total));
        label->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        label->setPadding(QMargins(0, 0, 0, 4));
        label->setClipToAxisRect(false);
        m_valueLabels[static_cast<std::size_t>(i)] = label;
        const MemoryVerdict verdict = gpuMemoryVerdict(bar.memory);
        if (verdict != MemoryVerdict::DoesNotFit) {
            label->setColor(verdict == MemoryVerdict::Borderline ? warning : textColor());
        } else {
            label->setColor(error);
            auto *outline = new QCPItemRect(p);
            outline->topLeft->setCoords(keys[i] - kBarWidth / 2, gib(total));
            outline->bottomRight->setCoords(keys[i] + kBarWidth / 2, 0);
            outline->setPen(QPen(error, 2.5));
            outline->setBrush(Qt::NoBrush);
            m_outlines[static_cast<std::size_t>(i)] = outline;
        }
    }
    fitValueLabels();
    m_defaultTop = top > 0 ? top * 1.3 : 1.0;
    setOverlayText(n > 0 && !anyResult ? tr("No memory estimate for this plan yet.") : QString());
    p->legend->setVisible(n > 0 && legendVisible());
    fitLegendToWidth();
    resetView();
    replot();
}

void MemoryChart::resizeEvent(QResizeEvent *event)
{
    ChartWidget::resizeEvent(event);
    fitLegendToWidth();
    updateNote();
    const bool ticksChanged = updateTicks();
    if (fitValueLabels() || ticksChanged)
        replot();
}

bool MemoryChart::isShort() const
{
    // In pixels at the normal font: with presentation fonts (1.5x to 2.25x) each line takes more of them.
    return height() < kNoteMinChartHeight * std::max(1.0, fontScaleOf(font()));
}

// One tick per bar: the GPU's name in lines as wide as a bar, then the limit. Returns whether the
// ticks changed.
bool MemoryChart::updateTicks()
{
    const bool compact = isShort();
    const int n = static_cast<int>(m_bars.size());
    const QFont tickFont = chartFont(compact ? 0.8 : 0.95);
    if (plot()->xAxis->tickLabelFont() != tickFont)
        plot()->xAxis->setTickLabelFont(tickFont);
    // Each name keeps to its bar's share of the plot (about 85% of the chart's width).
    const double fitPixels = 0.92 * barPixels();
    QStringList labels;
    for (const MemoryBar &bar : m_bars)
        labels << memoryTickLabel(bar.gpuName, bar.memory, tickFont, fitPixels, compact);
    const QString axisLabel = compact ? tr("GiB per GPU") : tr("Memory per GPU (GiB)");
    if (plot()->yAxis->label() != axisLabel)
        plot()->yAxis->setLabel(axisLabel);
    if (labels == m_tickLabels)
        return false;
    m_tickLabels = labels;
    auto ticker = qSharedPointerCast<QCPAxisTickerText>(plot()->xAxis->ticker());
    ticker->clear();
    for (int i = 0; i < n; ++i)
        ticker->addTick(i + 1, labels[i]);
    return true;
}

// Each bar's share of the plot (about 85% of the chart's width), in pixels.
double MemoryChart::barPixels() const
{
    return m_bars.empty() ? 0 : 0.85 * width() / static_cast<double>(m_bars.size());
}

// The estimate and verdict above each bar in the longest form that fits its bar. Returns whether a
// label changed.
bool MemoryChart::fitValueLabels()
{
    const double fitPixels = 0.92 * barPixels();
    bool changed = false;
    for (std::size_t i = 0; i < m_valueLabels.size(); ++i) {
        QCPItemText *label = m_valueLabels[i];
        if (!label)
            continue;
        const MemoryVerdict verdict = gpuMemoryVerdict(m_bars[i].memory);
        const bool bold = verdict != MemoryVerdict::Fits;
        const ValueLabel fitted = memoryValueLabel(m_bars[i].memory, chartFont(0.95, bold), chartFont(0.8, bold), fitPixels);
        const QFont font = chartFont(fitted.small ? 0.8 : 0.95, bold);
        if (label->text() == fitted.text && label->font() == font)
            continue;
        label->setText(fitted.text);
        label->setFont(font);
        changed = true;
    }
    return changed;
}

// The note in lines that fit the chart's width; none on a short chart.
void MemoryChart::updateNote()
{
    QString text;
    if (!isShort() && !m_limitNote.isEmpty()) {
        const int chars = std::max(40, width() / std::max(QFontMetrics(chartFont(0.85)).averageCharWidth(), 1) - 4);
        text = wrapName(m_limitNote, chars);
    }
    if (text != m_note->text()) {
        m_note->setText(text);
        m_note->setVisible(!text.isEmpty());
        // A hidden layout element keeps its row (and an empty text element a line's height): the
        // note leaves the layout while it is away and comes back under the legend.
        QCPLayoutGrid *layout = plot()->plotLayout();
        const bool placed = m_note->layout() != nullptr;
        if (text.isEmpty() && placed) {
            layout->take(m_note);
            layout->simplify();
        } else if (!text.isEmpty() && !placed) {
            int row = 0;
            while (row < layout->rowCount() && layout->element(row, 0) != plot()->legend)
                ++row;
            layout->insertRow(row + 1);
            layout->addElement(row + 1, 0, m_note);
            layout->setRowStretchFactor(row + 1, 0.001);
        }
    }
}

// As many legend columns as fit across the chart (2 to 6), filled row by row.
void MemoryChart::fitLegendToWidth()
{
    QCPLegend *legend = plot()->legend;
    const QFont font = chartFont(isShort() ? 0.8 : 0.95);
    if (legend->font() != font)
        legend->setFont(font);
    // The widest entry shown sets the column width (icon, padding and margins: about 48 px).
    int widest = 0;
    const QFontMetrics metrics(font);
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(legend->item(i)))
            widest = std::max(widest, metrics.horizontalAdvance(item->plottable()->name()));
    if (widest == 0)
        widest = metrics.horizontalAdvance(tr("Communication buffers"));
    // A short chart also draws smaller legend icons, so that one more column fits.
    legend->setIconSize(isShort() ? QSize(18, 10) : QSize(32, 18));
    const int itemWidth = widest + legend->iconSize().width() + legend->iconTextPadding() + 18;
    const int columns = std::clamp(width() / std::max(itemWidth, 1), 2, 6);
    if (legend->wrap() != columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    }
}

void MemoryChart::resetView()
{
    plot()->xAxis->setRange(0.4, std::max<double>(1.0, static_cast<double>(m_bars.size())) + 0.6);
    plot()->yAxis->setRange(0, m_defaultTop);
}

int MemoryChart::barAt(double key) const
{
    const int index = static_cast<int>(std::lround(key)) - 1;
    if (index < 0 || index >= static_cast<int>(m_bars.size()) || std::fabs(key - (index + 1)) > 0.5)
        return -1;
    return index;
}

QString MemoryChart::hoverText(const QPointF &pixel) const
{
    const int i = barAt(plot()->xAxis->pixelToCoord(pixel.x()));
    if (i < 0)
        return {};
    const MemoryBar &bar = m_bars[static_cast<std::size_t>(i)];
    const double value = plot()->yAxis->pixelToCoord(pixel.y());
    const double capacity = bar.memory.capacityBytes;
    QString lines = QStringLiteral("<b>%1</b>").arg(bar.gpuName.toHtmlEscaped());
    double base = 0;
    const double halfWidth = kBarWidth / 2;
    const double key = plot()->xAxis->pixelToCoord(pixel.x());
    if (std::fabs(key - (i + 1)) <= halfWidth) {
        for (int c = 0; c < kMemoryComponentCount; ++c) {
            const double bytes = memoryComponentBytes(bar.memory.breakdown, static_cast<MemoryComponent>(c));
            if (bytes > 0 && value >= gib(base) && value < gib(base + bytes)) {
                lines += QStringLiteral("<br>%1: %2 (%3 GB, %4 of capacity)")
                             .arg(memoryComponentName(static_cast<MemoryComponent>(c)), gibText(bytes, 2),
                                  fixedText(bytes / 1e9, 2), percentText(capacity > 0 ? bytes / capacity : 0.0));
            }
            base += bytes;
        }
    }
    if (bar.memory.perGpuBytes > 0) {
        lines += QStringLiteral("<br>Total: %1 of %2 (%3) — %4")
                     .arg(gibText(bar.memory.perGpuBytes, 2), gibText(capacity, 2),
                          percentText(capacity > 0 ? bar.memory.perGpuBytes / capacity : 0.0), memoryVerdictName(bar.memory));
        const QString band = memoryBandText(bar.memory);
        lines += QStringLiteral("<br>") + tr("Limit: %1").arg(memoryLimitText(bar.memory).toHtmlEscaped());
        if (!band.isEmpty())
            lines += QStringLiteral("<br>") + band.toHtmlEscaped();
    } else {
        lines += QStringLiteral("<br>") + tr("Capacity: %1; no memory estimate yet").arg(gibText(capacity, 2));
    }
    return lines;
}

QVector<double> MemoryChart::barValues(MemoryComponent component) const
{
    return gpuplan::ui::barValues(m_stack[static_cast<std::size_t>(component)]);
}

QVector<double> MemoryChart::barTotals() const
{
    return stackTotals(m_stack, static_cast<int>(m_bars.size()));
}

QVector<double> MemoryChart::capacityLine() const
{
    QVector<double> out;
    const auto data = m_capacity->data();
    int index = 0;
    for (auto it = data->constBegin(); it != data->constEnd(); ++it, ++index) {
        if (index % 3 == 0)
            out << it->value;
    }
    return out;
}

QStringList MemoryChart::barLabels() const
{
    return textTickLabels(plot()->xAxis);
}

QStringList MemoryChart::valueLabels() const
{
    QStringList texts;
    for (const QCPItemText *label : m_valueLabels)
        texts << (label ? label->text() : QString());
    return texts;
}

QFont MemoryChart::valueLabelFont(int bar) const
{
    if (bar < 0 || bar >= static_cast<int>(m_valueLabels.size()) || !m_valueLabels[static_cast<std::size_t>(bar)])
        return {};
    return m_valueLabels[static_cast<std::size_t>(bar)]->font();
}

QPair<double, double> MemoryChart::verdictBand(int bar) const
{
    if (bar < 0 || bar >= static_cast<int>(m_bands.size()))
        return {0.0, 0.0};
    return m_bands[static_cast<std::size_t>(bar)];
}

QString MemoryChart::verdictLabel(int bar) const
{
    if (bar < 0 || bar >= static_cast<int>(m_bars.size()) || m_bars[static_cast<std::size_t>(bar)].memory.perGpuBytes <= 0)
        return {};
    return memoryVerdictName(m_bars[static_cast<std::size_t>(bar)].memory);
}

QString MemoryChart::limitNote() const
{
    return m_limitNote;
}

QBrush MemoryChart::bandBrush() const
{
    QColor fill = warningColor(palette());
    fill.setAlphaF(0.22f);
    return fill;
}

bool MemoryChart::isMarkedNotFitting(int bar) const
{
    return bar >= 0 && bar < static_cast<int>(m_outlines.size()) && m_outlines[static_cast<std::size_t>(bar)];
}

QColor MemoryChart::markColor(int bar) const
{
    return isMarkedNotFitting(bar) ? m_outlines[static_cast<std::size_t>(bar)]->pen().color() : QColor();
}

} // namespace gpuplan::ui

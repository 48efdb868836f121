// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/ChartWidget.h"

#include "charts/LabelPlacement.h"

#include "Settings.h"
#include "document/PlanFileWriter.h"

#include <qcustomplot.h>

#include <QApplication>
#include <algorithm>
#include <QBuffer>
#include <QClipboard>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QToolTip>

#ifdef GPUPLAN_HAVE_SVG
#include <QSvgGenerator>
#endif

namespace gpuplan::ui {

ChartWidget::ChartWidget(QWidget *parent)
    : ResultTab(parent), m_plot(new QCustomPlot(this)), m_overlay(new QLabel(this))
{
    auto *layout = new QGridLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot, 0, 0);
    layout->addWidget(m_overlay, 0, 0, Qt::AlignCenter);   // same cell: drawn over the plot
    m_overlay->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_overlay->setAlignment(Qt::AlignCenter);
    m_overlay->setWordWrap(true);
    m_overlay->setMaximumWidth(560);
    m_overlay->hide();

    // QCustomPlot's own minimum size hint is its layout's, which would let a wide legend or long
    // tick labels set the window's minimum width; charts adapt to their width instead.
    m_plot->setMinimumSize(240, 180);
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal | Qt::Vertical);
    m_plot->setMouseTracking(true);
    m_plot->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_plot, &QCustomPlot::mouseMove, this, &ChartWidget::onMouseMove);
    connect(m_plot, &QCustomPlot::afterLayout, this, &ChartWidget::fitAxisTitles);
    connect(m_plot, &QWidget::customContextMenuRequested, this, [this](const QPoint &pos) {
        QMenu *menu = createContextMenu(this);
        menu->setAttribute(Qt::WA_DeleteOnClose);
        menu->popup(m_plot->mapToGlobal(pos));
    });
    applyBaseStyle();
}

ChartWidget::~ChartWidget() = default;

void ChartWidget::onPlotClicked(std::function<void(const QPointF &pixel)> onClick)
{
    // A release further than this from its press was a drag (pan), not a click.
    constexpr int kClickSlopPixels = 5;
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent *event) { m_pressPixel = event->position(); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this, onClick = std::move(onClick)](QMouseEvent *event) {
        const bool dragged = (event->position() - m_pressPixel).manhattanLength() > kClickSlopPixels;
        if (event->button() == Qt::LeftButton && !dragged)
            onClick(event->position());
    });
}

QMenu *ChartWidget::createContextMenu(QWidget *parent)
{
    auto *menu = new QMenu(parent);
    menu->addAction(tr("Copy image"), this, [this] { QApplication::clipboard()->setImage(renderImage()); });
    menu->addAction(tr("Export PNG…"), this, [this] { exportWithDialog(false); });
    if (svgExportAvailable())
        menu->addAction(tr("Export SVG…"), this, [this] { exportWithDialog(true); });
    menu->addSeparator();
    menu->addAction(tr("Reset view"), this, [this] {
        resetView();
        replot();
    });
    return menu;
}

QSize ChartWidget::exportSize(const QSize &size) const
{
    if (size.isValid() && !size.isEmpty())
        return size;
    return m_plot->size().isEmpty() ? QSize(960, 600) : m_plot->size();
}

QImage ChartWidget::renderImage(const QSize &size) const
{
    const QSize s = exportSize(size);
    return m_plot->toPixmap(s.width(), s.height()).toImage();
}

bool ChartWidget::exportPng(const QString &path, const QSize &size) const
{
    const QSize s = exportSize(size);
    // Twice the pixels so the image stays sharp on slides and printed pages. Encoded in memory and
    // written by the one atomic writer: a failed export leaves the old file.
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    if (!m_plot->toPixmap(s.width(), s.height(), 2.0).save(&buffer, "PNG"))
        return false;
    QString error;
    return writeFileAtomically(path, buffer.data().toStdString(), error);
}

bool ChartWidget::svgExportAvailable()
{
#ifdef GPUPLAN_HAVE_SVG
    return true;
#else
    return false;
#endif
}

bool ChartWidget::exportSvg(const QString &path, const QSize &size) const
{
#ifdef GPUPLAN_HAVE_SVG
    const QSize s = exportSize(size);
    QBuffer buffer;
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(s);
    generator.setViewBox(QRect(QPoint(0, 0), s));
    generator.setTitle(const_cast<ChartWidget *>(this)->title());
    QCPPainter painter;
    if (!painter.begin(&generator))
        return false;
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    m_plot->toPainter(&painter, s.width(), s.height());
    if (!painter.end())
        return false;
    QString error;
    return writeFileAtomically(path, buffer.data().toStdString(), error);
#else
    Q_UNUSED(path);
    Q_UNUSED(size);
    return false;
#endif
}

void ChartWidget::exportWithDialog(bool svg)
{
    const QString filter = svg ? tr("SVG image (*.svg)") : tr("PNG image (*.png)");
    const QString suffix = svg ? QStringLiteral(".svg") : QStringLiteral(".png");
    QString path = QFileDialog::getSaveFileName(this, svg ? tr("Export SVG") : tr("Export PNG"),
                                                title().toLower().replace(QLatin1Char(' '), QLatin1Char('-')) + suffix,
                                                filter);
    if (path.isEmpty())
        return;
    if (!path.endsWith(suffix, Qt::CaseInsensitive))
        path += suffix;
    if (!(svg ? exportSvg(path) : exportPng(path)))
        QMessageBox::warning(this, tr("Export failed"), tr("Could not write %1.").arg(path));
}

void ChartWidget::applySettings(const Settings &settings)
{
    setLegendVisible(settings.chartLegendVisible());
}

void ChartWidget::setLegendVisible(bool visible)
{
    m_legendVisible = visible;
    updateLegendVisibility();
    replot();
}

void ChartWidget::updateLegendVisibility()
{
    m_plot->legend->setVisible(m_legendVisible);
}

QString ChartWidget::overlayText() const
{
    return m_overlay->isVisibleTo(this) ? m_overlay->text() : QString();
}

QStringList ChartWidget::legendEntries() const
{
    QStringList names;
    for (int i = 0; i < m_plot->legend->elementCount(); ++i) {
        if (auto *item = qobject_cast<QCPPlottableLegendItem *>(m_plot->legend->elementAt(i)))
            names << item->plottable()->name();
    }
    return names;
}

void ChartWidget::setTitle(const QString &title)
{
    if (!m_title) {
        m_plot->plotLayout()->insertRow(0);
        m_title = new QCPTextElement(m_plot, title);
        m_plot->plotLayout()->addElement(0, 0, m_title);
        applyBaseStyle();
    }
    m_fullTitle = title;
    wrapTitle();
}


// A centred title wider than the chart loses both ends, and projectors show charts narrow at
// large fonts: break it at spaces into lines that fit ("\n" in the title forces a break).
void ChartWidget::wrapTitle()
{
    if (!m_title)
        return;
    const QFontMetrics metrics(m_title->font());
    const QString shown = wrapToWidth(m_fullTitle, metrics, std::max(1, width() - 2 * metrics.averageCharWidth()));
    if (shown != m_title->text()) {
        m_title->setText(shown);
        replot();
    }
}

// An axis title is drawn centred on its axis: longer than the axis ("Cumulative cost (USD)" up a
// short axis on a projector) it loses both ends. After each layout, when the axes' lengths are
// known, the titles the charts set are broken into lines that fit, and the plot is laid out again
// with the new margins. A title the chart sets anew is taken as the new full title.
void ChartWidget::fitAxisTitles()
{
    // A chart that is not shown has no lengths yet (its layout is a placeholder's): titles stay
    // whole until it is.
    bool changed = false;
    for (QCPAxisRect *rect : m_plot->isVisible() ? m_plot->axisRects() : QList<QCPAxisRect *>()) {
        for (QCPAxis *axis : rect->axes()) {
            AxisTitle &title = m_axisTitles[axis];
            if (axis->label() != title.shown)
                title.full = axis->label();
            if (axis->labelFont() != title.shownFont)
                title.font = axis->labelFont();
            const int length = axis->orientation() == Qt::Vertical ? rect->height() : rect->width();
            if (title.full.isEmpty() || length <= 0) {
                title.shown = axis->label();
                title.shownFont = axis->labelFont();
                continue;
            }
            changed = fitAxisTitle(*axis, title.full, title.font, length) || changed;
            title.shown = axis->label();
            title.shownFont = axis->labelFont();
        }
    }
    if (fitLegendColumns())
        changed = true;
    if (changed)
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    fitToLayout();
    placeValueLabels(*m_plot);
}

// A legend under the title wraps into the columns its chart asked for, or as many as its widest
// entry allows at the chart's width (one at the least).
bool ChartWidget::fitLegendColumns()
{
    QCPLegend *legend = m_plot->legend;
    if (m_legendColumns <= 0 || !legend->visible() || legend->itemCount() == 0)
        return false;
    // A legend above a short chart takes rows from the plot: beside a lesson on a projector the
    // serving chart's six entries in one column left it 38 px. Smaller text and icons there let
    // more entries share a row.
    if (m_legendShrinks) {
        const bool compact = isShortChart();
        const QFont font = chartFont(compact ? kShortLegendScale : 0.95);
        const QSize icon = compact ? QSize(18, 10) : QSize(32, 18);
        if (legend->font() != font || legend->iconSize() != icon) {
            legend->setFont(font);
            legend->setIconSize(icon);
            return true;   // laid out again with the new sizes, then the columns are fitted
        }
    }
    int widest = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        QCPAbstractLegendItem *item = legend->item(i);
        if (!item)
            continue;
        widest = std::max(widest, item->minimumOuterSizeHint().width());
    }
    const int room = m_plot->viewport().width() - legend->margins().left() - legend->margins().right();
    const int fit = std::clamp(room / std::max(widest + legend->columnSpacing(), 1), 1, m_legendColumns);
    // The widest entry alone sets the count, so a legend that was narrowed for a large font widens
    // again when the font gets smaller.
    if (fit == legend->wrap())
        return false;
    legend->setWrap(fit);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    return true;
}

double ChartWidget::labelKey(const QCPItemText &label)
{
    return valueLabelKey(label);
}

QString ChartWidget::shownTitle() const
{
    return m_title ? m_title->text() : QString();
}

int ChartWidget::shownTitleWidth() const
{
    if (!m_title)
        return 0;
    const QFontMetrics metrics(m_title->font());
    int widest = 0;
    for (const QString &line : m_title->text().split(QLatin1Char('\n')))
        widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

void ChartWidget::resizeEvent(QResizeEvent *event)
{
    ResultTab::resizeEvent(event);
    wrapTitle();
}

bool ChartWidget::isShortChart() const
{
    return height() < kShortChartLines * QFontMetrics(chartFont()).lineSpacing();
}

void ChartWidget::placeLegendUnderTitle(int columns, bool shrinkWhenShort)
{
    m_legendShrinks = shrinkWhenShort;
    QCustomPlot *p = m_plot;
    p->axisRect()->insetLayout()->take(p->legend);
    const int row = m_title ? 1 : 0;
    p->plotLayout()->insertRow(row);
    p->plotLayout()->addElement(row, 0, p->legend);
    p->plotLayout()->setRowStretchFactor(row, 0.001);   // as tall as its entries, the plot takes the rest
    p->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    p->legend->setWrap(columns);
    m_legendColumns = columns;
    p->legend->setMargins(QMargins(8, 2, 8, 2));
}

void ChartWidget::setOverlayText(const QString &text)
{
    m_overlay->setText(text);
    m_overlay->setVisible(!text.isEmpty());
}

QFont ChartWidget::chartFont(double scale, bool bold) const
{
    QFont f = font();
    f.setPointSizeF(f.pointSizeF() * scale);
    f.setBold(bold);
    return f;
}

QColor ChartWidget::textColor() const
{
    return palette().color(QPalette::WindowText);
}

QColor ChartWidget::mutedColor() const
{
    QColor c = textColor();
    c.setAlphaF(0.65f);
    return c;
}

QColor ChartWidget::gridColor() const
{
    QColor c = textColor();
    c.setAlphaF(0.15f);
    return c;
}

QColor ChartWidget::backgroundColor() const
{
    return palette().color(QPalette::Base);
}

void ChartWidget::replot()
{
    m_plot->replot(QCustomPlot::rpQueuedRefresh);
}

void ChartWidget::applyBaseStyle()
{
    const QColor text = textColor();
    m_plot->setBackground(backgroundColor());
    m_plot->axisRect()->setBackground(backgroundColor());
    for (QCPAxis *axis : m_plot->axisRect()->axes()) {
        axis->setBasePen(QPen(mutedColor(), 1));
        axis->setTickPen(QPen(mutedColor(), 1));
        axis->setSubTickPen(QPen(mutedColor(), 1));
        axis->setTickLabelColor(text);
        axis->setLabelColor(text);
        axis->setTickLabelFont(chartFont(0.95));
        axis->setLabelFont(chartFont(1.0));
        axis->grid()->setPen(QPen(gridColor(), 1, Qt::SolidLine));
        axis->grid()->setZeroLinePen(QPen(mutedColor(), 1));
    }
    m_plot->legend->setBrush(backgroundColor());
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setTextColor(text);
    m_plot->legend->setFont(chartFont(0.95));
    m_plot->legend->setVisible(m_legendVisible);
    if (m_title) {
        m_title->setFont(chartFont(1.15, true));
        m_title->setTextColor(text);
    }
    QFont overlayFont = chartFont(1.1);
    m_overlay->setFont(overlayFont);
    m_overlay->setStyleSheet(QStringLiteral("color: %1;").arg(mutedColor().name(QColor::HexArgb)));
}

void ChartWidget::changeEvent(QEvent *event)
{
    ResultTab::changeEvent(event);
    const auto type = event->type();
    if (type == QEvent::PaletteChange || type == QEvent::FontChange || type == QEvent::StyleChange) {
        applyBaseStyle();
        wrapTitle();
        restyle();
        replot();
    }
}

void ChartWidget::onMouseMove(QMouseEvent *event)
{
    const QString text = hoverText(event->position());
    if (text.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), text, m_plot);
}

} // namespace gpuplan::ui

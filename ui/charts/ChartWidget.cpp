// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/ChartWidget.h"

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

namespace {

// Text broken at spaces into lines no wider than `room` ("\n" forces a break); a word wider than
// the room is elided.
QString wrapToWidth(const QString &text, const QFontMetrics &metrics, int room)
{
    QStringList lines;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString &word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > room) {
                lines << line;
                line = word;
            } else {
                line = longer;
            }
        }
        lines << metrics.elidedText(line, Qt::ElideRight, room);
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

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
            const int length = axis->orientation() == Qt::Vertical ? rect->height() : rect->width();
            if (title.full.isEmpty() || length <= 0) {
                title.shown = axis->label();
                continue;
            }
            const QString shown = wrapToWidth(title.full, QFontMetrics(axis->labelFont()), length);
            title.shown = shown;
            if (shown != axis->label()) {
                axis->setLabel(shown);
                changed = true;
            }
        }
    }
    if (fitLegendColumns())
        changed = true;
    if (changed)
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    fitToLayout();
    keepLabelsInside();
}

// A legend under the title wraps into the columns its chart asked for; where an entry would be
// cut at the chart's width, it takes fewer columns (one at the least).
bool ChartWidget::fitLegendColumns()
{
    QCPLegend *legend = m_plot->legend;
    if (m_legendColumns <= 0 || !legend->visible() || legend->itemCount() == 0)
        return false;
    bool cut = false;
    int widest = 0;
    for (int i = 0; i < legend->itemCount(); ++i) {
        QCPAbstractLegendItem *item = legend->item(i);
        if (!item)
            continue;
        widest = std::max(widest, item->minimumOuterSizeHint().width());
        cut = cut || item->minimumOuterSizeHint().width() > item->outerRect().width() + 1;
    }
    const int room = m_plot->viewport().width() - legend->margins().left() - legend->margins().right();
    const int fit = std::clamp(room / std::max(widest + legend->columnSpacing(), 1), 1, m_legendColumns);
    if (!cut && fit >= legend->wrap())
        return false;
    if (fit == legend->wrap())
        return false;
    legend->setWrap(fit);
    legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
    return true;
}

namespace {
const char *const kKeyProperty = "gpuplanLabelKey";
} // namespace

double ChartWidget::labelKey(const QCPItemText &label)
{
    const QVariant key = label.property(kKeyProperty);
    return key.isValid() ? key.toDouble() : label.position->key();
}

// A value label is placed at its data point; near the axis rect's edge (or the chart's, for a
// label that is not clipped) its text would be cut. It moves inside by as many pixels as it
// sticks out, for this layout only: the data coordinates it was given are kept on the item and
// taken again at the next layout, so panning and zooming still carry it with its point.
void ChartWidget::keepLabelsInside()
{
    static const char *const kValueProperty = "gpuplanLabelValue";
    static const char *const kTypeXProperty = "gpuplanLabelTypeX";
    static const char *const kTypeYProperty = "gpuplanLabelTypeY";
    for (int i = 0; i < m_plot->itemCount(); ++i) {
        auto *text = qobject_cast<QCPItemText *>(m_plot->item(i));
        if (!text || !text->visible() || text->text().isEmpty() || text->rotation() != 0)
            continue;
        QCPItemPosition *position = text->position;
        if (!text->property(kKeyProperty).isValid()) {
            if (position->typeX() == QCPItemPosition::ptAbsolute || position->typeY() == QCPItemPosition::ptAbsolute)
                continue;   // placed in pixels by its chart
            text->setProperty(kKeyProperty, position->key());
            text->setProperty(kValueProperty, position->value());
            text->setProperty(kTypeXProperty, static_cast<int>(position->typeX()));
            text->setProperty(kTypeYProperty, static_cast<int>(position->typeY()));
        }
        position->setTypeX(static_cast<QCPItemPosition::PositionType>(text->property(kTypeXProperty).toInt()));
        position->setTypeY(static_cast<QCPItemPosition::PositionType>(text->property(kTypeYProperty).toInt()));
        position->setCoords(text->property(kKeyProperty).toDouble(), text->property(kValueProperty).toDouble());
        const QRectF room = text->clipToAxisRect() && text->clipAxisRect() ? QRectF(text->clipAxisRect()->rect())
                                                                            : QRectF(m_plot->viewport());
        const QFontMetrics metrics(text->font());
        const QRect box = metrics.boundingRect(0, 0, 0, 0, Qt::TextDontClip | text->textAlignment(), text->text());
        const QMargins pad = text->padding();
        const double w = box.width() + pad.left() + pad.right();
        const double h = box.height() + pad.top() + pad.bottom();
        const QPointF at = position->pixelPosition();
        const Qt::Alignment a = text->positionAlignment();
        const double left = at.x() - (a.testFlag(Qt::AlignHCenter) ? w / 2 : a.testFlag(Qt::AlignRight) ? w : 0);
        const double top = at.y() - (a.testFlag(Qt::AlignVCenter) ? h / 2 : a.testFlag(Qt::AlignBottom) ? h : 0);
        double dx = 0, dy = 0;
        if (w <= room.width())
            dx = left < room.left() ? room.left() - left : std::min(0.0, room.right() - (left + w));
        if (h <= room.height())
            dy = top < room.top() ? room.top() - top : std::min(0.0, room.bottom() - (top + h));
        if (dx == 0 && dy == 0)
            continue;
        position->setType(QCPItemPosition::ptAbsolute);
        position->setCoords(at.x() + dx, at.y() + dy);
    }
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

void ChartWidget::placeLegendUnderTitle(int columns)
{
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

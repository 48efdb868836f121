// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/LabelPlacement.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <vector>

namespace gpuplan::ui {

namespace {

// What the chart gave a label, kept on the item between layouts, and what the last layout showed.
const char *const kKeyProperty = "gpuplanLabelKey";
const char *const kValueProperty = "gpuplanLabelValue";
const char *const kTypeXProperty = "gpuplanLabelTypeX";
const char *const kTypeYProperty = "gpuplanLabelTypeY";
const char *const kTextProperty = "gpuplanLabelText";
const char *const kFontProperty = "gpuplanLabelFont";
const char *const kShownTextProperty = "gpuplanLabelShownText";
const char *const kShownFontProperty = "gpuplanLabelShownFont";
const char *const kKeepClearProperty = "gpuplanKeepLabelsClear";

constexpr double kFontStep = 0.9;   // each smaller font tried, against the one before

QFont scaled(const QFont &font, double scale)
{
    QFont f = font;
    if (f.pointSizeF() > 0)
        f.setPointSizeF(f.pointSizeF() * scale);
    else
        f.setPixelSize(std::max(1, static_cast<int>(f.pixelSize() * scale)));
    return f;
}

int widestLine(const QString &text, const QFontMetrics &metrics)
{
    int widest = 0;
    for (const QString &line : text.split(QLatin1Char('\n')))
        widest = std::max(widest, metrics.horizontalAdvance(line));
    return widest;
}

// The label's text and font as its chart set them. A text or font other than the one the last
// layout showed was set by the chart since: it is the new original.
void takeOriginal(QCPItemText &label, QString &text, QFont &font)
{
    if (label.property(kShownTextProperty).toString() != label.text() || !label.property(kTextProperty).isValid())
        label.setProperty(kTextProperty, label.text());
    if (label.property(kShownFontProperty).value<QFont>() != label.font() || !label.property(kFontProperty).isValid())
        label.setProperty(kFontProperty, label.font());
    text = label.property(kTextProperty).toString();
    font = label.property(kFontProperty).value<QFont>();
}

// The longest form of the label that fits `room`: its own text and font, else broken at spaces to
// the room's width, else in smaller fonts.
void fitLabelText(QCPItemText &label, const QRectF &room)
{
    QString text;
    QFont font;
    takeOriginal(label, text, font);
    const QMargins pad = label.padding();
    const int roomWidth = static_cast<int>(room.width()) - pad.left() - pad.right();
    const int roomHeight = static_cast<int>(room.height()) - pad.top() - pad.bottom();
    QString shown = text;
    QFont shownFont = font;
    for (double scale = 1.0; roomWidth > 0 && roomHeight > 0; scale *= kFontStep) {
        const bool last = scale * kFontStep < kSmallestTextScale;
        shownFont = scaled(font, scale);
        const QFontMetrics metrics(shownFont);
        shown = widestLine(text, metrics) > roomWidth ? wrapToWidth(text, metrics, roomWidth) : text;
        const QRect box = metrics.boundingRect(0, 0, 0, 0, Qt::TextDontClip | label.textAlignment(), shown);
        const bool elided = shown.contains(QChar(0x2026)) && !text.contains(QChar(0x2026));
        if ((box.width() <= roomWidth && box.height() <= roomHeight && !elided) || last)
            break;
    }
    if (shown != label.text())
        label.setText(shown);
    if (shownFont != label.font())
        label.setFont(shownFont);
    label.setProperty(kShownTextProperty, label.text());
    label.setProperty(kShownFontProperty, label.font());
}

// The area that clips the label: its axis rect, or the whole chart for a label drawn unclipped.
QRectF roomOf(const QCPItemText &label, const QCustomPlot &plot)
{
    return label.clipToAxisRect() && label.clipAxisRect() ? QRectF(label.clipAxisRect()->rect()) : QRectF(plot.viewport());
}

// How far `box` moves to lie inside `room` (none along a side it is longer than).
QPointF shiftInside(const QRectF &box, const QRectF &room)
{
    double dx = 0, dy = 0;
    if (box.width() <= room.width())
        dx = box.left() < room.left() ? room.left() - box.left() : std::min(0.0, room.right() - box.right());
    if (box.height() <= room.height())
        dy = box.top() < room.top() ? room.top() - box.top() : std::min(0.0, room.bottom() - box.bottom());
    return {dx, dy};
}

// Moves the label, whose box would be `box` after `inward`, to a place inside `room` that covers
// none of the `placed` labels. Returns false (the label moved by `inward` only) where there is none.
bool placeClear(QCPItemText &label, const QRectF &box, const QRectF &room, const std::vector<QRectF> &placed,
                const QPointF &inward)
{
    auto covers = [&](const QRectF &r) {
        return std::any_of(placed.begin(), placed.end(), [&](const QRectF &other) { return other.intersects(r); });
    };
    const QPointF at = label.position->pixelPosition();
    auto moveTo = [&](const QPointF &by) {
        label.position->setType(QCPItemPosition::ptAbsolute);
        label.position->setCoords(at.x() + by.x(), at.y() + by.y());
    };
    if (!covers(box)) {
        if (!inward.isNull())
            moveTo(inward);
        return true;
    }
    // Up or down first (a label stays over its point's key), then sideways.
    std::vector<QPointF> vertical, sideways;
    for (const QRectF &o : placed) {
        vertical.emplace_back(0, o.bottom() - box.top());
        vertical.emplace_back(0, o.top() - box.bottom());
        sideways.emplace_back(o.right() - box.left(), 0);
        sideways.emplace_back(o.left() - box.right(), 0);
    }
    // The shorter way first, but a way that puts the labelled point under the label after one that
    // does not: a memory bar's value pushed down off its limit line would cover the bar's top.
    auto coversAnchor = [&](const QPointF &by) { return box.translated(by).adjusted(0.5, 0.5, -0.5, -0.5).contains(at); };
    std::sort(vertical.begin(), vertical.end(), [&](const QPointF &a, const QPointF &b) {
        const bool ca = coversAnchor(a), cb = coversAnchor(b);
        return ca != cb ? cb : std::abs(a.y()) < std::abs(b.y());
    });
    std::sort(sideways.begin(), sideways.end(), [](const QPointF &a, const QPointF &b) { return std::abs(a.x()) < std::abs(b.x()); });
    vertical.insert(vertical.end(), sideways.begin(), sideways.end());
    const QRectF inside = room.adjusted(-0.5, -0.5, 0.5, 0.5);
    for (const QPointF &by : vertical) {
        const QRectF moved = box.translated(by);
        if (inside.contains(moved) && !covers(moved)) {
            moveTo(inward + by);
            return true;
        }
    }
    if (!inward.isNull())
        moveTo(inward);
    return false;
}

} // namespace

QString wrapToWidth(const QString &text, const QFontMetrics &metrics, int room)
{
    QStringList lines;
    for (const QString &paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString &word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString longer = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && metrics.horizontalAdvance(longer) > room) {
                lines << metrics.elidedText(line, Qt::ElideRight, room);
                line = word;
            } else {
                line = longer;
            }
        }
        lines << metrics.elidedText(line, Qt::ElideRight, room);
    }
    return lines.join(QLatin1Char('\n'));
}

void keepLabelsClearOf(QCPGraph &line)
{
    line.setProperty(kKeepClearProperty, true);
}

bool labelsKeepClearOf(const QCPGraph &line)
{
    return line.property(kKeepClearProperty).toBool();
}

std::vector<QRectF> lineSegmentBoxes(const QCPGraph &line)
{
    std::vector<QRectF> boxes;
    if (!line.visible() || line.lineStyle() == QCPGraph::lsNone || line.pen().style() == Qt::NoPen)
        return boxes;
    const double half = std::max(line.pen().widthF(), 1.0) / 2.0;
    QPointF previous;
    bool havePrevious = false;
    for (auto it = line.data()->constBegin(); it != line.data()->constEnd(); ++it) {
        if (!std::isfinite(it->key) || !std::isfinite(it->value)) {
            havePrevious = false;
            continue;
        }
        const QPointF at(line.keyAxis()->coordToPixel(it->key), line.valueAxis()->coordToPixel(it->value));
        if (havePrevious)
            boxes.push_back(QRectF(previous, at).normalized().adjusted(-half, -half, half, half));
        previous = at;
        havePrevious = true;
    }
    return boxes;
}

double valueLabelKey(const QCPItemText &label)
{
    const QVariant key = label.property(kKeyProperty);
    return key.isValid() ? key.toDouble() : label.position->key();
}

QRectF itemTextBox(const QCPItemText &label)
{
    const QFontMetrics metrics(label.font());
    const QRect text = metrics.boundingRect(0, 0, 0, 0, Qt::TextDontClip | label.textAlignment(), label.text());
    const QMargins pad = label.padding();
    const double w = text.width() + pad.left() + pad.right();
    const double h = text.height() + pad.top() + pad.bottom();
    const QPointF at = label.position->pixelPosition();
    const Qt::Alignment a = label.positionAlignment();
    const double left = at.x() - (a.testFlag(Qt::AlignHCenter) ? w / 2 : a.testFlag(Qt::AlignRight) ? w : 0);
    const double top = at.y() - (a.testFlag(Qt::AlignVCenter) ? h / 2 : a.testFlag(Qt::AlignBottom) ? h : 0);
    return {left, top, w, h};
}

bool fitAxisTitle(QCPAxis &axis, const QString &full, const QFont &base, int length)
{
    QString shown = full;
    QFont font = base;
    for (double scale = 1.0;; scale *= kFontStep) {
        font = scaled(base, scale);
        const QFontMetrics metrics(font);
        shown = wrapToWidth(full, metrics, length);
        const bool elided = shown.contains(QChar(0x2026)) && !full.contains(QChar(0x2026));
        if (!elided || scale * kFontStep < kSmallestTextScale)
            break;
    }
    bool changed = false;
    if (axis.labelFont() != font) {
        axis.setLabelFont(font);
        changed = true;
    }
    if (axis.label() != shown) {
        axis.setLabel(shown);
        changed = true;
    }
    return changed;
}

void placeValueLabels(QCustomPlot &plot)
{
    // What a label must not cover: the labels placed before it, and the legend (inside the plot on
    // some charts).
    std::vector<QRectF> placed;
    if (plot.legend && plot.legend->visible() && plot.legend->itemCount() > 0)
        placed.push_back(plot.legend->outerRect());
    for (int i = 0; i < plot.graphCount(); ++i)
        if (labelsKeepClearOf(*plot.graph(i)))
            for (const QRectF &box : lineSegmentBoxes(*plot.graph(i)))
                placed.push_back(box);
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto *label = qobject_cast<QCPItemText *>(plot.item(i));
        if (!label || !label->visible() || label->text().isEmpty() || label->rotation() != 0)
            continue;
        QCPItemPosition *position = label->position;
        if (!label->property(kKeyProperty).isValid()) {
            if (position->typeX() == QCPItemPosition::ptAbsolute || position->typeY() == QCPItemPosition::ptAbsolute)
                continue;   // placed in pixels by its chart
            label->setProperty(kKeyProperty, position->key());
            label->setProperty(kValueProperty, position->value());
            label->setProperty(kTypeXProperty, static_cast<int>(position->typeX()));
            label->setProperty(kTypeYProperty, static_cast<int>(position->typeY()));
        }
        // Back at the point the chart gave it, in its own text and font, before this layout's fit.
        position->setTypeX(static_cast<QCPItemPosition::PositionType>(label->property(kTypeXProperty).toInt()));
        position->setTypeY(static_cast<QCPItemPosition::PositionType>(label->property(kTypeYProperty).toInt()));
        position->setCoords(label->property(kKeyProperty).toDouble(), label->property(kValueProperty).toDouble());
        const QRectF room = roomOf(*label, plot);
        fitLabelText(*label, room);
        // Clear of the labels placed before it: up or down, the shorter way that stays inside and
        // covers none of them, else sideways; where there is no such place, in a smaller font.
        const QFont fitted = label->font();
        const QFont original = label->property(kFontProperty).value<QFont>();
        for (double scale = 1.0;; scale *= kFontStep) {
            const QFont font = scaled(fitted, scale);
            const bool last = font.pointSizeF() * kFontStep < original.pointSizeF() * kSmallestTextScale;
            if (font != label->font())
                label->setFont(font);
            QRectF box = itemTextBox(*label);
            const QPointF inward = shiftInside(box, room);
            box.translate(inward);
            if (placeClear(*label, box, room, placed, inward) || last)
                break;
        }
        label->setProperty(kShownFontProperty, label->font());
        placed.push_back(itemTextBox(*label));
    }
}

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Text a chart draws that does not fit where it is drawn, found from the plot's geometry rather
// than by eye: an axis title longer than its axis (drawn centred, it loses both ends: "mulative")
// or elided to fit it, a value label outside the rectangle that clips it, elided, or over another
// label or over a line its chart keeps labels clear of (a memory limit), a legend that leaves the chart or an entry narrower than its text, and a plot squeezed
// to a strip by what is around it. Used by the projector tests (tst_lessonlayout) at both sizes.
#include "charts/LabelPlacement.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QLineF>
#include <QString>
#include <QStringList>

#include <cmath>

namespace gpuplan::testing {

// Where QCPItemText draws its box: QCPItemText::draw's text rectangle with its padding, placed by
// its position alignment (QCPItemText::getTextDrawPoint). Unrotated text only.
inline QRectF itemTextRect(const QCPItemText &item)
{
    const QFontMetrics metrics(item.font());
    const QRect text = metrics.boundingRect(0, 0, 0, 0, Qt::TextDontClip | item.textAlignment(), item.text());
    const QMargins pad = item.padding();
    const QRectF box(0, 0, text.width() + pad.left() + pad.right(), text.height() + pad.top() + pad.bottom());
    QPointF topLeft = item.position->pixelPosition();
    const Qt::Alignment a = item.positionAlignment();
    if (a.testFlag(Qt::AlignHCenter))
        topLeft.rx() -= box.width() / 2.0;
    else if (a.testFlag(Qt::AlignRight))
        topLeft.rx() -= box.width();
    if (a.testFlag(Qt::AlignVCenter))
        topLeft.ry() -= box.height() / 2.0;
    else if (a.testFlag(Qt::AlignBottom))
        topLeft.ry() -= box.height();
    return box.translated(topLeft);
}

inline QStringList chartTextProblems(QCustomPlot &plot)
{
    QStringList out;
    const QRectF view = plot.viewport();
    constexpr double kSlack = 1.0;   // font metrics against the painter's: a pixel of rounding
    for (QCPAxisRect *rect : plot.axisRects()) {
        for (QCPAxis *axis : rect->axes()) {
            if (!axis->visible() || axis->label().isEmpty())
                continue;
            const QFontMetrics metrics(axis->labelFont());
            const int length = axis->orientation() == Qt::Vertical ? rect->height() : rect->width();
            if (axis->label().contains(QChar(0x2026)))
                out << QStringLiteral("axis title \"%1\" is elided").arg(axis->label());
            for (const QString &line : axis->label().split(QLatin1Char('\n')))
                if (metrics.horizontalAdvance(line) > length + kSlack)
                    out << QStringLiteral("axis title \"%1\" is %2 px on a %3 px axis")
                               .arg(line).arg(metrics.horizontalAdvance(line)).arg(length);
        }
    }
    // The plot itself: a chart squeezed by its title, legend and axes to a strip draws its values
    // illegibly, though each text may fit. The main axis rect keeps three tick lines and a fifth of
    // the chart in each direction.
    if (QCPAxisRect *rect = plot.axisRect(); rect && plot.axisRectCount() > 0) {
        const int line = QFontMetrics(rect->axis(QCPAxis::atLeft)->tickLabelFont()).lineSpacing();
        if (rect->height() < 3 * line || rect->height() < view.height() / 5)
            out << QStringLiteral("the plot is %1 px high in a %2 px chart").arg(rect->height()).arg(view.height());
        if (rect->width() < view.width() / 5)
            out << QStringLiteral("the plot is %1 px wide in a %2 px chart").arg(rect->width()).arg(view.width());
    }
    if (plot.legend && plot.legend->visible() && plot.legend->itemCount() > 0) {
        const QRectF legend = plot.legend->outerRect();
        if (!view.adjusted(-kSlack, -kSlack, kSlack, kSlack).contains(legend))
            out << QStringLiteral("the legend (%1x%2 at %3,%4) leaves the chart")
                       .arg(legend.width()).arg(legend.height()).arg(legend.x()).arg(legend.y());
        for (int i = 0; i < plot.legend->itemCount(); ++i) {
            QCPAbstractLegendItem *item = plot.legend->item(i);
            if (item && item->visible() && item->minimumOuterSizeHint().width() > item->outerRect().width() + kSlack)
                out << QStringLiteral("legend entry %1 needs %2 px, has %3")
                           .arg(i).arg(item->minimumOuterSizeHint().width()).arg(item->outerRect().width());
        }
    }
    // The lines labels keep clear of, segment by segment in pixels (each a pixel thick at the least).
    QList<QPair<QLineF, QString>> lines;
    for (int g = 0; g < plot.graphCount(); ++g) {
        QCPGraph *graph = plot.graph(g);
        if (!graph->visible() || !ui::labelsKeepClearOf(*graph))
            continue;
        const auto data = graph->data();
        for (auto it = data->constBegin(); it != data->constEnd() && it + 1 != data->constEnd(); ++it) {
            const auto next = it + 1;
            if (!std::isfinite(it->value) || !std::isfinite(next->value) || !std::isfinite(it->key) || !std::isfinite(next->key))
                continue;
            lines.append({QLineF(graph->keyAxis()->coordToPixel(it->key), graph->valueAxis()->coordToPixel(it->value),
                                 graph->keyAxis()->coordToPixel(next->key), graph->valueAxis()->coordToPixel(next->value)),
                          graph->name()});
        }
    }
        QList<QPair<QRectF, QString>> drawnLabels;   // to find two that cover each other, or the legend one
    if (plot.legend && plot.legend->visible() && plot.legend->itemCount() > 0)
        drawnLabels.append({plot.legend->outerRect(), QStringLiteral("the legend")});
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto *text = qobject_cast<QCPItemText *>(plot.item(i));
        if (!text || !text->visible() || text->text().isEmpty() || text->rotation() != 0)
            continue;
        const QRectF drawn = itemTextRect(*text);
        const QRectF room = text->clipToAxisRect() && text->clipAxisRect() ? QRectF(text->clipAxisRect()->rect()) : view;
        if (!room.adjusted(-kSlack, -kSlack, kSlack, kSlack).contains(drawn))
            out << QStringLiteral("label \"%1\" (%2x%3 at %4,%5) is cut by its %6x%7 area")
                       .arg(text->text().left(30))
                       .arg(drawn.width()).arg(drawn.height()).arg(drawn.x()).arg(drawn.y())
                       .arg(room.width()).arg(room.height());
        if (text->text().contains(QChar(0x2026)))
            out << QStringLiteral("label \"%1\" is elided").arg(text->text().left(30));
        for (const auto &[other, otherText] : drawnLabels)
            if (other.adjusted(kSlack, kSlack, -kSlack, -kSlack).intersects(drawn))
                out << QStringLiteral("labels \"%1\" and \"%2\" overlap").arg(otherText, text->text().left(30));
        // A segment crosses the label where it enters its box (shrunk by the slack) or lies in it.
        const QRectF inner = drawn.adjusted(kSlack, kSlack, -kSlack, -kSlack);
        for (const auto &[segment, name] : lines) {
            const QLineF edges[] = {{inner.topLeft(), inner.topRight()}, {inner.topRight(), inner.bottomRight()},
                                    {inner.bottomRight(), inner.bottomLeft()}, {inner.bottomLeft(), inner.topLeft()}};
            bool crosses = inner.contains(segment.p1()) || inner.contains(segment.p2());
            for (const QLineF &edge : edges)
                crosses = crosses || segment.intersects(edge, nullptr) == QLineF::BoundedIntersection;
            if (crosses)
                out << QStringLiteral("label \"%1\" lies over the line \"%2\"").arg(text->text().left(30), name);
        }
                drawnLabels.append({drawn, text->text().left(30)});
    }
    return out;
}

} // namespace gpuplan::testing

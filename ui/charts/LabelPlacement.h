// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where a chart's text goes once the plot is laid out, shared by every chart (ChartWidget calls it
// after each layout): axis titles broken into lines that fit their axis, and value labels kept whole
// inside the area that clips them and clear of one another. A projector's large fonts in a chart
// beside a lesson left bar values, axis titles ("mulative") and capacity notes cut at the plot's
// edge; the rules here are the same for every chart, so no chart needs its own fix.
#include <QFont>
#include <QRectF>
#include <QString>

#include <vector>

class QCPAxis;
class QCPGraph;
class QCPItemText;
class QCustomPlot;
class QFontMetrics;

namespace gpuplan::ui {

// Text broken at spaces into lines no wider than `room` ("\n" forces a break); a word wider than
// the room is elided.
QString wrapToWidth(const QString &text, const QFontMetrics &metrics, int room);

// The box a QCPItemText draws (its text and padding, placed by its position alignment), in pixels.
// Unrotated text only.
QRectF itemTextBox(const QCPItemText &label);

// An axis title `full` set on an axis `length` pixels long, in the axis's label font `base`: broken
// into lines at spaces, and where one word is still longer than the axis (a short second plot's
// "Busy (%)"), in a smaller font, down to kSmallestTextScale of `base`. Returns whether the axis
// changed.
bool fitAxisTitle(QCPAxis &axis, const QString &full, const QFont &base, int length);

// Every value label of the plot (unrotated QCPItemText placed in plot coordinates) whole inside
// the rectangle that clips it: a label wider than that rectangle is broken into lines at spaces, a
// label still too large takes a smaller font (to kSmallestTextScale of the chart's), then it moves
// inside by as many pixels as it sticks out, and a label that covers one placed before it moves up
// or down clear of it where there is room; so does one that covers a line marked with
// keepLabelsClearOf. A move that keeps the label on its side of the point it labels comes first. For this layout only: the text, font and data
// coordinates the chart gave are kept on the item and taken again at the next layout, so zooming
// and panning still carry each label with its point, and a chart that sets a new text is obeyed.
void placeValueLabels(QCustomPlot &plot);

// Marks a line the value labels must keep clear of (a GPU memory limit): placeValueLabels moves a
// label that would cover one of its segments up or down, as it does for a label over another.
void keepLabelsClearOf(QCPGraph &line);
bool labelsKeepClearOf(const QCPGraph &line);

// The pixel boxes of a graph's line segments (consecutive points, broken at NaN), each widened by
// half its pen; exact for horizontal and vertical segments, a bound for a slanted one.
std::vector<QRectF> lineSegmentBoxes(const QCPGraph &line);

// The key a value label was placed at, also while placeValueLabels has moved it for a layout.
double valueLabelKey(const QCPItemText &label);

// The smallest a fitted text gets, against the size its chart gave it.
inline constexpr double kSmallestTextScale = 0.65;

} // namespace gpuplan::ui

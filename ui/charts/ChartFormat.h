// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QSharedPointer>
#include <QString>
#include <QVector>

class QCPAxis;
class QCPAxisTicker;
class QCPGraph;
class QFont;

// Number formatting and the categorical colours shared by the result charts, so every chart
// writes "2.13 M tokens/s", "$18.7 M" and "1.23 s" the same way.
namespace gpuplan::ui {

class PlanController;

// 2,130,000 -> "2.13 M" (k, M, G, T); unit appended after a space when given.
QString siNumber(double value, const QString &unit = {}, int significant = 3);
// 18,700,000 -> "$18.7 M"; below a million in thousands ("$840 k"), below a thousand whole dollars.
QString usdText(double usd);
// Seconds as s, ms or µs with three significant digits; hours and days above two minutes.
QString secondsText(double seconds);
QString percentText(double fraction, int decimals = 1);

// Tableau 10: readable on light and dark backgrounds; red is left for "does not fit".
QColor categoryColor(int index);

// Logarithmic axis ticks labelled with SI suffixes (1 k, 10 M) instead of powers of ten.
QSharedPointer<QCPAxisTicker> siLogTicker();
// Linear axis ticks labelled with SI suffixes, optionally with a prefix ("$").
QSharedPointer<QCPAxisTicker> siTicker(const QString &prefix = {});

// The look ChartWidget gives its own axes, for the axes it does not know about (a right-hand
// value axis, the axes of a second axis rect). `font` is the label font; ticks are 5% smaller.
void styleAxis(QCPAxis *axis, const QColor &text, const QColor &muted, const QColor &grid, const QFont &font);

// A graph's keys or values in key order, for the charts' read-back accessors.
QVector<double> graphKeys(const QCPGraph *graph);
QVector<double> graphValues(const QCPGraph *graph);

// Overlay text for a plan whose catalog references do not resolve, naming the first problem.
QString unresolvedPlanText(const PlanController &controller);

} // namespace gpuplan::ui

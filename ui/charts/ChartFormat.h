// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "NumberText.h"

#include <QColor>
#include <QSharedPointer>
#include <QString>
#include <QStringList>
#include <QVector>

#include <span>

class QCPAxis;
class QCPAxisTicker;
class QCPBars;
class QCPGraph;
class QFont;

// Chart-only number formatting (SI-scaled rates and axis ticks) and the categorical colours shared by
// the result charts; every other number goes through NumberText.h to the core's formats.
namespace gpuplan::ui {

class PlanController;

// 2,130,000 -> "2.13 M" (k, M, G, T); unit appended after a space when given, joined to the prefix
// ("2.13 Mtokens/s") unless it has several words ("2.13 M output tokens/s").
QString siNumber(double value, const QString &unit = {}, int significant = 3);
// Money, durations and percentages: usdText(), secondsText(), percentText() of NumberText.h.

// A name broken into lines of about `width` characters at spaces (tick labels under bars).
QString wrapName(const QString &name, int width = 13);
// A GPU's name without the vendor and without a bracketed remark ("AMD Instinct MI250X 128GB
// (OAM, 2 GCDs)" reads "MI250X 128GB"), for labels where every bar names one.
QString shortGpuName(const QString &name);

// Tableau 10: readable on light and dark backgrounds; red is left for "does not fit".
QColor categoryColor(int index);

// An axis range with some room around the values; logarithmic when they span more than `logSpan`
// times (an inference front runs from concurrency 1 to thousands, options from one node to
// thousands of GPUs), never below zero for values that are not.
struct AxisSpan
{
    double low = 0, high = 1;
    bool log = false;
};
AxisSpan paddedAxisSpan(const QVector<double> &values, double logSpan = 20);

// Logarithmic axis ticks labelled with SI suffixes (1 k, 10 M) instead of powers of ten.
QSharedPointer<QCPAxisTicker> siLogTicker();
// Linear axis ticks labelled with SI suffixes, optionally with a prefix ("$").
QSharedPointer<QCPAxisTicker> siTicker(const QString &prefix = {});
// A logarithmic axis for counts that double (GPUs, concurrent sequences): a tick at each power of
// two, written as a whole number.
void setPowerOfTwoAxis(QCPAxis *axis);

// The look ChartWidget gives its own axes, for the axes it does not know about (a right-hand
// value axis, the axes of a second axis rect). `font` is the label font; ticks are 5% smaller.
void styleAxis(QCPAxis *axis, const QColor &text, const QColor &muted, const QColor &grid, const QFont &font);

// What a chart draws, read back for its accessors (tests and exporters read these, never pixels).
// A graph's keys or values in key order.
QVector<double> graphKeys(const QCPGraph *graph);
QVector<double> graphValues(const QCPGraph *graph);
// Bar lengths in key order, divided by `divisor` (the unit the chart shows them in).
QVector<double> barValues(const QCPBars *bars, double divisor = 1);
// The total of each of the first `bars` bars of a stack (one QCPBars per layer), likewise divided.
QVector<double> stackTotals(std::span<QCPBars *const> stack, int bars, double divisor = 1);
// The labels of an axis with text ticks in key order; topFirst reverses them (a vertical axis read
// from the top). Empty when the axis has no text ticks.
QStringList textTickLabels(const QCPAxis *axis, bool topFirst = false);

// Overlay text for a plan whose catalog references do not resolve, naming the first problem.
QString unresolvedPlanText(const PlanController &controller);

} // namespace gpuplan::ui

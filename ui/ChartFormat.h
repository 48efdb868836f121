// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QColor>
#include <QSharedPointer>
#include <QString>

class QCPAxisTicker;

// Number formatting and the categorical colours shared by the result charts, so every chart
// writes "2.13 M tokens/s", "$18.7 M" and "1.23 s" the same way.
namespace gpuplan::ui {

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

} // namespace gpuplan::ui

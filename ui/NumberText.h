// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

// The desktop's and the PDF's way to the one set of number formats (core/common/Format.h): thin
// QString wrappers, so a quantity reads the same in the GUI, the PDF and gpuplan-cli. Nothing here
// decides a format of its own; a new rule goes into the core and its test (tests/core/tst_format.cpp).
namespace gpuplan::ui {

// A duration: "350 ms", "1.23 s", "12.5 min", "60.0 h", "38.4 days".
QString secondsText(double seconds);
// Money in US dollars: "$950", "$8.52 k", "$25.9 M"; a loss with the typographic minus ("−$2.5 M").
QString usdText(double usd);
// Money to the unit, cents below $100: "$31,000", "$2.49" (a price per GPU-hour).
QString usdExactText(double usd);
// A difference of money, signed: "+$1.20 M", "−$950".
QString signedUsdText(double usd);
// A fraction as a percentage: 0.457 -> "45.7%".
QString percentText(double fraction, int decimals = 1);
// Power: "850 W", "10.2 kW", "1.23 MW".
QString powerText(double watts);
// GPU memory in binary units ("61.2 GiB"); storage in decimal units ("850 GB", "63.0 TB").
QString bytesText(double bytes);
QString storageText(double bytes);
// GPU memory in GiB whatever its size ("61.2 GiB"), a use of a capacity ("61.2 / 80.0 GiB"), and
// memory as the GPU is sold ("80 GB", "141 GB").
QString gibText(double bytes, int decimals = 1);
QString gibPairText(double used, double capacity, int decimals = 1);
QString soldGbText(double bytes);
// Counts: with thousands separators ("1,024"); scaled ("70.6 B"); with their noun ("8 GPUs").
QString groupedText(long long n);
QString countText(double value);
QString countedText(long long n, const QString &singular, const QString &plural);
// An amount with its noun, one decimal unless whole: "1 week", "2.5 days", "1,200 days".
QString amountText(double value, const QString &singular, const QString &plural);
// Months of a payback: "14.2 months", "2.5 years".
QString monthsText(double months);
// A bound or a value as typed: "0.05", "2100", "100,000".
QString boundText(double value);
// A power usage effectiveness: "1.25".
QString pueText(double pue);
// Three significant digits, a rate of requests or a ratio: "2.35", "17.1", "1,250".
QString significantText(double value);
// A number with fixed decimals and thousands separators: "1,234,567.5".
QString fixedText(double value, int decimals);

} // namespace gpuplan::ui

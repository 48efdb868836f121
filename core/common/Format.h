// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

// How gpuplan writes numbers for people, in one place: the terminal report, the desktop and the
// PDF all call these, so the same quantity reads the same everywhere (docs/conventions.md).
namespace gpuplan {

std::string formatBytes(double bytes);          // memory, binary units: "61.2 GiB"
// GPU memory held in GiB whatever its size, for texts that set one amount against another:
// "61.2 GiB" (decimals after the point), and a use of a capacity "61.2 / 80.0 GiB".
std::string formatGib(double bytes, int decimals = 1);
std::string formatGibPair(double used, double capacity, int decimals = 1);
// Memory as the GPU is sold, decimal gigabytes, whole when whole: "80 GB", "141 GB", "95.6 GB".
std::string formatSoldGb(double bytes);
std::string formatStorage(double bytes);        // storage, decimal units: "850 GB", "63.0 TB", "1.20 PB"
// The one rule for time, from a kernel to a training run: three significant digits in ns, µs, ms and s
// below two minutes ("6.60 ns", "350 µs", "5.00 ms", "1.23 s", "45.6 s"), then minutes below two hours
// ("12.5 min"), hours below three days ("60.0 h"), days below two years ("38.4 days"), years.
std::string formatDuration(double seconds);
std::string formatCount(double value);          // "2.10 M", "70.6 B", "15 T"
// Money as finance writes it: thousand, million, billion, trillion. "$18.7 M", "$7.72 B", "$950".
std::string formatUsd(double usd);
// Money as typeset in the desktop and the PDF: formatUsd with the typographic minus ("−$2.50 M"),
// a "+" on gains when signed (a difference: "+$1.20 M"), "—" for a value that is not a number.
std::string formatUsdTypeset(double usd, bool signedDifference = false);
// An amount in a display currency, scaled: "$18.7 M" for USD (or no currency), "17.2 M EUR".
std::string formatCurrency(double amount, std::string_view currency);
// The same amount to the unit, as a bill writes it: "$31,000", "28,520 EUR"; cents below 100
// ("$2.49", "0.35 EUR"), so a price per GPU-hour or per kWh keeps its digits.
std::string formatCurrencyExact(double amount, std::string_view currency);
// Power, three significant digits: "850 W" below 1 kW, "10.2 kW", "350 kW", "1.23 MW", "1,234 MW".
std::string formatPower(double watts);
// A fraction as a percentage: 0.4567 -> "45.7%" (decimals after the point, no space before %).
std::string formatPercent(double fraction, int decimals = 1);
// A relative difference as a signed percentage: 0.123 -> "+12.3%", -0.04 -> "-4.0%", 0 -> "0.0%".
std::string formatPercentChange(double fraction, int decimals = 1);
// A number with a fixed count of decimals and thousands separators: 1234567.5, 1 -> "1,234,567.5".
std::string formatFixed(double value, int decimals);
std::string formatEnergyMwh(double mwh);        // "350 kWh" below 1 MWh, "12.4 MWh", "1,234 MWh"
std::string formatCo2Tonnes(double tonnes);     // "120 kg" below 1 t, "3.4 t", "1,200 t"
// A count with its noun in the right number: "1 GPU", "8 GPUs", "1,024 GPUs".
std::string counted(long long n, const char *singular, const char *plural);
// An amount of a unit with its noun, whole amounts without decimals, others with one:
// "1 week", "12 weeks", "2.5 days", "1,200 days".
std::string formatAmount(double value, const char *singular, const char *plural);
// The number of formatAmount alone, for callers with nouns of their own (translated): "12", "2.5".
std::string formatAmountNumber(double value);
// Whether formatAmount takes the singular noun for this value.
bool amountIsSingular(double value);
// A power usage effectiveness, two decimals as facilities quote it: "1.25", "1.10".
std::string formatPue(double pue);
// Months, a payback or a horizon: "14.2 months", "18 months", from two years on in years ("2.5 years",
// "3 years"); whole amounts without decimals as formatAmount writes them.
std::string formatMonths(double months);
// A bound or a value as people type it: up to 12 significant digits, no trailing zeros, thousands
// separators only from 10,000 (a year or a four-digit bound reads better without): "0.05",
// "2100", "100,000".
std::string formatBound(double value);
// An integer with thousands separators: 1000000 -> "1,000,000".
std::string grouped(long long n);
// Three significant digits, whole numbers from 100 up written out: "0.0412", "2.35", "17.1", "1,250".
std::string formatSignificant(double value);
// A number whose size spans many orders, significant digits with an exponent when it is large or
// small, as printf's %g writes it but with a plain exponent: 65504 -> "6.55e4", 6.1e-5 -> "6.1e-5", 0.5 -> "0.5".
std::string formatScientific(double value, int significant = 3);
// Floating-point operations, three significant digits with a decimal prefix up to exa ("512 FLOP",
// "8.24 PFLOP"), beyond it as a training budget is quoted, with an exponent: "6.3e24 FLOP".
std::string formatFlop(double flop);
// A rate of floating-point operations in TFLOP/s, as GPU peaks are quoted: "989 TFLOP/s", "1,979 TFLOP/s".
std::string formatFlopRate(double flopPerSecond);

// A line of a terminal report: the label indented by two and padded to column 30, then the value:
// ("goodput", "98.9%") -> "  goodput                     98.9%\n". A longer label pushes the value on.
std::string reportLine(const std::string &label, const std::string &value);

} // namespace gpuplan

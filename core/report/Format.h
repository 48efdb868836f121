// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

// How gpuplan writes numbers for people, in one place: the terminal report, the desktop and the
// PDF all call these, so the same quantity reads the same everywhere (docs/conventions.md).
namespace gpuplan {

std::string formatBytes(double bytes);          // memory, binary units: "61.2 GiB"
std::string formatStorage(double bytes);        // storage, decimal units: "850 GB", "63.0 TB", "1.20 PB"
std::string formatDuration(double seconds);     // "38.4 days", "2.1 h", "350 ms"
std::string formatCount(double value);          // "2.10 M", "70.6 B", "15 T"
// Money as finance writes it: thousand, million, billion, trillion. "$18.7 M", "$7.72 B", "$950".
std::string formatUsd(double usd);
std::string formatEnergyMwh(double mwh);        // "350 kWh" below 1 MWh, "12.4 MWh", "1,234 MWh"
std::string formatCo2Tonnes(double tonnes);     // "120 kg" below 1 t, "3.4 t", "1,200 t"
// A count with its noun in the right number: "1 GPU", "8 GPUs", "1,024 GPUs".
std::string counted(long long n, const char *singular, const char *plural);
// An integer with thousands separators: 1000000 -> "1,000,000".
std::string grouped(long long n);
// Three significant digits, whole numbers from 100 up written out: "2.35", "17.1", "1,250".
std::string formatSignificant(double value);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

#include <QString>

#include <string>

// The report's short names for the one set of number formats (NumberText.h, core/common/Format.h):
// English digit grouping ("1,024"), money in the plan's display currency, sizes, durations and power
// as the text report and the desktop write them.
namespace gpuplan::ui::report {

QString q(const std::string &text);
QString grouped(double value, int decimals = 0);          // "1,024", "0.35"
QString percent(double fraction, int decimals = 0);        // "35%"
QString money(const Plan &plan, double usd);               // "$18.7 M" / "17.2 M EUR"
QString exactMoney(const Plan &plan, double usd);          // "$31,000" / "28,520 EUR"
QString bytes(double value);                               // "61.2 GiB"
QString duration(double seconds);                          // "38.4 days"
QString count(double value);                               // "2.10 M"
QString kw(double kilowatts);                              // "850 kW", "1.23 MW"
QString weeks(double value);                               // "12 weeks"
QString modelName(const Plan &plan);                       // display name, else the preset id
QString counted(double n, const QString &one, const QString &many);   // "1 node", "128 nodes"

} // namespace gpuplan::ui::report

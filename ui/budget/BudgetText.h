// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "procure/Procurement.h"

#include <QString>

// How the Budget view writes an option, in one place: the chart's tooltips, the table, the
// status line and the undo step all name it the same way. Money and durations use the core's
// formats (core/common/Format.h), as the terminal report and the PDF do.
namespace gpuplan::ui {

QString acquisitionText(const ProcureOption &option);   // "buy", "cloud", "own + cloud"
QString cloudTermText(CloudPricing term);                // "on demand", "1-year reserved", ...
// "own" for a bought cluster; "Lambda, 1-year reserved*" for a cloud offer (* = estimated price);
// "1,024 GPUs from Lambda, on demand for the first 25 % of the tokens" for a hybrid's cloud part.
QString offerTermText(const ProcureOption &option);
// A hybrid's two phases in order: the rented cluster's, then the owned base's.
QString hybridPhasesText(const ProcureOption &option);
QString layoutText(const Layout &layout);                // "TP 8 · PP 4 · DP 32" (CP, EP when > 1)
QString optionName(const ProcureOption &option);        // "1,024 × H100-SXM-80GB, buy"
QString daysText(double days);                           // "174.2 days"
QString limitDaysText(double days);                      // a deadline: "240 days", "1 day"
QString usdShort(double usd);                            // "$15.0 M"
QString kwText(double kw);                               // "1.52 MW", "850 kW" (NumberText.h)
// Why a rejected option fails, in words: "deadline: 310 days, over 240 days; budget: …".
QString violationsText(const ProcureOption &option);
QString objectiveText(ProcureObjective objective);       // "cash", "cost of ownership", ...

} // namespace gpuplan::ui

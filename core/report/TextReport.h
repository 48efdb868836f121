// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

#include <string>

namespace gpuplan {

// A plain-text summary of an evaluation for terminals (`gpuplan-cli evaluate` without --json).
std::string textReport(const ResolvedPlan &plan, const Evaluation &evaluation);

// Human formatting helpers shared by the text report, the GUI and the PDF.
std::string formatBytes(double bytes);          // "61.2 GiB"
std::string formatDuration(double seconds);     // "38.4 days", "2.1 h", "350 ms"
std::string formatCount(double value);          // "2.10 M", "15.0 T"
std::string formatUsd(double usd);              // "$18.7 M"

} // namespace gpuplan

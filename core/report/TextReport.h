// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "common/Format.h"

#include <string>

namespace gpuplan {

// A plain-text summary of an evaluation for terminals (`gpuplan-cli evaluate` without --json).
std::string textReport(const ResolvedPlan &plan, const Evaluation &evaluation);

} // namespace gpuplan

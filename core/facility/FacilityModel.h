// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

// Power, cooling, storage, reliability, bill of materials and cost of a plan
// (docs/facility-and-cost.md). Reads the memory and time results already in the evaluation.
namespace gpuplan {

void estimateFacility(const ResolvedPlan &plan, const Layout &layout, Evaluation &evaluation);

// The tornado data (cost.sensitivity): re-runs the facility chain twice per assumption, so it is
// computed when it is shown (the JSON and text outputs, the cost chart, the PDF) rather than in
// every evaluate(), which must stay within a few microseconds.
void estimateCostSensitivity(const ResolvedPlan &plan, const Layout &layout, Evaluation &evaluation);

} // namespace gpuplan

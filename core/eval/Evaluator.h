// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

// Plan in, evaluation out. evaluate() is the hot path behind every slider move and every
// auto-planner candidate: no allocation, no I/O, no exceptions.
namespace gpuplan {

// Checks a layout against the model and hardware (divisibility, group sizes, ...).
void checkLayout(const ResolvedPlan &plan, const Layout &layout, Diagnostics &diagnostics);

Evaluation evaluate(const ResolvedPlan &plan, const Layout &layout);

// Convenience: evaluate with the plan's own layout.
Evaluation evaluate(const ResolvedPlan &plan);

} // namespace gpuplan

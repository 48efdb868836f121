// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/LayoutCheck.h"
#include "eval/ResolvedPlan.h"

// Plan in, evaluation out: the one place that runs the memory, perf and facility models, which is
// why it sits above them (docs/architecture.md). evaluate() is the hot path behind every slider
// move and every auto-planner candidate: no allocation, no I/O, no exceptions.
namespace gpuplan {

Evaluation evaluate(const ResolvedPlan &plan, const Layout &layout);

// Layout check, memory and time only, without the facility and cost models: what decides whether
// a layout fits and how fast it runs. The auto-planner ranks with it at a fixed GPU count, where
// cost and energy grow with the run's duration, and completes its finalists with evaluate().
Evaluation evaluateWithoutFacility(const ResolvedPlan &plan, const Layout &layout);

// evaluateWithoutFacility() in two halves, so that a layout that does not fit never reaches the
// time model (the auto-planner's memory-first check, docs/search.md "Pruning"). The first half
// gives the layout check and the memory estimate (memory.fits is final); the evaluation is
// complete, equal to evaluateWithoutFacility()'s, only after the second half, which adds the
// time, the diagnostics that depend on it and on the memory verdict, and the validity.
Evaluation evaluateMemoryFirst(const ResolvedPlan &plan, const Layout &layout);
void evaluateTimeAfterMemory(const ResolvedPlan &plan, const Layout &layout, Evaluation &e);

// Convenience: evaluate with the plan's own layout.
Evaluation evaluate(const ResolvedPlan &plan);

} // namespace gpuplan

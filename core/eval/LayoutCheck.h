// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Diagnostics.h"
#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"

namespace gpuplan {

// Checks a layout against the model and hardware (divisibility, group sizes, ...): the rules of
// core/eval/LayoutCheck.cpp, each a diagnostic naming the plan field it concerns.
void checkLayout(const ResolvedPlan &plan, const Layout &layout, Diagnostics &diagnostics);

} // namespace gpuplan

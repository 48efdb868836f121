// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Format.h"
#include "explain/Explanation.h"

#include <string>

// The per-topic builders shared by the explain/*.cpp files; numbers are written by core/common/Format.h.
namespace gpuplan::explainimpl {

// True when a and b agree within a relative tolerance (formula vs the model's figure).
bool close(double a, double b, double relative = 0.01);

void explainMemory(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainStepTime(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainThroughput(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainMfu(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainTimeToTrain(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainFacilityPower(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainCostPerRun(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainBreakEven(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);
void explainDataPath(Explanation &out, const ResolvedPlan &plan, const Evaluation &e);

} // namespace gpuplan::explainimpl

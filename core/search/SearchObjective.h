// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/LayoutSearch.h"

// Turns an evaluation into the numbers the auto-planner ranks by (docs/search.md "Objectives").
namespace gpuplan {

// Plan-level inputs of the objectives, looked up once per search.
struct ObjectiveContext
{
    SearchObjective objective = SearchObjective::Time;
    double cloudUsdPerGpuHour = -1;   // negative: no price in the plan or catalog
    double trainingTokens = 0;        // the plan's token budget
    double gpuBusyW = 0;              // per GPU, for the energy estimate when the facility model gives none
    double pue = 1;
};

ObjectiveContext makeObjectiveContext(const ResolvedPlan &plan, SearchObjective objective);

// Fills the candidate's figures from an evaluation (fitting or not: the time of a layout that does
// not fit still bounds heavier settings). Returns false when there is no usable time estimate.
bool scoreTraining(const ObjectiveContext &context, const Evaluation &evaluation, SearchCandidate &out);
bool scoreInference(const ObjectiveContext &context, const Evaluation &evaluation, SearchCandidate &out);

} // namespace gpuplan

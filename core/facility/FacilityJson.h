// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

#include <nlohmann/json_fwd.hpp>

// The facility part of `gpuplan-cli evaluate --json` (core/evaluator/EvaluationJson.h writes the rest).
namespace gpuplan {

// power, cooling, storage, reliability, cost and bom sections (core/facility/FacilityJson.cpp).
void appendFacilityJson(const ResolvedPlan &plan, const Evaluation &evaluation, nlohmann::ordered_json &out);

} // namespace gpuplan

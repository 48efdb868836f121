// SPDX-License-Identifier: GPL-3.0-or-later
// INTERIM: replaced by the facility JSON sections.
#include "eval/EvaluationJson.h"

#include <nlohmann/json.hpp>

namespace gpuplan {

void appendFacilityJson(const ResolvedPlan &, const Evaluation &, nlohmann::ordered_json &)
{
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "facility/FacilityJson.h"

#include <nlohmann/json_fwd.hpp>

// The JSON form of an evaluation (`gpuplan-cli evaluate --json`, docs/cli.md). Field names are an
// interface other tools rely on: change them only with a format note in docs/cli.md.
namespace gpuplan {

nlohmann::ordered_json evaluationToJson(const ResolvedPlan &plan, const Evaluation &evaluation);
nlohmann::ordered_json diagnosticsToJson(const Diagnostics &diagnostics);
nlohmann::ordered_json layoutToJson(const Layout &layout);
nlohmann::ordered_json scalingToJson(const ScalingResult &scaling);

} // namespace gpuplan

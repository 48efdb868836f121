// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "procure/Growth.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

// `gpuplan-cli growth` output: the JSON (field names are an interface, docs/cli.md) and the two
// columns side by side as text.
namespace gpuplan {

nlohmann::ordered_json growthToJson(const GrowthResult &result);
std::string growthTextReport(const GrowthResult &result);

// What the comparison holds as it is today (the catalog has no trend for it), one item a line.
const char *const *growthHeldConstant();

} // namespace gpuplan

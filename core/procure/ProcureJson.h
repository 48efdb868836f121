// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "procure/Procurement.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

// `gpuplan-cli procure` output: the JSON (field names are an interface, docs/procurement.md) and
// the text report.
namespace gpuplan {

nlohmann::ordered_json procureToJson(const ProcureResult &result);
std::string procureTextReport(const ProcureResult &result, int shown);

} // namespace gpuplan

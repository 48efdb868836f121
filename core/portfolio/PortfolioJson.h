// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "portfolio/Portfolio.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

// `gpuplan-cli portfolio` output: the JSON (field names are an interface, docs/cli.md) and the
// text report.
namespace gpuplan {

nlohmann::ordered_json portfolioToJson(const PortfolioResult &result);
std::string portfolioTextReport(const PortfolioResult &result);

} // namespace gpuplan

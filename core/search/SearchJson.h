// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/LayoutSearch.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

// The JSON and text forms of a search result (`gpuplan-cli search`, docs/cli.md). Field names are
// an interface: {"best": [...], "evaluated", "feasible", "rejected": {reason: count}, "pareto",
// "objective", ...}, with the layout fields flattened into each entry.
namespace gpuplan {

nlohmann::ordered_json searchToJson(const SearchResult &result);
nlohmann::ordered_json searchCandidateToJson(const SearchCandidate &candidate, Mode mode);
std::string searchTextReport(const SearchResult &result);

} // namespace gpuplan

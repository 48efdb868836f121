// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/ElasticFallback.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

// The "elastic" section of `gpuplan-cli evaluate --json` and its lines in the text report, the
// GUI and the PDF (docs/facility-and-cost.md "Elastic training"). Field names are an interface.
namespace gpuplan {

nlohmann::ordered_json elasticToJson(const ElasticResult &elastic);

// One line each: the node range, the fallback layout with its throughput, time and cost, and the
// expected time to train. Empty when elastic training is off.
struct ElasticLines
{
    std::string range;
    std::string fallback;
    std::string degradedRun;
    std::string expected;
    std::string fixedSize;   // the same plan without elastic, same spares
};
ElasticLines elasticLines(const ElasticResult &elastic);

// The lines as a section of the `gpuplan-cli evaluate` text report; empty when elastic is off.
std::string elasticTextSection(const ElasticResult &elastic);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "search/ElasticFallback.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

// The results of a plan as data files (docs/exports.md): the JSON document of
// `gpuplan-cli evaluate --json` and a CSV with one row per metric.
namespace gpuplan {

// Everything the exports show: the evaluation with its cost sensitivity, and the scaling curve.
struct ExportResults
{
    Evaluation evaluation;
    ScalingResult scaling;
    ElasticResult elastic;     // the fallback of an elastic job (enabled false otherwise)
};

// Evaluates the plan with its own layout and adds the cost sensitivity (the tornado: the facility
// chain re-run per assumption, so not on the slider path). The cost chart, the exports and the PDF
// read this one result.
Evaluation evaluateWithSensitivity(const ResolvedPlan &plan);

// Evaluates the plan with its own layout, adds the cost sensitivity and computes the scaling
// curve (a layout search per GPU count: milliseconds, not for the slider path).
ExportResults evaluateForExport(const ResolvedPlan &plan);

// The `evaluate --json` document: evaluationToJson() plus "scaling", and "elastic" for
// an elastic training plan.
nlohmann::ordered_json resultsJson(const ResolvedPlan &plan, const ExportResults &results);

// One row per number, flag or name of the document: section,name,value,unit (RFC 4180 quoting).
// Nested objects give dotted names ("breakdown.weights"); list entries are named by their item or
// assumption when they have one ("gpu.quantity"), else by their index ("0.message").
std::string resultsCsv(const nlohmann::ordered_json &document);

// The unit of a value of the document, from where it sits and its name ("GiB", "USD", "s", "" ...).
std::string resultUnit(const std::string &section, const std::string &name);

} // namespace gpuplan

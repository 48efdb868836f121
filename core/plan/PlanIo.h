// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/JsonText.h"
#include "plan/ModelPresetLookup.h"
#include "plan/Plan.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>
#include <vector>

// Reading and writing .gpuplan files (docs/plan-format.md). Loading checks every field against
// the registry's type and bounds, collects every problem, and changes the output plan only when
// there are none.
namespace gpuplan {

struct PlanError
{
    std::string file;       // empty for in-memory documents
    std::string path;       // JSON path, e.g. "parallelism.tp"; empty for whole-document problems
    std::string message;    // expected vs found
    std::string text() const;   // "file: path: message"
};

inline constexpr const char *kPlanFormatName = "gpuplan-plan";
inline constexpr std::size_t kMaxPlanFileBytes = kMaxJsonFileBytes;
inline constexpr int kMaxJsonDepth = kMaxJsonNesting;

// JSON document -> plan. A model.preset is expanded from the catalog first (presets may be null
// when the document has no preset; a Catalog is one), then explicit model fields override it.
bool planFromJson(const nlohmann::json &doc, const ModelPresetLookup *presets, Plan &out, std::vector<PlanError> &errors);

// Plan -> JSON document with every field written out in registry order (so a file stays
// readable without the catalog it was made with, and diffs well).
nlohmann::ordered_json planToJson(const Plan &plan);

// Parses JSON text with the size and nesting limits above; on failure fills errors.
bool parseJsonText(std::string_view text, const std::string &file, nlohmann::json &out, std::vector<PlanError> &errors);

bool loadPlanFile(const std::string &path, const ModelPresetLookup *presets, Plan &out, std::vector<PlanError> &errors);
bool loadPlanText(std::string_view text, const std::string &file, const ModelPresetLookup *presets, Plan &out,
                  std::vector<PlanError> &errors);

// Writes through a temporary file and rename, so a crash never leaves a half-written plan.
bool savePlanFile(const std::string &path, const Plan &plan, std::string &error);

// Applies "path=value" overrides (gpuplan-cli --set) to a plan document before it is read. The
// value is JSON (4096, true, "H100-SXM-80GB") or, failing that, a plain string.
bool applyOverride(nlohmann::json &doc, std::string_view assignment, std::vector<PlanError> &errors);

} // namespace gpuplan

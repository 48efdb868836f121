// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A bundled example plan, with "path=value" overrides applied as gpuplan-cli --set applies them
// (model.config=PATH included),
// resolved against the bundled catalog and evaluated: the starting point of the tests that check
// a feature on a plan people actually open.
#include "catalog/CatalogLoader.h"
#include "evaluator/Evaluator.h"
#include "model/HfImport.h"
#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

namespace gpuplan::test {

struct ExampleFixture
{
    Plan plan;
    ResolvedPlan resolved;
    Evaluation evaluation;
};

// nullptr when the file, an override or the resolution fails.
inline std::unique_ptr<ExampleFixture> loadExample(const char *example, const std::vector<std::string> &overrides = {})
{
    const std::string path = std::string(GPUPLAN_SOURCE_DIR "/examples/") + example;
    std::ifstream in(path);
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::vector<PlanError> errors;
    nlohmann::json doc;
    if (!parseJsonText(buffer.str(), path, doc, errors))
        return nullptr;
    for (const std::string &o : overrides) {
        if (!applyPlanOverride(doc, o, errors))
            return nullptr;
    }
    auto f = std::make_unique<ExampleFixture>();
    std::vector<ResolveError> resolveErrors;
    if (!planFromJson(doc, &bundledCatalog(), f->plan, errors) ||
        !resolvePlan(f->plan, bundledCatalog(), f->resolved, resolveErrors))
        return nullptr;
    f->evaluation = evaluate(f->resolved);
    return f;
}

} // namespace gpuplan::test

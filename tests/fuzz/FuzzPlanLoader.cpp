// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: plan file text -> loadPlanText. A plan that loads must be within the
// registry's bounds, resolve or be refused with messages, evaluate to finite outputs (JSON and
// text report), and survive a save/reload round trip unchanged: the saved text, the reloaded
// plan and its evaluation are identical. Corpus: tests/fuzz/corpus/plan (docs/robustness.md).
#include "FuzzChecks.h"

#include "catalog/CatalogLoader.h"
#include "eval/ResolvedPlan.h"
#include "plan/PlanFields.h"
#include "plan/PlanIo.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace {

using namespace gpuplan;

// What savePlanFile writes.
std::string savedText(const Plan &plan)
{
    return planToJson(plan).dump(2) + "\n";
}

void requireWithinBounds(const Plan &plan)
{
    for (const FieldSpec &f : planFields()) {
        std::string message;
        if (f.type == FieldType::Text) {
            if (!checkFieldText(f, f.getText(plan), message))
                fuzz::fail("loaded text breaks its field's rule: " + message);
            continue;
        }
        if (f.type != FieldType::Enum && !checkFieldValue(f, f.getNumber(plan), message))
            fuzz::fail("loaded plan out of bounds: " + message);
    }
}

// Resolves and evaluates; returns the evaluation JSON, or the resolve errors as text.
std::string evaluatePlan(const Plan &plan, const Catalog &catalog)
{
    ResolvedPlan resolved;
    std::vector<ResolveError> errors;
    if (!resolvePlan(plan, catalog, resolved, errors)) {
        std::string text;
        for (const ResolveError &e : errors) {
            if (e.field.empty() || e.message.empty())
                fuzz::fail("resolve error without a field or message");
            text += e.field + ": " + e.message + "\n";
        }
        if (text.empty())
            fuzz::fail("resolvePlan failed without an error");
        return text;
    }
    return fuzz::evaluateAndCheck(resolved, "plan");
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const Catalog &catalog = bundledCatalog();
    const std::string_view text(reinterpret_cast<const char *>(data), size);

    Plan plan;
    std::vector<PlanError> errors;
    if (!loadPlanText(text, "fuzz.gpuplan", &catalog, plan, errors)) {
        if (errors.empty())
            fuzz::fail("loadPlanText failed without an error");
        for (const PlanError &e : errors) {
            if (e.message.empty())
                fuzz::fail("plan error without a message");
        }
        return 0;
    }
    if (!errors.empty())
        fuzz::fail("loadPlanText succeeded but reported errors: " + errors.front().text());
    requireWithinBounds(plan);
    const std::string evaluation = evaluatePlan(plan, catalog);

    // Save and reload: nothing may change, and the saved file must load without complaint.
    const std::string saved = savedText(plan);
    Plan again;
    if (!loadPlanText(saved, "saved.gpuplan", &catalog, again, errors))
        fuzz::fail("a saved plan does not load again: " + (errors.empty() ? std::string() : errors.front().text()));
    if (savedText(again) != saved)
        fuzz::fail("save -> load -> save changed the plan:\n" + saved + "\n---\n" + savedText(again));
    if (evaluatePlan(again, catalog) != evaluation)
        fuzz::fail("the reloaded plan evaluates differently");
    return 0;
}

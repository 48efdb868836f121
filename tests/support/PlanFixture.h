// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A plan written as .gpuplan JSON text in a test, read as a plan file is read and resolved against
// the bundled catalog: the plan builder of the core tests (docs/plan-format.md for the fields).
#include "catalog/CatalogLoader.h"
#include "eval/ResolvedPlan.h"
#include "plan/PlanIo.h"

#include <QtGlobal>

#include <memory>
#include <string>
#include <vector>

namespace gpuplan::test {

struct PlanFixture
{
    Plan plan;
    ResolvedPlan resolved;   // points into plan: the fixture stays where it is made (unique_ptr)
};

// nullptr when the text is not a valid plan or does not resolve; the problems go to the test log.
inline std::unique_ptr<PlanFixture> loadPlanFixture(const std::string &json)
{
    auto f = std::make_unique<PlanFixture>();
    std::vector<PlanError> errors;
    if (!loadPlanText(json, "test.gpuplan", &bundledCatalog(), f->plan, errors)) {
        for (const PlanError &e : errors)
            qWarning("%s", e.text().c_str());
        return nullptr;
    }
    std::vector<ResolveError> resolveErrors;
    if (!resolvePlan(f->plan, bundledCatalog(), f->resolved, resolveErrors)) {
        for (const ResolveError &e : resolveErrors)
            qWarning("%s: %s", e.field.c_str(), e.message.c_str());
        return nullptr;
    }
    return f;
}

// A training plan of a catalog model preset on H100 80GB with Megatron sharding.
inline std::string presetTrainingPlan(const char *preset, int gpus, int seq, int batch)
{
    return std::string(R"({"format": "gpuplan-plan", "version": 1, "name": "t", "model": {"preset": ")") + preset +
           R"("}, "workload": {"mode": "training", "training": {"seq_len": )" + std::to_string(seq) +
           R"(, "global_batch": )" + std::to_string(batch) + R"(, "tokens": 1e11}},
             "hardware": {"gpu": "H100-SXM-80GB", "num_gpus": )" +
           std::to_string(gpus) + R"(}, "parallelism": {"sharding": "megatron"}})";
}

} // namespace gpuplan::test

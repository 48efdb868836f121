// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The procurement tests' shared setup: the 70B example, one exploration of it, and the checks
// an option is held to (tst_procure, tst_procurehybrid).
#include "catalog/CatalogLoader.h"
#include "plan/PlanIo.h"
#include "procure/Procurement.h"

#include <QTest>

#include <algorithm>
#include <string>
#include <vector>

namespace gpuplan::test {

inline Plan example70b()
{
    Plan plan;
    std::vector<PlanError> errors;
    if (!loadPlanFile(GPUPLAN_SOURCE_DIR "/examples/llama3-70b-training.gpuplan", &bundledCatalog(), plan, errors))
        qFatal("cannot load the 70B example");
    return plan;
}

// One exploration shared by the tests (constraints only re-rank it: rankOptions()).
inline const ProcureResult &explored()
{
    static const ProcureResult result = [] {
        ProcureRequest r;
        r.budgetUsd = 30e6;
        r.deadlineDays = 240;
        ProcureResult out;
        std::string error;
        if (!procure(example70b(), bundledCatalog(), r, out, error))
            qFatal("procure failed: %s", error.c_str());
        return out;
    }();
    return result;
}

inline bool satisfies(const ProcureOption &o, const ProcureRequest &r)
{
    return (r.deadlineDays < 0 || o.finishDays <= r.deadlineDays) &&
           (r.budgetUsd < 0 || std::max(o.cashUsd, o.upfrontUsd) <= r.budgetUsd) &&
           (r.sitePowerKw < 0 || o.acquisition == Acquisition::Cloud || o.facilityKw <= r.sitePowerKw);
}

// The option of one cluster that a hybrid's part stands for: same GPU, count, way of paying and
// (cloud) offer and term; null when absent.
inline const ProcureOption *singleClusterOption(const ProcureResult &r, const std::string &gpu, const HybridPart &part)
{
    for (const ProcureOption &o : r.options) {
        if (o.gpu == gpu && o.acquisition == part.acquisition && o.numGpus == part.numGpus &&
            (part.acquisition == Acquisition::Buy || (o.offer == part.offer && o.term == part.term)))
            return &o;
    }
    return nullptr;
}

} // namespace gpuplan::test

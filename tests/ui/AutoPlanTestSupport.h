// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What the auto-plan dialog tests share: the dialog's search run to its end, the same search run
// directly in the core, and the served plan of the fixture catalog.
#include "UiTestFixtures.h"

#include "autoplan/AutoPlanDialog.h"
#include "document/PlanController.h"

#include "eval/ResolvedPlan.h"
#include "search/LayoutSearch.h"

#include <QSignalSpy>

namespace gpuplan::test {

// The core search of the controller's plan with the dialog's options, run here directly.
inline SearchResult coreSearch(const ui::PlanController &c, SearchOptions options)
{
    ResolvedPlan rp;
    std::vector<ResolveError> errors;
    if (!resolvePlan(c.plan(), c.catalog(), rp, errors))
        return {};
    options.onProgress = nullptr;
    options.cancel = nullptr;
    return searchLayouts(rp, options);
}

// Starts the dialog's search and waits for it; false when it did not start or did not finish.
inline bool runSearchToEnd(ui::AutoPlanDialog &dialog)
{
    QSignalSpy done(&dialog, &ui::AutoPlanDialog::searchFinished);
    dialog.startSearch();
    return dialog.isSearching() && done.wait(30000);
}

// Llama 3 8B served on 8 H100 (vLLM preset of the fixture catalog), layout left to the search.
inline Plan fixtureServingPlan()
{
    Plan p = fixtureTrainingPlan();
    p.model = llamaArch("Llama 3 8B", 32, 4096, 32, 8, 14336);
    p.model.preset = "llama3-8b";
    p.workload.mode = Mode::Inference;
    p.hardware.numGpus = 8;
    p.parallelism = Parallelism{};
    // The fixture catalog has no prices and no storage tiers: the plan's own storage price is what
    // gives every layout a cost in USD.
    p.cost.storageUsdPerTb = 150;
    return p;
}

} // namespace gpuplan::test

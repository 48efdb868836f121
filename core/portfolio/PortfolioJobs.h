// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "plan/Plan.h"
#include "portfolio/Portfolio.h"

#include <string>

// A portfolio job from a loaded plan: evaluated with the plan's own layout, reliability and cost
// models (docs/cli.md, "portfolio"). Training jobs take hardware.num_gpus GPUs for their time to train
// with failures; serving fleets take replicas needed x GPUs per replica and are evaluated again at
// that size for their power and cost.
namespace gpuplan {

enum class JobProblem : unsigned char {
    None,
    BadInput,      // the plan names what the catalog lacks (exit 1, as evaluate)
    InvalidPlan,   // the plan cannot run as written, or not to an end (exit 3, as evaluate)
};

// deadlineDays: training jobs only; negative = none. On a problem, error holds one line naming
// the field or the reason (without the file name).
JobProblem portfolioJob(const std::string &name, const Plan &plan, const Catalog &catalog, double deadlineDays,
                        PortfolioJob &out, std::string &error);

} // namespace gpuplan

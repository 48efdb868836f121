// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "eval/Layout.h"
#include "plan/Plan.h"

#include <string>

// The same plan a number of years later, with a larger model and more work (docs/cli.md,
// "growth"): the model grows in depth (layers x the model scale, rounded; width, heads and
// vocabulary held), a training run's tokens and a serving fleet's request rates are scaled, and the
// GPUs are sized again to keep today's target: a training run's time to train with failures, a
// serving fleet's P99 latency targets at the grown request rate. The catalog has no price or
// efficiency trend, so the GPU, its prices, cloud rates, electricity and PUE are held as they are
// today; the result says so. Not the per-slider evaluate path.
namespace gpuplan {

// Documented bounds (docs/cli.md, growth): out of bounds is refused, not clamped.
inline constexpr double kMinGrowthScale = 0.1;
inline constexpr double kMaxGrowthScale = 100;
inline constexpr int kMinGrowthYears = 1;
inline constexpr int kMaxGrowthYears = 10;

struct GrowthRequest
{
    double modelScale = 1;      // parameters of the transformer blocks x this (layers x this, rounded)
    double trafficScale = 1;    // serving: request_rate and average_request_rate x this
    double tokensScale = 1;     // training: training tokens x this
    int years = 1;              // the horizon named in the output; nothing in the catalog changes with it
};

// One column of the comparison.
struct GrowthColumn
{
    int layers = 0;
    double params = 0;
    double tokens = 0;               // training
    double requestRate = 0;          // serving, requests/s (the peak)
    int gpus = 0;                    // training: the run's; serving: replicas x GPUs per replica
    Layout layout;                   // training: the run's layout; serving: one replica's
    int replicas = 0;                // serving
    double timeToTrainDays = 0;      // training, with failures and restarts
    double ttftP99Ms = 0;            // serving, at the request rate
    double tpotP99Ms = 0;
    double facilityKw = 0;
    double costUsd = 0;              // training: the run; serving: over cost.horizon_months
};

struct GrowthResult
{
    bool serving = false;
    GrowthRequest request;
    GrowthColumn today;
    GrowthColumn grown;
    bool meetsTarget = true;         // the grown column keeps today's time / P99 targets
    int countsTried = 0;             // training: GPU counts whose layouts were searched
};

// The grown plan before re-sizing: the model's layers, the tokens and the request rates scaled.
Plan grownPlan(const Plan &plan, const GrowthRequest &request);

// False with a message naming the reason when the plan does not evaluate today (it must be valid),
// when a scale does not apply to its mode (traffic: serving only; tokens: training only), or when
// no GPU count up to the largest a plan may have keeps the target (then out holds the nearest).
bool planGrowth(const Plan &plan, const Catalog &catalog, const GrowthRequest &request, GrowthResult &out,
                std::string &error);

} // namespace gpuplan

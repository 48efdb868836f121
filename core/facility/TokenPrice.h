// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/ApiPriceSpec.h"
#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "facility/CostVerdict.h"

#include <vector>

// The price per token of a serving plan (evaluate --json cost.token_price): the cash of THE verdict
// (facility/CostVerdict.h) over the tokens the fleet serves in the horizon, split between input and
// output tokens, and the published API prices of open-weight models of the same class
// (catalogs/api_prices.json) beside it. Computed once here; every view reads it.
// Outside the evaluation path: it reads the catalog and allocates.
namespace gpuplan {

struct ApiComparison
{
    const ApiPrice *price = nullptr;
    bool sameModel = false;             // the entry's model preset is the plan's
    double activeParams = 0;            // the entry's model, active per token
    double totalParams = 0;             // the entry's model, all parameters
};

// Which API prices stand beside the plan's: those of its class, or (none there) the nearest size.
enum class ApiClass : unsigned char { None, SameClass, Nearest };
const char *apiClassName(ApiClass c);   // "none", "same_class", "nearest"

struct TokenPrice
{
    bool known = false;                 // a serving plan with a verdict and served tokens
    double outputTokens = 0;            // served over the horizon (failures included)
    double inputTokens = 0;             // prompt tokens of the same requests
    // Share of the cash put on input tokens: prefill's share of a request's time on the replica at
    // the plan's concurrency (TTFT / end-to-end latency); the rest is decode's, put on output tokens.
    double inputShare = 0;
    double usdPerMillionOutput = 0;
    double usdPerMillionInput = 0;
    double usdPerMillionOutputAllIn = 0; // all the cash on the output tokens
    double tokensPerJoule = 0;          // output tokens per joule of facility energy
    double activeParams = 0;            // the plan's model, active per token
    double totalParams = 0;             // the plan's model, all parameters
    ApiClass apiClass = ApiClass::None;
    std::vector<ApiComparison> api;     // cheapest output price first
};

// Models within this factor of the plan's active and of its total parameters (either way) are of its
// class: the compute per token and the size (memory, and roughly the model's ability) both alike.
inline constexpr double kApiClassFactor = 2.0;

TokenPrice tokenPrice(const ResolvedPlan &plan, const Evaluation &evaluation, const CostVerdict &verdict);

// The one computation of $ per million tokens from a cash figure paid over the evaluation's horizon:
// fills t's token counts, input share and three prices (known when the cash and the tokens are
// positive). tokenPrice() calls it with the verdict's cash; procurement with each serving option's
// cash, so procure, evaluate and the PDF print the same price for the same plan and way of paying.
// No allocation: it reads the evaluation only.
void priceTokens(const Plan &plan, const Evaluation &evaluation, double cashUsd, TokenPrice &t);

} // namespace gpuplan

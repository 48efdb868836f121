// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "facility/TokenPrice.h"

#include <string>

// The power, cooling, storage, reliability and cost part of the plain-text report
// (`gpuplan-cli evaluate PLAN`). Money in the plan's display currency.
namespace gpuplan {

std::string facilityTextReport(const ResolvedPlan &plan, const Evaluation &evaluation);

// USD amount in the plan's display currency: "$18.7 M" or "17.2 M EUR".
std::string formatMoney(const Plan &plan, double usd);
// The same to the unit, as a bill writes it: "$31,000" or "28,520 EUR" (core/common/Format.h).
std::string formatMoneyExact(const Plan &plan, double usd);

// When owning pays back against renting: "after 14.2 months", "never at these prices", or
// "not within the 5-year hardware life" when it takes longer than the depreciation period.
std::string breakEvenText(const Plan &plan, const CostResult &cost);

// A serving plan's price per token in words: "$0.41 per million output tokens and $0.05 per million
// input tokens at the plan's load (...)", and the API prices beside it (facility/TokenPrice.h).
std::string tokenPriceText(const Plan &plan, const TokenPrice &price);
std::string apiPriceText(const ApiComparison &comparison);
// One clause for titles: "$0.41 per million output tokens against $0.34 to $0.79 published for models of
// its class"; empty when the price is not known.
std::string tokenPriceHeadline(const Plan &plan, const TokenPrice &price);   // "Groq llama-3.3-70b-versatile: $0.59 in / $0.79 out ..."
std::string apiPricesText(const TokenPrice &price);

} // namespace gpuplan

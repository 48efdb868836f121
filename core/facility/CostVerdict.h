// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "facility/Cost.h"

#include <string>
#include <vector>

// THE cost verdict of a plan: buy or rent, which offer, the cash the buyer pays over the run and up
// front, and the view it rests on. Every view (the text report, evaluate --json's cost.verdict, the
// key results, the Cost tab, the PDFs, the Budget tab) takes its words from verdictText() and its
// figures from this struct, so they cannot disagree.
//
// It is held against every cloud offer the plan's documents list (the offers of the plan's GPU that
// can host it, under each purchase option), in the view the verdict rests on: cash over the horizon
// when nothing else uses the hardware after the run (cost.followon_utilization = 0), else the run's
// share of the cost of ownership. Only published prices decide: a price the offer does not publish
// (on-demand less the plan's discount) is reported as the cheapest estimate, marked, never the
// headline; owning decides only when its bill of materials is complete (GPUs, servers, switches priced).
// Outside the evaluation path: it reads the catalog and allocates.
namespace gpuplan {

enum class CostView : unsigned char { Cash, Tco };
const char *costViewName(CostView view);   // "cash", "tco"

enum class VerdictChoice : unsigned char { Buy, Rent };
const char *verdictChoiceName(VerdictChoice choice);   // "buy", "rent"

// One cloud offer under one purchase option, priced for the plan's run (or serving horizon).
struct CloudQuote
{
    const CloudOffer *offer = nullptr;   // null: the plan's own price (cost.cloud_gpu_hour_usd)
    CloudPricing pricing = CloudPricing::OnDemand;
    double perGpuHourUsd = 0;
    bool published = true;               // false: on-demand less the plan's discount for the option
    CloudBill bill;
    double inView(CostView view) const { return view == CostView::Cash ? bill.cashUsd : bill.runShareUsd; }
};

// Every priced offer x purchase option for the plan's GPU that can host `in.jobGpus` GPUs; with
// cost.cloud_gpu_hour_usd set, that price under the plan's option only.
std::vector<CloudQuote> cloudQuotes(const ResolvedPlan &plan, const FacilityInputs &in, double wallS);

// A purchase option as people write it: "on-demand", "1-year reserved", "3-year reserved", "spot".
const char *pricingLabel(CloudPricing pricing);

// An offer as people write it, never a catalog id: "Lambda, 8 × NVIDIA H100 SXM 80GB instances,
// 1-year reserved"; the plan's own price: "the plan's cloud price (on-demand)".
std::string offerName(const ResolvedPlan &plan, const CloudQuote &quote);

struct CostVerdict
{
    CostView basis = CostView::Cash;
    bool cloudKnown = false;             // at least one offer at a published price
    bool onpremKnown = false;            // the cluster's bill of materials is complete
    bool onpremPartial = false;          // something priced, but GPUs, servers or switches are not
    CostBasis cheaper = CostBasis::OnPrem;
    CloudQuote cheapestCloud;            // cheapest published quote in the basis view
    bool estimateCheaper = false;        // a quote at an estimated price beats the verdict's choice
    CloudQuote cheapestEstimate;         // cheapest estimated quote in the basis view (valid when estimateKnown)
    bool estimateKnown = false;
    double onpremCashUsd = 0;
    double onpremTcoUsd = 0;
    double onpremUsd = 0;                // in the basis view
    double cloudUsd = 0;                 // cheapest published offer in the basis view
    double horizonS = 0;

    // The decision (evaluate --json cost.verdict).
    bool decided = false;                // false: nothing priced at published prices
    VerdictChoice choice = VerdictChoice::Buy;
    std::string offer;                   // as people write it: the cluster bought, or the cloud offer
    double cashUsd = 0;                  // cash the choice pays over the run (buy: capex + operations, less any resale)
    double upfrontUsd = 0;               // money needed before the run starts (buy: the capex; rent: 0, billed as used)
    double usd = 0;                      // the choice in the basis view (what was compared)
    double otherUsd = 0;                 // the way of paying not chosen, in the basis view (0 if unknown)
    std::string reason;                  // why, in one clause
    std::string text;                    // verdictText(): the one sentence every view shows
};

CostVerdict costVerdict(const ResolvedPlan &plan, const Evaluation &evaluation);

// The verdict in words, shown the same by every view: "Buy 1,024 × NVIDIA H100 SXM 80GB: …".
std::string verdictText(const Plan &plan, const CostVerdict &verdict);

// The headline word of the verdict: "Buy" or "Rent" (or "No verdict").
const char *verdictWord(const CostVerdict &verdict);

} // namespace gpuplan

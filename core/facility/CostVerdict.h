// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "facility/Cost.h"

#include <string>
#include <vector>

// Which way of paying is cheaper, held against every cloud offer the plan's documents list (the
// offers of the plan's GPU that can host it, under each purchase option), in the view the verdict
// rests on: cash over the horizon when nothing else uses the hardware after the run
// (cost.followon_utilization = 0), else the run's share of the cost of ownership.
// Outside the evaluation path: it reads the catalog and allocates.
namespace gpuplan {

enum class CostView : unsigned char { Cash, Tco };
const char *costViewName(CostView view);   // "cash", "tco"

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

struct CostVerdict
{
    CostView basis = CostView::Cash;
    bool cloudKnown = false;             // at least one priced offer
    bool onpremKnown = false;            // anything of the cluster priced
    CostBasis cheaper = CostBasis::OnPrem;
    CloudQuote cheapestCloud;            // cheapest in the basis view
    double onpremCashUsd = 0;
    double onpremTcoUsd = 0;
    double onpremUsd = 0;                // in the basis view
    double cloudUsd = 0;                 // cheapest offer in the basis view
    double horizonS = 0;
    std::string text;                    // one sentence naming the offer and the view
};

CostVerdict costVerdict(const ResolvedPlan &plan, const Evaluation &evaluation);

} // namespace gpuplan

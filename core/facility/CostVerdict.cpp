// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/CostVerdict.h"

#include "facility/FacilityInputs.h"
#include "facility/FacilityText.h"
#include "common/Format.h"


namespace gpuplan {

namespace {

constexpr CloudPricing kPricings[] = {CloudPricing::OnDemand, CloudPricing::Reserved1y, CloudPricing::Reserved3y,
                                      CloudPricing::Spot};

// Owning is priced only when the parts that make up most of its capex are: a cluster without its
// servers or switches would look cheaper than it is.
constexpr unsigned kBomIncomplete = static_cast<unsigned>(MissingInput::GpuPrice) |
                                    static_cast<unsigned>(MissingInput::NodePrice) |
                                    static_cast<unsigned>(MissingInput::SwitchPrice);

bool publishedPrice(const CloudOffer &offer, CloudPricing pricing)
{
    switch (pricing) {
    case CloudPricing::OnDemand: return offer.onDemandPerGpuHour >= 0;
    case CloudPricing::Reserved1y: return offer.reserved1yPerGpuHour >= 0;
    case CloudPricing::Reserved3y: return offer.reserved3yPerGpuHour >= 0;
    case CloudPricing::Spot: return offer.spotPerGpuHour >= 0;
    }
    return false;
}

std::string gpuName(const ResolvedPlan &plan)
{
    const GpuSpec *gpu = plan.physicalGpu ? plan.physicalGpu : plan.gpu;
    return gpu ? (gpu->name.empty() ? gpu->id : gpu->name) : std::string("GPU");
}

} // namespace

const char *costViewName(CostView view)
{
    return view == CostView::Cash ? "cash" : "tco";
}

const char *verdictChoiceName(VerdictChoice choice)
{
    return choice == VerdictChoice::Buy ? "buy" : "rent";
}

const char *pricingLabel(CloudPricing pricing)
{
    switch (pricing) {
    case CloudPricing::OnDemand: return "on-demand";
    case CloudPricing::Reserved1y: return "1-year reserved";
    case CloudPricing::Reserved3y: return "3-year reserved";
    case CloudPricing::Spot: return "spot";
    }
    return "";
}

std::string offerName(const ResolvedPlan &plan, const CloudQuote &q)
{
    if (!q.offer)
        return std::string("the plan's cloud price (") + pricingLabel(q.pricing) + ")";
    const GpuSpec *gpu = plan.catalog ? plan.catalog->findGpu(q.offer->gpu) : nullptr;
    const std::string name = gpu && !gpu->name.empty() ? gpu->name : gpuName(plan);
    return q.offer->provider + ", " + std::to_string(q.offer->gpusPerInstance) + " × " + name + " instances, " +
           pricingLabel(q.pricing);
}

std::vector<CloudQuote> cloudQuotes(const ResolvedPlan &plan, const FacilityInputs &in, double wallS)
{
    std::vector<CloudQuote> quotes;
    const CostAssumptions &c = plan.plan->cost;
    if (c.cloudGpuHourUsd >= 0) {
        CloudQuote q;
        q.pricing = c.cloudPricing;
        q.perGpuHourUsd = c.cloudGpuHourUsd;
        q.bill = billCloud(in, q.perGpuHourUsd, q.pricing, wallS);
        quotes.push_back(q);
        return quotes;
    }
    if (!plan.gpu || !plan.catalog)
        return quotes;
    const int jobGpus = static_cast<int>(in.jobGpus);
    const int gpusPerNode = static_cast<int>(in.gpusPerNode);
    for (const CloudOffer *offer : plan.catalog->offersFor(*plan.gpu)) {
        if (!offerCanHost(*offer, jobGpus, gpusPerNode))
            continue;
        for (CloudPricing pricing : kPricings) {
            const double price = offerGpuHourUsd(*offer, pricing, c);
            if (price < 0)
                continue;
            quotes.push_back({offer, pricing, price, publishedPrice(*offer, pricing), billCloud(in, price, pricing, wallS)});
        }
    }
    return quotes;
}

CostVerdict costVerdict(const ResolvedPlan &plan, const Evaluation &e)
{
    const Plan &p = *plan.plan;
    const CostResult &c = e.cost;
    const FacilityInputs in = gatherFacilityInputs(plan, e.layout, e);
    CostVerdict v;
    v.basis = p.cost.followonUtilization > 0 ? CostView::Tco : CostView::Cash;
    v.horizonS = c.cashHorizonS;
    v.onpremPartial = c.onpremCapexUsd > 0 && (c.missing & kBomIncomplete) != 0;
    v.onpremKnown = c.onpremCapexUsd > 0 && !v.onpremPartial;
    v.onpremCashUsd = c.onpremCashUsd;
    v.onpremTcoUsd = c.onpremTotalUsd;
    v.onpremUsd = v.basis == CostView::Cash ? v.onpremCashUsd : v.onpremTcoUsd;
    for (const CloudQuote &q : cloudQuotes(plan, in, c.cashHorizonS)) {
        bool &known = q.published ? v.cloudKnown : v.estimateKnown;
        CloudQuote &leader = q.published ? v.cheapestCloud : v.cheapestEstimate;
        if (!known || q.inView(v.basis) < leader.inView(v.basis))
            leader = q;
        known = true;
    }
    v.cloudUsd = v.cloudKnown ? v.cheapestCloud.inView(v.basis) : 0.0;
    v.cheaper = (!v.cloudKnown || (v.onpremKnown && v.onpremUsd < v.cloudUsd)) ? CostBasis::OnPrem : CostBasis::Cloud;

    v.decided = v.cloudKnown || v.onpremKnown;
    const bool buy = v.cheaper == CostBasis::OnPrem && v.onpremKnown;
    v.choice = buy ? VerdictChoice::Buy : VerdictChoice::Rent;
    if (buy) {
        v.offer = grouped(static_cast<long long>(in.jobGpus + in.spareNodes * in.gpusPerNode)) + " × " + gpuName(plan) +
                  (p.cost.ownFacility ? " in an own data center" : " in colocation");
        // Kept in service after the run (cost of ownership view): no resale, the cash out is the
        // capex and the operations during the run. Sold after the run (cash view): less the resale.
        v.cashUsd = v.basis == CostView::Cash ? c.onpremCashUsd : c.onpremCapexUsd + c.onpremOperationsUsd;
        v.upfrontUsd = c.onpremCapexUsd;
        v.usd = v.onpremUsd;
        v.otherUsd = v.cloudUsd;
    } else if (v.cloudKnown) {
        v.offer = offerName(plan, v.cheapestCloud);
        v.cashUsd = v.cheapestCloud.bill.cashUsd;
        v.upfrontUsd = 0;
        v.usd = v.cloudUsd;
        v.otherUsd = v.onpremKnown ? v.onpremUsd : 0.0;
    }
    v.estimateCheaper = v.estimateKnown && (!v.decided || v.cheapestEstimate.inView(v.basis) < v.usd);

    const bool training = p.workload.mode == Mode::Training;
    const std::string view = v.basis == CostView::Cash
                                 ? "in cash over " + std::string(training ? "the run" : "the serving horizon")
                                 : "as the run's share of the cost of ownership (other work uses " +
                                       formatPercent(p.cost.followonUtilization, 0) + " of the hours after it)";
    auto money = [&](double usd) { return formatMoney(p, usd); };
    if (!v.decided && v.onpremPartial)
        v.reason = "no cloud offer publishes a price for this GPU at this size, and owning is not fully priced "
                   "(GPUs, servers or switches missing from the catalog)";
    else if (!v.decided)
        v.reason = "no published price is known for the cluster or the cloud";
    else if (!v.cloudKnown)
        v.reason = "no cloud offer publishes a price for this GPU at this size";
    else if (!v.onpremKnown)
        v.reason = v.onpremPartial ? "owning is not fully priced (GPUs, servers or switches missing from the catalog)"
                                   : "the cluster has no purchase price";
    else if (buy)
        v.reason = "owning costs " + money(v.onpremUsd) + " " + view + " against " + money(v.cloudUsd) +
                   " for the cheapest cloud offer at a published price, " + offerName(plan, v.cheapestCloud);
    else
        v.reason = "renting costs " + money(v.cloudUsd) + " " + view + " against " + money(v.onpremUsd) + " for owning";
    v.text = verdictText(p, v);
    return v;
}

const char *verdictWord(const CostVerdict &v)
{
    if (!v.decided)
        return "No verdict";
    return v.choice == VerdictChoice::Buy ? "Buy" : "Rent";
}

namespace {

// The short name of a quote in the verdict sentence: "Lambda, on-demand" (offerName() names the instance too).
std::string providerTerm(const CloudQuote &q)
{
    return (q.offer ? q.offer->provider : std::string("the plan's cloud price")) + ", " + pricingLabel(q.pricing);
}

} // namespace

std::string verdictText(const Plan &p, const CostVerdict &v)
{
    // One sentence a buyer can sign: what, how many, the cash up front and over the run, and the
    // alternative it beat in the view it rests on. The long clause stays in `reason`.
    auto money = [&](double usd) { return formatMoney(p, usd); };
    const bool training = p.workload.mode == Mode::Training;
    const std::string over = (training ? "over the run (" : "over the serving horizon (") + formatDuration(v.horizonS) + ")";
    std::string s;
    if (!v.decided) {
        s = "No verdict: " + v.reason + ".";
    } else {
        const bool buy = v.choice == VerdictChoice::Buy;
        s = std::string(verdictWord(v)) + " " + v.offer + ": " +
            (buy ? money(v.upfrontUsd) + " up front, " : std::string("nothing up front, ")) + money(v.cashUsd) + " in cash " +
            over;
        const bool compared = v.cloudKnown && v.onpremKnown;
        const std::string lead = v.basis == CostView::Cash ? ", against "
                                                           : "; as the run's share of ownership " + money(v.usd) + " against ";
        if (compared && buy)
            s += lead + money(v.otherUsd) + " to rent (" + providerTerm(v.cheapestCloud) + ").";
        else if (compared)
            s += lead + money(v.otherUsd) + " to own.";
        else
            s += "; " + v.reason + ".";
    }
    if (v.estimateCheaper)
        s += " Cheaper only at an estimated price, not chosen: " + providerTerm(v.cheapestEstimate) + ", " + money(v.cheapestEstimate.inView(v.basis)) + " (no published " + pricingLabel(v.cheapestEstimate.pricing) +
             " price).";
    return s;
}

} // namespace gpuplan

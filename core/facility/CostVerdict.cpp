// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/CostVerdict.h"

#include "common/EnumNames.h"
#include "facility/FacilityInputs.h"
#include "facility/FacilityText.h"
#include "report/TextReport.h"

namespace gpuplan {

namespace {

constexpr CloudPricing kPricings[] = {CloudPricing::OnDemand, CloudPricing::Reserved1y, CloudPricing::Reserved3y,
                                      CloudPricing::Spot};

std::string offerLabel(const CloudQuote &q)
{
    const std::string option = nameOf(cloudPricingNames(), q.pricing);
    if (!q.offer)
        return "the plan's cloud price (" + option + ")";
    return q.offer->provider + " " + q.offer->instance + " " + option +
           (q.published ? std::string() : " (on-demand less the plan's discount: no published " + option + " price)");
}

} // namespace

const char *costViewName(CostView view)
{
    return view == CostView::Cash ? "cash" : "tco";
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
            const bool published = pricing == CloudPricing::OnDemand ||
                                   (pricing == CloudPricing::Reserved1y && offer->reserved1yPerGpuHour >= 0) ||
                                   (pricing == CloudPricing::Reserved3y && offer->reserved3yPerGpuHour >= 0) ||
                                   (pricing == CloudPricing::Spot && offer->spotPerGpuHour >= 0);
            quotes.push_back({offer, pricing, price, published, billCloud(in, price, pricing, wallS)});
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
    v.onpremKnown = c.onpremCapexUsd > 0;
    v.onpremCashUsd = c.onpremCashUsd;
    v.onpremTcoUsd = c.onpremTotalUsd;
    v.onpremUsd = v.basis == CostView::Cash ? v.onpremCashUsd : v.onpremTcoUsd;
    for (const CloudQuote &q : cloudQuotes(plan, in, c.cashHorizonS)) {
        if (!v.cloudKnown || q.inView(v.basis) < v.cheapestCloud.inView(v.basis))
            v.cheapestCloud = q;
        v.cloudKnown = true;
    }
    v.cloudUsd = v.cloudKnown ? v.cheapestCloud.inView(v.basis) : 0.0;
    v.cheaper = (!v.cloudKnown || (v.onpremKnown && v.onpremUsd < v.cloudUsd)) ? CostBasis::OnPrem : CostBasis::Cloud;

    const bool training = p.workload.mode == Mode::Training;
    const std::string view = v.basis == CostView::Cash
                                 ? "in cash over " + std::string(training ? "the run (" : "the serving horizon (") +
                                       formatDuration(v.horizonS) + ")"
                                 : "as the run's share of the cost of ownership";
    auto money = [&](double usd) { return formatMoney(p, usd); };
    if (!v.cloudKnown && !v.onpremKnown)
        v.text = "No price is known for the cluster or the cloud.";
    else if (!v.cloudKnown)
        v.text = "No cloud offer prices this GPU: owning costs " + money(v.onpremUsd) + " " + view + ".";
    else if (!v.onpremKnown)
        v.text = "The cluster is not priced: the cheapest cloud offer is " + offerLabel(v.cheapestCloud) + " at " +
                 money(v.cloudUsd) + " " + view + ".";
    else if (v.cheaper == CostBasis::OnPrem)
        v.text = "Owning is cheaper " + view + ": " + money(v.onpremUsd) + " against " + money(v.cloudUsd) +
                 " for the cheapest cloud offer, " + offerLabel(v.cheapestCloud) + ".";
    else
        v.text = "The cloud is cheaper " + view + ": " + offerLabel(v.cheapestCloud) + " at " + money(v.cloudUsd) +
                 " against " + money(v.onpremUsd) + " for owning.";
    return v;
}

} // namespace gpuplan

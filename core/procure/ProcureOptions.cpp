// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/ProcureOptions.h"

namespace gpuplan {

int addPricedOptions(const ProcureOption &base, const CostResult &c, const std::vector<CloudQuote> &quotes,
                     double leadDays, double siteKw, ProcureResult &out)
{
    int buyIndex = -1;
    const bool buyPriced = !c.isMissing(MissingInput::GpuPrice) && !c.isMissing(MissingInput::NodePrice) && c.onpremCapexUsd > 0;
    if (buyPriced) {
        ProcureOption o = base;
        o.acquisition = Acquisition::Buy;
        o.cashUsd = c.onpremCashUsd;
        o.tcoUsd = c.onpremTotalUsd;
        o.capexUsd = c.onpremCapexUsd;
        o.upfrontUsd = c.onpremCapexUsd;
        o.leadTimeDays = leadDays;
        o.finishDays = leadDays + base.finishDays;
        o.facilityKw = siteKw;
        buyIndex = static_cast<int>(out.options.size());
        out.options.push_back(std::move(o));
    } else {
        out.rejected["no purchase price in the catalog"] += 1;
    }
    if (quotes.empty())
        out.rejected["no cloud offer can host this count"] += 1;
    // Rented capacity starts at once: the catalog states no capacity lead time.
    for (const CloudQuote &q : quotes) {
        ProcureOption o = base;
        o.acquisition = Acquisition::Cloud;
        o.offer = q.offer ? q.offer->id : std::string();
        o.provider = q.offer ? q.offer->provider : std::string();
        o.term = q.pricing;
        o.priceEstimated = !q.published;
        o.cashUsd = q.bill.cashUsd;
        o.tcoUsd = q.bill.runShareUsd;
        o.facilityKw = siteKw;
        out.options.push_back(std::move(o));
    }
    return buyIndex;
}

} // namespace gpuplan

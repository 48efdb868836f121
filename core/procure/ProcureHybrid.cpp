// SPDX-License-Identifier: GPL-3.0-or-later
// Hybrid options: an owned base cluster bought for the whole run, and a larger cloud cluster that
// trains the first share of the tokens while the bought hardware is delivered. The run moves to the
// owned cluster once, restarting from the cloud cluster's last checkpoint.
#include "procure/ProcureHybrid.h"

#include "common/Units.h"
#include "facility/Cost.h"

#include <algorithm>
#include <utility>

namespace gpuplan {

namespace {

// The cheapest cloud phase of `burst` lasting `phaseS`: among published prices, and among estimated
// ones (null when there is none of that kind).
struct CheapestQuotes
{
    const CloudQuote *published = nullptr;
    CloudBill publishedBill;
    const CloudQuote *estimated = nullptr;
    CloudBill estimatedBill;
};

CheapestQuotes cheapestQuotes(const ExploredCount &burst, double phaseS)
{
    CheapestQuotes c;
    for (const CloudQuote &q : burst.quotes) {
        const CloudBill bill = billCloud(burst.inputs, q.perGpuHourUsd, q.pricing, phaseS);
        const CloudQuote *&best = q.published ? c.published : c.estimated;
        CloudBill &bestBill = q.published ? c.publishedBill : c.estimatedBill;
        if (!best || bill.cashUsd < bestBill.cashUsd) {
            best = &q;
            bestBill = bill;
        }
    }
    return c;
}

HybridPart ownedPart(const ExploredCount &base, double share, double days, const OnpremCash &cash)
{
    HybridPart p;
    p.acquisition = Acquisition::Buy;
    p.numGpus = base.numGpus;
    p.layout = base.layout;
    p.tokenShare = share;
    p.days = days;
    p.cashUsd = cash.cashUsd;
    // The run's share of the cost of ownership scales with the GPU-hours the owned cluster trains.
    p.tcoUsd = base.cost.onpremTotalUsd * share;
    return p;
}

HybridPart cloudPart(const ExploredCount &burst, const CloudQuote &q, const CloudBill &bill, double share, double days)
{
    HybridPart p;
    p.acquisition = Acquisition::Cloud;
    p.numGpus = burst.numGpus;
    p.layout = burst.layout;
    p.offer = q.offer ? q.offer->id : std::string();
    p.provider = q.offer ? q.offer->provider : std::string();
    p.term = q.pricing;
    p.priceEstimated = !q.published;
    p.tokenShare = share;
    p.days = days;
    p.cashUsd = bill.cashUsd;
    p.tcoUsd = bill.runShareUsd;
    return p;
}

ProcureOption hybridOption(const std::string &gpu, const ProcureOption &buy, const ExploredCount &base,
                           const ExploredCount &burst, double cloudShare, const CloudQuote &q, const CloudBill &bill)
{
    const double ownShare = 1.0 - cloudShare;
    const double cloudS = cloudShare * burst.wallS;
    const double ownS = ownShare * base.wallS + base.restartS;
    const double totalS = cloudS + ownS;
    // Bought at the start and held to the end of the run; it draws energy only while it trains.
    const OnpremCash ownCash = onpremCashOver(base.inputs, base.cost, ownShare * base.energyMwh, totalS);

    ProcureOption o;
    o.gpu = gpu;
    o.numGpus = base.numGpus;
    o.acquisition = Acquisition::Hybrid;
    o.offer = q.offer ? q.offer->id : std::string();
    o.provider = q.offer ? q.offer->provider : std::string();
    o.term = q.pricing;
    o.priceEstimated = !q.published;
    o.layout = base.layout;
    o.timeToTrainDays = totalS / units::kDay;
    o.parts.push_back(ownedPart(base, ownShare, ownS / units::kDay, ownCash));
    o.parts.push_back(cloudPart(burst, q, bill, cloudShare, cloudS / units::kDay));
    o.cashUsd = o.parts[0].cashUsd + o.parts[1].cashUsd;
    o.tcoUsd = o.parts[0].tcoUsd + o.parts[1].tcoUsd;
    o.capexUsd = buy.capexUsd;
    o.upfrontUsd = buy.capexUsd;
    // The cloud cluster trains while the owned one is delivered and installed; the owned phase
    // starts when both are done.
    o.leadTimeDays = base.leadTimeDays;
    o.finishDays = std::max(cloudS / units::kDay, base.leadTimeDays) + ownS / units::kDay;
    o.facilityKw = buy.facilityKw;
    o.energyMwh = ownShare * base.energyMwh + cloudShare * burst.energyMwh;
    // Failure-free rate over the tokens, and MFU weighted by the GPU-hours of each phase.
    o.tokensPerS = 1.0 / (cloudShare / burst.tokensPerS + ownShare / base.tokensPerS);
    const double ownGpuS = base.numGpus * ownS, cloudGpuS = burst.numGpus * cloudS;
    o.mfu = (base.mfu * ownGpuS + burst.mfu * cloudGpuS) / (ownGpuS + cloudGpuS);
    return o;
}

// Whether `a` is at least as good as `b` in everything an objective, a constraint or the ranking
// reads: cash, cost of ownership, time, energy, the site's power and a published price.
bool noWorse(const ProcureOption &a, const ProcureOption &b)
{
    return a.cashUsd <= b.cashUsd && a.tcoUsd <= b.tcoUsd && a.timeToTrainDays <= b.timeToTrainDays &&
           a.finishDays <= b.finishDays && a.upfrontUsd <= b.upfrontUsd &&
           a.energyMwh <= b.energyMwh && a.facilityKw <= b.facilityKw && (!a.priceEstimated || b.priceEstimated);
}

// Keeps the hybrids no other one of the list is at least as good as (the first of equals). Whatever
// the limits and the objective, a dropped option could never rank above the one that covers it, and
// the set kept does not depend on the limits.
std::vector<ProcureOption> undominated(std::vector<ProcureOption> candidates)
{
    std::vector<ProcureOption> kept;
    for (std::size_t j = 0; j < candidates.size(); ++j) {
        bool covered = false;
        for (std::size_t i = 0; i < candidates.size() && !covered; ++i) {
            covered = i != j && noWorse(candidates[i], candidates[j]) &&
                      (i < j || !noWorse(candidates[j], candidates[i]));
        }
        if (!covered)
            kept.push_back(std::move(candidates[j]));
    }
    return kept;
}

} // namespace

void addHybridOptions(const std::string &gpu, const std::vector<ExploredCount> &counts, ProcureResult &out)
{
    std::vector<ProcureOption> candidates;
    for (const ExploredCount &base : counts) {
        if (base.buyOption < 0)
            continue;
        const ProcureOption buy = out.options[static_cast<std::size_t>(base.buyOption)];
        for (const ExploredCount &burst : counts) {
            // A burst smaller or no faster than the owned base would only lengthen the run; one more
            // than kMaxBurstMultiple times larger would mostly pay for idle owned hardware.
            if (burst.numGpus <= base.numGpus || burst.numGpus > kMaxBurstMultiple * base.numGpus ||
                !(burst.wallS < base.wallS) || burst.quotes.empty())
                continue;
            for (const double share : kHybridCloudShares) {
                const CheapestQuotes c = cheapestQuotes(burst, share * burst.wallS);
                if (c.published)
                    candidates.push_back(hybridOption(gpu, buy, base, burst, share, *c.published, c.publishedBill));
                if (c.estimated && (!c.published || c.estimatedBill.cashUsd < c.publishedBill.cashUsd))
                    candidates.push_back(hybridOption(gpu, buy, base, burst, share, *c.estimated, c.estimatedBill));
            }
        }
    }
    for (ProcureOption &o : undominated(std::move(candidates)))
        out.options.push_back(std::move(o));
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "facility/CostVerdict.h"
#include "procure/Procurement.h"

#include <vector>

// Hybrid options of the procurement planner: an owned base cluster plus a larger cloud cluster of
// the same GPU that trains a share of the tokens first (docs/procurement.md, "Hybrid").
namespace gpuplan {

// Shares of the run's tokens the cloud cluster trains. A fixed grid, not a share solved for the
// deadline: the options must not depend on the constraints, so that the constraints only filter
// and rank them and a tighter deadline can never make the best option cheaper.
inline constexpr double kHybridCloudShares[] = {0.25, 0.5, 0.75};

// The largest cloud burst, as a multiple of the owned base: the next two rungs of the count ladder.
// A larger burst trains its share so much faster that the owned base, held for the whole run, sits
// idle for most of it.
inline constexpr int kMaxBurstMultiple = 4;

// One explored GPU count of one GPU type: what its buy and cloud options were priced from.
struct ExploredCount
{
    int buyOption = -1;             // index of its buy option in the result; -1 when not for sale
    double leadTimeDays = 0;        // order to the bought cluster in service
    int numGpus = 0;
    Layout layout;
    double wallS = 0;               // time to train with failures at this count
    double restartS = 0;            // one restart from a checkpoint (the handover to this cluster)
    double energyMwh = 0;           // facility energy of the whole run at this count
    double tokensPerS = 0;
    double mfu = 0;
    CostResult cost;                // the cost model's prices at this count (capex, operations)
    FacilityInputs inputs;          // for billing the cloud part and the resale value
    std::vector<CloudQuote> quotes; // every offer and term that can host this count
};

// Appends the hybrid options of one GPU type: every owned count that can be bought with each count
// the cloud offers up to kMaxBurstMultiple times larger, at each share of kHybridCloudShares, with
// the cloud offer and term that costs the least cash for that phase (and, when cheaper still, the
// least at an estimated price); hybrids another one beats in every respect are dropped.
void addHybridOptions(const std::string &gpu, const std::vector<ExploredCount> &counts, ProcureResult &out);

} // namespace gpuplan

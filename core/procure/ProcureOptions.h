// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "facility/CostVerdict.h"
#include "procure/Procurement.h"

#include <vector>

// The ways of paying for one explored configuration (a training cluster at one GPU count, or a
// serving fleet at one replica size), shared by both explorations: one buy option when the catalog
// prices the purchase, one cloud option per offer and purchase option that can host it, all priced
// from the one evaluation's cost.
namespace gpuplan {

// `base` carries what every way of paying shares (GPU, count, layout, time, energy, fleet) and, in
// finishDays, the days from service to the end of the run (0 for a serving fleet, which serves from
// then on). A bought option adds `leadDays` (procurement and installation) before them. Serving
// options get their prices per token from the caller (procure/ProcureServing.cpp, priceTokens()).
// Returns the index of the buy option in out.options, -1 when the purchase is not priced.
int addPricedOptions(const ProcureOption &base, const CostResult &cost, const std::vector<CloudQuote> &quotes,
                     double leadDays, double siteKw, ProcureResult &out);

} // namespace gpuplan

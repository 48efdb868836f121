// SPDX-License-Identifier: GPL-3.0-or-later
// INTERIM: replaced by the facility and cost models.
#include "facility/FacilityModel.h"

namespace gpuplan {

void estimateFacility(const ResolvedPlan &, const Layout &, Evaluation &)
{
}

} // namespace gpuplan

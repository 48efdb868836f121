// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/TimeBound.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

double GroupTimeBound::objectiveAtVp(int virtualStages) const
{
    // Fewer chunks than measured would mean fewer pipeline transfers: no bound from these parts.
    if (!known || virtualStages < vp)
        return 0;
    const double bubble = bubbleFraction * vp / virtualStages;
    return objectivePerS * (steadyS * (1.0 + bubble) + otherS);
}

GroupTimeBound groupTimeBound(const Evaluation &e, const SearchCandidate &c)
{
    GroupTimeBound b;
    const TrainingResult &t = e.training;
    if (!t.valid || !(t.stepTimeS > 0) || !std::isfinite(c.objective))
        return b;
    const StepBreakdown &s = t.breakdown;
    b.steadyS = std::max(s.compute + s.tpComm + s.cpComm + s.epComm + s.ppComm, 0.0);
    b.bubbleFraction = std::max(t.bubbleFraction, 0.0);
    b.otherS = std::max(s.other, 0.0);
    b.objectivePerS = c.objective / t.stepTimeS;
    b.vp = std::max(e.layout.vp, 1);
    // Guard against a breakdown that does not add up to the step (a model change): never bound
    // above the candidate itself.
    b.known = std::isfinite(b.objectivePerS) && b.objective() <= c.objective * (1 + 1e-12);
    return b;
}

} // namespace gpuplan

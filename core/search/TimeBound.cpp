// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/TimeBound.h"

#include <algorithm>
#include <cmath>
#include <tuple>

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

bool GroupBoundCarry::keyBefore(const Entry &a, const Entry &b)
{
    return std::tie(a.tp, a.cp, a.pp, a.vp, a.ep, a.expertTp, a.microBatch) <
           std::tie(b.tp, b.cp, b.pp, b.vp, b.ep, b.expertTp, b.microBatch);
}

void GroupBoundCarry::beginCount(int numGpus)
{
    if (numGpus > m_gpus) {
        m_from.swap(m_next);
        std::sort(m_from.begin(), m_from.end(), keyBefore);
    } else {
        m_from.clear();
    }
    m_next.clear();
    m_gpus = numGpus;
}

GroupTimeBound GroupBoundCarry::carried(const Layout &g) const
{
    const Entry key{g.tp, g.cp, g.pp, g.vp, g.ep, g.expertTp, g.microBatch, g.dp, {}};
    const auto it = std::lower_bound(m_from.begin(), m_from.end(), key, keyBefore);
    if (it == m_from.end() || keyBefore(key, *it) || !it->bound.known || !(g.dp > it->dp))
        return {};
    const double q = static_cast<double>(it->dp) / g.dp;
    GroupTimeBound b = it->bound;
    b.steadyS *= q;
    b.bubbleFraction /= q;
    b.otherS *= q;
    return b;
}

void GroupBoundCarry::record(const Layout &g, const GroupTimeBound &bound)
{
    if (bound.known)
        m_next.push_back({g.tp, g.cp, g.pp, g.vp, g.ep, g.expertTp, g.microBatch, g.dp, bound});
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/SearchRanking.h"

#include "search/LayoutSpace.h"

#include <algorithm>
#include <tuple>

namespace gpuplan {

namespace {

auto preferenceKey(const Layout &l)
{
    return std::make_tuple(recomputeRank(l.recompute), static_cast<int>(l.offloadParams),
                           static_cast<int>(l.offloadOptimizer), l.zero, static_cast<int>(l.sharding), l.pp, l.tp, l.cp,
                           l.ep, l.expertTp, l.vp, -l.microBatch, l.numGpus, l.dp);
}

} // namespace

bool rankedBefore(const SearchCandidate &a, const SearchCandidate &b)
{
    if (a.objective != b.objective)
        return a.objective < b.objective;
    return preferenceKey(a.layout) < preferenceKey(b.layout);
}

TopList::TopList(int capacity)
    : m_capacity(std::max(capacity, 1))
{
    m_items.reserve(static_cast<std::size_t>(m_capacity) + 1);
}

void TopList::offer(const SearchCandidate &c)
{
    if (full() && !rankedBefore(c, m_items.back()))
        return;
    m_items.insert(std::upper_bound(m_items.begin(), m_items.end(), c, rankedBefore), c);
    if (static_cast<int>(m_items.size()) > m_capacity)
        m_items.pop_back();
}

bool paretoDominates(const SearchCandidate &a, const SearchCandidate &b)
{
    const double at = a.paretoTime, bt = b.paretoTime;
    const double ac = a.paretoCost(), bc = b.paretoCost();
    return at <= bt && ac <= bc && (at < bt || ac < bc);
}

void ParetoFront::offer(const SearchCandidate &c)
{
    for (const SearchCandidate &p : m_items) {
        if (paretoDominates(p, c))
            return;
        // The same point twice: keep the preferred layout only.
        if (p.paretoTime == c.paretoTime && p.paretoCost() == c.paretoCost() && !rankedBefore(c, p))
            return;
    }
    std::erase_if(m_items, [&](const SearchCandidate &p) {
        return paretoDominates(c, p) || (p.paretoTime == c.paretoTime && p.paretoCost() == c.paretoCost());
    });
    const auto at = std::lower_bound(m_items.begin(), m_items.end(), c, [](const SearchCandidate &a, const SearchCandidate &b) {
        return a.paretoTime < b.paretoTime;
    });
    m_items.insert(at, c);
}

} // namespace gpuplan

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

// Disaggregated deployments after aggregated ones (one engine instance kind, no KV transfer to
// run); between pools, fewer and smaller prefill workers first. Aggregated candidates all have the
// same key, so their order is the layout's alone.
auto poolKey(const SearchCandidate &c)
{
    const InferenceWorkload::Pool &p = c.prefill, &d = c.decode;
    return std::make_tuple(static_cast<int>(c.disaggregated), p.workers, p.tp, d.tp, d.workers, -d.batch, p.batch,
                           p.attentionDp, p.ep, d.attentionDp, d.ep, static_cast<int>(c.kvTransfer));
}

bool samePool(const InferenceWorkload::Pool &a, const InferenceWorkload::Pool &b)
{
    return a.workers == b.workers && a.tp == b.tp && a.attentionDp == b.attentionDp && a.ep == b.ep &&
           a.batch == b.batch;
}

} // namespace

bool rankedBefore(const SearchCandidate &a, const SearchCandidate &b)
{
    if (a.objective != b.objective)
        return a.objective < b.objective;
    if (a.disaggregated != b.disaggregated || a.disaggregated)
        return poolKey(a) < poolKey(b) ||
               (poolKey(a) == poolKey(b) && preferenceKey(a.layout) < preferenceKey(b.layout));
    return preferenceKey(a.layout) < preferenceKey(b.layout);
}

bool sameDeployment(const SearchCandidate &a, const SearchCandidate &b)
{
    if (!(a.layout == b.layout) || a.disaggregated != b.disaggregated)
        return false;
    return !a.disaggregated ||
           (samePool(a.prefill, b.prefill) && samePool(a.decode, b.decode) && a.kvTransfer == b.kvTransfer);
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

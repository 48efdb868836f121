// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/LayoutSearch.h"

#include <limits>
#include <vector>

// The best-N list and the time/cost Pareto front of the auto-planner. Both are order independent:
// equal objectives are broken by a fixed preference on the layout, so a pruned and an exhaustive
// search that find the same candidates return the same lists.
namespace gpuplan {

// Lower objective first; ties prefer less recompute and offload, lower ZeRO stage, fewer pipeline
// stages, then smaller TP, CP, EP, virtual stages, larger micro-batch, fewer GPUs.
bool rankedBefore(const SearchCandidate &a, const SearchCandidate &b);

class TopList
{
public:
    explicit TopList(int capacity);
    void offer(const SearchCandidate &candidate);
    void clear() { m_items.clear(); }
    bool full() const { return static_cast<int>(m_items.size()) >= m_capacity; }
    // Objective a candidate must beat to enter; +infinity until the list is full.
    double threshold() const
    {
        return full() && !m_items.empty() ? m_items.back().objective : std::numeric_limits<double>::infinity();
    }
    const std::vector<SearchCandidate> &items() const { return m_items; }

private:
    int m_capacity;
    std::vector<SearchCandidate> m_items;
};

class ParetoFront
{
public:
    void offer(const SearchCandidate &candidate);
    void clear() { m_items.clear(); }
    const std::vector<SearchCandidate> &items() const { return m_items; }   // fastest first

private:
    std::vector<SearchCandidate> m_items;
};

// a is at least as good as b on both axes and better on one.
bool paretoDominates(const SearchCandidate &a, const SearchCandidate &b);

} // namespace gpuplan

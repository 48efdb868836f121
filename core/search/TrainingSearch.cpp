// SPDX-License-Identifier: GPL-3.0-or-later
// The training search of one GPU count. Each layout group (TP, CP, PP, VP, EP, micro-batch) is
// checked once and bounded in time from its lightest setting (or from VP = 1 of the same group);
// then, per sharding choice, the grid of memory-saving settings (recompute level x offload level)
// is walked from the lightest setting, memory first. docs/search.md "Pruning" gives the rules and
// why they never drop a layout that could win.
#include "evaluator/Evaluator.h"
#include "search/SearchState.h"
#include "search/TimeBound.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <span>

namespace gpuplan {

namespace {

// NoFitKnown: did not fit at a smaller micro-batch of the same group, so it cannot fit now.
enum class CellState : unsigned char { Unvisited, Feasible, NoFit, NoFitKnown, Rejected, Bounded };

// One bit per memory-saving setting (r * 3 + o).
using CellMask = std::uint16_t;

struct Cell
{
    CellState state = CellState::Unvisited;
    int reason = 0;            // reject index when Rejected
    bool hasTime = false;      // timed (a fitting cell, or one evaluated in full) with a time estimate
    bool clearlyOver = false;  // NoFit by more than kNoFitMargin: safe to infer from
    SearchCandidate candidate;
};

// The group's lightest setting (rule 5's seed), asked for its memory first; its time is asked for
// only once a setting of the group fits (rule 7): for a group where nothing fits, the time model
// is never called. A group whose seed fits is timed at once.
struct GroupSeed
{
    Layout layout;
    Evaluation e;
    bool timed = false;
    GroupTimeBound bound;

    // Times the seed if it was not yet; returns the group's bound (0 = none).
    double timeBound(SearchState &state)
    {
        if (!timed) {
            timed = true;
            state.evaluateTime(layout, e);
            SearchCandidate scored;
            if (scoreTraining(state.timeObjective(), e, scored))
                bound = groupTimeBound(e, scored);
        }
        return bound.known ? bound.objective() : 0.0;
    }
};

// The memory-saving settings of one sharding choice for one layout group. Setting (r, o) saves
// at least as much memory as (r', o') and is at least as slow when r >= r' and o >= o'.
class ChoiceWalk
{
public:
    // seed: the group's lightest setting, whose time bounds every cell once known; with
    // seedIsCell, it is also this choice's cell (0, 0).
    ChoiceWalk(SearchState &state, const Layout &group, const ShardingChoice &choice, const RecomputeLevels &recompute,
               CellMask knownNoFit, GroupSeed *seed = nullptr, bool seedIsCell = false)
        : m_state(state)
        , m_group(group)
        , m_choice(choice)
        , m_recompute(recompute)
        , m_levels(recompute.count)
        , m_offloads(choice.offloadCount)
        , m_seed(seed)
        , m_groupBound(seed && seed->timed && seed->bound.known ? seed->bound.objective() : 0.0)
    {
        for (int r = 0; r < m_levels; ++r) {
            for (int o = 0; o < m_offloads; ++o) {
                if (knownNoFit & bit(r, o))
                    at(r, o).state = CellState::NoFitKnown;
            }
        }
        if (seed && seedIsCell)
            record(0, 0, seed->e, seed->timed);   // evaluated: better than the inference
    }

    static CellMask bit(int r, int o) { return static_cast<CellMask>(1u << (r * 3 + o)); }

    void walkPruned();
    void walkAll();
    // The settings that cannot fit at a larger micro-batch: every one that saves no more memory
    // than a setting that did not fit here.
    CellMask noFitMask() const;
    // Counts every cell once and hands the non-dominated feasible ones to the ranking.
    void settle();

private:
    Cell &at(int r, int o) { return m_cells[static_cast<std::size_t>(r * 3 + o)]; }
    const Cell &at(int r, int o) const { return m_cells[static_cast<std::size_t>(r * 3 + o)]; }
    // Pruned walk: memory first, the time model only for a cell that fits.
    void evaluateCell(int r, int o);
    // Exhaustive walk: memory and time for every cell.
    void evaluateCellFully(int r, int o);
    void record(int r, int o, const Evaluation &e, bool timed);
    // Evaluates an unvisited cell unless its lower bound cannot win; true when it evaluated.
    bool tryCell(int r, int o);
    bool lowerBound(int r, int o, double &timeObjective) const;
    bool dominated(int r, int o) const;
    // A heavier-or-equal setting did not fit (with clearMiss: by more than the margin).
    bool impliedNoFit(int r, int o, bool clearMiss = false) const;

    SearchState &m_state;
    const Layout &m_group;
    const ShardingChoice &m_choice;
    const RecomputeLevels &m_recompute;
    int m_levels;
    int m_offloads;
    GroupSeed *m_seed;
    double m_groupBound;
    std::array<Cell, kMaxCells> m_cells{};
};

void ChoiceWalk::evaluateCell(int r, int o)
{
    Layout l = m_group;
    setMemorySaving(l, m_choice, m_recompute.items[static_cast<std::size_t>(r)], o);
    Evaluation e = m_state.evaluateMemory(l);
    const bool fits = e.memory.fits;
    // The first setting of the group that fits: the group's bound is needed now.
    if (fits && m_seed && !m_seed->timed) {
        m_groupBound = m_seed->timeBound(m_state);
        if (m_groupBound > 0 && m_state.cannotWin(m_groupBound)) {
            at(r, o).state = CellState::Bounded;
            return;
        }
    }
    if (fits)
        m_state.evaluateTime(l, e);
    record(r, o, e, fits);
}

void ChoiceWalk::evaluateCellFully(int r, int o)
{
    Layout l = m_group;
    setMemorySaving(l, m_choice, m_recompute.items[static_cast<std::size_t>(r)], o);
    record(r, o, m_state.evaluate(l), true);
}

void ChoiceWalk::record(int r, int o, const Evaluation &e, bool timed)
{
    Cell &c = at(r, o);
    c.hasTime = timed && scoreTraining(m_state.timeObjective(), e, c.candidate);
    if (!e.memory.fits) {
        c.state = CellState::NoFit;
        c.clearlyOver = clearlyOverCapacity(e.memory);
        return;
    }
    const int reason = firstErrorReason(e.diagnostics, DiagCode::DoesNotFit);
    if (reason >= 0 || !c.hasTime) {
        c.state = CellState::Rejected;
        c.reason = reason >= 0 ? reason : rejectIndex(SearchReject::NoTimeEstimate);
        return;
    }
    c.state = CellState::Feasible;
}

bool ChoiceWalk::lowerBound(int r, int o, double &timeObjective) const
{
    bool any = m_groupBound > 0;
    timeObjective = m_groupBound;
    for (int rr = 0; rr <= r; ++rr) {
        for (int oo = 0; oo <= o; ++oo) {
            const Cell &c = at(rr, oo);
            if (c.state == CellState::Unvisited || c.state == CellState::Bounded || !c.hasTime)
                continue;
            timeObjective = std::max(timeObjective, c.candidate.objective);
            any = true;
        }
    }
    return any;
}

bool ChoiceWalk::tryCell(int r, int o)
{
    Cell &c = at(r, o);
    if (c.state != CellState::Unvisited)
        return false;
    double bound = 0;
    if (lowerBound(r, o, bound) && m_state.cannotWin(bound)) {
        c.state = CellState::Bounded;
        return false;
    }
    evaluateCell(r, o);
    return true;
}

void ChoiceWalk::walkPruned()
{
    const int strongestR = m_levels - 1, strongestO = m_offloads - 1;
    bool strongestTried = false;
    // Staircase from the lightest setting: for each offload level, the lightest recompute level
    // that fits; heavier cells of that level, and of the levels above it, are dominated by it.
    // The first setting that does not fit sends the walk to the strongest one: if even that does
    // not fit, nothing does.
    int rLimit = m_levels;
    for (int o = 0; o < m_offloads; ++o) {
        for (int r = 0; r < rLimit; ++r) {
            const Cell &c = at(r, o);
            tryCell(r, o);
            // NoFit: evaluated now or seeded (a cell inferred not to fit is NoFitKnown).
            if (c.state == CellState::NoFit && !strongestTried) {
                strongestTried = true;
                tryCell(strongestR, strongestO);
                const Cell &strongest = at(strongestR, strongestO);
                if (strongest.state == CellState::NoFit && strongest.clearlyOver)
                    return;
            }
            if (c.state == CellState::Feasible) {
                rLimit = r;
                break;
            }
        }
    }
}

CellMask ChoiceWalk::noFitMask() const
{
    CellMask mask = 0;
    for (int r = 0; r < m_levels; ++r) {
        for (int o = 0; o < m_offloads; ++o) {
            if (impliedNoFit(r, o, true))
                mask |= bit(r, o);
        }
    }
    return mask;
}

void ChoiceWalk::walkAll()
{
    for (int r = 0; r < m_levels; ++r) {
        for (int o = 0; o < m_offloads; ++o)
            evaluateCellFully(r, o);
    }
}

bool ChoiceWalk::dominated(int r, int o) const
{
    const Cell &self = at(r, o);
    for (int rr = 0; rr <= r; ++rr) {
        for (int oo = 0; oo <= o; ++oo) {
            const Cell &c = at(rr, oo);
            if ((rr == r && oo == o) || c.state != CellState::Feasible)
                continue;
            // An evaluated cell is dominated only when the lighter one is not slower; a cell that
            // was never evaluated is dominated by any lighter feasible one.
            if (self.state != CellState::Feasible || c.candidate.objective <= self.candidate.objective)
                return true;
        }
    }
    return false;
}

bool ChoiceWalk::impliedNoFit(int r, int o, bool clearMiss) const
{
    for (int rr = r; rr < m_levels; ++rr) {
        for (int oo = o; oo < m_offloads; ++oo) {
            const Cell &c = at(rr, oo);
            if (c.state == CellState::NoFitKnown || (c.state == CellState::NoFit && (c.clearlyOver || !clearMiss)))
                return true;
        }
    }
    return false;
}

void ChoiceWalk::settle()
{
    for (int r = 0; r < m_levels; ++r) {
        for (int o = 0; o < m_offloads; ++o) {
            const Cell &c = at(r, o);
            switch (c.state) {
            case CellState::Feasible:
                if (dominated(r, o))
                    m_state.reject(rejectIndex(SearchReject::Dominated), 1);
                else
                    m_state.accept(c.candidate);
                break;
            case CellState::NoFit: m_state.reject(rejectIndex(DiagCode::DoesNotFit), 1); break;
            case CellState::NoFitKnown: m_state.reject(rejectIndex(SearchReject::NotFitImplied), 1); break;
            case CellState::Rejected: m_state.reject(c.reason, 1); break;
            case CellState::Unvisited:
            case CellState::Bounded:
                if (dominated(r, o))
                    m_state.reject(rejectIndex(SearchReject::Dominated), 1);
                else if (impliedNoFit(r, o))
                    m_state.reject(rejectIndex(SearchReject::NotFitImplied), 1);
                else
                    m_state.reject(rejectIndex(SearchReject::CannotBeatBest), 1);
                break;
            }
        }
    }
}

// The first sharding choice's lightest setting: no recompute, no offload.
Layout lightestSetting(const Layout &group, const ShardingChoices &choices, const RecomputeLevels &levels)
{
    Layout l = group;
    setMemorySaving(l, choices.items[0], levels.items[0], 0);
    return l;
}

using NoFitMasks = std::array<CellMask, kMaxShardingChoices>;

// What a group's bound, once known, leaves for its other VP values (rule 6) and the next count of
// a ladder (rule 9). A group whose seed was never timed (nothing of it fits) leaves none.
void recordBound(const Layout &group, const GroupSeed &seed, GroupTimeBound &vpBound, GroupBoundCarry *carry)
{
    if (!seed.timed)
        return;
    if (group.vp == 1)
        vpBound = seed.bound;
    if (carry)
        carry->record(group, seed.bound);
}

// One layout group: checked, bounded (rule 5, or rule 6 from vpBound), then each sharding
// choice walked. noFit: per choice, the settings that did not fit at a smaller micro-batch of the
// group (updated with this one's). vpBound: for VP = 1 set to the group's bound, for VP > 1 the
// bound measured at VP = 1 of its slot. False once cancelled.
bool searchGroup(SearchState &state, const RecomputeLevels &levels, const Layout &group, const ShardingChoices &choices,
                 NoFitMasks &noFit, GroupTimeBound &vpBound)
{
    const bool prune = state.options().prune;
    if (prune && group.vp == 1)
        vpBound = GroupTimeBound{};
    Diagnostics diagnostics;
    checkLayout(state.plan(), group, diagnostics);
    if (const int reason = firstErrorReason(diagnostics); reason >= 0) {
        state.reject(reason, choices.cells);
        return state.groupDone(choices.cells);
    }
    // The group's time bound (rule 5): from VP = 1 of the same slot or the count below without
    // evaluating, else from the lightest setting of the first sharding choice (also that choice's
    // first cell), timed as soon as it or another setting of the group fits.
    GroupBoundCarry *carry = prune ? state.options().carriedBounds : nullptr;
    if (prune && group.vp > 1 && vpBound.known && state.cannotWin(vpBound.objectiveAtVp(group.vp))) {
        if (carry)
            carry->record(group, vpBound);
        state.reject(rejectIndex(SearchReject::CannotBeatBest), choices.cells);
        return state.groupDone(choices.cells);
    }
    // Rule 9: the same group's bound at the previous count of a ladder, scaled to this one.
    if (carry) {
        const GroupTimeBound carried = carry->carried(group);
        if (carried.known && state.cannotWin(carried.objectiveAtVp(group.vp))) {
            if (group.vp == 1)
                vpBound = carried;
            carry->record(group, carried);
            state.reject(rejectIndex(SearchReject::CannotBeatBest), choices.cells);
            return state.groupDone(choices.cells);
        }
    }
    GroupSeed seed;
    if (prune) {
        seed.layout = lightestSetting(group, choices, levels);
        seed.e = state.evaluateMemory(seed.layout);
        // A seed that fits is a candidate that will be timed anyway, and once the best list is full
        // the bound may skip the group: timed now. Else only once a setting of the group fits.
        if (seed.e.memory.fits || state.cannotWin(std::numeric_limits<double>::max())) {
            const double b = seed.timeBound(state);
            if (b > 0 && state.cannotWin(b)) {
                recordBound(group, seed, vpBound, carry);
                state.reject(rejectIndex(SearchReject::CannotBeatBest), choices.cells);
                return state.groupDone(choices.cells);
            }
        }
    }
    for (int i = 0; i < choices.count; ++i) {
        const ShardingChoice &choice = choices.items[static_cast<std::size_t>(i)];
        CellMask &known = noFit[static_cast<std::size_t>(i)];
        // Nothing fits: the strongest setting, which every other one is lighter than, did not.
        if (prune && (known & ChoiceWalk::bit(levels.count - 1, choice.offloadCount - 1))) {
            state.reject(rejectIndex(SearchReject::NotFitImplied), levels.count * choice.offloadCount);
            continue;
        }
        if (prune) {
            ChoiceWalk walk(state, group, choice, levels, known, &seed, i == 0);
            walk.walkPruned();
            known = walk.noFitMask();
            walk.settle();
        } else {
            ChoiceWalk walk(state, group, choice, levels, 0);
            walk.walkAll();
            walk.settle();
        }
    }
    if (prune)
        recordBound(group, seed, vpBound, carry);
    return state.groupDone(choices.cells);
}

// The same group at another GPU count: everything but DP.
bool sameGroup(const Layout &a, const Layout &b)
{
    return a.tp == b.tp && a.cp == b.cp && a.pp == b.pp && a.vp == b.vp && a.ep == b.ep && a.expertTp == b.expertTp &&
           a.microBatch == b.microBatch;
}

// A group searched ahead of the enumeration (SearchOptions::firstGroups), with what the
// enumeration's own visit would have left for the groups after it.
constexpr int kMaxFirstGroups = 16;
struct FirstGroup
{
    Layout group;
    GroupTimeBound vpBound;
    NoFitMasks noFit{};
};

} // namespace

void searchTrainingCount(SearchState &state, int numGpus)
{
    TrainingSpace space(state.plan(), state.options(), numGpus);
    const RecomputeLevels &levels = space.recompute();
    const bool prune = state.options().prune;
    if (prune && state.options().carriedBounds)
        state.options().carriedBounds->beginCount(numGpus);
    // The groups of the caller's first layouts, searched first: each group once, in enumeration
    // order. Their settings that did not fit are not carried to larger micro-batches here (a
    // weaker rule 3, still sound); the enumeration below takes them up when it passes the group.
    std::array<FirstGroup, kMaxFirstGroups> first{};
    int firstCount = 0;
    const std::span<const Layout> hints = state.options().firstGroups;
    if (prune && !hints.empty()) {
        const bool go = space.forEachGroup([&](const Layout &group, const ShardingChoices &choices, bool) {
            if (firstCount >= kMaxFirstGroups ||
                std::none_of(hints.begin(), hints.end(), [&](const Layout &h) { return sameGroup(h, group); }))
                return true;
            FirstGroup &f = first[static_cast<std::size_t>(firstCount++)];
            f.group = group;
            return searchGroup(state, levels, group, choices, f.noFit, f.vpBound);
        });
        if (!go)
            return;
    }
    // Per (TP, CP, PP, VP, EP) and sharding choice: the settings that did not fit at a smaller
    // micro-batch. Activation memory grows with the micro-batch and nothing else changes.
    NoFitMasks noFit{};
    // Per (EP, micro-batch) slot of the current (TP, CP, PP): the time bound measured at VP = 1,
    // which bounds every VP of the slot. Sized once per count's largest slot count; no allocation
    // per group after the first (TP, CP, PP) that needs more.
    std::vector<GroupTimeBound> vpBounds;
    GroupTimeBound unbounded;
    space.forEachGroup([&](const Layout &group, const ShardingChoices &choices, bool newContext) {
        if (newContext)
            noFit.fill(0);
        const auto slot = static_cast<std::size_t>(space.slot());
        if (prune && group.vp == 1 && vpBounds.size() < static_cast<std::size_t>(space.slotCount()))
            vpBounds.resize(static_cast<std::size_t>(space.slotCount()));
        GroupTimeBound &vpBound = prune && slot < vpBounds.size() ? vpBounds[slot] : (unbounded = GroupTimeBound{});
        for (int i = 0; i < firstCount; ++i) {
            const FirstGroup &f = first[static_cast<std::size_t>(i)];
            if (!sameGroup(f.group, group))
                continue;
            // Searched already: leave what its visit would have left.
            if (group.vp == 1)
                vpBound = f.vpBound;
            for (std::size_t c = 0; c < noFit.size(); ++c)
                noFit[c] |= f.noFit[c];
            return true;
        }
        return searchGroup(state, levels, group, choices, noFit, vpBound);
    });
}

long long countTrainingCandidates(const ResolvedPlan &plan, const SearchOptions &options, int numGpus)
{
    TrainingSpace space(plan, options, numGpus);
    long long total = 0;
    space.forEachGroup([&](const Layout &, const ShardingChoices &choices, bool) {
        total += choices.cells;
        return true;
    });
    return total;
}

} // namespace gpuplan

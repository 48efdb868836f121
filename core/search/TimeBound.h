// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "search/LayoutSearch.h"

#include <vector>

// A lower bound on the time objective of every candidate of a training layout group (TP, CP, PP,
// VP, EP, micro-batch), from the time of one of its candidates: the lightest setting (recompute
// none, no offload) of any sharding choice (docs/search.md "Pruning", rule 5). Internal to
// core/search.
namespace gpuplan {

struct GroupTimeBound
{
    bool known = false;
    double steadyS = 0;          // compute and the exposed TP, CP, EP and pipeline transfers of all micro-batches
    double bubbleFraction = 0;   // pipeline fill and drain as a share of the steady part
    double otherS = 0;           // host launch bound and framework overheads
    double objectivePerS = 0;    // time objective per second of step (the objective is proportional to the step)
    int vp = 1;                  // virtual stages of the candidate the parts come from

    // The bound at the candidate's own VP.
    double objective() const { return objectiveAtVp(vp); }
    // The bound for the same group at vp virtual stages, from parts measured at VP = 1: the
    // interleaved schedule divides the bubble by the chunks per GPU (Narayanan et al. 2021) and
    // multiplies the pipeline transfers by them, and changes nothing else in the step.
    double objectiveAtVp(int virtualStages) const;
};

// Parts of the candidate's step that no other candidate of its group avoids: the sharding choice
// adds only gradient and parameter collectives and the optimizer step, recompute adds passes,
// offload adds host transfers. e: a first-stage evaluation with a time estimate (fitting or not);
// c: its score for the time objective.
GroupTimeBound groupTimeBound(const Evaluation &e, const SearchCandidate &c);

// The group bounds of one count's search, carried to the next count of a ladder (docs/search.md
// "Pruning", rule 9): the same group (TP, CP, PP, VP, EP, micro-batch) at more GPUs has more DP
// ranks and each GPU the same work per micro-batch, with as fast or slower links (more nodes);
// only the micro-batches per step fall, by q = DP before / DP now. So its compute and exposed
// TP, CP, EP and pipeline transfers scale by q, the fill and drain of the pipeline (a fraction of
// the steady part inversely proportional to the micro-batches) stay, and the host overheads are
// at least q of what they were. Owned by the caller of the searches (SearchOptions::carriedBounds);
// the searches record into it and read from it.
class GroupBoundCarry
{
public:
    // Start of a count: what was recorded at the previous, smaller count becomes readable; at a
    // count not above it nothing is carried.
    void beginCount(int numGpus);
    // The bound of the same group at the previous count, scaled to this count; unknown when none.
    GroupTimeBound carried(const Layout &group) const;
    // A bound of a group at the current count (measured, or carried and still standing).
    void record(const Layout &group, const GroupTimeBound &bound);

private:
    struct Entry
    {
        int tp, cp, pp, vp, ep, expertTp, microBatch, dp;
        GroupTimeBound bound;
    };
    static bool keyBefore(const Entry &a, const Entry &b);
    std::vector<Entry> m_from;   // the previous count's, sorted by group
    std::vector<Entry> m_next;   // the current count's
    int m_gpus = 0;
};

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "search/LayoutSearch.h"

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

} // namespace gpuplan

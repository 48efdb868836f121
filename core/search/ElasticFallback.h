// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "facility/Elastic.h"

// What an elastic job does when nodes fail (docs/facility-and-cost.md "Elastic training"): the
// layout it falls back to at its smallest size (the layout search's fastest layout with the plan's
// framework and global batch, on the most nodes at or below the floor that can hold one), its
// throughput, time and cost there, and the expected time to train with the share of the run spent
// short of nodes. A few layout searches: milliseconds, not for the slider path.
namespace gpuplan {

struct ElasticResult
{
    bool enabled = false;              // reliability.elastic on a training plan
    ElasticRange range;
    bool fallbackFeasible = false;     // a layout fits on range.minNodes nodes or a few fewer
    Layout fallbackLayout;
    int fallbackNodes = 0;             // nodes the fallback layout uses (<= range.minNodes)
    int fallbackGpus = 0;
    double degradedTokensPerS = 0;     // at the fallback layout
    double throughputRatio = 0;        // degraded ÷ full tokens/s
    double degradedTimeToTrainS = 0;   // the whole run at the fallback size, without failures
    double degradedGpuHours = 0;
    double degradedCostUsd = 0;        // that run's cost (cloud or on-prem, the plan's basis)
    bool degradedCostKnown = false;    // false: no price; degradedGpuHours says the size
    // Mean progress over the run relative to the full size: full while no node is short,
    // throughputRatio while degraded, nothing while stopped.
    double progressRate = 0;
    // The plan's failure-free time ÷ progress rate ÷ goodput (checkpoints and re-rendezvous).
    double expectedTimeToTrainS = 0;
    // The comparison on the same footing: the plan without elastic training and with the same
    // spares, waiting for repairs while more nodes are down than spares. The plan's headline time
    // to train assumes instead that a failed node is replaced at once (from the cluster's pool).
    double fixedSizeTimeToTrainS = 0;
};

ElasticResult computeElastic(const ResolvedPlan &plan, const Evaluation &evaluation);

} // namespace gpuplan

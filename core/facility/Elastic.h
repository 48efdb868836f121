// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "plan/Plan.h"

// Elastic training (reliability.elastic): the node range a job runs over and the share of the run
// it spends short of nodes (docs/facility-and-cost.md "Elastic training"). Failed nodes are away
// for the repair time, so the nodes down at once are Poisson with mean N·R/M (Little's law with
// exponential failures); hot spares cover the first ones. Cheap and allocation-free: the launch
// files and the elastic analysis both read it.
namespace gpuplan {

struct ElasticRange
{
    int planNodes = 0;             // nodes of the plan's layout
    int minNodes = 0;              // smallest size the job keeps running on
    int maxNodes = 0;              // largest size the launcher accepts (>= planNodes)
    int spareNodes = 0;            // hot spares that replace failed nodes first (reliability.spare_nodes)
    double nodesDownMean = 0;      // mean nodes under repair at once, N·R/M
    double degradedFraction = 0;   // share of the time with fewer than planNodes but at least minNodes
    double stoppedFraction = 0;    // share of the time with fewer than minNodes: the job waits
    // The same job without elastic training and with the same spares waits whenever more nodes
    // are down than there are spares: the share of the time it would stand still.
    double fixedStoppedFraction = 0;
};

// P(K <= k) for K ~ Poisson(lambda); a normal approximation above lambda = 50.
double poissonCdf(int k, double lambda);

// The plan's range and fractions. planNodes comes from the evaluated layout; a plan without
// elastic training gets minNodes = maxNodes = planNodes and no degraded time.
ElasticRange elasticRange(const Plan &plan, const Evaluation &evaluation);

} // namespace gpuplan

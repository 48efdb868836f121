// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "perf/ServingFrontier.h"

// A disaggregated serving fleet for the procurement planner (docs/procurement.md, "Serving fleets"):
// the fewest pool workers of one replica's layout (a prefill pool and a decode pool, the KV cache
// sent between them) whose disaggregated option (perf/ServingFrontier.h, disaggregatedOption) has
// a point that carries the plan's peak request rate with the plan's headroom to spare within its
// TTFT and TPOT targets. The points are a steady closed loop's means, not percentiles.
namespace gpuplan {

struct DisaggregatedFleet
{
    bool found = false;
    int workerGpus = 0;             // GPUs of one worker, prefill or decode (tp x pp of the layout)
    int prefillWorkers = 0;
    int decodeWorkers = 0;
    FrontierPoint point;            // the deployment's point the fleet is sized at
    double requestsPerS = 0;        // what that point carries, over the whole deployment
    int frontierCalls = 0;          // deployments swept while sizing (each one disaggregatedOption)
};

// The most workers tried: 4,096 (a fleet of up to 32,768 GPUs at 8 per worker, the training
// ladder's ceiling).
inline constexpr int kMaxDisaggregatedWorkers = 4096;

// `worker`: one replica's layout (numGpus = tp x pp); `hintWorkers`: where the search starts (the
// aggregated fleet's replicas for the same worker). Needs a request rate.
DisaggregatedFleet sizeDisaggregatedFleet(const ResolvedPlan &plan, const Layout &worker, int hintWorkers);

// The evaluation of `worker` (aggregated, one replica) turned into the disaggregated fleet as the
// facility model prices it: the pools' workers as its replicas, each carrying the point's requests
// per second over the workers, at the point's requests in flight; the facility chain rerun on it
// (facility/FacilityModel.h), with the point's TTFT and end-to-end latency for the token price's
// split. Cost, power and reliability are then the fleet's.
Evaluation disaggregatedEvaluation(const ResolvedPlan &plan, const Evaluation &worker, const DisaggregatedFleet &fleet);

} // namespace gpuplan

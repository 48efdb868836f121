// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/CapacityResult.h"
#include "eval/Evaluation.h"
#include "eval/FacilityResults.h"

#include <string>

// How the capacity plan of a serving plan is said, in one place: the terminal report, the key
// results of the desktop, the serving chart and the PDF use these phrases, so the replicas, the
// rates and what limits them read the same everywhere (docs/conventions.md).
namespace gpuplan {

// A request rate: "40.0 requests/s", "2.35 requests/s", "1,250 requests/s".
std::string formatRequestRate(double requestsPerS);
// What stops a replica taking more load: "the P99 TTFT target", "the 20% headroom", ...
std::string capacityLimitText(const CapacityResult &c);
// "3 GPUs for 40.0 requests/s": the GPUs of the replicas the rate needs.
std::string gpusForRateText(const CapacityResult &c, int gpusPerReplica, double requestRate);
// "3 replicas, 3 GPUs for 40.0 requests/s".
std::string replicasForRateText(const CapacityResult &c, int gpusPerReplica, double requestRate);
// The highest load one replica carries: "17.1 requests/s per replica within the targets".
std::string highestLoadText(const CapacityResult &c);
// With its utilization and what limits it: "... (80% busy, limited by the 20% headroom)".
std::string highestLoadDetailText(const CapacityResult &c);
// The autoscaler's bounds over the day: "3 replicas at the peak load of 40.0 requests/s,
// 2 replicas at the average load of 20.0 requests/s" (the peak alone when the load is flat).
std::string autoscalingBoundsText(const CapacityResult &c, double peakRate, double averageRate);
// The serving fleet as deployed (eval/FacilityResults.h, DeployedResult): "40 GPUs, 5 replicas of
// 8 GPUs"; "8 GPUs" for a training plan. The GPUs are what cost, power and racks are of.
std::string deployedFleetText(const DeployedResult &deployed);
// The request rate sized the fleet to another count than the plan lists.
bool fleetDiffersFromPlan(const DeployedResult &deployed);
// "(the request rate's replicas; the plan lists 8 GPUs, cost, power and racks are the fleet's)".
std::string fleetSizedText(const DeployedResult &deployed);
// A disaggregated deployment's pools (eval/Evaluation.h, DisaggregatedResult): "2 prefill workers
// of 8 GPUs + 5 decode workers of 8 GPUs".
std::string disaggregatedPoolsText(const DisaggregatedResult &d);
// The load an inference result is at (InferenceResult::load), `concurrency` the plan's requests:
// "closed loop, 160 requests in flight", "static batch of 160 requests", "open loop, 5 requests/s
// (Poisson)", "max, the engine's own batch"; an overloaded rate adds "; OVERLOADED: serves at most
// 3.2 requests/s, the queue grows; figures at that capacity".
std::string servingLoadText(const InferenceResult &r, int concurrency);
// Why no number of replicas serves the rate.
std::string unreachableTargetsText();

} // namespace gpuplan

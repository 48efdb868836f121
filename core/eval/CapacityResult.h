// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What capacity planning at a request rate gives (perf/Capacity.h computes it).
namespace gpuplan {

enum class CapacityLimit {
    None,          // no rate is set and no target binds: the replica runs to its saturated throughput
    Ttft,          // the P99 time to first token reaches its target first
    Tpot,          // the P99 time per output token reaches its target first
    Headroom,      // the utilization reaches 1 - headroom before either target
    Unreachable,   // even one request at a time misses a target
};

// Latency of one replica at a per-replica request rate.
struct LoadPoint
{
    double requestsPerS = 0;
    double utilization = 0;        // requestsPerS / saturated requests per second
    double concurrency = 0;        // mean requests in service (decoding or prefilling)
    double tokensPerSPerGpu = 0;
    double waitProbability = 0;    // chance that an arriving request finds every slot taken
    double ttftMeanMs = 0;
    double ttftP50Ms = 0;
    double ttftP99Ms = 0;
    double tpotMeanMs = 0;         // the step at the mean concurrency (mean = median)
    double tpotP99Ms = 0;          // the step at the 99th percentile of the concurrency
};

struct CapacityResult
{
    bool valid = false;            // the replica serves at least one request
    int requestSlots = 0;                // saturated concurrency (the c of the queue)
    double saturatedRequestsPerS = 0;
    double headroom = 0;
    CapacityLimit limit = CapacityLimit::None;
    LoadPoint sloLimited;          // the highest load per replica that meets the targets and the headroom
    // At the plan's request rate (all zero without one):
    int replicas = 0;              // ceil(rate / sloLimited.requestsPerS); 0 = no rate or unreachable
    LoadPoint atRate;              // one replica at rate / replicas
    // Autoscaling over the daily load: the floor carries the average rate, the ceiling the peak
    // (both within the targets and headroom); 0 without a rate.
    int minReplicas = 0;
    int maxReplicas = 0;
};

// JSON and report name: "none", "ttft", "tpot", "headroom", "unreachable".
const char *capacityLimitName(CapacityLimit limit);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/ServingText.h"

#include "common/Format.h"

#include <cmath>

namespace gpuplan {

namespace {

std::string replicasText(int n)
{
    return counted(n, "replica", "replicas");
}

} // namespace

std::string formatRequestRate(double requestsPerS)
{
    return formatSignificant(requestsPerS) + " requests/s";
}

std::string capacityLimitText(const CapacityResult &c)
{
    switch (c.limit) {
    case CapacityLimit::Ttft: return "the P99 TTFT target";
    case CapacityLimit::Tpot: return "the P99 TPOT target";
    case CapacityLimit::Headroom: return "the " + formatPercent(c.headroom, 0) + " headroom";
    case CapacityLimit::Unreachable: return "a target that one request at a time already misses";
    case CapacityLimit::None: break;
    }
    return "saturation";
}

std::string gpusForRateText(const CapacityResult &c, int gpusPerReplica, double requestRate)
{
    return counted(static_cast<long long>(c.replicas) * gpusPerReplica, "GPU", "GPUs") + " for " +
           formatRequestRate(requestRate);
}

std::string replicasForRateText(const CapacityResult &c, int gpusPerReplica, double requestRate)
{
    return replicasText(c.replicas) + ", " + gpusForRateText(c, gpusPerReplica, requestRate);
}

std::string servingLoadText(const InferenceResult &r, int concurrency)
{
    switch (r.load) {
    case ServingLoad::Concurrency: return "closed loop, " + counted(concurrency, "request", "requests") + " in flight";
    case ServingLoad::Static: return "static batch of " + counted(concurrency, "request", "requests");
    case ServingLoad::Max: return "max, the engine's own batch (offline)";
    case ServingLoad::Rate: break;
    }
    std::string text = "open loop, " + formatRequestRate(r.loadRequestsPerS) + " (Poisson)";
    if (r.overloaded)
        text += "; OVERLOADED: serves at most " + formatRequestRate(r.capacityRequestsPerS) +
                ", the queue grows; figures at that capacity";
    return text;
}

std::string deployedFleetText(const DeployedResult &d)
{
    const std::string gpus = counted(d.gpus, "GPU", "GPUs");
    if (d.replicas <= 0)
        return gpus;
    return gpus + ", " + replicasText(d.replicas) + " of " + counted(d.gpusPerReplica, "GPU", "GPUs");
}

std::string disaggregatedPoolsText(const DisaggregatedResult &d)
{
    auto pool = [](const char *singular, const char *plural, const DisaggregatedPoolResult &q) {
        return counted(q.workers, singular, plural) + " of " + counted(q.gpusPerWorker, "GPU", "GPUs");
    };
    return pool("prefill worker", "prefill workers", d.prefill) + " + " + pool("decode worker", "decode workers", d.decode);
}

bool fleetDiffersFromPlan(const DeployedResult &d)
{
    return d.sizedByRate && d.gpus != d.planGpus;
}

std::string fleetSizedText(const DeployedResult &d)
{
    return "(the replicas the request rate needs; the plan lists " + counted(d.planGpus, "GPU", "GPUs") +
           ", cost, power and racks are the fleet's)";
}

std::string highestLoadText(const CapacityResult &c)
{
    return formatRequestRate(c.sloLimited.requestsPerS) + " per replica within the targets";
}

std::string highestLoadDetailText(const CapacityResult &c)
{
    return highestLoadText(c) + " (" + formatPercent(c.sloLimited.utilization, 0) + " busy, limited by " +
           capacityLimitText(c) + ")";
}

std::string autoscalingBoundsText(const CapacityResult &c, double peakRate, double averageRate)
{
    std::string out = replicasText(c.maxReplicas) + " at the peak load of " + formatRequestRate(peakRate);
    if (averageRate > 0 && averageRate < peakRate)
        out += ", " + replicasText(c.minReplicas) + " at the average load of " + formatRequestRate(averageRate);
    return out;
}

std::string unreachableTargetsText()
{
    return "none: even one request at a time misses a latency target";
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Capacity.h"

#include "perf/InflightBatching.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

constexpr double kZ99 = 2.326;            // one-sided 99% point of the standard normal
constexpr double kMaxUtilization = 0.999; // the wait grows without bound at 1
constexpr double kLowestLoad = 0.01;      // requests in service at the lightest load searched
constexpr int kBisections = 16;     // n to 1/65536 of the slots

struct Replica
{
    const CapacityInputs &in;
    ServingPoint single;                   // one request at a time
    double saturatedRps = 0;
    double serviceS = 0;                   // time a request holds its slot at saturation
    double variability = 0;

    ServingPoint at(double n) const
    {
        return servingPoint(*in.model, in.batching, in.workload, std::max(n, 1.0));
    }

    // Requests per second with n requests in service on average; below one, the replica serves a
    // single request a fraction n of the time.
    double rateAt(double n, const ServingPoint &p) const
    {
        return n < 1.0 ? n * single.requestsPerSPerReplica : p.requestsPerSPerReplica;
    }

    // The load with n requests in service; the P99 step (one more engine point) only when asked.
    LoadPoint load(double n, bool withTpotP99 = true) const
    {
        LoadPoint l;
        const ServingPoint p = at(n);
        l.concurrency = n;
        l.requestsPerS = rateAt(n, p);
        l.utilization = saturatedRps > 0 ? l.requestsPerS / saturatedRps : 1.0;
        const double share = n < 1.0 ? n : 1.0;   // tokens scale with the time the replica is busy
        l.tokensPerSPerGpu = share * p.tokensPerSPerReplica / in.gpusPerReplica;
        const double rho = std::min(l.utilization, kMaxUtilization);
        l.waitProbability = waitProbability(rho, in.requestSlots);
        // Requests arrive one at a time (an open loop), so besides the wait for a slot a request
        // waits for the rest of the pass under way: uniform over a pass while the replica is busy
        // (perf/InflightBatching.h passRestSpreadS; the step's TTFT counts half a pass). The
        // prompts' share of the passes is in the step itself here (the capacity points run to
        // saturation), not a queue of its own as in the plan's open loop below saturation.
        const bool inflight = in.batching == Batching::Continuous && in.workload.outputLen >= 2;
        const double passS = p.tpotS * acceptedTokensPerStep(in.workload);
        auto spread = [&](double q) { return inflight ? passRestSpreadS(passS, n, q) : 0.0; };
        l.ttftMeanMs = (p.ttftS + waitMeanS(rho, in.requestSlots, serviceS, variability)) * 1e3;
        l.ttftP50Ms = std::max(p.ttftS + spread(0.5) + waitQuantileS(rho, in.requestSlots, serviceS, variability, 0.5), 0.0) * 1e3;
        l.ttftP99Ms = (p.ttftS + spread(0.99) + waitQuantileS(rho, in.requestSlots, serviceS, variability, 0.99)) * 1e3;
        l.tpotMeanMs = p.tpotS * 1e3;
        l.tpotP99Ms = l.tpotMeanMs;
        // Requests in service are about Poisson around their mean (M/G/infinity below the slots):
        // the 99th percentile step runs n + 2.326 sqrt(n) of them, at most every slot.
        const double n99 = std::min(n + kZ99 * std::sqrt(std::max(n, 0.0)), static_cast<double>(in.requestSlots));
        if (withTpotP99)
            l.tpotP99Ms = std::max(at(n99).tpotS * 1e3, l.tpotMeanMs);
        return l;
    }
};

int replicasFor(double rate, double perReplica)
{
    return std::max(1, static_cast<int>(std::min(std::ceil(rate / perReplica), 1e9)));
}

bool withinTarget(double valueMs, double targetMs)
{
    return targetMs <= 0 || valueMs <= targetMs;
}

} // namespace

const char *capacityLimitName(CapacityLimit limit)
{
    switch (limit) {
    case CapacityLimit::Ttft: return "ttft";
    case CapacityLimit::Tpot: return "tpot";
    case CapacityLimit::Headroom: return "headroom";
    case CapacityLimit::Unreachable: return "unreachable";
    case CapacityLimit::None: break;
    }
    return "none";
}

double waitVariability(const ServingWorkload &w)
{
    // Uniform on [1, 2L - 1]: variance ((2L - 1)^2 - 1) / 12 = L (L - 1) / 3, over L^2.
    const double cs2 = w.variableLengths && w.outputLen > 1 ? (w.outputLen - 1.0) / (3.0 * w.outputLen) : 0.0;
    return (1.0 + cs2) / 2.0;
}

double waitProbability(double rho, int c)
{
    if (rho <= 0 || c < 1)
        return 0.0;
    const double r = std::min(rho, kMaxUtilization);
    return std::pow(r, std::sqrt(2.0 * (c + 1.0)) - 1.0);
}

double waitMeanS(double rho, int c, double serviceS, double variability)
{
    if (rho <= 0 || c < 1)
        return 0.0;
    const double r = std::min(rho, kMaxUtilization);
    return waitProbability(r, c) * variability * serviceS / (c * (1.0 - r));
}

double waitQuantileS(double rho, int c, double serviceS, double variability, double q)
{
    const double pw = waitProbability(rho, c);
    if (pw <= 1.0 - q)
        return 0.0;
    const double r = std::min(rho, kMaxUtilization);
    const double conditionalMean = variability * serviceS / (c * (1.0 - r));
    return conditionalMean * std::log(pw / (1.0 - q));
}

CapacityResult planCapacity(const CapacityInputs &in, const CapacityTargets &t)
{
    const double requestRate = t.requestRate;
    const double averageRate = t.averageRequestRate;
    const double headroom = t.headroom;
    const double ttftTargetMs = t.ttftTargetMs;
    const double tpotTargetMs = t.tpotTargetMs;
    CapacityResult out;
    out.headroom = headroom;
    if (!in.model || !in.model->valid || in.requestSlots < 1)
        return out;
    Replica rep{in, {}, 0, 0, waitVariability(in.workload)};
    rep.single = rep.at(1.0);
    rep.saturatedRps = rep.at(in.requestSlots).requestsPerSPerReplica;
    if (rep.saturatedRps <= 0)
        return out;
    rep.serviceS = in.requestSlots / rep.saturatedRps;
    out.requestSlots = in.requestSlots;
    out.saturatedRequestsPerS = rep.saturatedRps;
    out.valid = true;

    const double maxUtilization = std::min(1.0 - headroom, kMaxUtilization);
    auto check = [&](const LoadPoint &l) {
        if (!withinTarget(l.ttftP99Ms, ttftTargetMs))
            return CapacityLimit::Ttft;
        if (!withinTarget(l.tpotP99Ms, tpotTargetMs))
            return CapacityLimit::Tpot;
        if (l.utilization > maxUtilization)
            return CapacityLimit::Headroom;
        return CapacityLimit::None;
    };
    // Every figure grows with the load, so the highest feasible load is found by bisection on the
    // requests in service between the lightest load and every slot taken.
    const bool tpotTarget = tpotTargetMs > 0;
    double lo = kLowestLoad;
    double hi = in.requestSlots;
    out.limit = check(rep.load(lo));
    if (out.limit != CapacityLimit::None) {
        out.limit = CapacityLimit::Unreachable;
        return out;
    }
    out.limit = check(rep.load(hi, tpotTarget));
    for (int i = 0; i < kBisections && out.limit != CapacityLimit::None; ++i) {
        const double mid = 0.5 * (lo + hi);
        const CapacityLimit at = check(rep.load(mid, tpotTarget));
        if (at == CapacityLimit::None)
            lo = mid;
        else {
            hi = mid;
            out.limit = at;
        }
    }
    if (out.limit == CapacityLimit::Headroom && headroom <= 0)
        out.limit = CapacityLimit::None;
    out.sloLimited = rep.load(lo);
    if (requestRate <= 0 || out.sloLimited.requestsPerS <= 0)
        return out;

    out.replicas = replicasFor(requestRate, out.sloLimited.requestsPerS);
    // The daily floor. A plan whose average is above its peak is invalid (AverageRateAbovePeak);
    // the cap keeps the bounds ordered for what such a plan would be.
    out.maxReplicas = out.replicas;
    out.minReplicas = averageRate > 0 ? std::min(replicasFor(averageRate, out.sloLimited.requestsPerS), out.replicas)
                                      : out.replicas;
    const double perReplica = requestRate / out.replicas;
    // The requests in service that this rate keeps: the throughput grows with them.
    double a = 0.0;
    double b = lo;
    for (int i = 0; i < kBisections; ++i) {
        const double mid = 0.5 * (a + b);
        (rep.rateAt(mid, rep.at(mid)) < perReplica ? a : b) = mid;
    }
    out.atRate = rep.load(b);
    return out;
}

} // namespace gpuplan

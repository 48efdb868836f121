// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/SteadyLoad.h"

#include "perf/Capacity.h"
#include "perf/InflightBatching.h"
#include "perf/Prefill.h"
#include "perf/SchedulerSim.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

void sameForAll(SteadyLoadPoint &r)
{
    r.ttftP50S = r.ttftP90S = r.ttftP99S = r.point.ttftS;
    r.tpotP50S = r.tpotP90S = r.tpotP99S = r.point.tpotS;
}

SteadyLoadPoint staticBatch(const LoadInputs &in)
{
    SteadyLoadPoint r;
    ServingWorkload w = in.workload;
    w.variableLengths = false;
    const double c = std::max(in.concurrency, 1.0);
    r.point = servingPoint(*in.model, Batching::Static, w, c);
    // Started together: no wait for a running batch, the first tokens come with the batch's prefill.
    r.point.ttftS = prefillTime(*in.model, c, w.promptLen * (1.0 - w.prefixHit));
    r.point.e2eS = r.point.ttftS + (w.outputLen - 1.0) * r.point.tpotS;
    r.valid = true;
    sameForAll(r);
    return r;
}

// Requests beyond what the engine admits wait; with the replica serving at `served` requests/s,
// Little's law gives the queue's wait.
void addAdmissionQueue(SteadyLoadPoint &r, double asked, double admitted)
{
    if (asked <= admitted || r.point.requestsPerSPerReplica <= 0)
        return;
    r.queued = asked - admitted;
    const double wait = r.queued / r.point.requestsPerSPerReplica;
    r.point.ttftS += wait;
    r.point.e2eS += wait;
}

SteadyLoadPoint closedLoop(const LoadInputs &in)
{
    SteadyLoadPoint r;
    const double asked = std::max(std::floor(in.concurrency), 1.0);
    const double admitted = std::min(asked, std::max(std::floor(in.maxRunning), 1.0));
    // Fixed lengths keep a closed loop's requests in waves that only the scheduler's own order
    // breaks up: simulated. Varied lengths spread the requests over their lives, the steady state
    // of perf/InflightBatching.h.
    if (in.batching == Batching::Continuous && in.workload.outputLen >= 2 && !in.workload.variableLengths) {
        const SchedulerConfig config{in.model->maxTokensPerStep, admitted, in.mixedPrefill};
        const SimulatedLoad s = simulateClosedLoop(*in.model, in.workload, asked, config);
        if (s.valid) {
            r.valid = true;
            r.point.concurrency = s.runningMean;
            r.point.ttftS = s.ttftMeanS;
            r.point.tpotS = s.tpotMeanS;
            r.point.e2eS = s.e2eMeanS;
            r.point.tokensPerSPerReplica = s.tokensPerS;
            r.point.requestsPerSPerReplica = s.requestsPerS;
            r.queued = s.queuedMean;
            r.ttftP50S = s.ttftP50S;
            r.ttftP90S = s.ttftP90S;
            r.ttftP99S = s.ttftP99S;
            r.tpotP50S = s.tpotP50S;
            r.tpotP90S = s.tpotP90S;
            r.tpotP99S = s.tpotP99S;
            return r;
        }
    }
    // Static or dynamic batches of what is admitted (or a simulation that could not run): the
    // capacity point of servingPoint, the rest queueing for a slot.
    r.point = servingPoint(*in.model, in.batching, in.workload, admitted);
    addAdmissionQueue(r, asked, admitted);
    r.valid = true;
    sameForAll(r);
    return r;
}

SteadyLoadPoint openLoop(const LoadInputs &in)
{
    SteadyLoadPoint r;
    const ForwardCostModel &m = *in.model;
    const double lambda = std::max(in.ratePerReplica, 0.0);
    const double top = std::max(std::floor(in.maxRunning), 1.0);
    const ServingPoint capacity = servingPoint(m, in.batching, in.workload, top);
    if (lambda <= 0 || lambda >= capacity.requestsPerSPerReplica) {
        r.point = capacity;
        r.overloaded = lambda > 0;
        r.valid = true;
        sameForAll(r);
        return r;
    }
    // The requests in flight that carry the rate: requests/s grows with them (Little's law).
    double lo = 1.0, hi = top;
    ServingPoint p = servingPoint(m, in.batching, in.workload, lo);
    if (p.requestsPerSPerReplica < lambda) {
        for (int i = 0; i < 40; ++i) {
            const double mid = 0.5 * (lo + hi);
            const ServingPoint q = servingPoint(m, in.batching, in.workload, mid);
            (q.requestsPerSPerReplica < lambda ? lo : hi) = mid;
        }
        p = servingPoint(m, in.batching, in.workload, hi);
    }
    // A request's own prompt: it waits for the pass under way (half a pass on average) and is
    // prefilled in the passes that carry its chunks beside the decodes in flight (chunked prefill
    // as vLLM, SGLang and TensorRT-LLM schedule it); the steady state's TTFT spreads the prompt
    // over every pass and comes out shorter than one prefill of it at a low rate.
    if (in.batching == Batching::Continuous && in.workload.outputLen >= 2) {
        p.ttftS = 0.5 * p.tpotS + ownPromptTime(m, in.workload, p.concurrency) + m.prefillOverhead;
        p.e2eS = p.ttftS + (in.workload.outputLen - 1.0) * p.tpotS;
    }
    // The tokens served follow the arrivals, not the in-flight capacity.
    p.requestsPerSPerReplica = lambda;
    p.tokensPerSPerReplica = lambda * in.workload.outputLen;
    // Poisson prompts queue for the prefill share of the passes and wait for the pass under way
    // (perf/InflightBatching.h arrivalWaits).
    const bool inflight = in.batching == Batching::Continuous && in.workload.outputLen >= 2;
    const ArrivalWaits arrival = arrivalWaits(m, in.workload, p, lambda);
    const double passS = p.tpotS * acceptedTokensPerStep(in.workload);
    if (arrival.rho >= 1.0) {
        r.point = capacity;
        r.overloaded = true;
        r.valid = true;
        sameForAll(r);
        return r;
    }
    const double prefillWait = arrival.prefillMeanS;
    // Near the KV cache's limit requests also wait for a slot: the G/G/c wait of perf/Capacity.h
    // with the request's life as the service time.
    const int slots = static_cast<int>(top);
    const double slotRho = std::min(lambda * p.e2eS / top, 0.999);
    const double variability = waitVariability(in.workload);
    const double wait = prefillWait + waitMeanS(slotRho, slots, p.e2eS, variability);
    auto waitQuantile = [&](double q) {
        return prefillWaitQuantileS(arrival, q) + waitQuantileS(slotRho, slots, p.e2eS, variability, q) +
               (inflight ? passRestSpreadS(passS, 1.0, q) : 0.0);
    };
    r.point = p;
    r.point.ttftS += wait;
    r.point.e2eS += wait;
    r.queued = lambda * wait;
    r.valid = true;
    r.ttftP50S = p.ttftS + waitQuantile(0.5);
    r.ttftP90S = p.ttftS + waitQuantile(0.9);
    r.ttftP99S = p.ttftS + waitQuantile(0.99);
    r.tpotP50S = r.tpotP90S = r.tpotP99S = p.tpotS;
    return r;
}

} // namespace

SteadyLoadPoint servingAtLoad(const LoadInputs &in)
{
    if (!in.model || !in.model->valid)
        return {};
    switch (in.load) {
    case ServingLoad::Static:
        return staticBatch(in);
    case ServingLoad::Concurrency:
        return closedLoop(in);
    case ServingLoad::Rate:
        return openLoop(in);
    case ServingLoad::Max:
        break;
    }
    SteadyLoadPoint r;
    r.point = servingPoint(*in.model, in.batching, in.workload, std::max(std::floor(in.maxRunning), 1.0));
    r.valid = true;
    sameForAll(r);
    return r;
}

} // namespace gpuplan

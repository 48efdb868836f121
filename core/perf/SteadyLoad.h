// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"
#include "perf/ForwardCost.h"
#include "perf/Serving.h"

// Serving one replica at the load its users send (docs/performance-model.md "Load"):
//  - static: one batch of `concurrency` requests started together and run to completion; TTFT is
//    the batch's prefill, TPOT the mean decode step of the batch;
//  - concurrency (closed loop): `concurrency` requests in flight, a new one as one ends; requests
//    beyond what the KV cache and max batch admit wait. Fixed-length requests (benchmarks) under
//    in-flight batching: the engine's scheduler is simulated (perf/SchedulerSim.h), the prompts
//    chunked to the token budget and sharing passes with the decodes (or pausing them, per
//    engine), TPOT following the batch that runs; varied lengths: the steady state of
//    servingPoint at the admitted requests, the rest queueing by Little's law (percentiles = mean);
//  - rate (open loop, Poisson arrivals at `ratePerReplica`): the requests in flight that carry that
//    rate (Little's law over the steady in-flight state of perf/InflightBatching.h) plus the wait of
//    a Poisson stream of prompts for the prefill work ahead of it (M/D/1, exponential tail) and,
//    near the KV cache's limit, the G/G/c wait for a slot (perf/Capacity.h); a rate above the replica's
//    capacity is `overloaded` (the queue grows without bound) and is given at the capacity point;
//  - max (offline): the engine's own batch, `maxRunning` requests in flight.
namespace gpuplan {

struct LoadInputs
{
    const ForwardCostModel *model = nullptr;
    Batching batching = Batching::Continuous;
    ServingWorkload workload;
    ServingLoad load = ServingLoad::Concurrency;
    double concurrency = 1;         // static and concurrency loads
    double ratePerReplica = 0;      // rate load, requests/s
    double maxRunning = 256;        // requests the KV cache and the engine's max batch admit at once
    bool mixedPrefill = true;       // the engine's scheduler (EnginePreset::mixedPrefill)
};

struct SteadyLoadPoint
{
    bool valid = false;
    bool overloaded = false;        // rate load above the replica's capacity
    ServingPoint point;             // means; point.concurrency = requests in flight (admitted)
    double queued = 0;              // requests waiting for admission, on average
    double ttftP50S = 0, ttftP90S = 0, ttftP99S = 0;
    double tpotP50S = 0, tpotP90S = 0, tpotP99S = 0;
};

SteadyLoadPoint servingAtLoad(const LoadInputs &in);

} // namespace gpuplan

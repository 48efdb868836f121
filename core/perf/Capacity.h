// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/CapacityResult.h"
#include "perf/ForwardCost.h"
#include "perf/Serving.h"

// Capacity planning at a request rate (docs/performance-model.md "Capacity at a request rate"):
// requests arrive as a Poisson stream; a replica serves up to `slots` of them at once (the
// saturated concurrency: what its KV pool and max batch hold) and queues the rest. Latency under
// load = the engine's step at the concurrency the rate keeps in flight, plus the wait for a slot
// from the G/G/c approximation of Sakasegawa (1977) with Kingman's variability factor.
namespace gpuplan {

struct CapacityInputs
{
    const ForwardCostModel *model = nullptr;
    Batching batching = Batching::Continuous;
    ServingWorkload workload;
    int requestSlots = 0;                // saturated concurrency; 0 = not one request fits
    double gpusPerReplica = 1;
};

// Variability factor of the wait, (Ca^2 + Cs^2) / 2 with Poisson arrivals (Ca^2 = 1): output
// lengths uniform on [1, 2 L - 1] give Cs^2 = 1/3, fixed lengths 0.
double waitVariability(const ServingWorkload &w);

// Wait for a slot in a G/G/c queue at utilization rho with mean service time serviceS:
// P(wait) = rho^(sqrt(2 (c + 1)) - 1) (Sakasegawa), the wait given one exponential with mean
// variability x serviceS / (c (1 - rho)). Quantile q of the wait (0 when P(wait) <= 1 - q).
double waitProbability(double rho, int c);
double waitQuantileS(double rho, int c, double serviceS, double variability, double q);
double waitMeanS(double rho, int c, double serviceS, double variability);

// The plan's traffic and targets (0 = none for each).
struct CapacityTargets
{
    double requestRate = 0;          // peak, over all replicas
    double averageRequestRate = 0;   // mean over the day (0 = the peak all day)
    double headroom = 0;
    double ttftTargetMs = 0;
    double tpotTargetMs = 0;
};

CapacityResult planCapacity(const CapacityInputs &in, const CapacityTargets &targets);

} // namespace gpuplan

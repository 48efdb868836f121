// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "perf/Serving.h"

// Saturated serving (offline max throughput): the engine holds as many requests in flight as its
// KV pool and max batch allow (memory/InferenceMemory.h saturatedConcurrency) and batches them its
// own way (servingPoint: in-flight batching with chunked prefill when it batches continuously,
// else static or dynamic batches of that size; docs/performance-model.md "Saturated serving").
namespace gpuplan {

struct SaturatedServing
{
    int concurrency = 0;            // requests in flight; 0 = not even one request's KV fits
    ServingPoint point;             // at that concurrency (one request when none fits)
};

// The plan's batching as far as the engine offers it (static < dynamic < continuous).
Batching batchingUsed(const ResolvedPlan &plan);

SaturatedServing saturatedServing(const ResolvedPlan &plan, const Layout &layout, const ForwardCostModel &m,
                                  const ServingWorkload &w);
// The same, building the replica's cost model (servingForwardCost: attention DP and EP as planned) first.
SaturatedServing saturatedServing(const ResolvedPlan &plan, const Layout &layout, const ServingWorkload &w);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "perf/Serving.h"

// Saturated serving (offline max throughput): the engine holds as many requests in flight as its
// KV pool and max batch allow (memory/InferenceMemory.h saturatedConcurrency) and batches them its
// own way: in-flight batching with chunked prefill for engines that offer it, else static or
// dynamic batches of that size (docs/performance-model.md "Saturated serving").
namespace gpuplan {

struct SaturatedServing
{
    int concurrency = 0;            // requests in flight; 0 = not even one request's KV fits
    ServingPoint point;             // at that concurrency (one request when none fits)
};

SaturatedServing saturatedServing(const ResolvedPlan &plan, const Layout &layout, const ServingWorkload &w);

// The plan's serving point at `concurrency` with the engine's batching: in-flight with chunked
// prefill when batching is continuous and the engine is paged, else Serving.h's policies.
ServingPoint enginePoint(const ResolvedPlan &plan, const ForwardCostModel &m, Batching batching,
                         const ServingWorkload &w, double concurrency);

} // namespace gpuplan

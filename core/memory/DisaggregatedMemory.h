// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "plan/Plan.h"

// GPU memory of a disaggregated deployment (workload.inference.serving_mode = disaggregated,
// docs/memory.md §6): one GPU of each pool as the aggregated replica's GPU is counted (weights of
// the worker's layout, attention DP ranks holding their own attention weights and KV, the
// temporaries of a pass and the framework overheads), with the KV the pool holds: a prefill worker
// the prompts of one pass (until they are sent), a decode worker the whole requests it runs at the
// plan's concurrency.
namespace gpuplan {

struct DisaggregatedMemory
{
    MemoryResult prefill;   // one GPU of a prefill worker; maxConcurrency: prompts a worker's KV holds
    MemoryResult decode;    // one GPU of a decode worker; maxConcurrency: requests a worker's KV holds
    // The pool whose GPU is fuller (both run hardware.gpu): the plan's memory result. fits: both
    // pools fit; maxConcurrency: requests the whole decode pool's KV holds.
    MemoryResult binding;
};

// One worker of a pool as the memory model's layout: tp GPUs, no pipeline, the experts over all tp GPUs.
Layout disaggregatedPoolLayout(const Layout &base, const InferenceWorkload::Pool &pool);

DisaggregatedMemory disaggregatedMemory(const ResolvedPlan &plan, const Layout &layout);

}   // namespace gpuplan

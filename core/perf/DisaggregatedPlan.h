// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Diagnostics.h"
#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "perf/AttentionDp.h"
#include "perf/Disaggregated.h"

// A disaggregated deployment as the plan describes it (workload.inference.serving_mode =
// disaggregated, docs/performance-model.md "Disaggregated prefill and decode"): the pools' workers
// as cost models and the closed loop of perf/Disaggregated.h over them. The same functions predict
// the disaggregated validation rows (validate/InferenceCases.cpp) and evaluate a plan.
namespace gpuplan {

// The pool's degrees as served: attention DP where it divides tp, EP where it divides tp and the
// experts (dense models: 1).
AttentionDpLayout disaggregatedPoolDegrees(const ResolvedPlan &plan, const InferenceWorkload::Pool &pool);

// One worker of the pool as a cost model: its attention TP x DP ranks and the expert-parallel MoE
// layers over them, with the worker-wide all-reduces standing for the exchange around the MoE
// layers (ExpertExchange::ReplicaAllReduce, as validated on the AICP disaggregated rows).
ForwardCostModel disaggregatedPoolModel(const ResolvedPlan &plan, const Layout &base,
                                        const InferenceWorkload::Pool &pool);

// One worker of each pool: the prefill worker on its own GPU type (eval/ResolvedPlan.h
// prefillPoolPlan), the decode worker on the plan's.
struct DisaggregatedPools
{
    ForwardCostModel prefill;
    ForwardCostModel decode;
};
DisaggregatedPools disaggregatedPools(const ResolvedPlan &plan, const Layout &base);

// The KV cache's path from the prefill to the decode pool: NVLink only where the plan asks for it
// and both pools run one GPU type (pools of two types are never in one NVLink domain).
KvTransferPath disaggregatedKvPath(const ResolvedPlan &plan);

struct DisaggregatedServing
{
    bool valid = false;
    DisaggregatedPoint point;    // the whole deployment
    double promptsPerPass = 0;   // per prefill worker, within the engine's token budget
    double decodeSlots = 0;      // requests the decode pool runs at once
    double kvBytesPerRequest = 0;
    // An open loop's rate beyond what the pools serve (disaggregatedAtRate): the figures are then
    // the saturated loop's, capacityRequestsPerS what it serves.
    bool overloaded = false;
    double capacityRequestsPerS = 0;
};

// The deployment at `concurrency` requests in flight; prefillBound as DisaggregatedInputs's.
DisaggregatedServing disaggregatedServing(const ResolvedPlan &plan, const ForwardCostModel &prefill,
                                          const ForwardCostModel &decode, const ServingWorkload &workload,
                                          double concurrency, bool prefillBound = false);

// The deployment at a load of perf/SteadyLoad.h's kinds, the one reading of the load for a plan's
// evaluation and for the validation rows: concurrency, `concurrency` requests in flight (the closed
// loop); static, one batch of `concurrency` requests sent together (the closed loop's first wave
// alone, no later waves to average over); rate, an open loop at `rate` requests/s
// (disaggregatedAtRate, overloaded beyond the pools' capacity); max, the decode pool full with the
// prefill pool's pace binding (the saturated benchmark).
DisaggregatedServing disaggregatedServingAtLoad(const ResolvedPlan &plan, const ForwardCostModel &prefill,
                                                const ForwardCostModel &decode, const ServingWorkload &workload,
                                                ServingLoad load, double concurrency, double rate);

// The inference result of a disaggregated plan (memory: memory/DisaggregatedMemory.h's binding pool).
InferenceResult estimateDisaggregatedInference(const ResolvedPlan &plan, const Layout &layout,
                                               const MemoryResult &memory);

// The pools' checks: their GPUs within hardware.num_gpus, attention DP and EP dividing the worker,
// and the latency targets.
void addDisaggregatedDiagnostics(const ResolvedPlan &plan, const InferenceResult &result, Diagnostics &diagnostics);

}   // namespace gpuplan

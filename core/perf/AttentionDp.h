// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/ForwardCost.h"

// MoE serving with attention data parallelism and expert parallelism (docs/performance-model.md
// "Attention DP and expert parallelism"), as SGLang (--enable-dp-attention, --ep-size) and
// TensorRT-LLM (enable_attention_dp, moe_expert_parallel_size) run it: the G GPUs of one worker
// run attention as `dp` ranks of G / dp GPUs, each rank on its own requests with its own copy of
// the attention weights and its own KV cache, while the MoE layers' routed experts are sharded
// over `ep` ranks of G / ep GPUs. One model of such a worker serves both the aggregated replicas
// and the pools of disaggregated serving (validate/InferenceCases.cpp).
namespace gpuplan {

struct AttentionDpLayout
{
    int gpus = 1;       // GPUs of the worker (the replica's TP degree)
    int dp = 1;         // attention ranks; each runs attention at TP gpus / dp
    int ep = 1;         // expert-parallel ranks; each expert split over gpus / ep GPUs
};

// How the ranks exchange the MoE layers' tokens. ReplicaAllReduce: the worker-wide all-reduces
// of a tensor-parallel replica stand for the gather and scatter around the MoE layers, and the
// attention matmuls are costed at the worker's batch (the disaggregated pools, as validated on
// the AICP disaggregated rows). AllToAll: each rank projects its own tokens, reads its own KV
// (GQA heads split over its own TP group), and the MoE layers dispatch and combine their tokens
// by all-to-all over the EP group (aggregated serving).
enum class ExpertExchange : unsigned char { ReplicaAllReduce, AllToAll };

// The plan's degrees for a replica of `tp` GPUs: attention_dp and ep where they divide tp (and
// ep the experts), else 1; dense models get ep = 1.
AttentionDpLayout attentionDpLayout(const ResolvedPlan &plan, int tp);

// True when the degrees are those of a plain tensor-parallel replica.
inline bool plainTensorParallel(const AttentionDpLayout &g)
{
    return g.dp <= 1 && g.ep <= 1;
}

// One worker as a cost model; the pass-time functions then take the whole worker's batch. With
// dp = ep = 1 this is buildForwardCost(plan, base) with base.tp = gpus, exactly.
ForwardCostModel attentionDpModel(const ResolvedPlan &plan, const Layout &base, const AttentionDpLayout &g,
                                  ExpertExchange exchange);

// The serving model of an aggregated replica: attentionDpModel with the plan's degrees and the
// all-to-all, or buildForwardCost when they are 1.
ForwardCostModel servingForwardCost(const ResolvedPlan &plan, const Layout &layout);

} // namespace gpuplan

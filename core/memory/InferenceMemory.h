// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"
#include "eval/Layout.h"
#include "model/ModelShape.h"
#include "eval/ResolvedPlan.h"
#include "plan/Plan.h"

// Inference memory pieces (docs/formulas.md §4, docs/memory.md §6): the KV cache and the temporaries of
// a forward pass. estimateInferenceMemory (MemoryModel.h) puts them together.
namespace gpuplan {

struct EnginePreset;

// KV-cache bytes one GPU holds per token of context per layer: 2 (K and V) x the KV heads of this
// TP rank (heads replicated when tp > kv heads) x head dim x bytes; MLA: the compressed latent
// (r_kv + d_rope), which every TP rank holds whole.
double kvBytesPerTokenPerLayer(const ModelShape &shape, int tp, Dtype kvDtype);

// KV cache of one sequence of contextTokens on the most-loaded pipeline stage, rounded up to whole
// paged blocks (blockTokens <= 1: no rounding); sliding-window layers hold at most the window.
double kvBytesPerSequence(const ModelShape &shape, int tp, int pp, Dtype kvDtype, double contextTokens,
                          int blockTokens);

// Weights on the most-loaded GPU: matmul weights in the storage format with its scales, the
// embedding, output layer and norms in 16-bit.
double inferenceWeightBytes(const Plan &plan, const ModelShape &shape, const Layout &layout);

// One GPU of a replica that runs attention as data-parallel ranks (workload.inference.attention_dp,
// perf/AttentionDp.h): each of the dp ranks of tp / dp GPUs holds its own copy of the attention
// weights and the KV of its own requests (the replica's over dp); the routed experts are sharded
// over all tp GPUs (EP x expert TP = TP) as without attention DP. dp = 1 (or a dp that does not
// divide tp): the tensor-parallel replica's figures.
struct AttentionDpMemory
{
    int dp = 1;
    int attentionTp = 1;
    double attentionWeightBytes = 0;    // attention projections of the GPU's rank, per GPU
    double expertWeightBytes = 0;       // routed experts, per GPU
    double kvBytesPerRequest = 0;       // per GPU, per request of the replica (its rank holds dp x this)
    double weightBytes = 0;             // all weights on the GPU (inferenceWeightBytes, attention per rank)
};
AttentionDpMemory attentionDpMemory(const Plan &plan, const ModelShape &shape, const Layout &layout,
                                    double contextTokens, int blockTokens);
// The same with `attentionDp` ranks asked for instead of the plan's (a disaggregated pool's).
AttentionDpMemory attentionDpMemory(const Plan &plan, const ModelShape &shape, const Layout &layout,
                                    double contextTokens, int blockTokens, int attentionDp);

// Tokens of one paged-KV block as the engine allocates them (1: the engine does not page its KV).
// The largest count from 1 to `upper` for which fits(count) holds, by bisection (fits must be
// monotone: true up to some count, false above it); 1 when even `upper` is below 2. The memory a
// serving GPU holds grows with its requests' KV caches and temporaries, so the requests that fit
// are found this way below the bound the free bytes give.
template <class Fits>
int largestCountThatFits(int upper, Fits fits)
{
    int lo = 1;
    int hi = upper;
    while (lo < hi) {
        const int mid = lo + (hi - lo + 1) / 2;
        if (fits(mid))
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo;
}

int pagedBlockTokens(const Plan &plan, const EnginePreset *engine);

// Temporaries of the forward pass for `sequences` concurrent sequences: a prefill step's activations
// for a couple of layers (chunked in paged engines), eager attention scores, last-token logits,
// dequantization buffers of quantized weights and KV, and the engine's own reserve.
double inferenceWorkspaceBytes(const Plan &plan, const ModelShape &shape, const Layout &layout, const EnginePreset *engine,
                               double sequences);

// Temporaries of one decode step for `sequences` concurrent sequences: one token each (at most a
// chunk per step in paged engines), attention over the whole context, the same logits, buffers and
// reserve as a prefill step.
double inferenceDecodeWorkspaceBytes(const Plan &plan, const ModelShape &shape, const Layout &layout,
                                     const EnginePreset *engine, double sequences);

// The KV-cache pool of one GPU as the engine sizes it at start-up, and the requests it holds for
// prompts of promptLen and outputs of outputLen tokens: the whole request's blocks when the engine
// reserves them at admission (kvReserveWholeRequest), else the mean occupancy over a request's
// life (prompt + half the output). Memory outside the pool: weights, the temporaries of a pass of
// maxTokensPerStep tokens, the engine's reserve and the framework overheads of the plan.
struct KvPool
{
    double poolBytes = 0;           // per GPU
    double bytesPerRequest = 0;     // per GPU
    int requests = 0;               // requests whose KV fits (0: the weights alone do not fit)
};
KvPool kvPool(const ResolvedPlan &plan, const Layout &layout, double promptLen, double outputLen);

// The concurrency an engine runs when it is saturated (offline max throughput, or no concurrency
// given): the requests whose KV fits, capped by the engine's max batch.
int saturatedConcurrency(const ResolvedPlan &plan, const Layout &layout, double promptLen, double outputLen);

} // namespace gpuplan

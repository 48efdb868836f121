// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "perf/Collectives.h"

// The cost of one forward pass of an inference replica (tp x pp GPUs), per operator class: every
// GEMM, the attention core, the elementwise kernels and the tensor-parallel all-reduces each take
// max(FLOPs / achieved FLOP rate, bytes / achieved HBM bandwidth) plus a fixed kernel latency,
// summed over the layers (a per-operator roofline with calibrated efficiencies:
// docs/performance-model.md "Inference", docs/formulas.md §9 and pitfall 14). Everything that depends
// only on the plan is reduced to per-GPU constants once (buildForwardCost); the pass-time functions
// are then a few dozen flops each, allocation-free, and are called many times per evaluation.
namespace gpuplan {

// One weight matrix held by one GPU (k x n after tensor-parallel splitting), applied to each token.
struct GemmShape
{
    double k = 0;
    double n = 0;
};

struct ForwardCostModel
{
    bool valid = false;
    int tp = 1;
    int pp = 1;

    // Achieved rates of one GPU.
    double gemmFlopRate = 0;        // FLOP/s in the compute dtype
    double logitFlopRate = 0;       // FLOP/s of the output layer (kept in 16-bit by quantized engines)
    double attentionFlopRate = 0;   // FLOP/s of fused attention (16-bit)
    double memoryBw = 0;            // bytes/s
    double kernelLatency = 0;       // s per kernel

    // Bytes per element.
    double weightBytes = 2;         // matmul weights incl. quantization scales
    double logitWeightBytes = 2;
    double actBytes = 2;

    // Layers of the whole model (all pipeline stages).
    double denseLayers = 0;
    double moeLayers = 0;
    double fullAttentionLayers = 0;
    double windowLayers = 0;
    double window = 0;              // tokens attended by sliding-window layers

    // Per-layer matmuls of one GPU: QKV, output projection, MLP up (+gate), MLP down.
    GemmShape qkv, attnOut, mlpUp, mlpDown;
    // MoE layers: router (replicated), always-active shared experts, and the routed experts.
    GemmShape router, sharedUp, sharedDown;
    double routedExperts = 0;       // E
    double topK = 0;
    double expertWeightsPerGpu = 0; // matmul weights of one routed expert held by one GPU (elements)
    double expertFlopsPerToken = 0; // 2 x matmul weights of one expert on one GPU
    GemmShape logits;               // output layer, h x V/tp

    // Attention core of one layer, per GPU, per (query token, context position) pair.
    double prefillAttnFlopsPerPair = 0;   // QK^T and AV
    double decodeAttnFlopsPerPair = 0;    // MLA decode uses the absorbed (latent) form
    double kvBytesReadPerPosition = 0;    // KV bytes read per context position, GQA re-reads included
    double kvBytesPerToken = 0;           // KV bytes written per new token
    double qkvoBytesPerToken = 0;         // Q, K, V in and O out of the attention kernel

    // Elementwise kernels of one layer: bytes per token and kernel count.
    double elementwiseBytesDense = 0;
    double elementwiseBytesMoe = 0;
    double extraKernels = 0;

    // Tensor-parallel all-reduces (2 per layer of tokens x hidden activations) and pipeline hops,
    // costed by the shared NCCL model (perf/Collectives.h) with the engine's intra-node tier.
    CommNetwork net;
    CommGroup tpGroup;
    double hiddenBytesPerToken = 0;       // h x activation bytes

    // Attention data parallelism with an expert-parallel all-to-all (perf/AttentionDp.h); all
    // zero for a plain tensor-parallel replica, whose cost then is exactly the code path above.
    // attentionTokenShare: the share of the replica's tokens one attention rank projects (1 / dp);
    // expertDispatchBytesPerToken: bytes one token sends to its experts (top-k x hidden), once
    // for the dispatch and once for the combine, over epGroup, in place of the MoE layer's
    // tensor-parallel all-reduces; the attention ranks' own all-reduce runs over attnTpGroup.
    double attentionTokenShare = 1;
    double expertDispatchBytesPerToken = 0;
    CommGroup epGroup;
    CommGroup attnTpGroup;

    double stepOverhead = 0;        // host work per forward pass
    double prefillOverhead = 0;     // setup of a prefill pass
    // In-flight batching (perf/InflightBatching.h): the engine's token budget of one pass (decodes
    // plus prefill chunks) and its host work per sequence per pass (sampling, bookkeeping).
    double maxTokensPerStep = 8192;
    double sequenceStepOverhead = 0;
    // CUDA graphs of decode-only passes (EnginePreset::cudaGraphMaxBatch; 0: none) and the cost of
    // one kernel replayed in a graph.
    double graphMaxBatch = 0;
    double graphKernelLatency = 0;
};

// The captured batch a decode-only pass of `decoding` sequences replays: the next of 1, 2, 4, 8,
// 16, 24, 32, ... (multiples of 8) up to m.graphMaxBatch; 0 when it runs eagerly (no graphs, or a
// larger batch).
double graphBatch(const ForwardCostModel &m, double decoding);

// Reduces the plan, its engine preset (plan.engine) and the layout to per-GPU constants.
// valid = false when the GPU or engine is missing or the GPU has no usable rate.
ForwardCostModel buildForwardCost(const ResolvedPlan &plan, const Layout &layout);

// One prefill pass of the whole model (all stages in sequence, without pipelining) over
// `sequences` prompts of promptLen tokens: the time until their first tokens, without the
// prefill set-up overhead.
double prefillPassTime(const ForwardCostModel &m, double sequences, double promptLen);

// One decode pass over `sequences` tokens whose mean context (tokens already in the KV cache,
// this one included) is `context`.
double decodePassTime(const ForwardCostModel &m, double sequences, double context);

// One mixed pass of an in-flight batching engine: `decoding` sequences generate a token each at
// mean context `context`, and `prefillTokens` prompt tokens (chunks of prompts of promptLen
// tokens) are processed in the same GEMMs; the attention core is costed per kind.
// `firstTokens` prompts end in this pass and get a logit row each.
double mixedPassTime(const ForwardCostModel &m, double decoding, double context, double prefillTokens,
                     double promptLen, double firstTokens);

// One pass of decodes only of `decoding` sequences at mean context `context`, as an engine runs
// it: within its CUDA-graph sizes the graph of the next captured batch (graphBatch) is replayed,
// padded and at the replayed kernel cost; beyond them (or without graphs) it runs eagerly. The
// batch goes through the pipeline as up to pp micro-batches, and the host work per sequence
// (sequenceStepOverhead) is added for the real sequences. A speculative step verifies
// `tokensPerDecode` tokens per sequence: the drafts go through the GEMMs and attention like
// prompt tokens of a promptLen-token prompt, while each sequence's KV is read once.
double decodeOnlyStepTime(const ForwardCostModel &m, double decoding, double context, double tokensPerDecode = 1.0,
                          double promptLen = 1.0);

} // namespace gpuplan

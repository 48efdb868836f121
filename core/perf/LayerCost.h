// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/Compute.h"
#include "plan/RecomputeModules.h"

#include <cstdint>

// Per-GPU compute kernels of one micro-batch through one transformer layer, and through the
// two ends of the model (embedding, logits and loss), with the real GEMM shapes after tensor,
// sequence and context parallelism (docs/performance-model.md, "Compute").
namespace gpuplan {

struct ModelShape;

// The dimensions one GPU works on.
struct LayerDims
{
    double tokens = 0;        // tokens of the micro-batch on this GPU: micro_batch x seq / cp
    double seqLen = 0;        // full sequence length (keys each query may attend to)
    double microBatch = 1;    // sequences per micro-batch
    int tp = 1;
    int cp = 1;
    int ep = 1;
    int expertTp = 1;         // ranks splitting each expert (= tp unless expert TP is set lower)
    bool sp = false;          // sequence parallel: norms, dropout and residuals split over tp
    bool flash = true;        // fused attention (causal half executed) vs the unfused legacy path
    double actBytes = 2;      // bytes per activation element
    bool fp8 = false;         // fp8 GEMMs (and fp8 token dispatch in MoE layers)
    bool weightGrads = true;  // false for LoRA/QLoRA: frozen weights get no weight gradient
    bool dequantize = false;  // QLoRA: 4-bit weights are dequantized before every GEMM
    // Selective recompute: the modules re-run in the backward (recompute_module bits of
    // plan/RecomputeModules.h); the attention core alone when the plan names none.
    std::uint32_t recomputeModules = recompute_module::kCoreAttn;
};

struct LayerWork
{
    PassCost forward;          // compute kernels, forward
    PassCost backward;         // compute kernels, backward
    PassCost attentionCore;    // the attention core forward alone
    PassCost selected;         // the forward kernels of the modules a selective recompute re-runs
    bool selectedMoeBlock = false;   // they include an MoE block, whose dispatch and combine are re-sent
    double attentionBackwardS = 0;
    // Weight-gradient GEMMs of the column-parallel linears (QKV, MLP up): Megatron issues the
    // all-reduce (or reduce-scatter) of their input gradient asynchronously and computes these
    // meanwhile (--async-tensor-model-parallel-allreduce, default since 2021).
    double tpBackwardWindowS = 0;
    double weightGradS = 0;    // weight-gradient GEMMs of the backward (W of zero-bubble and DualPipe schedules)
    double expertS = 0;        // MoE layers: routed experts' GEMMs, activation and permutation, forward + backward
};

// One layer; moe selects the MoE MLP (router, local experts as a grouped GEMM, shared experts).
LayerWork layerWork(const ModelShape &shape, const LayerDims &d, bool moe, const ComputeRates &r);
// layerWork in two parts, the attention block first: it is the same in a dense and an MoE layer, so
// a model with both kinds works it out once and adds each kind's MLP (and the norms) to a copy.
// attentionWork followed by addMlpWork gives layerWork exactly (the same sums in the same order).
LayerWork attentionWork(const ModelShape &shape, const LayerDims &d, const ComputeRates &r);
void addMlpWork(LayerWork &w, const ModelShape &shape, const LayerDims &d, bool moe, const ComputeRates &r);

// First stage: token (and position) embedding; last stage: final norm, logits GEMM, and the
// vocabulary-parallel cross-entropy in fp32.
LayerWork embeddingWork(const ModelShape &shape, const LayerDims &d, const ComputeRates &r);
LayerWork logitsWork(const ModelShape &shape, const LayerDims &d, const ComputeRates &r);

// A multi-token-prediction module without its transformer layer (DeepSeek-V3 report §2.2):
// the shared output head with its loss, which is logitsWork's, then what this adds to a copy of
// it: the two RMSNorms of the hidden state and of the next token's embedding and the 2h -> h
// projection (the head is worked out once for the main model and every module).
void addMtpHeadWork(LayerWork &w, const ModelShape &shape, const LayerDims &d, const ComputeRates &r);

} // namespace gpuplan

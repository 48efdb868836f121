// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

// Derived quantities of a transformer architecture: resolved dimensions, parameter counts and
// FLOPs per token. Counting follows Megatron-LM theoretical_memory_usage.py and
// num_floating_point_operations (docs/formulas.md §1 and §5); biases, norms and position tables are
// included when the architecture has them.
namespace gpuplan {

struct ModelShape
{
    // Resolved dimensions (defaults filled in).
    int layers = 0;
    int denseLayers = 0;             // layers with a dense MLP
    int moeLayers = 0;               // layers with an MoE MLP
    int hidden = 0;
    int heads = 0;
    int kvHeads = 0;
    int headDim = 0;
    int ffn = 0;                     // dense MLP size
    int expertFfn = 0;               // routed/shared expert size (MoE)
    int vocab = 0;
    int experts = 0;
    int topK = 0;
    int sharedExperts = 0;
    int expertGroups = 0;       // group-limited routing: groups of routed experts (0 = none)
    int expertGroupLimit = 0;   // groups a token's experts may come from (0 = all)
    bool gated = false;
    bool mla = false;
    bool rope = true;                // rotary positions applied to q and k in every layer (not learned/ALiBi/none)
    double normParamsPerVector = 1;  // 1 for RMSNorm (gain), 2 for LayerNorm (gain + bias)

    // Attention widths used by FLOP and activation formulas.
    double qWidth = 0;               // a * d_qk (query/key width per token)
    double vWidth = 0;               // a * d_v (value/context width per token)
    double kvElementsPerToken = 0;   // KV-cache elements per token per layer (2*g*d_h, or r_kv + d_rope for MLA)
    double kvProjWidth = 0;          // output width of the K and V projections together (GQA: 2*g*d_h)

    // Parameters per layer.
    double attnParams = 0;           // attention projections (+ biases)
    double mlaUpProjParams = 0;      // MLA: the Q and KV up-projections from their latents (within attnParams)
    double normParamsPerLayer = 0;   // the two norms of a layer
    double denseMlpParams = 0;
    double moeMlpParams = 0;         // all routed + shared experts + router of one MoE layer
    double moeActiveMlpParams = 0;   // top-k routed + shared experts + router
    double routedExpertParams = 0;   // all routed experts of one MoE layer
    double oneExpertParams = 0;

    // Whole model.
    double embeddingParams = 0;      // input embedding V*h
    double outputParams = 0;         // untied output layer V*h (0 when tied)
    double positionParams = 0;       // learned position table
    double finalNormParams = 0;
    double mtpParams = 0;            // multi-token prediction modules
    double transformerParams = 0;    // all layers (attention + MLP + norms)
    double totalParams = 0;
    double activeParams = 0;         // parameters touched per token (MoE: top-k experts)
    double expertParamsTotal = 0;    // routed experts over all MoE layers (sharded by EP)
    double largestLayerParams = 0;   // biggest single layer (ZeRO-3 working set)

    // FLOPs per token, forward pass, matrix multiplies only: 2 x active matmul parameters,
    // the output (logit) layer included even when tied; the embedding lookup excluded.
    double matmulFlopsPerTokenFwd = 0;

    // Forward attention score+value FLOPs per token for context length s, summed over layers,
    // counting the full s x s matrix (non-causal, Megatron convention) unless causal is true.
    double attentionFlopsPerTokenFwd(double s, bool causal = false) const;

    // Model FLOPs per token of training (forward + backward, no recompute), Megatron convention:
    // 3 x (matmul + non-causal attention) forward FLOPs. The MFU numerator (docs/conventions.md).
    double trainingModelFlopsPerToken(double s) const;

    int slidingWindow = 0;
    int slidingLayers = 0;
};

ModelShape computeModelShape(const ModelArch &arch, int seqLen);

} // namespace gpuplan

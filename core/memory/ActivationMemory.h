// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"
#include "eval/Layout.h"
#include "model/ModelShape.h"

#include <cstdint>

// Activation memory of training (docs/formulas.md §3, docs/memory.md §3): the bytes one transformer layer
// stores for the backward per token on one GPU (Korthikanti et al. 2022 Table 2, generalised to
// GQA/MLA, gated MLPs, MoE, FlashAttention and context parallelism), the logits of the loss, and
// how many micro-batches a pipeline stage keeps in flight.
namespace gpuplan {

struct Plan;

struct ActivationConfig
{
    double seq = 0;             // sequence length of the model (tokens)
    double microBatch = 1;      // sequences per micro-batch
    int tp = 1;
    int cp = 1;                 // context parallel: each GPU holds seq / cp tokens of a sequence
    bool sp = false;            // sequence parallel: the replicated h-sized tensors are split by tp too
    bool flash = true;          // fused attention: no s x s score matrices are stored
    double bytes = 2.0;         // bytes per stored activation element (precision.activations)
    // Bytes per element of the inputs the linear layers save for their weight gradient: the
    // recipe's quantized format under Transformer Engine (Linear, LayerNormLinear and GroupedLinear
    // save the quantized cast of their input, not the 16-bit tensor: 1 byte for FP8, plus the
    // block scales for blockwise FP8 and MXFP8, 4.5 bits for NVFP4), otherwise `bytes`.
    // Korthikanti accounting only.
    double linearInputBytes = 2.0;
    double moeCapacityFactor = 1.0;
    // What autograd saves: Korthikanti et al.'s accounting of Megatron's fused kernels (dropout
    // masks included), or PyTorch's saved tensors of an eager or compiled Llama-style layer.
    bool korthikanti = true;
    bool compiled = false;
    int recomputeEvery = 2;     // Recompute::EveryN
    double fill = 1.0;          // fraction of the seq positions a sample uses (padded batches < 1)
    LossKernel loss = LossKernel::Standard;
    int lossChunks = 8;
    double standardLossBytes = 6.0;    // per logit element (FrameworkMemoryTraits; 6 = Megatron's)
    bool compiledLoss = false;         // torch.compile fuses the loss (compiled and the stack compiles it)
    // The output layer's weight gradient that the loss's backward (a fused loss: its forward) creates
    // while every stored activation is still alive: V/t x h in the gradient dtype when the output layer
    // trains and no gradient buffer holds it already (set per stage by the training model; 0 = none,
    // e.g. LoRA's frozen output layer).
    double outputGradBytes = 0;
    // A quantized frozen base (QLoRA NF4, int8 LoRA) is dequantized to the compute dtype one matrix
    // at a time in the forward and again for the input gradient in the backward: the largest matmul
    // weight of a layer on one GPU, a transient of the layer being computed.
    double dequantBytes = 0;
    // Selective recompute's modules (plan/RecomputeModules.h bits; 0 = the attention core only).
    // Korthikanti accounting only: the names are Megatron-Core's.
    std::uint32_t recomputeModules = 0;
    // MoE: the combine keeps every routed copy's 16-bit expert output for the router probabilities'
    // gradient (false when the stack applies them in the experts' activation).
    bool moeCombineSaved = true;
    double mlaQLatent = 0;      // MLA's compressed query width (q_lora_rank; 0 = no compression)
    bool dropout = true;        // dropout masks are saved (model.dropout; p = 0 saves none)

    double tokensPerGpu() const { return seq / (cp > 0 ? cp : 1) * microBatch * fill; }
};

// The activation settings of a training plan evaluated with a layout (the layout's micro-batch,
// TP, CP, SP and attention kernel; the plan's sequence, activation dtype and MoE capacity).
ActivationConfig trainingActivationConfig(const Plan &plan, const Layout &layout);

// Bytes one layer stores per token on one GPU (average over dense and MoE layers, and over
// full-attention and sliding-window layers). Recompute::None stores everything; Selective drops
// the attention core (scores, softmax, attention dropout mask); SelectiveOp keeps the layer input,
// the outputs of every other matmul and the attention output; EveryN averages Full and None over
// N layers; Full stores only the layer input.
double layerBytesPerToken(const ModelShape &shape, const ActivationConfig &config, Recompute mode);

// The parts of layerBytesPerToken under Korthikanti's accounting (recompute none or selective),
// bytes per token before the TP split: the layer's total is replicated / replicatedDiv + (sharded +
// attentionCore) / tp, which the explanation pane shows with the plan's numbers. `valid` is false
// for the other accountings and recompute modes (their totals are not itemised).
struct LayerActivationTerms
{
    bool valid = false;
    double normInputs = 0;      // the two norms' inputs, q·h each
    double normOutputs = 0;     // the QKV and MLP linears' inputs (FP8 under Transformer Engine)
    double dropoutMasks = 0;    // after attention and after the MLP, 1 byte per element
    double mlaLatents = 0;      // MLA's compressed KV and query latents
    double moeRouting = 0;      // dispatched and combined copies and the router's probabilities
    double attentionProj = 0;   // Q, K, V (GQA narrows K and V) and the output projection's input
    double denseMlp = 0;        // the dense MLP's f-sized tensors, averaged over the layers
    double moeExperts = 0;      // routed and shared experts' MLP tensors, averaged over the layers
    double attentionCore = 0;   // scores, softmax and mask without fused attention; else fp32 log-sum-exp
    double replicatedDiv = 1;   // tp with sequence parallelism, else 1
    double tp = 1;

    double replicated() const { return normInputs + normOutputs + dropoutMasks + mlaLatents + moeRouting; }
    double sharded() const { return attentionProj + (denseMlp + moeExperts); }
    double perToken() const { return replicated() / replicatedDiv + (sharded() + attentionCore) / tp; }
};
LayerActivationTerms layerActivationTerms(const ModelShape &shape, const ActivationConfig &config, Recompute mode);

// layerBytesPerToken x the tokens of one micro-batch on one GPU.
double layerActivationBytes(const ModelShape &shape, const ActivationConfig &config, Recompute mode);

// What one layer of each kind stores per micro-batch and re-creates in its backward (an MoE model's
// dense-MLP layers and its MoE layers; a model of one kind has the same figures for both), so a
// pipeline stage is costed by its own layers: an MoE model's leading dense layers sit on the first
// stage. Computed once per evaluation.
struct LayerKindActivations
{
    double dense = 0;            // layerActivationBytes of a dense-MLP layer
    double moe = 0;              // of an MoE layer
    double denseWorking = 0;     // recomputeWorkingSetBytes of a dense-MLP layer
    double moeWorking = 0;

    // `layers` layers of which `denseLayers` are dense: their stored bytes, and the working set
    // of their average layer.
    double stage(double layers, double denseLayers) const;
    double working(double layers, double denseLayers) const;
};

LayerKindActivations layerKindActivations(const ModelShape &shape, const ActivationConfig &config, Recompute mode);

// Transients of the layer whose backward runs: with full recompute that layer's complete
// activations less its checkpointed input, which is stored already (Korthikanti Table 2,
// full-recompute row), with selective recompute its attention core, none without recompute; plus
// the dequantized weight of a quantized base (config.dequantBytes) whatever the recompute policy.
double recomputeWorkingSetBytes(const ModelShape &shape, const ActivationConfig &config, Recompute mode);

// First-stage extras per micro-batch in flight: token ids and the embedding dropout mask.
double embeddingActivationBytes(const ModelShape &shape, const ActivationConfig &config);

// Loss of one micro-batch on the last stage at its peak, by loss kernel (vocabulary-parallel,
// split by tp): standard materializes the logits with the stack's fp32 upcasts and gradients,
// chunked keeps the 16-bit logits and one chunk's fp32 work, fused never holds the logits; or, if
// larger, the output layer's backward: the 16-bit gradient of the logits next to the output
// layer's weight gradient (config.outputGradBytes; a fused loss makes that gradient in its
// forward). Plus the final norm output.
double logitsBytes(const ModelShape &shape, const ActivationConfig &config);

// What one more cross-entropy over the same tokens keeps for its backward once its forward is done
// (a multi-token-prediction module's loss next to the main model's, both summed into the loss the
// backward starts from): the fp32 softmax (Megatron) or log-softmax (PyTorch, eager chunks) per
// logit; a compiled chunked loss its 16-bit logits; a fused loss nothing.
double savedLossBytes(const ModelShape &shape, const ActivationConfig &config);

// Micro-batches whose activations a stage holds at its peak. 1F1B: min(p, m) on the first stage,
// 1 on the last; interleaved (v virtual stages): x (1 + (p - 1)/(p v)) on the first stage; GPipe:
// all m; DualPipe: min(p + 1, m) of one stage's activations on the ranks at either end. Without pipelining: 1 (gradient accumulation frees each micro-batch).
double inFlightMicroBatches(PipelineSchedule schedule, int pp, int vp, double microBatchesPerStep, bool firstStage);

} // namespace gpuplan

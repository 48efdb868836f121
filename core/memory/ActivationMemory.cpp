// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/ActivationMemory.h"

#include "common/Dtype.h"
#include "memory/FrameworkMemory.h"
#include "memory/LowPrecisionMemory.h"
#include "memory/MemoryAssumptions.h"
#include "memory/ModelStateMemory.h"
#include "plan/Plan.h"
#include "plan/RecomputeModules.h"

#include <algorithm>

namespace gpuplan {

namespace {

// Bytes per token of the MLP tensors stored for the backward, before TP splitting.
// Plain MLP (Korthikanti): GeLU input and second linear input, 2 f-sized tensors.
// Gated MLP (Ultra-Scale Playbook): gate and up outputs, activation output, gated product: 4.
// The second linear's input (the last of them) is saved in `li` bytes (FP8 under Transformer Engine).
double mlpBytes(double f, bool gated, double q, double li)
{
    return ((gated ? 3.0 : 1.0) * q + li) * f;
}

// Average number of key positions a query attends to, over full and sliding-window layers.
double attendedKeys(const ModelShape &s, double seqPerGpu)
{
    if (s.slidingWindow <= 0 || s.slidingLayers <= 0)
        return seqPerGpu;
    const double L = std::max(s.layers, 1);
    const double windowed = std::min<double>(s.slidingLayers, L);
    const double w = std::min<double>(seqPerGpu, s.slidingWindow);
    return (seqPerGpu * (L - windowed) + w * windowed) / L;
}

// MoE MLP bytes per token and the router/dispatch tensors that follow the tokens (docs/formulas.md
// §3 MoE): each token visits k experts; a capacity factor > 1 pads the expert batches. The permuted
// tokens (dispatch) and the expert outputs (combine) are h-sized per routed copy, and the router
// keeps fp32 probabilities per expert. `expertMlp` is the bytes one expert MLP stores per token.
struct MoeBytes
{
    double sharded = 0;      // expert MLP tensors (split by TP)
    double replicated = 0;   // dispatch/combine and router (split by TP only with SP)
};

MoeBytes moeBytes(const ModelShape &s, const ActivationConfig &c, double expertMlp, double sharedMlp)
{
    MoeBytes m;
    if (s.moeLayers <= 0)
        return m;
    const double L = std::max(s.layers, 1);
    const double routed = s.topK * c.moeCapacityFactor;
    m.sharded = (routed * expertMlp + s.sharedExperts * sharedMlp) * s.moeLayers / L;
    // The dispatched copy is the experts' first linear input (FP8 under Transformer Engine); the
    // combine keeps the 16-bit expert outputs for the router's gradient unless the probabilities
    // are applied in the experts' activation.
    const double li = c.korthikanti ? c.linearInputBytes : c.bytes;
    const double combine = c.moeCombineSaved ? c.bytes : 0.0;
    m.replicated = (routed * (li + combine) * s.hidden + 4.0 * s.experts) * s.moeLayers / L;
    return m;
}

// PyTorch autograd's saved tensors of a Llama-style layer (torchtitan/torchtune model code), per
// token. Eager: RMSNorm upcasts to fp32 and keeps the fp32 input, the normalized value and the
// scaled output (2q + q + q per element); RoPE keeps fp32 copies of q and k (rotary models only); SDPA keeps q, k, v,
// its output and the fp32 log-sum-exp; the output projection keeps a contiguous copy of the
// attention output; the gated MLP keeps w1 and w3 outputs, silu's output and the product.
// Compiled (torch.compile fuses the elementwise chains): each norm keeps its 16-bit input and
// output, RoPE nothing extra, the gated MLP three f-sized tensors (silu is recomputed).
double pytorchLayerBytes(const ModelShape &s, const ActivationConfig &c)
{
    const double q = c.bytes;
    const double t = std::max(c.tp, 1);
    const double replicatedDiv = c.sp ? t : 1.0;
    const double h = s.hidden;
    const double norms = 2.0 * (c.compiled ? 2.0 * q : 4.0 * q) * h;
    const double kWidth = s.kvProjWidth / 2.0;
    // Only rotary models rotate q and k (learned positions add to the embedding, ALiBi biases the
    // scores inside the attention kernel).
    const double rope = c.compiled || !s.rope ? 0.0 : 4.0 * (s.qWidth + kWidth);
    const double attention = q * (s.qWidth + s.kvProjWidth) + 2.0 * q * s.vWidth + 4.0 * s.heads;
    const double mlpTensors = s.gated ? (c.compiled ? 3.0 : 4.0) : 2.0;
    const double L = std::max(s.layers, 1);
    const MoeBytes moe = moeBytes(s, c, mlpTensors * q * s.expertFfn, mlpTensors * q * s.expertFfn);
    const double dense = mlpTensors * q * s.ffn * s.denseLayers / L;
    return (norms + moe.replicated) / replicatedDiv + (rope + attention + dense + moe.sharded) / t;
}

// PyTorch op-level selective checkpointing as torchtitan's "op" policy saves it
// (torchtitan/models/llama/parallelize_llama.py _save_list): the layer input, the outputs of the
// odd-numbered matmuls of the layer (wq, wv, w1 and, gated, w2; the even ones are recomputed), the
// attention output and its fp32 log-sum-exp.
double selectiveOpLayerBytes(const ModelShape &s, const ActivationConfig &c)
{
    const double q = c.bytes;
    const double t = std::max(c.tp, 1);
    const double replicatedDiv = c.sp ? t : 1.0;
    const double h = s.hidden;
    const double L = std::max(s.layers, 1);
    const double replicated = q * h + (s.gated ? q * h : 0.0);   // input; w2's output (gated: 7th matmul)
    const MoeBytes moe = moeBytes(s, c, q * s.expertFfn, q * s.expertFfn);
    const double sharded = q * (s.qWidth + s.kvProjWidth / 2.0 + s.vWidth) + 4.0 * s.heads
                           + q * s.ffn * s.denseLayers / L + moe.sharded;
    return (replicated + moe.replicated) / replicatedDiv + sharded / t;
}

} // namespace

double layerBytesPerToken(const ModelShape &s, const ActivationConfig &c, Recompute mode)
{
    const double q = c.bytes;
    const double t = std::max(c.tp, 1);
    const double h = s.hidden;
    const double replicatedDiv = c.sp ? t : 1.0;   // h-sized tensors are split only with SP

    if (mode == Recompute::Full)
        return q * h / replicatedDiv;   // the layer input (Korthikanti Table 2, last row)
    if (mode == Recompute::SelectiveOp)
        return selectiveOpLayerBytes(s, c);
    if (mode == Recompute::EveryN) {
        const double n = std::max(c.recomputeEvery, 1);
        return (layerBytesPerToken(s, c, Recompute::Full) + (n - 1.0) * layerBytesPerToken(s, c, Recompute::None)) / n;
    }
    if (!c.korthikanti) {
        // FlashAttention's core is only the log-sum-exp, which SDPA keeps either way; Megatron's
        // selective recompute of the attention core saves nothing more in a PyTorch stack.
        return pytorchLayerBytes(s, c);
    }

    return layerActivationTerms(s, c, mode).perToken();
}

LayerActivationTerms layerActivationTerms(const ModelShape &s, const ActivationConfig &c, Recompute mode)
{
    LayerActivationTerms terms;
    if (!c.korthikanti || (mode != Recompute::None && mode != Recompute::Selective))
        return terms;
    terms.valid = true;
    const double q = c.bytes;
    const double h = s.hidden;
    terms.tp = std::max(c.tp, 1);
    terms.replicatedDiv = c.sp ? terms.tp : 1.0;   // h-sized tensors are split only with SP

    // Selective recompute re-runs the modules the plan names (Megatron-Core --recompute-modules;
    // none named: the attention core, Megatron's default) and keeps only their inputs.
    namespace rm = recompute_module;
    const std::uint32_t modules = mode != Recompute::Selective ? 0u
                                  : c.recomputeModules != 0   ? c.recomputeModules
                                                              : rm::kCoreAttn;
    const auto recomputed = [modules](std::uint32_t bit) { return (modules & bit) != 0; };

    const double mask = c.dropout ? memassume::kDropoutMaskBytes : 0.0;
    // Replicated over TP without SP (Korthikanti "10"): two norm inputs, the QKV input, the MLP
    // input, and the dropout masks after attention and after the MLP. MLA also keeps its
    // compressed KV latent and its compressed query, the up-projections' inputs, which are not
    // split by TP.
    const double L = std::max(s.layers, 1);
    // The norm outputs are the QKV and MLP linears' inputs (FP8 under Transformer Engine); a
    // recomputed norm re-makes them from its input, which is stored anyway.
    terms.normInputs = 2.0 * q * h;
    terms.normOutputs = recomputed(rm::kLayernorm) ? 0.0 : 2.0 * c.linearInputBytes * h;
    terms.dropoutMasks = 2.0 * mask * h;
    if (s.mla)
        terms.mlaLatents = q * (s.kvElementsPerToken + c.mlaQLatent);

    // Split by TP (Korthikanti "24/t"): Q, K, V (GQA shrinks K and V), the output-projection input,
    // and the MLP's f-sized tensors. MLA's recomputed up-projections re-make Q, K and V from the
    // latents (DeepSeek-V3 report §3.2.3).
    const bool upProjRecomputed = s.mla && recomputed(rm::kMlaUpProj);
    terms.attentionProj = q * ((upProjRecomputed ? 0.0 : s.qWidth + s.kvProjWidth) + s.vWidth);
    const double dense = recomputed(rm::kMlp) ? 0.0 : mlpBytes(s.ffn, s.gated, q, c.linearInputBytes);
    // A recomputed SwiGLU keeps its inputs (the gate and up outputs) and re-makes its output, the
    // second linear's input.
    const double expertMlp = recomputed(rm::kMoeAct) ? (s.gated ? 2.0 : 1.0) * q * s.expertFfn
                                                     : mlpBytes(s.expertFfn, s.gated, q, c.linearInputBytes);
    const double sharedMlp = recomputed(rm::kSharedExperts) ? 0.0 : mlpBytes(s.expertFfn, s.gated, q, c.linearInputBytes);
    const MoeBytes moe = recomputed(rm::kMoe) ? MoeBytes{} : moeBytes(s, c, expertMlp, sharedMlp);
    terms.moeRouting = moe.replicated;
    terms.denseMlp = dense * s.denseLayers / L;
    terms.moeExperts = moe.sharded;

    // Attention core per token: without fused attention the scores, the softmax output and the
    // dropout mask (2q + 1 bytes per score) for every head and key (Korthikanti "5as/h");
    // FlashAttention and selective recompute keep only the fp32 log-sum-exp per head.
    const double heads = s.heads;
    terms.attentionCore = memassume::kFlashSoftmaxStatBytes * heads;
    if (mode == Recompute::None && !c.flash)
        terms.attentionCore = (2.0 * q + mask) * heads * attendedKeys(s, c.seq / std::max(c.cp, 1));
    else if (recomputed(rm::kCoreAttn))
        terms.attentionCore = 0;
    return terms;
}

double layerActivationBytes(const ModelShape &shape, const ActivationConfig &config, Recompute mode)
{
    return config.tokensPerGpu() * layerBytesPerToken(shape, config, mode);
}

namespace {

// layerActivationBytes and recomputeWorkingSetBytes of one shape, each layer evaluated once per
// recompute mode it needs.
void storedAndWorking(const ModelShape &shape, const ActivationConfig &config, Recompute mode, double &stored,
                      double &working)
{
    stored = layerActivationBytes(shape, config, mode);
    working = config.dequantBytes;
    if (mode == Recompute::None)
        return;
    const double kept = mode == Recompute::EveryN ? layerActivationBytes(shape, config, Recompute::Full) : stored;
    working += std::max(0.0, layerActivationBytes(shape, config, Recompute::None) - kept);
}

} // namespace

LayerKindActivations layerKindActivations(const ModelShape &shape, const ActivationConfig &config, Recompute mode)
{
    LayerKindActivations k;
    if (shape.moeLayers <= 0 || shape.denseLayers <= 0) {
        storedAndWorking(shape, config, mode, k.dense, k.denseWorking);
        k.moe = k.dense;
        k.moeWorking = k.denseWorking;
        return k;
    }
    // The per-layer terms weigh the dense MLP by denseLayers / L and the MoE block by moeLayers / L:
    // a shape with every layer of one kind gives that kind's layer (the layer count, which the
    // sliding-window average reads, stays the model's).
    ModelShape one = shape;
    one.denseLayers = shape.layers;
    one.moeLayers = 0;
    storedAndWorking(one, config, mode, k.dense, k.denseWorking);
    one.denseLayers = 0;
    one.moeLayers = shape.layers;
    storedAndWorking(one, config, mode, k.moe, k.moeWorking);
    return k;
}

double LayerKindActivations::stage(double layers, double denseLayers) const
{
    const double d = std::clamp(denseLayers, 0.0, std::max(layers, 0.0));
    return d * dense + (layers - d) * moe;
}

double LayerKindActivations::working(double layers, double denseLayers) const
{
    if (layers <= 0)
        return 0.0;
    const double d = std::clamp(denseLayers, 0.0, layers);
    return (d * denseWorking + (layers - d) * moeWorking) / layers;
}

ActivationConfig trainingActivationConfig(const Plan &plan, const Layout &layout)
{
    ActivationConfig act;
    act.seq = std::max(plan.workload.training.seqLen, 1);
    act.microBatch = std::max(layout.microBatch, 1);
    act.tp = std::max(layout.tp, 1);
    act.cp = std::max(layout.cp, 1);
    act.sp = layout.sp && layout.tp > 1;
    act.flash = layout.flashAttention;
    act.bytes = bytesPerElement(plan.precision.activations);
    const FrameworkMemoryTraits &stack = frameworkMemoryTraits(plan.parallelism.framework);
    // Transformer Engine's linears save the quantized input for the weight gradient in the recipe's
    // format (FP8 1 byte, blockwise FP8 with its 1 x 128 scales, MXFP8 with its 1 x 32 scales,
    // NVFP4 4.5 bits: LowPrecisionMemory.h), never more than the activation dtype itself.
    act.linearInputBytes = plan.precision.compute == Dtype::FP8 && stack.persistentFp8Weights
                               ? std::min(act.bytes, lowPrecisionActivationBytes(plan.precision.fp8Recipe))
                               : act.bytes;
    act.moeCapacityFactor = plan.model.moeCapacityFactor;
    const FrameworkMemoryTraits &fw = frameworkMemoryTraits(plan.parallelism.framework);
    act.korthikanti = fw.korthikantiAccounting;
    act.standardLossBytes = fw.standardLossBytesPerLogit;
    act.compiled = plan.parallelism.compile;
    act.compiledLoss = act.compiled && fw.compileCoversLoss;
    act.recomputeEvery = std::max(plan.parallelism.recomputeEvery, 1);
    act.recomputeModules = plan.parallelism.recomputeModules & recompute_module::kAll;
    act.moeCombineSaved = !fw.moeProbsInActivation;
    act.mlaQLatent = plan.model.mlaQLoraRank > 0 ? plan.model.mlaQLoraRank : 0.0;
    act.dropout = plan.model.dropout;
    const TrainingWorkload &tw = plan.workload.training;
    act.fill = tw.packed ? 1.0 : std::clamp(tw.paddedFill, 0.0, 1.0);
    act.loss = tw.loss;
    act.lossChunks = std::max(tw.lossChunks, 1);
    // A quantized frozen base (QLoRA's NF4, an int8 base) is dequantized one matrix at a time
    // (bitsandbytes / torchao linear_nf4: the whole weight in the compute dtype, for the forward
    // matmul and again for the input gradient): the largest matmul weight of a layer on one GPU.
    const bool quantizedBase = tw.fineTune == FineTune::Qlora
                               || (tw.fineTune != FineTune::None && bytesPerElement(plan.precision.weights) < 2.0);
    if (quantizedBase) {
        const ModelArch &m = plan.model;
        const double headDim = m.headDim > 0 ? m.headDim : static_cast<double>(m.hidden) / std::max(m.heads, 1);
        const double widest = std::max({static_cast<double>(m.ffnHidden), static_cast<double>(m.moeFfnHidden),
                                        headDim * m.heads});
        act.dequantBytes = static_cast<double>(m.hidden) * widest / act.tp * halfPrecisionBytes(plan.precision);
    }
    return act;
}

double recomputeWorkingSetBytes(const ModelShape &shape, const ActivationConfig &config, Recompute mode)
{
    // What the backward of one layer re-creates: everything the layer would keep without
    // recompute, less what it kept. Full recompute re-runs the layer from its checkpointed input,
    // which is the first norm's input (already counted, not a second copy); selective re-runs the
    // attention core; without recompute nothing is re-created.
    if (mode == Recompute::None)
        return config.dequantBytes;
    // EveryN: the checkpointed layer re-creates everything above its input.
    const Recompute kept = mode == Recompute::EveryN ? Recompute::Full : mode;
    return config.dequantBytes
           + std::max(0.0, layerActivationBytes(shape, config, Recompute::None) - layerActivationBytes(shape, config, kept));
}

double embeddingActivationBytes(const ModelShape &s, const ActivationConfig &c)
{
    const double replicatedDiv = c.sp ? std::max(c.tp, 1) : 1;
    const double mask = c.korthikanti && c.dropout ? memassume::kDropoutMaskBytes * s.hidden / replicatedDiv : 0.0;
    return c.tokensPerGpu() * (memassume::kTokenIdBytes + mask);
}

double logitsBytes(const ModelShape &s, const ActivationConfig &c)
{
    const double t = std::max(c.tp, 1);
    const double replicatedDiv = c.sp ? t : 1.0;
    const double vocab = static_cast<double>(s.vocab) / t;
    const double h = s.hidden;
    const double tokens = c.tokensPerGpu();
    const double chunks = std::max(c.lossChunks, 1);
    double perToken = 0;
    switch (c.loss) {
    case LossKernel::Standard:
        // A compiled cross-entropy keeps only its fp32 input and the log-sum-exp and writes one fp32
        // gradient: 4 + 4 bytes per logit.
        perToken = vocab * (c.compiledLoss ? std::min(c.standardLossBytes, 2.0 * memassume::kLossSoftmaxBytes)
                                           : c.standardLossBytes);
        break;
    case LossKernel::Chunked:
        // torchtune CEWithChunkedOutputLoss: the 16-bit logits of every chunk stay until the loss is
        // done. Eager cross-entropy also keeps each chunk's fp32 log-softmax for the backward, and one
        // chunk's fp32 upcast and its fp32 gradient are transient. Compiled per chunk, the upcast is
        // fused into the log-sum-exp (only the 16-bit chunk and the statistics are saved) and the
        // backward writes the chunk's gradient in the 16-bit dtype in one kernel.
        perToken = c.compiledLoss ? vocab * c.bytes * (1.0 + 1.0 / chunks)
                                  : vocab * (c.bytes + memassume::kLossSoftmaxBytes + 2.0 * memassume::kLossSoftmaxBytes / chunks);
        break;
    case LossKernel::Fused:
        // Fused linear + cross-entropy (Liger-Kernel, Cut Cross-Entropy): token chunks sized so a
        // chunk's logits hold about as many elements as its hidden states, in fp32 with their
        // gradient, plus the fp32 gradient of the hidden states. The weight gradient is made here,
        // in the forward.
        return tokens * (h * 3.0 * memassume::kLossSoftmaxBytes + c.bytes * h / replicatedDiv) + c.outputGradBytes;
    }
    // The output layer's backward runs after the cross-entropy's: the logits' 16-bit gradient (all
    // chunks of a chunked loss: autograd runs every chunk's cross-entropy backward first) and the
    // weight gradient it produces.
    const double outputBackward = tokens * vocab * c.bytes + c.outputGradBytes;
    return std::max(tokens * perToken, outputBackward) + tokens * c.bytes * h / replicatedDiv;
}

double savedLossBytes(const ModelShape &s, const ActivationConfig &c)
{
    const double logits = c.tokensPerGpu() * static_cast<double>(s.vocab) / std::max(c.tp, 1);
    switch (c.loss) {
    case LossKernel::Standard:
        // Megatron's vocab-parallel cross-entropy saves its fp32 softmax; PyTorch's log_softmax its
        // fp32 output; a compiled one its fp32 input (the log-sum-exp is per token).
        return logits * memassume::kLossSoftmaxBytes;
    case LossKernel::Chunked: return logits * (c.compiledLoss ? c.bytes : memassume::kLossSoftmaxBytes);
    case LossKernel::Fused: return 0.0;
    }
    return 0.0;
}

double inFlightMicroBatches(PipelineSchedule schedule, int pp, int vp, double microBatchesPerStep, bool firstStage)
{
    const double p = std::max(pp, 1);
    const double m = std::max(microBatchesPerStep, 1.0);
    if (p <= 1)
        return 1.0;
    if (schedule == PipelineSchedule::GPipe)
        return m;
    // DualPipe: a rank holds stage i and stage pp - 1 - i and keeps PP + 1 micro-batches of one
    // stage's activations at its peak against 1F1B's PP (DeepSeek-V3 report, arXiv 2412.19437,
    // Table 2); the ranks at both ends are alike.
    if (schedule == PipelineSchedule::DualPipe)
        return std::min(p + 1.0, m);
    if (!firstStage) {
        if (schedule == PipelineSchedule::Interleaved && vp > 1) {
            // The last rank warms up (v - 1) * p model chunks of 1/v of its layers (Megatron
            // interleaved schedule), i.e. ((v - 1) p + 1) / v stage-equivalents.
            return std::min(m, ((vp - 1) * p + 1) / vp);
        }
        return 1.0;
    }
    const double inFlight = std::min(p, m);
    if (schedule == PipelineSchedule::Interleaved && vp > 1)
        return inFlight * (1.0 + (p - 1.0) / (p * vp));
    return inFlight;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/ActivationMemory.h"

#include "common/Dtype.h"
#include "memory/MemoryAssumptions.h"
#include "plan/Plan.h"

#include <algorithm>

namespace gpuplan {

namespace {

// Bytes per token of the MLP tensors stored for the backward, before TP splitting.
// Plain MLP (Korthikanti): GeLU input and second linear input, 2 f-sized tensors.
// Gated MLP (Ultra-Scale Playbook): gate and up outputs, activation output, gated product: 4.
double mlpBytes(double f, bool gated, double q)
{
    return (gated ? 4.0 : 2.0) * q * f;
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

} // namespace

double layerBytesPerToken(const ModelShape &s, const ActivationConfig &c, Recompute mode)
{
    const double q = c.bytes;
    const double t = std::max(c.tp, 1);
    const double h = s.hidden;
    const double replicatedDiv = c.sp ? t : 1.0;   // h-sized tensors are split only with SP

    if (mode == Recompute::Full)
        return q * h / replicatedDiv;   // the layer input (Korthikanti Table 2, last row)

    const double mask = memassume::kDropoutMaskBytes;
    // Replicated over TP without SP (Korthikanti "10"): two norm inputs, the QKV input, the MLP
    // input, and the dropout masks after attention and after the MLP. MLA also keeps its
    // compressed KV latent, which is not split by TP.
    const double L = std::max(s.layers, 1);
    double replicated = 4.0 * q * h + 2.0 * mask * h;
    if (s.mla)
        replicated += q * s.kvElementsPerToken;

    // Split by TP (Korthikanti "24/t"): Q, K, V (GQA shrinks K and V), the output-projection input,
    // and the MLP's f-sized tensors.
    double sharded = q * (s.qWidth + s.kvProjWidth + s.vWidth);
    const double dense = mlpBytes(s.ffn, s.gated, q);
    double moe = 0;
    if (s.moeLayers > 0) {
        // Each token visits k experts; a capacity factor > 1 pads the expert batches (docs/formulas.md §3
        // MoE). The permuted tokens (dispatch) and the expert outputs (combine) are h-sized per
        // routed copy, and the router keeps fp32 probabilities per expert; these follow the tokens
        // (split by TP only with SP).
        const double routed = s.topK * c.moeCapacityFactor;
        moe = (routed + s.sharedExperts) * mlpBytes(s.expertFfn, s.gated, q);
        replicated += (2.0 * routed * q * h + 4.0 * s.experts) * s.moeLayers / L;
    }
    sharded += (dense * s.denseLayers + moe * s.moeLayers) / L;

    // Attention core per token: without fused attention the scores, the softmax output and the
    // dropout mask (2q + 1 bytes per score) for every head and key (Korthikanti "5as/h");
    // FlashAttention and selective recompute keep only the fp32 log-sum-exp per head.
    const double heads = s.heads;
    double core = memassume::kFlashSoftmaxStatBytes * heads;
    if (mode == Recompute::None && !c.flash)
        core = (2.0 * q + mask) * heads * attendedKeys(s, c.seq / std::max(c.cp, 1));
    else if (mode == Recompute::Selective)
        core = 0;

    return replicated / replicatedDiv + (sharded + core) / t;
}

double layerActivationBytes(const ModelShape &shape, const ActivationConfig &config, Recompute mode)
{
    return config.tokensPerGpu() * layerBytesPerToken(shape, config, mode);
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
    act.moeCapacityFactor = plan.model.moeCapacityFactor;
    return act;
}

double recomputeWorkingSetBytes(const ModelShape &shape, const ActivationConfig &config, Recompute mode)
{
    // What the backward of one layer re-creates: everything the layer would keep without
    // recompute, less what it kept. Full recompute re-runs the layer from its checkpointed input,
    // which is the first norm's input (already counted, not a second copy); selective re-runs the
    // attention core; without recompute nothing is re-created.
    if (mode == Recompute::None)
        return 0.0;
    return layerActivationBytes(shape, config, Recompute::None) - layerActivationBytes(shape, config, mode);
}

double embeddingActivationBytes(const ModelShape &s, const ActivationConfig &c)
{
    const double replicatedDiv = c.sp ? std::max(c.tp, 1) : 1;
    return c.tokensPerGpu() * (memassume::kTokenIdBytes + memassume::kDropoutMaskBytes * s.hidden / replicatedDiv);
}

double logitsBytes(const ModelShape &s, const ActivationConfig &c)
{
    const double t = std::max(c.tp, 1);
    const double replicatedDiv = c.sp ? t : 1.0;
    const double logits = static_cast<double>(s.vocab) / t * (c.bytes + memassume::kLossSoftmaxBytes);
    return c.tokensPerGpu() * (logits + c.bytes * s.hidden / replicatedDiv);
}

double inFlightMicroBatches(PipelineSchedule schedule, int pp, int vp, double microBatchesPerStep, bool firstStage)
{
    const double p = std::max(pp, 1);
    const double m = std::max(microBatchesPerStep, 1.0);
    if (p <= 1)
        return 1.0;
    if (schedule == PipelineSchedule::GPipe)
        return m;
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

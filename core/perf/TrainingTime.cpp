// SPDX-License-Identifier: GPL-3.0-or-later
// Step time of a training plan (docs/performance-model.md): per-layer compute passes with the
// host dispatch bound, exposed communication per parallel dimension, the pipeline schedule,
// gradient synchronization, the optimizer step, offload transfers and framework overheads.
#include "perf/TrainingTime.h"

#include "common/Dtype.h"
#include "memory/FrameworkMemory.h"
#include "memory/MemoryAssumptions.h"
#include "perf/Collectives.h"
#include "perf/Compute.h"
#include "perf/LayerCost.h"
#include "perf/Pipeline.h"
#include "perf/TrainingComm.h"
#include "perf/TrainingFlops.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Seconds of one micro-batch on one GPU, by step-breakdown component.
struct Parts
{
    double compute = 0;
    double recompute = 0;
    double tp = 0;
    double cp = 0;
    double ep = 0;
    double pp = 0;
    double dp = 0;
    double other = 0;

    double total() const { return compute + recompute + tp + cp + ep + pp + dp + other; }
    Parts scaled(double k) const { return {compute * k, recompute * k, tp * k, cp * k, ep * k, pp * k, dp * k, other * k}; }
    void add(const Parts &o)
    {
        compute += o.compute;
        recompute += o.recompute;
        tp += o.tp;
        cp += o.cp;
        ep += o.ep;
        pp += o.pp;
        dp += o.dp;
        other += o.other;
    }
};

// One pass of kernels plus its exposed communication: the host bound turns into "other". Returns
// the pass's time; `knownPassS` (>= 0) is that time when the same pass was timed before (a full
// recompute re-runs the forward pass), which spares passTime's two pow calls.
double addPass(Parts &p, double Parts::*slot, double computeS, double tpS, double cpS, double epS, double kernels,
               const ComputeRates &r, double knownPassS = -1.0)
{
    const double busy = computeS + tpS + cpS + epS;
    p.*slot += computeS;
    p.tp += tpS;
    p.cp += cpS;
    p.ep += epS;
    const double passS = knownPassS >= 0 ? knownPassS : passTime(busy, kernels, r);
    p.other += passS - busy;
    return passS;
}

// Selective recompute re-runs the attention core, which is the same in every layer kind (a dense
// and an MoE layer differ in the MLP only): its pass is timed once per step and reused while the
// core's time and kernels are the same.
struct RepeatedPass
{
    double gpuS = -1;
    double kernels = -1;
    double passS = -1;
};

// Communication that runs beside `window` seconds of compute: what does not fit in the window
// (at least `tail`, the part that can never overlap), plus `penalty` x the hidden part, by
// which NCCL kernels slow the compute they share the GPU with.
double exposedComm(double comm, double window, double penalty, double tail = 0.0)
{
    if (comm <= 0)
        return 0.0;
    const double visible = std::min(comm, std::max(tail, comm - std::max(window, 0.0)));
    return visible + penalty * (comm - visible);
}

// Seconds of the forward and backward passes, the windows that gradient and parameter
// collectives can hide behind.
struct PassWindows
{
    double forward = 0;
    double backward = 0;
};

// One micro-batch through one layer: forward, recomputation and backward.
Parts layerParts(const LayerWork &w, LayerComm c, Recompute recompute, const ComputeRates &r, double penalty,
                 PassWindows &win, int recomputeEvery = 1, bool epOverlap = false,
                 RepeatedPass *coreRecompute = nullptr)
{
    Parts p;
    if (epOverlap) {
        // The forward's all-to-alls run beside another micro-batch's backward and the backward's
        // beside another's forward (DualPipe pairs them; Megatron-Core's EP overlap merges the two
        // micro-batches' layers); what does not fit in that compute stays exposed.
        c.epFwdS = exposedComm(c.epFwdS, w.backward.gpuS, penalty);
        c.epBwdS = exposedComm(c.epBwdS, w.forward.gpuS, penalty);
    }
    const double cpFwd = exposedComm(c.cpS, w.attentionCore.gpuS, penalty);   // ring overlapped with attention
    const double cpBwd = exposedComm(2.0 * c.cpS, w.attentionBackwardS, penalty);
    const double commKernels = c.tpKernels + (c.epFwdS > 0 ? 2.0 : 0.0);
    const double forwardS =
        addPass(p, &Parts::compute, w.forward.gpuS, c.tpS, cpFwd, c.epFwdS, w.forward.kernels + commKernels, r);
    win.forward = p.total();
    if (recompute == Recompute::Full) {
        addPass(p, &Parts::recompute, w.forward.gpuS, c.tpS, cpFwd, c.epFwdS, w.forward.kernels + commKernels, r,
                forwardS);
    } else if (recompute == Recompute::Selective) {
        // The modules the plan names (the attention core by default); re-running the whole MoE
        // block re-sends its dispatch and combine.
        const PassCost &sel = w.selected;
        const double epS = w.selectedMoeBlock ? c.epFwdS : 0.0;
        const double kernels = sel.kernels + (epS > 0 ? 2.0 : 0.0);
        const bool same = epS == 0 && coreRecompute && coreRecompute->gpuS == sel.gpuS && coreRecompute->kernels == kernels;
        const double passS = addPass(p, &Parts::recompute, sel.gpuS, 0, 0, epS, kernels, r, same ? coreRecompute->passS : -1.0);
        if (coreRecompute && epS == 0)
            *coreRecompute = {sel.gpuS, kernels, passS};
    } else if (recompute == Recompute::EveryN) {
        // One layer in N is re-run whole.
        const double k = 1.0 / std::max(recomputeEvery, 1);
        addPass(p, &Parts::recompute, k * w.forward.gpuS, k * c.tpS, k * cpFwd, k * c.epFwdS,
                k * (w.forward.kernels + commKernels), r);
    } else if (recompute == Recompute::SelectiveOp) {
        // Op-level selective checkpointing re-runs every other matmul and the elementwise ops
        // around them, not the attention core: about half of the rest of the forward.
        const double k = memassume::kSelectiveOpRecomputedShare;
        addPass(p, &Parts::recompute, k * std::max(0.0, w.forward.gpuS - w.attentionCore.gpuS), k * c.tpS, 0, k * c.epFwdS,
                k * (w.forward.kernels + commKernels), r);
    }
    const double before = p.total();
    const double tpBwd = exposedComm(c.tpS, w.tpBackwardWindowS, penalty);
    addPass(p, &Parts::compute, w.backward.gpuS, tpBwd, cpBwd, c.epBwdS, w.backward.kernels + commKernels, r);
    win.backward = p.total() - before;
    return p;
}

// Trainable parameters of one layer under LoRA: rank x (in + out) per adapted matrix.
double loraParamsPerLayer(const ModelShape &s, const TrainingWorkload &w)
{
    const double h = s.hidden;
    const double inWidth = std::max(s.attnParams - s.vWidth * h, 0.0) / h;
    double sum = (h + inWidth) + (s.vWidth + h);
    if (w.loraAllLinear) {
        const double f = s.moeLayers > 0 && s.denseLayers == 0 ? s.expertFfn : s.ffn;
        sum += (h + (s.gated ? 2.0 : 1.0) * f) + (f + h);
    }
    return w.loraRank * sum;
}

// Bytes the optimizer step moves per parameter it updates (gradient read for the update and
// for the norm/clipping pass, states read and written, weights written).
double optimizerBytesPerParam(const Precision &p)
{
    const double grad = bytesPerElement(p.gradients);
    const double weight = bytesPerElement(p.weights);
    double states = 0;
    switch (p.optimizer) {
    case Optimizer::AdamW: states = 2.0 * bytesPerElement(p.optimizerStates); break;
    case Optimizer::Adam8bit: states = 2.0; break;
    case Optimizer::Adam4bit: states = 1.0; break;   // two 4-bit moments
    case Optimizer::SgdMomentum:
    case Optimizer::Lion: states = bytesPerElement(p.optimizerStates); break;
    case Optimizer::Adafactor:
    case Optimizer::Sgd: states = 0; break;
    }
    const double master = p.masterWeights ? 2.0 * 4.0 + weight : 2.0 * weight;
    return 2.0 * grad + 2.0 * states + master;
}

// What one GPU works on per micro-batch through one layer.
LayerDims layerDims(const Plan &plan, const Layout &l, const ComputeRates &r)
{
    LayerDims d;
    const int tp = std::max(l.tp, 1), cp = std::max(l.cp, 1);
    d.tokens = std::max(l.microBatch, 1) * static_cast<double>(std::max(plan.workload.training.seqLen, 1)) / cp;
    d.seqLen = std::max(plan.workload.training.seqLen, 1);
    d.microBatch = std::max(l.microBatch, 1);
    d.tp = tp;
    d.cp = cp;
    d.ep = std::max(l.ep, 1);
    d.expertTp = l.expertTpOrTp();
    d.sp = l.sp && tp > 1;
    d.flash = l.flashAttention;
    d.actBytes = bytesPerElement(plan.precision.activations);
    d.fp8 = r.fp8;
    d.weightGrads = plan.workload.training.fineTune == FineTune::None;
    d.dequantize = plan.workload.training.fineTune == FineTune::Qlora;
    // The named modules are Megatron-Core's (--recompute-modules): the stacks whose activations
    // follow its accounting honour them, as the memory model does (ActivationMemory.cpp).
    if (plan.parallelism.recomputeModules != 0 && frameworkMemoryTraits(plan.parallelism.framework).korthikantiAccounting)
        d.recomputeModules = plan.parallelism.recomputeModules & recompute_module::kAll;
    return d;
}

} // namespace

MoeComputeShares moeComputeShares(const ResolvedPlan &rp, const Layout &l)
{
    MoeComputeShares out;
    if (!rp.plan || !rp.gpu || rp.shape.moeLayers <= 0)
        return out;
    const ModelShape &s = rp.shape;
    const ComputeRates r = computeRates(*rp.gpu, rp.plan->precision.compute, rp.plan->precision.fp8Recipe);
    const LayerDims d = layerDims(*rp.plan, l, r);
    double experts = 0, attention = 0, all = 0;
    for (int moe = 0; moe < 2; ++moe) {
        const double count = moe ? s.moeLayers : s.denseLayers;
        if (count <= 0)
            continue;
        const LayerWork w = layerWork(s, d, moe == 1, r);
        experts += count * w.expertS;
        attention += count * (w.attentionCore.gpuS + w.attentionBackwardS);
        all += count * (w.forward.gpuS + w.backward.gpuS);
    }
    if (all <= 0)
        return out;
    out.expertGemms = experts / all;
    out.attention = attention / all;
    return out;
}

TrainingResult estimateTrainingTime(const ResolvedPlan &rp, const Layout &l)
{
    TrainingResult out;
    if (!rp.plan || !rp.gpu || rp.gpu->peak(rp.plan->precision.compute) <= 0)
        return out;
    const Plan &plan = *rp.plan;
    const ModelShape &s = rp.shape;
    const TrainingWorkload &w = plan.workload.training;
    const GpuEfficiency &eff = rp.gpu->efficiency;
    const ComputeRates r = computeRates(*rp.gpu, plan.precision.compute, plan.precision.fp8Recipe);
    // NVFP4 recipes quantize the transformer layers' linears; the output head stays in BF16.
    const ComputeRates rHead = r.fp4 ? computeRates(*rp.gpu, Dtype::BF16) : r;
    const CommNetwork net = commNetwork(rp);

    const int tp = std::max(l.tp, 1), pp = std::max(l.pp, 1), dp = std::max(l.dp, 1);
    const int ep = std::max(l.ep, 1);
    const double microBatch = std::max(l.microBatch, 1);
    const bool lora = w.fineTune != FineTune::None;
    // Micro-batches per pipeline per step; a last partial micro-batch counts by its share.
    const double micro = std::max(static_cast<double>(w.globalBatch) / (dp * microBatch), 1.0);

    const LayerDims d = layerDims(plan, l, r);

    // Average layer (dense and MoE layers mixed as in the model).
    const double layers = std::max(s.layers, 1);
    Parts layer, lastKindLayer;
    PassWindows layerWin;
    double weightGradS = 0;   // weight-gradient GEMMs of the average layer
    // The attention block is the same in both layer kinds: worked out once, each kind adds its MLP.
    const LayerWork attention = attentionWork(s, d, r);
    RepeatedPass coreRecompute;
    for (int moe = 0; moe < 2; ++moe) {
        const double count = moe ? s.moeLayers : s.denseLayers;
        if (count <= 0)
            continue;
        PassWindows win;
        LayerWork work = attention;
        addMlpWork(work, s, d, moe == 1, r);
        lastKindLayer = layerParts(work, layerComm(s, d, l, net, moe == 1), l.recompute, r, eff.commOverlapPenalty, win,
                                   plan.parallelism.recomputeEvery, l.epOverlap, &coreRecompute);
        layer.add(lastKindLayer.scaled(count / layers));
        layerWin.forward += win.forward * count / layers;
        layerWin.backward += win.backward * count / layers;
        weightGradS += work.weightGradS * count / layers;
    }
    Parts ends;
    PassWindows unused;
    ends.add(layerParts(embeddingWork(s, d, r), LayerComm{}, Recompute::None, r, 0.0, unused));
    const LayerWork logits = logitsWork(s, d, rHead);
    ends.add(layerParts(logits, LayerComm{}, Recompute::None, rHead, 0.0, unused));
    // Multi-token prediction (DeepSeek-V3 §2.2): each module runs one more layer of the
    // model's kind (MoE when the model has experts) and a second pass through the output head.
    const int mtpModules = s.mtpParams > 0 ? std::max(plan.model.mtpLayers, 0) : 0;
    if (mtpModules > 0) {
        LayerWork mtpHead = logits;   // the shared output head (LayerCost.h, addMtpHeadWork)
        addMtpHeadWork(mtpHead, s, d, rHead);
        const Parts mtpHeadParts = layerParts(mtpHead, LayerComm{}, Recompute::None, rHead, 0.0, unused);
        for (int i = 0; i < mtpModules; ++i) {
            ends.add(lastKindLayer);
            ends.add(mtpHeadParts);
        }
    }

    // The busiest stage. Stages are taken as balanced: the first and last stages carry the
    // embedding and the logits, and tuned runs give them fewer layers (docs/performance-model.md).
    const double layersOnStage = std::ceil(layers / pp);
    Parts stage = layer.scaled(layersOnStage);
    if (pp == 1) {
        stage.add(ends);
    } else {
        Parts even = layer.scaled(layers / pp);
        even.add(ends.scaled(1.0 / pp));
        if (even.total() > stage.total())
            stage = even;
    }
    const double stageFwd = layerWin.forward * layersOnStage;
    const double stageBwd = layerWin.backward * layersOnStage;

    // Parameters this GPU holds (its stage, split by TP, experts also by EP).
    const double expertPerLayer = s.moeLayers > 0 ? s.routedExpertParams * s.moeLayers / layers : 0.0;
    const double densePerLayer = s.transformerParams / layers - expertPerLayer;
    const double endParams = pp == 1 ? s.embeddingParams + s.positionParams + s.outputParams + s.finalNormParams
                                     : std::max(s.embeddingParams + s.positionParams,
                                                s.outputParams > 0 ? s.outputParams : s.embeddingParams);
    double denseLocal = (densePerLayer * layersOnStage + endParams) / tp;
    double expertLocal = expertPerLayer * layersOnStage / (static_cast<double>(d.expertTp) * ep);
    if (lora) {
        denseLocal = loraParamsPerLayer(s, w) * layersOnStage / tp;
        expertLocal = 0;
    }
    const GradientSync sync = gradientSync(denseLocal, expertLocal, bytesPerElement(plan.precision.gradients),
                                           bytesPerElement(plan.precision.weights), l, net);

    // Per micro-batch: the stage, its pipeline transfers, the host's per-micro-batch work, and
    // the ZeRO-2/3 collectives that exceed the compute they overlap with (the first gather and
    // the last reduce-scatter never overlap).
    Parts perMicro = stage;
    perMicro.pp += pipelineTransfersPerMicroBatch(l.schedule, pp, l.vp) * pipelineTransferS(s, d, l, net);
    perMicro.other += eff.microBatchOverheadS;
    if (sync.perMicroBatchS > 0) {
        const double window = l.zero >= 3 ? stage.compute + stage.recompute : stageBwd;
        perMicro.dp += exposedComm(sync.perMicroBatchS, window, eff.commOverlapPenalty, sync.perMicroBatchS / layersOnStage);
    }
    const double perMicroS = perMicro.total();
    // The backward's and the weight gradients' shares of a layer's time shape DualPipe's bubble.
    const double layerS = std::max(layer.total(), 1e-30);
    const double backwardShare = std::clamp(1.0 - layerWin.forward / layerS, 0.0, 1.0);
    const double bubbleFrac = bubbleFraction(l.schedule, pp, l.vp, micro, backwardShare,
                                             std::clamp(weightGradS / layerS, 0.0, 1.0));

    // Once per step: gradient reduction (overlapped with the last backward except its last
    // bucket, when the framework does so), parameter all-gather (overlapped with the next
    // forward likewise), the optimizer step over the local shard, offload transfers.
    double dpStep = sync.reduceS + sync.gatherS;
    if (plan.parallelism.overlapGradReduce) {
        const double tail = 1.0 / layersOnStage;
        dpStep = exposedComm(sync.reduceS, stageBwd, eff.commOverlapPenalty, sync.reduceS * tail) +
                 exposedComm(sync.gatherS, stageFwd, eff.commOverlapPenalty, sync.gatherS * tail);
    }
    const double localParams = (denseLocal + expertLocal) / sync.optimizerShard;
    const double optimizerS = memoryTime(localParams * optimizerBytesPerParam(plan.precision), r);
    double offloadS = 0;
    const double pcie = std::max(rp.gpu->pcieBandwidth, 1e9);
    if (l.offloadOptimizer != Offload::None) {
        // Gradients down to the host, updated weights back.
        offloadS += localParams * (bytesPerElement(plan.precision.gradients) + bytesPerElement(plan.precision.weights)) / pcie;
        if (l.offloadOptimizer == Offload::Nvme && rp.node && rp.node->localNvmeReadBw > 0) {
            // fp32 master weights and two states read and written back per step, the node's
            // NVMe shared by its GPUs.
            const double perGpu = rp.node->localNvmeReadBw / net.gpusPerNode;
            offloadS += 2.0 * localParams * 12.0 / perGpu;
        }
    }
    if (l.offloadParams != Offload::None) {
        // Weights streamed in for the forward and again for the backward of every micro-batch.
        offloadS += micro * 2.0 * (denseLocal + expertLocal) * bytesPerElement(plan.precision.weights) / pcie;
    }

    StepBreakdown &b = out.breakdown;
    const Parts steady = perMicro.scaled(micro);
    b.compute = steady.compute;
    b.recompute = steady.recompute;
    b.tpComm = steady.tp;
    b.cpComm = steady.cp;
    b.epComm = steady.ep;
    b.ppComm = steady.pp;
    b.dpComm = steady.dp + dpStep;
    b.bubble = bubbleFrac * micro * perMicroS;
    b.optimizer = optimizerS;
    b.offload = offloadS;
    b.other = steady.other + eff.stepOverheadS;
    out.stepTimeS = b.total();

    out.microBatchesPerStep = static_cast<int>(std::ceil(micro - 1e-9));
    out.bubbleFraction = bubbleFrac;
    fillThroughput(out, rp, l);
    out.gpuStepTimeS = out.stepTimeS;
    out.gpuTokensPerS = out.tokensPerS;
    out.gpuMfu = out.mfu;
    out.gpuTimeToTrainS = out.timeToTrainS;
    out.valid = std::isfinite(out.stepTimeS) && out.stepTimeS > 0;
    return out;
}

} // namespace gpuplan

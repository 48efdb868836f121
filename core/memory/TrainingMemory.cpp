// SPDX-License-Identifier: GPL-3.0-or-later
// Training memory of the most-loaded GPU (docs/memory.md §1-§5): model states (ModelStateMemory),
// stored activations of the micro-batches in flight and the larger of the two transients that never
// coexist (one layer's recompute working set during the backward, the logits and loss at the end
// of the forward), then framework overhead. The first and the last pipeline stage are both
// evaluated; the heavier one is reported.
#include "memory/MemoryModel.h"

#include "catalog/GpuSpec.h"
#include "catalog/NodeSpec.h"
#include "common/Dtype.h"
#include "common/Units.h"
#include "memory/ActivationMemory.h"
#include "memory/FrameworkMemory.h"
#include "memory/FrameworkOverhead.h"
#include "memory/MemoryAssumptions.h"
#include "memory/ModelStateMemory.h"

#include <algorithm>

namespace gpuplan {

namespace {

struct StageMemory
{
    MemoryBreakdown breakdown;      // allocator-visible tensors only (no overheads yet)
    double pagedStates = 0;
    double offloadedCpu = 0;
    double offloadedNvme = 0;
    double offloadedActivations = 0;   // host copies of saved activations (activation offloading)
};

// Micro-batches per pipeline per step (m): activations of at most this many are ever held.
double microBatchesPerStep(const Plan &plan, const Layout &l)
{
    const double perStep = static_cast<double>(std::max(l.dp, 1)) * std::max(l.microBatch, 1);
    return std::max(1.0, plan.workload.training.globalBatch / perStep);
}

StageMemory stageMemory(const ResolvedPlan &rp, const Layout &l, const ActivationConfig &act, bool first, bool last)
{
    const Plan &plan = *rp.plan;
    const ModelShape &s = rp.shape;
    const FrameworkMemoryTraits &fw = frameworkMemoryTraits(plan.parallelism.framework);
    const StageParams params = first ? firstStageParams(s, l) : lastStageParams(s, l);
    const ModelStateBytes states = modelStateBytes(plan, s, l, params);

    StageMemory out;
    MemoryBreakdown &b = out.breakdown;
    b.weights = states.weights;
    b.optimizerStates = states.optimizerStates;
    b.masterWeights = states.masterWeights;
    b.workspace = states.gathered;
    b.commBuffers = states.commBuffers;
    out.pagedStates = states.pagedStates;
    out.offloadedCpu = states.offloadedCpu;
    out.offloadedNvme = states.offloadedNvme;

    const double m = microBatchesPerStep(plan, l);
    const double inFlight = inFlightMicroBatches(l.schedule, l.pp, l.vp, m, first);

    const double perLayer = layerActivationBytes(s, act, l.recompute);
    double stored = params.layers * perLayer * inFlight;
    if (first)
        stored += embeddingActivationBytes(s, act) * inFlight;
    // DeepSpeed's pipeline engine keeps each in-flight micro-batch's stage output until its
    // backward (pipe_buffers["outputs"]); Megatron-LM frees the data after the send
    // (deallocate_output_tensor).
    if (l.pp > 1 && l.sharding == ShardingImpl::DeepSpeed)
        stored += layerActivationBytes(s, act, Recompute::Full) * inFlight;
    // Activation offloading: the GPU keeps the layers being computed and copied, the host the rest.
    if (plan.parallelism.activationOffload) {
        const double resident = std::min(stored, memassume::kOffloadResidentLayers * perLayer);
        out.offloadedActivations = stored - resident;
        stored = resident;
    }
    // Context parallelism: ring attention keeps the K/V chunk being sent and the one being
    // received; torchtitan's all-gather rotation holds K and V of the whole sequence for the layer
    // being computed (and their gradients in its backward).
    if (l.cp > 1) {
        const double kvHeadsPerGpu = s.mla ? 1.0 : std::max(1.0, static_cast<double>(s.kvHeads) / std::max(l.tp, 1));
        const double kvChunk = act.tokensPerGpu() * kvHeadsPerGpu * s.headDim * 2.0 * act.bytes;
        b.commBuffers += fw.cpAllGatherKv ? 2.0 * kvChunk * l.cp : 2.0 * kvChunk;
    }
    // Gradients exist during a forward when they live in a persistent buffer (Megatron, DeepSpeed)
    // or when earlier micro-batches of the step left theirs (gradient accumulation, pipelining);
    // otherwise zero_grad(set_to_none=True) freed them and they grow in the backward while the
    // activations are released, peaking at the end of the backward (and in the optimizer step).
    // FSDP's unsharded unit gradient before its reduce-scatter exists only in the backward.
    const double grads = states.gradients;
    const double unitGradient = l.sharding == ShardingImpl::Fsdp ? states.commBuffers : 0.0;
    const bool gradsDuringForward = fw.persistentGradients || m > 1.0 || l.pp > 1 || l.sharding != ShardingImpl::Fsdp;

    // Transients that never coexist: the logits and loss at the end of the forward (with the first
    // gradient the backward makes, the output layer's, when no buffer held it before), one layer's
    // recompute working set in the backward.
    const double working = recomputeWorkingSetBytes(s, act, l.recompute);
    double logits = 0;
    if (last) {
        ActivationConfig loss = act;
        const bool outputTrains = plan.workload.training.fineTune == FineTune::None;
        if (outputTrains && !gradsDuringForward) {
            // Unsharded, in the gradient dtype, or in the compute dtype where FSDP reduce-scatters it.
            const bool shardedGrads = (l.zero >= 2 && l.shardingGroup() > 1) || l.offloadParams != Offload::None;
            loss.outputGradBytes = params.embeddingUnit
                                   * (shardedGrads ? halfPrecisionBytes(plan.precision) : bytesPerElement(plan.precision.gradients));
        }
        logits = logitsBytes(s, loss);
    }
    const double forwardPeak = stored + std::max(working, logits) + (gradsDuringForward ? grads + unitGradient : 0.0);
    const double backwardEndPeak = grads + unitGradient + working + perLayer;
    if (gradsDuringForward || forwardPeak >= backwardEndPeak) {
        b.gradients = gradsDuringForward ? grads : 0.0;
        if (!gradsDuringForward)
            b.commBuffers -= unitGradient;
        b.activations = stored + working;
        b.logitsLoss = std::max(0.0, logits - working);
    } else {
        b.gradients = grads;
        b.activations = std::min(stored, perLayer) + working;
        b.logitsLoss = 0;
    }
    return out;
}

int trainingCommunicators(const Layout &l)
{
    return (l.tp > 1) + (l.pp > 1) + (l.cp > 1) + (l.dp > 1) + (l.ep > 1);
}

} // namespace

MemoryResult estimateTrainingMemory(const ResolvedPlan &plan, const Layout &layout)
{
    const Plan &p = *plan.plan;
    const ActivationConfig act = trainingActivationConfig(p, layout);

    // The first stage holds the embedding and the most micro-batches in flight; the last stage the
    // output layer and the logits. With pp = 1 they are the same GPU.
    StageMemory heavy = stageMemory(plan, layout, act, true, layout.pp <= 1);
    if (layout.pp > 1) {
        const StageMemory lastStage = stageMemory(plan, layout, act, false, true);
        if (lastStage.breakdown.total() + lastStage.pagedStates > heavy.breakdown.total() + heavy.pagedStates)
            heavy = lastStage;
    }

    MemoryResult m;
    m.breakdown = heavy.breakdown;
    m.offloadedCpuBytes = heavy.offloadedCpu;
    m.offloadedNvmeBytes = heavy.offloadedNvme;
    // What CUDA reports as the device total (the ceiling of everything a process allocates, the
    // CUDA context included), the capacity as sold where the catalog has no such figure.
    const double capacity = plan.gpu ? deviceTotalBytes(*plan.gpu) : 0.0;
    const FrameworkOverhead overhead =
        frameworkOverhead(p.overheads, trainingCommunicators(layout), p.parallelism.framework);

    // Paged optimizer states stay on the GPU as far as they fit next to everything else and are
    // evicted to host memory beyond that (bitsandbytes paged optimizers, CUDA unified memory).
    double resident = 0;
    if (heavy.pagedStates > 0) {
        MemoryResult probe = m;
        finishMemoryResult(probe, overhead, 0.0, capacity);
        resident = std::clamp(capacity - probe.perGpuBytes, 0.0, heavy.pagedStates);
        m.breakdown.optimizerStates += resident;
        m.offloadedCpuBytes += heavy.pagedStates - resident;
    }
    m.deviceTotalBytes = capacity;
    m.soldBytes = plan.gpu ? plan.gpu->memoryBytes : 0.0;
    // Host memory of one node: offloaded states with their pinned staging buffers, offloaded
    // activations, data-loader workers, per GPU; against the node's RAM less what the operating
    // system and the processes themselves keep.
    const double hostPerGpu = m.offloadedCpuBytes * (1.0 + memassume::kPinnedStagingFraction)
                              + heavy.offloadedActivations
                              + std::max(p.parallelism.loaderWorkers, 0) * memassume::kLoaderWorkerGiB * units::kGiB;
    m.hostBytesPerNode = hostPerGpu * std::max(plan.gpusPerNode, 1);
    m.hostCapacityBytes = plan.node ? plan.node->ramBytes * (1.0 - memassume::kHostReserveFraction) : 0.0;
    finishMemoryResult(m, overhead, resident, capacity);
    // Training's fit is the verdict: only a plan that does not fit even at the low end of the
    // model's error band is refused (a run within the band may well train).
    m.fits = m.verdict != MemoryVerdict::DoesNotFit;
    return m;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// Training memory of the most-loaded GPU (docs/memory.md §1-§5): model states (ModelStateMemory),
// stored activations of the micro-batches in flight and the larger of the two transients that never
// coexist (one layer's recompute working set during the backward, the logits and loss at the end
// of the forward), then framework overhead. The first and the last pipeline stage are both
// evaluated; the heavier one is reported (DualPipe: the end rank, which holds both).
#include "memory/MemoryModel.h"

#include "catalog/GpuSpec.h"
#include "catalog/NodeSpec.h"
#include "common/Dtype.h"
#include "common/Units.h"
#include "memory/ActivationMemory.h"
#include "memory/FrameworkMemory.h"
#include "memory/FrameworkOverhead.h"
#include "memory/MemoryAssumptions.h"
#include "memory/MemoryTimeline.h"
#include "memory/ModelStateMemory.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

struct StageMemory
{
    // Allocator-visible tensors of each phase of the step on this stage (no overheads yet).
    MemoryPhase phases[6];
    int count = 0;
    double pagedStates = 0;
    double offloadedCpu = 0;
    double offloadedNvme = 0;
    double offloadedActivations = 0;   // host copies of saved activations (activation offloading)
    // Sharded gradients whose blocks stay reserved on the reduce-scatter stream in every phase
    // (FrameworkMemoryTraits::gradientBlocksOnReduceStream): what a phase does not hold of them as
    // gradients is reserved, not allocated.
    double reducedGradientBlocks = 0;
    // Per phase, the gathered units (ZeRO-3/FSDP, parameter offload): one block per unit, gathered
    // and freed at the same sizes unit after unit and step after step, so the cache serves them
    // again exactly and, like the states whose shards they gather, they add no fragmentation.
    double gatheredUnits[6] = {};
};

// Micro-batches per pipeline per step (m): activations of at most this many are ever held.
double microBatchesPerStep(const Plan &plan, const Layout &l)
{
    const double perStep = static_cast<double>(std::max(l.dp, 1)) * std::max(l.microBatch, 1);
    return std::max(1.0, plan.workload.training.globalBatch / perStep);
}

// A backward in forwards: two matmuls per forward one, plus the re-forward it runs.
double backwardOverForward(Recompute r)
{
    switch (r) {
    case Recompute::Full: return 3.0;
    case Recompute::EveryN: return 2.5;
    case Recompute::SelectiveOp: return 2.0 + memassume::kSelectiveOpRecomputedShare;
    case Recompute::Selective: return 2.1;   // the attention core only
    case Recompute::None: return 2.0;
    }
    return 2.0;
}

// The phases of one step on the first or the last pipeline stage (both with pp = 1), in the order
// the stage runs them: the model states at the start, the stored activations of every in-flight
// micro-batch at the end of the warm-up forwards, the logits and loss at the end of a forward (last
// stage), the first backward with its recompute's re-forward, the end of the backward with every
// gradient made, and the optimizer step with its transients. `out` is a fresh StageMemory, filled in
// place (it is large: no copy per stage).
void stageMemory(const ResolvedPlan &rp, const Layout &l, const ActivationConfig &act,
                 const LayerKindActivations &kinds, bool first, bool last, StageMemory &out, int middle = -1)
{
    const Plan &plan = *rp.plan;
    const ModelShape &s = rp.shape;
    const FrameworkMemoryTraits &fw = frameworkMemoryTraits(plan.parallelism.framework);
    // DualPipe: the rank at either end holds stage 0 and stage pp - 1 (one per direction), so two
    // stages' weights, gradients and optimizer states (Table 2's 2x parameters), sharded by ZeRO as
    // the rest; its stored activations are PP + 1 micro-batches of one stage's layers. A middle
    // rank (middle >= 0) holds stage `middle` and stage pp - 1 - middle, neither an end.
    const bool middleRank = middle >= 0 && l.pp > 2;
    const int otherStage = middleRank ? l.pp - 1 - middle : 0;
    const StageParams one = middleRank ? middleStageParams(s, l, middle) : first ? firstStageParams(s, l) : lastStageParams(s, l);
    // The last stage's parameters are `one` on the last stage itself.
    const StageParams other = middleRank ? middleStageParams(s, l, otherStage) : first ? lastStageParams(s, l) : one;
    // The rank's own stages (rankStageParams): DualPipe's end rank holds `one` and `other`.
    const bool dualPipeRank = l.schedule == PipelineSchedule::DualPipe && l.pp > 1;
    const StageParams params = middleRank || (dualPipeRank && first) ? combinedStageParams(one, other)
                               : dualPipeRank                        ? rankStageParams(s, l, first)
                                                                     : one;
    const ModelStateBytes states = modelStateBytes(plan, s, l, params, anyLayoutFp8Gemm(rp.gpu));

    MemoryBreakdown base;
    base.weights = states.weights;
    base.optimizerStates = states.optimizerStates;
    base.masterWeights = states.masterWeights;
    base.workspace = states.gathered;
    base.commBuffers = states.commBuffers;
    out.pagedStates = states.pagedStates;
    out.offloadedCpu = states.offloadedCpu;
    out.offloadedNvme = states.offloadedNvme;

    const double m = microBatchesPerStep(plan, l);
    const double inFlight = inFlightMicroBatches(l.schedule, l.pp, l.vp, m, first || middleRank);

    // The last stage's micro-batches also pass its MTP modules, one layer each (DeepSeek-V3 §2.2),
    // of the model's kind (MoE when it has experts).
    const double mtpLayers = std::max(plan.model.mtpLayers, 0);
    const double mtpDense = s.moeLayers > 0 ? 0.0 : mtpLayers;
    const double lastLayers = other.layers + (middleRank ? 0.0 : mtpLayers);
    // Each stage stores its own layers' activations: an MoE model's leading dense layers on the
    // first stage keep a dense MLP's tensors, not the MoE block's.
    const double lastBytes = kinds.stage(lastLayers, other.denseLayers + (middleRank ? 0.0 : mtpDense));
    // DualPipe's end rank at its peak (deepseek-ai/DualPipe dualpipe.py, steps 1-4 for rank 0: 2(PP/2 - 1)
    // forwards of its first chunk, one more with the first of its second chunk, then each main step
    // adds a forward of each before the backwards): PP micro-batches of stage 0 and one of stage
    // pp - 1, the PP + 1 of Table 2. A middle rank r (r < pp/2) runs 2(PP/2 - r - 1) forwards of its
    // first chunk, then r + 1 of each, then one more of the first: PP - r of stage r and r + 1 of
    // stage pp - 1 - r. Other schedules: the stage's own layers.
    const bool dualPipeEnd = l.schedule == PipelineSchedule::DualPipe && l.pp > 1 && first;
    const double ofLast = middleRank    ? std::min(middle + 1.0, std::max(inFlight - 1.0, 0.0))
                          : dualPipeEnd ? std::min(1.0, inFlight - 1.0)
                                        : 0.0;
    const double ofOwn = inFlight - ofLast;
    const double ownBytes = middleRank ? kinds.stage(one.layers, one.denseLayers)
                            : first    ? kinds.stage(one.layers + (l.pp <= 1 ? mtpLayers : 0.0),
                                                     one.denseLayers + (l.pp <= 1 ? mtpDense : 0.0))
                                       : lastBytes;
    double stored = ownBytes * ofOwn + lastBytes * ofLast;
    // One layer's activations: the rank's own stage's average layer.
    const double ownLayersCount = middleRank || first ? one.layers + (l.pp <= 1 ? mtpLayers : 0.0) : lastLayers;
    const double ownDense = middleRank || first ? one.denseLayers + (l.pp <= 1 ? mtpDense : 0.0)
                                                : other.denseLayers + mtpDense;
    const double perLayer = ownLayersCount > 0 ? ownBytes / ownLayersCount : kinds.moe;
    if (first)
        stored += embeddingActivationBytes(s, act) * ofOwn;
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
    // being computed (and their gradients in its backward). Alive in the forward and the backward.
    double cpBuffers = 0;
    if (l.cp > 1) {
        const double kvHeadsPerGpu = s.mla ? 1.0 : std::max(1.0, static_cast<double>(s.kvHeads) / std::max(l.tp, 1));
        const double kvChunk = act.tokensPerGpu() * kvHeadsPerGpu * s.headDim * 2.0 * act.bytes;
        cpBuffers = fw.cpAllGatherKv ? 2.0 * kvChunk * l.cp : 2.0 * kvChunk;
    }
    // Gradients exist during a forward when they live in a persistent buffer (Megatron, DeepSpeed)
    // or when earlier micro-batches of the step left theirs (gradient accumulation, pipelining);
    // otherwise zero_grad(set_to_none=True) freed them and they grow in the backward while the
    // activations are released, peaking at the end of the backward (and in the optimizer step).
    // FSDP's unsharded unit gradient before its reduce-scatter exists only in the backward.
    const double grads = states.gradients;
    const double unitGradient = l.sharding == ShardingImpl::Fsdp ? states.commBuffers : 0.0;
    base.commBuffers -= unitGradient;
    const bool gradsPersist = fw.persistentGradients || l.sharding != ShardingImpl::Fsdp;
    const bool gradsDuringForward = gradsPersist || m > 1.0 || l.pp > 1;
    const double forwardGrads = gradsDuringForward ? grads : 0.0;
    const double forwardUnitGradient = gradsDuringForward ? unitGradient : 0.0;
    // FSDP2's reduce-scatter output is allocated on its own stream; once freed by zero_grad its
    // blocks serve only that stream, so from the second step on they sit next to the forward.
    if (fw.gradientBlocksOnReduceStream && l.sharding == ShardingImpl::Fsdp && l.zero >= 2 && l.shardingGroup() > 1)
        out.reducedGradientBlocks = grads;

    // Transients that never coexist: the logits and loss at the end of the forward (with the first
    // gradient the backward makes, the output layer's, when no buffer held it before), one layer's
    // recompute working set in the backward.
    // The recompute working set of the rank's own stage's average layer.
    const double working = kinds.working(ownLayersCount, ownDense);
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
        // Each MTP module computes its own logits through the shared output head and its own
        // cross-entropy (DeepSeek-V3 report §2.2: the MTP losses are added to the main loss), so
        // what those keep for the backward sits next to the main loss's peak (Megatron-Core's
        // GPTModel computes the MTP layers' losses before the main one, megatron/core/models/gpt/
        // gpt_model.py).
        logits = logitsBytes(s, loss) + mtpLayers * savedLossBytes(s, loss);
    }

    // The micro-batch each phase works on: the first backward is micro-batch 1's; without a
    // persistent buffer a forward only meets gradients from micro-batch 2 on.
    const int mb = static_cast<int>(std::max(1.0, std::min(m, 1e6)));
    const int forwardMb = l.pp > 1 ? std::max(1, static_cast<int>(std::lround(std::min(inFlight, m))))
                                   : (!gradsPersist && mb > 1 ? 2 : 1);
    const int stage = middleRank ? middle : first ? 0 : std::max(l.pp, 1) - 1;
    const StepSchedule clock{l.schedule, std::max(l.pp, 1), m, backwardOverForward(l.recompute)};
    auto add = [&](MemoryPhaseKind kind, int microBatch, const MemoryBreakdown &b) {
        MemoryPhase &p = out.phases[out.count++];
        p.kind = kind;
        p.stage = stage;
        p.microBatch = microBatch;
        p.timeFraction = clock.fraction(kind, stage, microBatch, inFlight);
        p.bytes = b;
        out.gatheredUnits[out.count - 1] =
            kind == MemoryPhaseKind::OptimizerStep ? 0.0 : std::min(b.workspace, states.gathered);
    };

    MemoryBreakdown b = base;
    b.gradients = gradsPersist ? grads : 0.0;
    add(MemoryPhaseKind::StepStart, 0, b);

    b = base;
    b.gradients = forwardGrads;
    b.commBuffers += forwardUnitGradient + cpBuffers;
    b.activations = stored;
    add(MemoryPhaseKind::Forward, forwardMb, b);

    if (last) {
        MemoryBreakdown loss = b;
        loss.logitsLoss = logits;
        add(MemoryPhaseKind::Loss, l.pp > 1 ? 1 : forwardMb, loss);
    }

    // The first layer's backward also holds the gradient it makes: unsharded before FSDP's
    // reduce-scatter when gradients are sharded, the unit's .grad itself when they are not.
    b.activations = stored + working;
    b.commBuffers += unitGradient - forwardUnitGradient;
    if (!gradsDuringForward)
        b.gradients = states.unitGradients;
    add(MemoryPhaseKind::Backward, l.pp > 1 ? 1 : forwardMb, b);

    b = base;
    b.gradients = grads;
    b.commBuffers += unitGradient + cpBuffers;
    b.activations = std::min(stored, perLayer) + working;
    add(MemoryPhaseKind::BackwardEnd, mb, b);

    // The optimizer step: every gradient, the states, the gathered units released (FSDP, ZeRO-3
    // reshard after the backward), and the foreach AdamW's copy of one moment (FrameworkMemory.h);
    // an optimizer fused into the backward has no step of its own.
    b = base;
    b.gradients = grads;
    b.workspace = 0;
    const bool adam = plan.precision.optimizer == Optimizer::AdamW;
    if (fw.foreachOptimizer && adam && !plan.parallelism.optimizerInBackward)
        b.workspace = 0.5 * states.optimizerStates;
    add(MemoryPhaseKind::OptimizerStep, 0, b);
}

int trainingCommunicators(const Layout &l)
{
    return (l.tp > 1) + (l.pp > 1) + (l.cp > 1) + (l.dp > 1) + (l.ep > 1);
}

// The estimate and, when asked for (`timeline` not null), its timeline (docs/memory.md "Over one
// step"): the evaluation needs only the peak phase, which is found among the stages' own phases.
MemoryResult estimate(const ResolvedPlan &plan, const Layout &layout, MemoryTimeline *timeline)
{
    const Plan &p = *plan.plan;
    const ActivationConfig act = trainingActivationConfig(p, layout);

    // The first stage holds the embedding and the most micro-batches in flight; the last stage the
    // output layer and the logits. With pp = 1 they are the same GPU.
    // Under DualPipe the ranks at both ends hold the same two stages (0 and pp - 1) and are
    // evaluated once, as stage 0 with the embedding and the output layer; a middle rank next.
    const bool dualPipe = layout.schedule == PipelineSchedule::DualPipe && layout.pp > 1;
    StageMemory stages[2];   // first and last, or DualPipe's end and middle ranks
    int stageCount = 1;
    const LayerKindActivations kinds = layerKindActivations(plan.shape, act, layout.recompute);
    stageMemory(plan, layout, act, kinds, true, layout.pp <= 1 || dualPipe, stages[0]);
    if (layout.pp > 1 && !dualPipe)
        stageMemory(plan, layout, act, kinds, false, true, stages[stageCount++]);
    // DualPipe's middle ranks hold two stages of inner layers (MoE layers where the dense ones
    // lead) and no embedding, output layer or logits: one of them is the heaviest GPU when their
    // layers outweigh the end rank's vocabulary matrices.
    // (A pipeline deeper than the model has layers leaves it none: not evaluated.)
    if (const int middle = dualPipeMiddleStage(layout);
        dualPipe && middle >= 0 && middleStageParams(plan.shape, layout, layout.pp - 1 - middle).layers >= 1)
        stageMemory(plan, layout, act, kinds, false, false, stages[stageCount++], middle);

    // What CUDA reports as the device total (the ceiling of everything a process allocates, the
    // CUDA context included), the capacity as sold where the catalog has no such figure.
    const double capacity = plan.gpu ? deviceTotalBytes(*plan.gpu) : 0.0;
    const FrameworkOverhead overhead =
        frameworkOverhead(p.overheads, trainingCommunicators(layout), p.parallelism.framework, true);

    // Every phase with the overheads of that moment: the CUDA context and NCCL buffers, the caching
    // allocator's reserved-vs-allocated gap on what the step allocates and frees then (not the
    // model states nor the gathered units, FrameworkOverhead.h), and the sharded gradients' blocks
    // a reduce-scatter stream keeps reserved where the phase holds no gradients.
    MemoryResult m;
    const StageMemory *heavy = &stages[0];
    double heavyBytes = -1;
    // The phases in time order as addMemoryPhase puts them (after those that begin no later), sorted
    // by reference: the timeline's order, copied into it once when it is asked for.
    MemoryPhase *order[kMaxMemoryPhases];
    int ordered = 0;
    for (int si = 0; si < stageCount; ++si) {
        StageMemory &st = stages[si];
        for (int i = 0; i < st.count; ++i) {
            MemoryPhase &phase = st.phases[i];   // the stage's own copy, no longer needed as it was
            addMemoryOverheads(phase.bytes, overhead, 0.0, overhead.slackSkipsModelStates ? st.gatheredUnits[i] : 0.0);
            phase.bytes.allocatorSlack += std::max(0.0, st.reducedGradientBlocks - phase.bytes.gradients);
            if (ordered < kMaxMemoryPhases) {
                int at = ordered++;
                for (; at > 0 && order[at - 1]->timeFraction > phase.timeFraction; --at)
                    order[at] = order[at - 1];
                order[at] = &phase;
            }
            if (phase.bytes.total() + st.pagedStates > heavyBytes) {
                heavyBytes = phase.bytes.total() + st.pagedStates;
                heavy = &st;
            }
        }
    }
    // Paged optimizer states stay on the GPU as far as they fit next to the stage's peak and are
    // evicted to host memory beyond that (bitsandbytes paged optimizers, CUDA unified memory): the
    // same resident part in every phase, outside the allocator.
    double resident = 0;
    m.offloadedCpuBytes = heavy->offloadedCpu;
    m.offloadedNvmeBytes = heavy->offloadedNvme;
    if (heavy->pagedStates > 0) {
        const double peakWithout = heavyBytes - heavy->pagedStates;
        resident = std::clamp(capacity - peakWithout, 0.0, heavy->pagedStates);
        m.offloadedCpuBytes += heavy->pagedStates - resident;
        for (int i = 0; i < ordered; ++i)
            order[i]->bytes.optimizerStates += resident;
    }
    // The peak: the first of the largest phases in time order (largestMemoryPhase).
    int peak = -1;
    double peakBytes = 0;
    for (int i = 0; i < ordered; ++i) {
        const double bytes = order[i]->bytes.total();
        if (peak < 0 || bytes > peakBytes) {
            peak = i;
            peakBytes = bytes;
        }
    }
    if (peak >= 0)
        m.breakdown = order[peak]->bytes;
    if (timeline) {
        for (int i = 0; i < ordered; ++i)
            timeline->phases[static_cast<std::size_t>(i)] = *order[i];
        timeline->count = ordered;
        timeline->peak = peak;
        timeline->pipelineStages = std::max(layout.pp, 1);
    }
    m.deviceTotalBytes = capacity;
    m.soldBytes = plan.gpu ? plan.gpu->memoryBytes : 0.0;
    // Host memory of one node: offloaded states with their pinned staging buffers, offloaded
    // activations, data-loader workers, per GPU; against the node's RAM less what the operating
    // system and the processes themselves keep.
    const double hostPerGpu = m.offloadedCpuBytes * (1.0 + memassume::kPinnedStagingFraction)
                              + heavy->offloadedActivations
                              + std::max(p.parallelism.loaderWorkers, 0) * memassume::kLoaderWorkerGiB * units::kGiB;
    m.hostBytesPerNode = hostPerGpu * std::max(plan.gpusPerNode, 1);
    m.hostCapacityBytes = plan.node ? plan.node->ramBytes * (1.0 - memassume::kHostReserveFraction) : 0.0;
    m.outsideAllocatorBytes = m.breakdown.cudaContext + overhead.ncclBytes * (overhead.commOverrideBytes < 0) + resident;
    m.perGpuBytes = m.breakdown.total();
    m.capacityBytes = capacity;
    setMemoryVerdict(m, memoryErrorBand(plan));
    // Training's fit is the verdict: only a plan that does not fit even at the low end of the
    // model's error band is refused (a run within the band may well train).
    m.fits = m.verdict != MemoryVerdict::DoesNotFit;
    return m;
}

} // namespace

MemoryResult estimateTrainingMemory(const ResolvedPlan &plan, const Layout &layout)
{
    return estimate(plan, layout, nullptr);
}

MemoryTimeline trainingMemoryTimeline(const ResolvedPlan &plan, const Layout &layout)
{
    MemoryTimeline timeline;
    estimate(plan, layout, &timeline);
    return timeline;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// Training memory of the most-loaded GPU (docs/memory.md §1-§5): model states (ModelStateMemory),
// stored activations of the micro-batches in flight and the larger of the two transients that never
// coexist (one layer's recompute working set during the backward, the logits and loss at the end
// of the forward), then framework overhead. The first and the last pipeline stage are both
// evaluated; the heavier one is reported.
#include "memory/MemoryModel.h"

#include "common/Dtype.h"
#include "memory/ActivationMemory.h"
#include "memory/FrameworkOverhead.h"
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
};

StageMemory stageMemory(const ResolvedPlan &rp, const Layout &l, const ActivationConfig &act, bool first, bool last)
{
    const Plan &plan = *rp.plan;
    const ModelShape &s = rp.shape;
    const StageParams params = first ? firstStageParams(s, l) : lastStageParams(s, l);
    const ModelStateBytes states = modelStateBytes(plan, s, l, params);

    StageMemory out;
    MemoryBreakdown &b = out.breakdown;
    b.weights = states.weights;
    b.gradients = states.gradients;
    b.optimizerStates = states.optimizerStates;
    b.masterWeights = states.masterWeights;
    b.workspace = states.gathered;
    b.commBuffers = states.commBuffers;
    out.pagedStates = states.pagedStates;
    out.offloadedCpu = states.offloadedCpu;
    out.offloadedNvme = states.offloadedNvme;

    // Micro-batches per pipeline per step (m): activations of at most this many are ever held.
    const double perStep = static_cast<double>(std::max(l.dp, 1)) * std::max(l.microBatch, 1);
    const double m = std::max(1.0, plan.workload.training.globalBatch / perStep);
    const double inFlight = inFlightMicroBatches(l.schedule, l.pp, l.vp, m, first);

    double stored = params.layers * layerActivationBytes(s, act, l.recompute) * inFlight;
    if (first)
        stored += embeddingActivationBytes(s, act) * inFlight;
    // DeepSpeed's pipeline engine keeps each in-flight micro-batch's stage output until its
    // backward (pipe_buffers["outputs"]); Megatron-LM frees the data after the send
    // (deallocate_output_tensor).
    if (l.pp > 1 && l.sharding == ShardingImpl::DeepSpeed)
        stored += layerActivationBytes(s, act, Recompute::Full) * inFlight;
    // Context parallelism: ring attention keeps the K/V chunk being sent and the one being received.
    if (l.cp > 1) {
        const double kvHeadsPerGpu = s.mla ? 1.0 : std::max(1.0, static_cast<double>(s.kvHeads) / std::max(l.tp, 1));
        const double kvChunk = act.tokensPerGpu() * kvHeadsPerGpu * s.headDim * 2.0 * act.bytes;
        b.commBuffers += 2.0 * kvChunk;
    }
    // The recompute working set (backward) and the loss (end of the forward) never coexist: the
    // peak holds the larger. The working set is reported with the activations, the loss by what it
    // adds beyond it.
    const double working = recomputeWorkingSetBytes(s, act, l.recompute);
    const double logits = last ? logitsBytes(s, act) : 0.0;
    b.activations = stored + working;
    b.logitsLoss = std::max(0.0, logits - working);
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
    const double capacity = plan.gpu ? plan.gpu->memoryBytes : 0.0;
    const FrameworkOverhead overhead = frameworkOverhead(p.overheads, trainingCommunicators(layout));

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
    finishMemoryResult(m, overhead, resident, capacity);
    return m;
}

} // namespace gpuplan

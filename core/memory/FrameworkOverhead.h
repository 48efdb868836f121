// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "plan/Plan.h"

// Framework overhead on top of the tensors a model needs (docs/memory.md §5): the CUDA context and
// NCCL's buffers outside the caching allocator, and the allocator's slack inside it. Defaults come
// from memory/MemoryAssumptions.h; plan.overheads overrides each (negative = default).
namespace gpuplan {

struct ResolvedPlan;

struct FrameworkOverhead
{
    double cudaContextBytes = 0;
    double allocatorSlack = 0;     // fraction of the allocator-visible bytes
    // The slack leaves out the model states (training): weights, gradients, optimizer states and
    // master weights are allocated once, in large blocks, and their blocks are reused at the same
    // sizes every step (gradients freed by zero_grad(set_to_none=True) are made again at the same
    // sizes, FSDP2's on their own stream), so they add no fragmentation; the gap comes from what
    // a step allocates and frees at changing sizes (activations, logits, gathered units, buckets).
    // Not where the stack rebuilds its states (FrameworkMemoryTraits::stateBlocksReallocated).
    bool slackSkipsModelStates = false;
    double ncclBytes = 0;          // NCCL buffers of the communicators this GPU belongs to
    double commOverrideBytes = -1; // >= 0: plan.overheads.comm_buffer_gib replaces all communication buffers
};

// communicators: process groups of size > 1 this GPU takes part in (TP, PP, CP, DP, EP). The
// allocator slack defaults to the framework's fitted reserved-vs-allocated gap (FrameworkMemory.h).
// training: the plan trains (the slack then leaves out the model states).
FrameworkOverhead frameworkOverhead(const MemoryOverheads &overheads, int communicators,
                                    Framework framework = Framework::Generic, bool training = false);

// Adds the overhead components to one breakdown (the CUDA context, NCCL buffers into commBuffers,
// the allocator gap on the allocator-visible bytes, those less extraOutsideBytes and less
// steadyBytes, allocator-visible bytes held in blocks the cache serves again at the same sizes);
// returns the bytes outside the allocator (context, NCCL, extraOutsideBytes).
double addMemoryOverheads(MemoryBreakdown &b, const FrameworkOverhead &overhead, double extraOutsideBytes,
                          double steadyBytes = 0.0);

// Adds the overhead components to m.breakdown (commBuffers already holds the allocator-visible
// communication buffers), then sets perGpuBytes, outsideAllocatorBytes (plus extraOutsideBytes,
// e.g. resident paged optimizer states already in the breakdown), capacityBytes, fits (strictly
// within the capacity: what an engine that allocates up front needs) and the verdict with the
// band `band` (memoryErrorBand()).
void finishMemoryResult(MemoryResult &m, const FrameworkOverhead &overhead, double extraOutsideBytes,
                        double capacityBytes, double band);

// The half-width of the memory verdict's band for a plan (a fraction): the validation error of its
// memory regime (catalogs/error_bands.json: GPU class, framework, dense or MoE, with the lookup's
// fallbacks of catalog/ErrorBand.h), else memassume::kMemoryVerdictBand where no regime applies (a
// catalog without the file). docs/accuracy.md, "How bands are chosen". Allocation-free.
double memoryErrorBand(const ResolvedPlan &plan);

// Sets verdict, bandFraction (= band) and hostFits from perGpuBytes, capacityBytes and the host
// figures (docs/memory.md §10). Training then takes fits = verdict != DoesNotFit.
void setMemoryVerdict(MemoryResult &m, double band);
// The same with the fallback band memassume::kMemoryVerdictBand, for a result without a plan.
void setMemoryVerdict(MemoryResult &m);

// The GPU side of the verdict alone (the host's left out): a plan short of host RAM is not short
// of GPU memory. The one memory verdict every view shows (key results, memory chart, PDF, text
// report); serving reads "does not fit" when not strictly within the engine's share.
MemoryVerdict gpuMemoryVerdict(const MemoryResult &memory);

// The estimates of perGpuBytes at which the GPU side of the verdict changes: up to fitsUpToBytes
// the plan fits even at the top of the band, above doesNotFitAboveBytes it does not fit even at its
// bottom, borderline in between (capacity / (1 + band) and capacity / (1 - band)). 0 when the
// capacity is unknown.
struct MemoryVerdictBand
{
    double fitsUpToBytes = 0;
    double doesNotFitAboveBytes = 0;
};
MemoryVerdictBand memoryVerdictBand(const MemoryResult &m);

// "fits", "borderline" or "does not fit", for reports and the CLI.
const char *memoryVerdictText(MemoryVerdict verdict);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"

#include <array>
#include <cstdint>
#include <string>

// Memory over one training step (docs/memory.md "Over one step"): when each phase of the step
// happens on a pipeline stage under its schedule, and the words for a phase. The timing is pure
// arithmetic on the evaluation path; the names are built only for reports and JSON.
namespace gpuplan {

struct ResolvedPlan;
struct Evaluation;

// One moment of a training step on one pipeline stage and what is allocated then.
enum class MemoryPhaseKind : std::uint8_t {
    StepStart,       // model states before the first forward (FSDP: the first unit gathered)
    Forward,         // end of the last forward before the first backward: every in-flight micro-batch stored
    Loss,            // logits and loss at the end of a micro-batch's forward (last stage)
    Backward,        // first backward: its recompute's re-forward next to every stored micro-batch
    BackwardEnd,     // last backward: all gradients, one layer's activations
    OptimizerStep,   // the optimizer step with its transients
    Serving,         // inference: weights, KV cache at the load, the largest prefill chunk
    EngineStart,     // inference: weights loaded and the engine's reservations, no request yet
    Decode,          // inference: a decode step of every sequence at the load next to its KV cache
};

struct MemoryPhase
{
    MemoryPhaseKind kind = MemoryPhaseKind::StepStart;
    int stage = 0;              // pipeline stage (0 = first)
    int microBatch = 0;         // 1-based micro-batch the phase works on; 0 = none
    double timeFraction = 0;    // when it begins, as a fraction of the step (0 = its start)
    MemoryBreakdown bytes;      // per category, CUDA context and allocator gap included
};

// The phases of one step in time order for the first and the last pipeline stage; peak indexes
// the largest, whose bytes are the evaluation's memory breakdown. Fixed size: building it
// allocates nothing.
inline constexpr int kMaxMemoryPhases = 12;
struct MemoryTimeline
{
    std::array<MemoryPhase, kMaxMemoryPhases> phases{};
    int count = 0;
    int peak = -1;   // -1 = empty
    int pipelineStages = 1;
};

// The training memory model with its timeline (TrainingMemory.cpp): the evaluation keeps only
// the peak's breakdown; reports, JSON and the chart ask for the phases when they show them.
MemoryTimeline trainingMemoryTimeline(const ResolvedPlan &plan, const Layout &layout);

// Inference in the order an engine meets its moments (InferenceMemory.cpp): started with its
// weights and reservations, the largest prefill chunk next to the KV cache at the load (the
// evaluation's breakdown), a decode step at the load. Times 0, 0.5 and 1 only order them.
MemoryTimeline inferenceMemoryTimeline(const ResolvedPlan &plan, const Evaluation &evaluation);

// The timeline of an evaluated plan: training's phases or inference's.
MemoryTimeline memoryTimeline(const ResolvedPlan &plan, const Evaluation &evaluation);

// The compute schedule of one step in units of one micro-batch's forward on one stage: a backward
// takes backwardOverForward forwards (2 without recompute, 3 with a full re-forward). Without
// pipelining (pp = 1) the micro-batches of gradient accumulation run one after the other.
struct StepSchedule
{
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    int pp = 1;
    double microBatches = 1;         // per pipeline per step
    double backwardOverForward = 2;

    double total() const;            // the step's forward and backward schedule, bubble included (DualPipe's p/2 - 1)
    // When the phase begins on `stage` (0-based), as a fraction of total(); the optimizer step is
    // at the end (1). microBatch is 1-based; inFlight the micro-batches the stage keeps at its
    // first backward.
    double fraction(MemoryPhaseKind kind, int stage, int microBatch, double inFlight) const;
};

// Inserts a phase keeping the timeline in time order (stable for equal times); phases beyond
// kMaxMemoryPhases are dropped. Sets nothing else.
void addMemoryPhase(MemoryTimeline &timeline, const MemoryPhase &phase);

// Index of the largest phase by bytes.total() (the first of equals), -1 for an empty timeline.
int largestMemoryPhase(const MemoryTimeline &timeline);

// JSON id of a phase kind: step_start, forward, loss, backward, backward_end, optimizer_step,
// engine_start, serving, decode.
const char *memoryPhaseId(MemoryPhaseKind kind);

// "backward of micro-batch 1 on stage 0", "optimizer step on stage 3", "loss of micro-batch 1 on
// stage 15"; without pipelining the stage is left out. Not on the evaluation path.
std::string memoryPhaseName(const MemoryPhase &phase, int pipelineStages);

// The peak phase of a timeline, nullptr when it has none.
const MemoryPhase *memoryPeakPhase(const MemoryTimeline &timeline);

} // namespace gpuplan

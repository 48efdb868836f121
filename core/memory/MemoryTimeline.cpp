// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/MemoryTimeline.h"

#include "eval/ResolvedPlan.h"
#include "plan/Plan.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

double StepSchedule::total() const
{
    // Every stage runs m forwards and m backwards; the pipeline's fill and drain add p - 1 slots of
    // each (1F1B, interleaved and GPipe have the same bubble without interleaving's 1/v refinement,
    // which only shifts the times a little).
    const double p = std::max(pp, 1);
    const double m = std::max(microBatches, 1.0);
    // DualPipe feeds micro-batches from both ends: its fill and drain are p/2 - 1 slots (DeepSeek-V3
    // report, arXiv 2412.19437, Table 2), its overlap of W with F&B left out here.
    if (schedule == PipelineSchedule::DualPipe && p > 1)
        return (m + std::max(p / 2.0 - 1.0, 0.0)) * (1.0 + backwardOverForward);
    return (m + p - 1.0) * (1.0 + backwardOverForward);
}

double StepSchedule::fraction(MemoryPhaseKind kind, int stage, int microBatch, double inFlight) const
{
    const double p = std::max(pp, 1);
    const double m = std::max(microBatches, 1.0);
    const double s = std::clamp(static_cast<double>(stage), 0.0, p - 1.0);
    const double b = backwardOverForward;
    const double k = std::clamp(static_cast<double>(microBatch), 1.0, m);
    const double T = total();
    double t = 0;
    if (p <= 1) {
        // Gradient accumulation: forward k, backward k, one after the other.
        const double forwardEnd = (k - 1.0) * (1.0 + b) + 1.0;
        switch (kind) {
        case MemoryPhaseKind::StepStart: t = 0; break;
        case MemoryPhaseKind::Forward:
        case MemoryPhaseKind::Loss: t = forwardEnd - 0.05; break;
        case MemoryPhaseKind::Backward: t = forwardEnd; break;
        case MemoryPhaseKind::BackwardEnd: t = T - 0.05; break;
        case MemoryPhaseKind::OptimizerStep:
        case MemoryPhaseKind::Serving:
        case MemoryPhaseKind::EngineStart:
        case MemoryPhaseKind::Decode: t = T; break;
        }
        return T > 0 ? std::clamp(t / T, 0.0, 1.0) : 0.0;
    }
    // Pipelined: forward of micro-batch k leaves stage s at s + k (the upstream stages deliver one
    // per forward slot). 1F1B and interleaved start the first backward once the last stage has
    // finished the first micro-batch, GPipe once every forward is done; the backward reaches stage
    // s after the (p - 1 - s) stages behind it.
    const double inFlightSlots = std::round(inFlight);
    const double warm = kind == MemoryPhaseKind::Loss ? k : std::max(1.0, inFlightSlots);
    double firstBackward = (schedule == PipelineSchedule::GPipe ? m + p - 1.0 : p) + (p - 1.0 - s) * b;
    if (schedule == PipelineSchedule::DualPipe) {
        // The ranks at either end are the last stage of the other direction: its first micro-batch
        // arrives after the p - 1 ranks before it, and its loss and backward start at once, when the
        // rank's own direction has put its in-flight micro-batches through.
        firstBackward = std::max(p, inFlightSlots);
        if (kind == MemoryPhaseKind::Loss)
            return T > 0 ? std::clamp((firstBackward - 0.05) / T, 0.0, 1.0) : 0.0;
    }
    switch (kind) {
    case MemoryPhaseKind::StepStart: t = s; break;
    case MemoryPhaseKind::Forward:
    case MemoryPhaseKind::Loss: t = std::min(s + warm, firstBackward) - 0.05; break;
    case MemoryPhaseKind::Backward: t = firstBackward; break;
    case MemoryPhaseKind::BackwardEnd: t = T - s * b - 0.05; break;
    case MemoryPhaseKind::OptimizerStep:
    case MemoryPhaseKind::Serving:
    case MemoryPhaseKind::EngineStart:
    case MemoryPhaseKind::Decode: t = T; break;
    }
    return T > 0 ? std::clamp(t / T, 0.0, 1.0) : 0.0;
}

void addMemoryPhase(MemoryTimeline &timeline, const MemoryPhase &phase)
{
    if (timeline.count >= kMaxMemoryPhases)
        return;
    int i = timeline.count++;
    auto &phases = timeline.phases;
    for (; i > 0 && phases[static_cast<std::size_t>(i - 1)].timeFraction > phase.timeFraction; --i)
        phases[static_cast<std::size_t>(i)] = phases[static_cast<std::size_t>(i - 1)];
    phases[static_cast<std::size_t>(i)] = phase;
}

int largestMemoryPhase(const MemoryTimeline &timeline)
{
    int best = -1;
    double bestBytes = 0;
    for (int i = 0; i < timeline.count; ++i) {
        const double bytes = timeline.phases[static_cast<std::size_t>(i)].bytes.total();
        if (best < 0 || bytes > bestBytes) {
            best = i;
            bestBytes = bytes;
        }
    }
    return best;
}

const char *memoryPhaseId(MemoryPhaseKind kind)
{
    switch (kind) {
    case MemoryPhaseKind::StepStart: return "step_start";
    case MemoryPhaseKind::Forward: return "forward";
    case MemoryPhaseKind::Loss: return "loss";
    case MemoryPhaseKind::Backward: return "backward";
    case MemoryPhaseKind::BackwardEnd: return "backward_end";
    case MemoryPhaseKind::OptimizerStep: return "optimizer_step";
    case MemoryPhaseKind::Serving: return "serving";
    case MemoryPhaseKind::EngineStart: return "engine_start";
    case MemoryPhaseKind::Decode: return "decode";
    }
    return "step_start";
}

std::string memoryPhaseName(const MemoryPhase &phase, int pipelineStages)
{
    const std::string mb = " of micro-batch " + std::to_string(std::max(phase.microBatch, 1));
    std::string name;
    switch (phase.kind) {
    case MemoryPhaseKind::StepStart: name = "start of the step"; break;
    case MemoryPhaseKind::Forward: name = "forward" + mb; break;
    case MemoryPhaseKind::Loss: name = "logits and loss" + mb; break;
    case MemoryPhaseKind::Backward: name = "backward" + mb; break;
    case MemoryPhaseKind::BackwardEnd: name = "end of the backward" + mb; break;
    case MemoryPhaseKind::OptimizerStep: name = "optimizer step"; break;
    case MemoryPhaseKind::Serving: return "prefill of the largest chunk at the planned load";
    case MemoryPhaseKind::EngineStart: return "engine started, weights loaded";
    case MemoryPhaseKind::Decode: return "decode step at the planned load";
    }
    if (pipelineStages > 1)
        name += " on stage " + std::to_string(phase.stage);
    return name;
}

MemoryTimeline memoryTimeline(const ResolvedPlan &plan, const Evaluation &e)
{
    if (plan.plan && plan.plan->workload.mode == Mode::Training)
        return trainingMemoryTimeline(plan, e.layout);
    return inferenceMemoryTimeline(plan, e);
}

const MemoryPhase *memoryPeakPhase(const MemoryTimeline &t)
{
    if (t.peak < 0 || t.peak >= t.count)
        return nullptr;
    return &t.phases[static_cast<std::size_t>(t.peak)];
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/TextReport.h"

#include "common/EnumNames.h"
#include "facility/FacilityText.h"
#include "memory/FrameworkOverhead.h"
#include "memory/MemoryTimeline.h"
#include "common/Format.h"
#include "report/ServingText.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

std::string textReport(const ResolvedPlan &plan, const Evaluation &e)
{
    const Plan &p = *plan.plan;
    std::string out;
    auto line = [&](const std::string &label, const std::string &value) { out += reportLine(label, value); };
    if (!e.validity.valid()) {
        // The verdict and every error come first: what follows is what the run would be, not an answer.
        out += (e.validity.status == PlanStatus::DoesNotFit ? "DOES NOT FIT: " : "INVALID PLAN: ") +
               describe(e.validity.reason) + "\n";
        for (const Diagnostic &d : e.diagnostics) {
            if (d.severity == Severity::Error)
                out += std::string("  [error] ") + d.field + ": " + describe(d) + "\n";
        }
        out += "  The figures below are what the run would be if the plan could run as written; they are not a plan.\n\n";
    }
    out += p.name + "\n";
    out += "  " + (p.model.name.empty() ? p.model.preset : p.model.name) + " (" + formatCount(e.shape.totalParams) +
           " parameters) on " + grouped(deployedGpus(e)) + " x " + (plan.gpu ? plan.gpu->name : "?") + "\n";
    // A serving fleet: its replicas, and where the request rate sized it away from the plan's GPUs.
    if (e.deployed.replicas > 0)
        out += "  fleet: " + deployedFleetText(e.deployed) + (fleetDiffersFromPlan(e.deployed) ? " " + fleetSizedText(e.deployed) : "") +
               "\n";
    const DisaggregatedResult &dis = e.inference.disaggregated;
    // A pool on another GPU type than the plan's names it.
    auto pool = [&plan](const char *name, const DisaggregatedPoolResult &q) {
        const std::string type = q.gpu && q.gpu != plan.physicalGpu ? " " + q.gpu->name : std::string();
        return std::string(name) + " " + std::to_string(q.workers) + " x " + std::to_string(q.gpusPerWorker) + type +
               " GPUs (attention DP " + std::to_string(q.attentionDp) + ", EP " + std::to_string(q.ep) + ")";
    };
    if (p.workload.mode == Mode::Inference && dis.active)
        out += "  disaggregated: " + pool("prefill", dis.prefill) + ", " + pool("decode", dis.decode) + "; KV over " +
               enumName(kvTransferNames(), static_cast<int>(dis.kvTransfer)) + "\n";
    else
        out += "  layout: TP " + std::to_string(e.layout.tp) + ", PP " + std::to_string(e.layout.pp) + ", DP " +
               std::to_string(e.layout.dp) + ", CP " + std::to_string(e.layout.cp) + ", EP " +
               std::to_string(e.layout.ep) + ", ZeRO " + std::to_string(e.layout.zero) + ", recompute " +
               nameOf(recomputeNames(), e.layout.recompute) + "\n\n";

    out += "Memory per GPU\n";
    const MemoryResult &mem = e.memory;
    const std::string band = formatPercent(mem.bandFraction, 0);
    const MemoryVerdict verdict = gpuMemoryVerdict(mem);   // the verdict the GUI and the PDF show
    line("total", formatBytes(mem.perGpuBytes) + " of " + formatBytes(mem.capacityBytes) +
                      (verdict == MemoryVerdict::Fits         ? "  (fits, with the +-" + band + " error band)"
                       : verdict == MemoryVerdict::Borderline ? "  (BORDERLINE: within the +-" + band + " error band)"
                                                              : std::string("  (DOES NOT FIT)")));
    // Training's phases of the step or an engine's start, prefill and decode: the breakdown below is the peak's.
    const MemoryTimeline timeline = memoryTimeline(plan, e);
    if (const MemoryPhase *peak = memoryPeakPhase(timeline))
        line("peak", memoryPhaseName(*peak, timeline.pipelineStages));
    if (mem.hostCapacityBytes > 0)
        line("host memory per node", formatBytes(mem.hostBytesPerNode) + " of " + formatBytes(mem.hostCapacityBytes) +
                                         (mem.hostFits ? "" : "  (DOES NOT FIT in the node's RAM)"));
    const MemoryBreakdown &b = e.memory.breakdown;
    const std::pair<const char *, double> parts[] = {
        {"weights", b.weights},         {"gradients", b.gradients},       {"optimizer states", b.optimizerStates},
        {"master weights", b.masterWeights}, {"activations", b.activations}, {"logits and loss", b.logitsLoss},
        {"communication buffers", b.commBuffers}, {"KV cache", b.kvCache}, {"workspace", b.workspace},
        {"CUDA context", b.cudaContext}, {"allocator slack", b.allocatorSlack}};
    for (const auto &[name, bytes] : parts) {
        if (bytes > 0)
            line(name, formatBytes(bytes));
    }
    if (e.memory.offloadedCpuBytes > 0)
        line("offloaded to CPU", formatBytes(e.memory.offloadedCpuBytes));
    if (e.memory.offloadedNvmeBytes > 0)
        line("offloaded to NVMe", formatBytes(e.memory.offloadedNvmeBytes));

    if (p.workload.mode == Mode::Training && e.training.valid) {
        const TrainingResult &t = e.training;
        out += "\nTraining\n";
        // A run the data path paces names the GPUs' own step beside it (an unpaced one reads as before).
        line("step time", formatDuration(t.stepTimeS) +
                              (t.dataPace > 1 ? " (GPUs " + formatDuration(t.gpuStepTimeS) + ", the data path sets the pace)"
                                              : std::string()));
        line("tokens/s", formatCount(t.tokensPerS) + " (" + formatFixed(t.tokensPerSPerGpu, 0) + " per GPU)");
        line("MFU / HFU", formatPercent(t.mfu) + " / " + formatPercent(t.hfu) +
                              (t.dataPace > 1 ? " (MFU " + formatPercent(t.gpuMfu) + " at the GPUs' own step)" : std::string()));
        line("time to train, no failures", formatDuration(t.timeToTrainS) + " (" + formatCount(t.gpuHours) + " GPU-hours)");
    } else if (p.workload.mode == Mode::Inference && e.inference.valid) {
        const InferenceResult &r = e.inference;
        out += "\nInference (per replica of " + counted(r.gpusPerReplica, "GPU", "GPUs") + ")\n";
        line("load", servingLoadText(r, p.workload.inference.concurrency));
        line("time to first token", formatDuration(r.ttftMs / 1e3));
        line("time per output token", formatDuration(r.decodeMsPerToken / 1e3));
        line("end-to-end latency", formatDuration(r.e2eLatencyMs / 1e3));
        line("output tokens/s per GPU", formatFixed(r.outputTokensPerSPerGpu, 0) + " (" +
                                            enumName(batchingNames(), static_cast<int>(r.batchingUsed)) + " batching)");
        if (!dis.active)   // a disaggregated deployment batches its own way: no other batching to compare
            line("static/dynamic/continuous", formatFixed(r.batchingTokensPerSPerGpu[0], 0) + " / " +
                                                  formatFixed(r.batchingTokensPerSPerGpu[1], 0) + " / " +
                                                  formatFixed(r.batchingTokensPerSPerGpu[2], 0) + " tokens/s per GPU");
        line("max concurrency", std::to_string(r.maxConcurrency));
        if (dis.active) {
            line("KV transfer", formatDuration(dis.kvTransferMs / 1e3) + " per request (" +
                                    formatBytes(dis.kvBytesPerRequest) + "); a prefill pass " +
                                    formatDuration(dis.prefillPassMs / 1e3));
            // Pools of two GPU types: each against its own capacity.
            const bool twoTypes = dis.prefill.capacityBytes != dis.decode.capacityBytes;
            line("memory per GPU", "prefill " + formatBytes(dis.prefill.perGpuBytes) +
                                       (twoTypes ? " of " + formatBytes(dis.prefill.capacityBytes) : std::string()) +
                                       ", decode " + formatBytes(dis.decode.perGpuBytes) + " of " +
                                       formatBytes(dis.decode.capacityBytes));
            if (r.queuedRequests > 0)
                line("queued", formatFixed(r.queuedRequests, 0) + " requests wait for a decode slot");
        }
        const CapacityResult &c = r.capacity;
        if (c.valid) {
            line("saturated", std::to_string(c.requestSlots) + " requests in flight, " +
                                  formatRequestRate(c.saturatedRequestsPerS) + " per replica");
            if (c.limit != CapacityLimit::Unreachable)
                line("highest load", highestLoadDetailText(c));
        }
        const InferenceWorkload &w = p.workload.inference;
        if (r.replicasNeeded > 0) {
            line("replicas needed", replicasForRateText(c, r.gpusPerReplica, w.requestRate) + "; " +
                                        formatRequestRate(c.atRate.requestsPerS) + " per replica" +
                                        ", " + formatPercent(c.atRate.utilization, 0) + " busy");
            line("autoscaling", autoscalingBoundsText(c, w.requestRate, w.averageRequestRate) + "; scale up at " +
                                    (w.scaleUpQueue > 0 ? std::to_string(w.scaleUpQueue) + " requests waiting"
                                                        : counted(std::max(1LL, std::llround(c.sloLimited.concurrency)), "request", "requests") + " in service") +
                                    " per replica, down after " + formatDuration(w.scaleCooldownS));
            line("latency at that load", "TTFT " + formatDuration(c.atRate.ttftP50Ms / 1e3) + " median, " + formatDuration(c.atRate.ttftP99Ms / 1e3) + " P99; TPOT " +
                                             formatDuration(c.atRate.tpotMeanMs / 1e3) + " mean, " + formatDuration(c.atRate.tpotP99Ms / 1e3) + " P99");
        } else if (c.limit == CapacityLimit::Unreachable)
            line("replicas needed", unreachableTargetsText());
    }
    if (e.power.itKw > 0)
        out += facilityTextReport(plan, e);
    bool notesHeader = false;
    for (const Diagnostic &d : e.diagnostics) {
        if (d.severity == Severity::Error && !e.validity.valid())
            continue;   // printed first, above the figures
        if (!notesHeader)
            out += "\nNotes\n";
        notesHeader = true;
        out += std::string("  [") + severityName(d.severity) + "] " + d.field + ": " + describe(d) + "\n";
    }
    return out;
}

} // namespace gpuplan

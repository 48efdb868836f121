// SPDX-License-Identifier: GPL-3.0-or-later
// Step time, throughput, MFU and time to train, taken apart (docs/formulas.md §5, §8, §11). The step
// time is the time model's own breakdown; throughput, MFU and the run time follow from it by
// the definitions in docs/conventions.md, with the evaluation's numbers substituted.
#include "explain/ExplainFormat.h"
#include "explain/LessonFigures.h"

#include "common/EnumNames.h"
#include "common/Units.h"
#include "perf/TrainingFlops.h"
#include "perf/TrainingTime.h"
#include "report/TextReport.h"
#include "search/ElasticJson.h"

#include <algorithm>

namespace gpuplan::explainimpl {

namespace {

bool needTraining(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    if (rp.plan->workload.mode != Mode::Training) {
        out.notes.push_back(out.title + " is a training result; this plan serves a model (switch Plan › Training).");
        return false;
    }
    if (!e.training.valid || e.training.stepTimeS <= 0) {
        out.notes.push_back("The training-time model has no result for this plan (see the messages next to the inputs).");
        return false;
    }
    out.available = true;
    return true;
}

double peakFlops(const ResolvedPlan &rp)
{
    return trainingPeakFlops(rp);
}

void addPart(Explanation &out, const char *label, const char *what, double seconds_)
{
    if (seconds_ > 0)
        out.steps.push_back({label, what, "", formatDuration(seconds_)});
}

void explainLatency(Explanation &out, const Evaluation &e, const ResolvedPlan &rp)
{
    const InferenceResult &r = e.inference;
    const InferenceWorkload &in = rp.plan->workload.inference;
    out.available = true;
    out.title = "Serving latency";
    out.formula = "end-to-end = TTFT + Σ over the response of the time per output token";
    out.terms.push_back({"TTFT", "time to first token: prefill of the prompt, queueing for a batch slot included",
                         formatDuration(r.ttftMs / 1e3)});
    out.terms.push_back({"TPOT", "mean time per output token (weights and KV cache read once per step)",
                         formatDuration(r.decodeMsPerToken / 1e3)});
    out.terms.push_back({"n_out", "output tokens per request", formatFixed(in.outputLen, 0)});
    out.steps.push_back({"end-to-end latency", "TTFT + n_out × TPOT",
                         formatDuration(r.ttftMs / 1e3) + " + " + formatFixed(in.outputLen, 0) + " × " + formatDuration(r.decodeMsPerToken / 1e3),
                         formatDuration(r.e2eLatencyMs / 1e3)});
    out.result = formatDuration(r.e2eLatencyMs / 1e3) + " per request";
    out.source = "Roofline decode/prefill with calibrated efficiencies (docs/formulas.md §9); latency summed over the "
                 "growing context, not averaged from the first and last token (docs/formulas.md §13 pitfall 13).";
}

void explainServingThroughput(Explanation &out, const Evaluation &e, const ResolvedPlan &rp)
{
    const InferenceResult &r = e.inference;
    out.available = true;
    out.title = "Output tokens per second";
    out.formula = "tokens/s per GPU = sequences decoded together ÷ time per output token ÷ GPUs per replica";
    out.terms.push_back({"GPUs per replica", "GPUs holding one copy of the model", formatFixed(r.gpusPerReplica, 0)});
    out.terms.push_back({"TPOT", "mean time per output token", formatDuration(r.decodeMsPerToken / 1e3)});
    out.steps.push_back({"per replica", "output tokens per second of one replica", "",
                         formatFixed(r.outputTokensPerSPerReplica, 0) + " tokens/s"});
    out.steps.push_back({"per GPU", "per replica ÷ GPUs per replica",
                         formatFixed(r.outputTokensPerSPerReplica, 0) + " ÷ " + formatFixed(r.gpusPerReplica, 0),
                         formatFixed(r.outputTokensPerSPerGpu, 0) + " tokens/s"});
    out.result = formatFixed(r.outputTokensPerSPerGpu, 0) + " output tokens/s per GPU at concurrency "
                 + formatFixed(rp.plan->workload.inference.concurrency, 0);
    out.source = "docs/formulas.md §9: throughput per replica = b / TPOT, b bounded by the KV cache (§4) and the latency "
                 "targets.";
}

// Elastic training: the share of the run short of nodes, the fallback layout's throughput, and the
// expected time with both (docs/facility-and-cost.md "Elastic training").
void explainElastic(Explanation &out, const ElasticResult &el, const TrainingResult &t, const ReliabilityResult &r)
{
    if (!el.enabled || el.expectedTimeToTrainS <= 0)
        return;
    const ElasticLines lines = elasticLines(el);
    out.terms.push_back({"f_d", "share of the time short of nodes but at or above the elastic floor of " +
                                    formatFixed(el.range.minNodes, 0) + " nodes (nodes under repair: Poisson, mean N·R/M = " +
                                    formatSignificant(el.range.nodesDownMean) + ")",
                         formatPercent(el.range.degradedFraction)});
    out.terms.push_back({"f_s", "share of the time below the floor: the job waits", formatPercent(el.range.stoppedFraction)});
    out.terms.push_back({"ρ", "throughput of the fallback layout ÷ the plan's (" + lines.fallback + ")",
                         formatPercent(el.throughputRatio)});
    out.steps.push_back({"elastic progress", "1 − f_d − f_s + f_d·ρ",
                         "1 − " + formatPercent(el.range.degradedFraction) + " − " + formatPercent(el.range.stoppedFraction) + " + " +
                             formatPercent(el.range.degradedFraction) + " × " + formatPercent(el.throughputRatio),
                         formatPercent(el.progressRate)});
    out.steps.push_back({"elastic, expected", "T ÷ progress ÷ goodput",
                         formatDuration(t.timeToTrainS) + " ÷ " + formatPercent(el.progressRate) + " ÷ " + formatPercent(r.goodput),
                         formatDuration(el.expectedTimeToTrainS)});
    if (el.fixedSizeTimeToTrainS > 0) {
        out.terms.push_back({"f_w", "share of the time a fixed-size job with the same " +
                                        formatFixed(el.range.spareNodes, 0) + " spares waits for repairs",
                             formatPercent(el.range.fixedStoppedFraction)});
        out.steps.push_back({"fixed size, same spares", "T ÷ (1 − f_w) ÷ goodput",
                             formatDuration(t.timeToTrainS) + " ÷ " + formatPercent(1.0 - el.range.fixedStoppedFraction) +
                                 " ÷ " + formatPercent(r.goodput),
                             formatDuration(el.fixedSizeTimeToTrainS)});
    }
    out.result += "; elastic " + formatDuration(el.expectedTimeToTrainS);
    if (el.fixedSizeTimeToTrainS > 0)
        out.result += " against " + formatDuration(el.fixedSizeTimeToTrainS) + " at a fixed size with the same spares";
    std::string note = "Elastic training on " + lines.range + ". ";
    if (el.fallbackFeasible)
        note += "While short it runs the fastest layout the search finds with the plan's global batch on " +
                formatFixed(el.fallbackNodes, 0) + " nodes (the most at or below the floor of " + formatFixed(el.range.minNodes, 0) +
                " that can hold one); " + lines.degradedRun + ".";
    else
        note += lines.fallback + ".";
    out.notes.push_back(note);
}

// A run the data path paces (facility/DataPath.h): the GPUs' own figure beside the delivered one.
void addDataPaceNote(Explanation &out, const TrainingResult &t, const std::string &what)
{
    if (t.dataPace > 1)
        out.notes.push_back("The data path paces the run (Explain: Data path): " + what + " is at its step of " +
                            formatDuration(t.stepTimeS) + ", the GPUs' own step is " + formatDuration(t.gpuStepTimeS) + ".");
}

} // namespace

void explainStepTime(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    if (rp.plan->workload.mode == Mode::Inference && e.inference.valid)
        return explainLatency(out, e, rp);
    if (!needTraining(out, rp, e))
        return;
    const TrainingResult &t = e.training;
    const StepBreakdown &s = t.breakdown;
    const double gpus = std::max(e.layout.numGpus, 1);
    const double peak = peakFlops(rp);
    out.formula = "T_step = compute + recompute + exposed TP/CP/EP/PP/DP communication + pipeline bubble + optimizer "
                  "+ offload + other";
    out.terms.push_back({"m", "micro-batches per pipeline per step (gradient accumulation)", formatFixed(t.microBatchesPerStep, 0)});
    out.terms.push_back({"bubble", rp.plan->parallelism.schedule == PipelineSchedule::DualPipe
                             ? "pipeline fill and drain relative to compute: (p/2 − 1)(1 + B − 3W)/m for DualPipe"
                             : "pipeline fill and drain relative to compute: (p − 1)/(v·m) for interleaved 1F1B",
                         formatPercent(t.bubbleFraction)});
    out.terms.push_back({"FLOP/GPU", "hardware FLOPs per GPU per step (recompute included)", formatFlop(t.hardwareFlopsPerStep / gpus)});
    out.terms.push_back({"F", std::string("dense peak of one ") + rp.gpu->name + " in " + nameOf(dtypeNames(), rp.plan->precision.compute),
                         formatFlopRate(peak)});
    if (peak > 0 && s.compute > 0)
        out.steps.push_back({"compute at peak", "FLOP/GPU ÷ F", formatFlop(t.hardwareFlopsPerStep / gpus) + " ÷ " + formatFlopRate(peak),
                             formatDuration(t.hardwareFlopsPerStep / gpus / peak)});
    addPart(out, "compute", "forward + backward of the busiest stage at the fitted kernel efficiencies", s.compute);
    addPart(out, "recompute", "forward passes repeated to save activation memory", s.recompute);
    addPart(out, "TP communication", "tensor-parallel all-reduce/all-gather not hidden behind compute", s.tpComm);
    addPart(out, "CP communication", "ring-attention K/V exchange not hidden", s.cpComm);
    addPart(out, "EP communication", "expert all-to-all", s.epComm);
    addPart(out, "PP communication", "activations sent between pipeline stages", s.ppComm);
    addPart(out, "DP communication", "gradient reduction not overlapped with the backward", s.dpComm);
    addPart(out, "pipeline bubble", "stages idle while the pipeline fills and drains", s.bubble);
    addPart(out, "optimizer", "optimizer step", s.optimizer);
    addPart(out, "offload", "CPU/NVMe transfers not hidden", s.offload);
    // The wait for a data path slower than the GPUs is its own part (it sits in breakdown.other).
    const double dataWait = t.dataPace > 1 ? t.stepTimeS - t.gpuStepTimeS : 0.0;
    // The rest of "other" is the host: a pass whose kernels take longer to launch than to run waits for
    // the CPU (kernels × launch time, Compute.h passTime), plus the fitted framework time per
    // micro-batch and per step. None of it is data loading, which is the part below.
    addPart(out, "host overhead", "kernel launches the GPU waits for (kernels × launch time beyond the GPU's own work) "
            "and framework work per micro-batch and per step", s.other - dataWait);
    addPart(out, "waiting for data", "the data path's step less the GPUs' own (the loaders cannot keep up)", dataWait);
    out.steps.push_back({"step time", "sum of the parts", "", formatDuration(t.stepTimeS)});
    out.result = formatDuration(t.stepTimeS) + " per optimizer step";
    if (rp.shape.moeLayers > 0) {
        // Where an MoE step goes: the compute split by the layers' own kernel times.
        const MoeComputeShares shares = moeComputeShares(rp, e.layout);
        const double experts = shares.expertGemms * s.compute, attention = shares.attention * s.compute;
        out.notes.push_back("Mixture of experts: of the " + formatDuration(s.compute) + " of compute, the routed experts' grouped "
                            "GEMMs and token permutation take " + formatDuration(experts) + " (" +
                            formatPercent(t.stepTimeS > 0 ? experts / t.stepTimeS : 0.0) + " of the step), attention " +
                            formatDuration(attention) + ", the rest (projections, shared experts, router, norms, dense layers) " +
                            formatDuration(s.compute - experts - attention) + "; the expert all-to-all adds " +
                            formatDuration(s.epComm) + " and the pipeline bubble " + formatDuration(s.bubble) + ".");
    }
    out.notes.push_back("Model error band from the validation residuals: ±" + formatPercent(t.errorBand, 0) + ".");
    addDataPaceNote(out, t, "the step");
    out.source = "Per-layer roofline with size-dependent efficiencies (Calculon-style, docs/formulas.md §6), alpha-beta "
                 "collectives with NCCL bus-bandwidth factors (§7), pipeline bubble (p − 1)/(v·m) (Narayanan et al. "
                 "2021, §8); docs/performance-model.md.";
}

void explainThroughput(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    if (rp.plan->workload.mode == Mode::Inference && e.inference.valid)
        return explainServingThroughput(out, e, rp);
    if (!needTraining(out, rp, e))
        return;
    const TrainingResult &t = e.training;
    const TrainingWorkload &w = rp.plan->workload.training;
    const double gpus = std::max(e.layout.numGpus, 1);
    out.formula = "tokens/s = B × s ÷ T_step";
    out.terms.push_back({"B", "global batch (sequences per optimizer step)", formatFixed(w.globalBatch, 0)});
    out.terms.push_back({"s", "sequence length", formatFixed(w.seqLen, 0) + " tokens"});
    out.terms.push_back({"T_step", "step time", formatDuration(t.stepTimeS)});
    out.terms.push_back({"N", "GPUs", formatFixed(gpus, 0)});
    out.steps.push_back({"tokens per step", "B × s", formatFixed(w.globalBatch, 0) + " × " + formatFixed(w.seqLen, 0),
                         formatFixed(t.tokensPerStep, 0) + " tokens"});
    out.steps.push_back({"tokens/s", "tokens per step ÷ T_step", formatFixed(t.tokensPerStep, 0) + " ÷ " + formatDuration(t.stepTimeS),
                         formatFixed(t.tokensPerS, 0) + " tokens/s"});
    out.steps.push_back({"per GPU", "tokens/s ÷ N", formatFixed(t.tokensPerS, 0) + " ÷ " + formatFixed(gpus, 0),
                         formatFixed(t.tokensPerSPerGpu, 0) + " tokens/s"});
    out.result = formatCount(t.tokensPerS) + " tokens/s (" + formatFixed(t.tokensPerSPerGpu, 0) + " per GPU)";
    out.source = "Definition; the step time comes from the time model (explained under Step time).";
}

void explainMfu(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    if (!needTraining(out, rp, e))
        return;
    const TrainingResult &t = e.training;
    const double gpus = std::max(e.layout.numGpus, 1);
    const double peak = peakFlops(rp);
    out.formula = "MFU = model FLOPs per step ÷ (T_step × N × F)";
    out.terms.push_back({"model FLOPs", "6·P_active per token for the matmuls + 12·L·s·h for attention scores (non-causal), "
                                        "× tokens per step; recompute not counted",
                         formatFlop(t.modelFlopsPerStep)});
    out.terms.push_back({"T_step", "step time", formatDuration(t.stepTimeS)});
    out.terms.push_back({"N", "GPUs", formatFixed(gpus, 0)});
    out.terms.push_back({"F", std::string("dense peak per GPU in ") + nameOf(dtypeNames(), rp.plan->precision.compute)
                                  + " (never the 2:4-sparse figure)",
                         formatFlopRate(peak)});
    out.steps.push_back({"achieved per GPU", "model FLOPs ÷ (T_step × N)",
                         formatFlop(t.modelFlopsPerStep) + " ÷ (" + formatDuration(t.stepTimeS) + " × " + formatFixed(gpus, 0) + ")",
                         formatSignificant(t.tflopsPerGpu) + " TFLOP/s"});
    out.steps.push_back({"MFU", "achieved ÷ F", formatSignificant(t.tflopsPerGpu) + " ÷ " + formatSignificant(peak / 1e12) + " TFLOP/s", formatPercent(t.mfu)});
    out.steps.push_back({"HFU", "the same with recomputed FLOPs counted",
                         formatFlop(t.hardwareFlopsPerStep) + " ÷ (T_step × N × F)", formatPercent(t.hfu)});
    out.result = formatPercent(t.mfu) + " MFU (HFU " + formatPercent(t.hfu) + ")";
    // FP32 and TF32 are measured against their own, lower peak: say so where the MFU is shown.
    const CorePeaks cores = corePeaks(*rp.gpu);
    const double tensorMfu = mfuAgainstTensor16Peak(*rp.gpu, rp.plan->precision.compute, t.mfu);
    if (tensorMfu > 0) {
        const std::string format = cores.tensorIsBf16 ? "BF16" : "FP16";
        out.steps.push_back({"MFU against " + format, "achieved ÷ the " + format + " Tensor Core peak",
                             formatSignificant(t.tflopsPerGpu) + " ÷ " + formatSignificant(cores.tensor16Flops / 1e12) + " TFLOP/s", formatPercent(tensorMfu)});
        out.notes.push_back("This MFU is measured against the " + std::string(nameOf(dtypeNames(), rp.plan->precision.compute))
                            + " peak (" + formatFlopRate(peak) + "), not the " + format + " Tensor Core peak ("
                            + formatFlopRate(cores.tensor16Flops) + "), so it can read higher than a " + format
                            + " plan's MFU although the step is slower: compare tokens/s, or the " + formatPercent(tensorMfu)
                            + " against " + format + ".");
        out.result += "; " + formatPercent(tensorMfu) + " against the " + format + " peak";
    }
    out.notes.push_back("A GPU that shows 98% busy in nvidia-smi can still run at a low MFU: busy counts any kernel "
                        "running, MFU counts only the model's useful FLOPs.");
    addDataPaceNote(out, t, "MFU as delivered (" + formatPercent(t.gpuMfu) + " at the GPUs' own step)");
    out.source = "MFU definition: Chowdhery et al. 2022 (PaLM, arXiv 2204.02311) App. B; FLOP count: Megatron-LM "
                 "num_floating_point_operations, Narayanan et al. 2021; conventions in docs/conventions.md "
                 "(docs/formulas.md §5).";
}

void explainTimeToTrain(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    if (!needTraining(out, rp, e))
        return;
    const TrainingResult &t = e.training;
    const ReliabilityResult &r = e.reliability;
    const double tokens = rp.plan->workload.training.tokens;
    const double gpus = std::max(e.layout.numGpus, 1);
    out.formula = "T = D ÷ tokens/s;  with failures T_wall = T ÷ goodput";
    out.terms.push_back({"D", "tokens to train", formatCount(tokens) + " tokens"});
    out.terms.push_back({"tokens/s", "cluster throughput", formatFixed(t.tokensPerS, 0) + " tokens/s"});
    out.steps.push_back({"time to train", "D ÷ tokens/s", formatCount(tokens) + " tokens ÷ " + formatFixed(t.tokensPerS, 0) + " tokens/s",
                         formatDuration(t.timeToTrainS)});
    out.steps.push_back({"GPU-hours", "T × N ÷ 3,600 s/h", formatDuration(t.timeToTrainS) + " × " + formatFixed(gpus, 0),
                         formatFixed(t.gpuHours, 0) + " GPU-h"});
    if (r.goodput > 0 && r.effectiveTimeToTrainS > 0) {
        out.terms.push_back({"MTBF", "mean time between failures of the job's " + formatFixed(r.jobNodes, 0) + " nodes",
                             formatDuration(r.mtbfHours * 3600.0)});
        out.terms.push_back({"goodput", "useful time ÷ wall time: checkpoint stalls at the Daly-optimal interval ("
                                            + formatDuration(r.checkpointIntervalS) + "), rework and restarts",
                             formatPercent(r.goodput)});
        out.steps.push_back({"with failures", "T ÷ goodput", formatDuration(t.timeToTrainS) + " ÷ " + formatPercent(r.goodput),
                             formatDuration(r.effectiveTimeToTrainS)});
        out.result = formatDuration(t.timeToTrainS) + " (" + formatDuration(r.effectiveTimeToTrainS) + " with failures)";
        explainElastic(out, computeElastic(rp, e), t, r);
    } else {
        out.result = formatDuration(t.timeToTrainS);
    }
    addDataPaceNote(out, t, "the run (" + formatDuration(t.timeToTrainS) + " instead of " + formatDuration(t.gpuTimeToTrainS) +
                                " at the GPUs' own step)");
    out.source = "Definition; failures: Young 1974 and Daly 2006 optimum checkpoint interval, goodput ≈ 1 − W "
                 "(docs/formulas.md §11); docs/facility-and-cost.md.";
}

} // namespace gpuplan::explainimpl

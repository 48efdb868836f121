// SPDX-License-Identifier: GPL-3.0-or-later
// Memory per GPU, taken apart (docs/formulas.md §2-§4, docs/memory.md). The parameters on the GPU, the
// sharding group and the activation terms come from the same functions the memory model calls;
// every component's value is the evaluation's own figure. Where the model counts more than the
// textbook product (quantization scales, fp8 weight copies, expert sharding, offload), a note
// says so instead of hiding the difference.
#include "explain/ExplainFormat.h"

#include "common/Dtype.h"
#include "common/EnumNames.h"
#include "memory/ActivationMemory.h"
#include "memory/FrameworkMemory.h"
#include "memory/FrameworkOverhead.h"
#include "memory/LowPrecisionMemory.h"
#include "memory/MemoryTimeline.h"
#include "memory/ModelStateMemory.h"
#include "plan/RecomputeModules.h"
#include "report/TextReport.h"

#include <algorithm>

namespace gpuplan::explainimpl {

namespace {

const char *const kTrainingSource =
    "Model states: ZeRO, Rajbhandari et al. 2020 (arXiv 1910.02054), 16-18 B per parameter for mixed-precision "
    "Adam, sharded over the data-parallel group; activations: Korthikanti et al. 2022 (arXiv 2205.05198) Table 2 "
    "with Megatron's pipeline in-flight rule; reference: docs/formulas.md §2-§3, docs/memory.md.";
const char *const kInferenceSource =
    "Weights P·w/(t·p) and KV cache 2·L·g·d_h·q_kv per token (docs/formulas.md §4; vLLM paged KV blocks); "
    "docs/memory.md.";

// One model-state component: value = bytes/param x P_s, divided by d when ZeRO shards it.
void stateStep(Explanation &out, const char *label, const char *symbol, double bytesPerParamValue, double paramsOnGpu,
               bool sharded, double d, double modelBytes)
{
    ExplainStep s;
    s.label = label;
    s.formula = std::string(symbol) + " × P_s" + (sharded ? " ÷ d" : "");
    s.substituted = formatScientific(bytesPerParamValue, 4) + " B" + " × " + formatCount(paramsOnGpu) + (sharded ? " ÷ " + formatFixed(d, 0) : "");
    s.value = formatBytes(modelBytes);
    out.steps.push_back(s);
    const double textbook = bytesPerParamValue * paramsOnGpu / (sharded ? d : 1.0);
    if (!close(textbook, modelBytes, 0.02))
        out.notes.push_back(std::string(label) + ": the model's " + formatBytes(modelBytes) + " differs from the product "
                            + formatBytes(textbook) + "; it also counts what the textbook product leaves out: DeepSpeed's fp32 "
                            "gradient copy next to the 16-bit gradients, quantization scales, fp8 weight copies, LoRA "
                            "adapters, expert weights sharded over the expert data-parallel group, offloaded or paged "
                            "states (docs/memory.md §2).");
}

void extraStep(Explanation &out, const char *label, const char *what, double bytes)
{
    if (bytes > 0)
        out.steps.push_back({label, what, "", formatBytes(bytes)});
}

void commonTail(Explanation &out, const MemoryResult &m)
{
    const MemoryBreakdown &b = m.breakdown;
    extraStep(out, "communication buffers", "NCCL and gradient-bucket buffers", b.commBuffers);
    extraStep(out, "workspace", "gathered ZeRO-3/FSDP units or inference temporaries", b.workspace);
    extraStep(out, "CUDA context", "context and library workspaces (estimate, overheads.cuda_context_gib)", b.cudaContext);
    extraStep(out, "allocator slack", "caching-allocator fragmentation (overheads.allocator_slack)", b.allocatorSlack);
    out.steps.push_back({"total", "sum of the lines above", "", formatBytes(m.perGpuBytes)});
    out.terms.push_back({"capacity", "GPU memory the plan may use", formatBytes(m.capacityBytes)});
    out.result = formatBytes(m.perGpuBytes) + " of " + formatBytes(m.capacityBytes) + " ("
                 + formatPercent(m.capacityBytes > 0 ? m.perGpuBytes / m.capacityBytes : 0.0, 0) + "): "
                 + memoryVerdictText(m.verdict);
    if (m.verdict == MemoryVerdict::Borderline)
        out.notes.push_back("Borderline: the estimate is within the memory model's error band (+-" +
                            formatPercent(m.bandFraction, 0) + ", its spread on published runs) of the capacity.");
    if (!m.hostFits)
        out.notes.push_back("Host memory: " + formatBytes(m.hostBytesPerNode) + " per node needed, " +
                            formatBytes(m.hostCapacityBytes) + " available.");
    if (m.offloadedCpuBytes > 0)
        out.notes.push_back("Held in host memory instead of the GPU: " + formatBytes(m.offloadedCpuBytes) + " per GPU.");
    if (m.offloadedNvmeBytes > 0)
        out.notes.push_back("Held on NVMe instead of the GPU: " + formatBytes(m.offloadedNvmeBytes) + " per GPU.");
}

// "start of the step 21.7 GiB, forward of micro-batch 1 24.4 GiB, ..." without the peak.
std::string otherPhases(const MemoryTimeline &t)
{
    std::string text;
    for (int i = 0; i < t.count; ++i) {
        if (i == t.peak)
            continue;
        const MemoryPhase &p = t.phases[static_cast<std::size_t>(i)];
        if (!text.empty())
            text += ", ";
        text += memoryPhaseName(p, t.pipelineStages) + " " + formatBytes(p.bytes.total());
    }
    return text;
}

// "32,768 B" per token: the activation terms are small, whole byte counts.
std::string perTokenBytes(double bytes)
{
    return formatFixed(bytes, 0) + " B";
}

// One layer's activations per micro-batch taken apart into the terms the memory model adds up
// (memory/ActivationMemory layerActivationTerms), each with the plan's numbers, so that the
// value shown is the one the formula gives. Korthikanti's textbook s·b·h·(34 + 5·a·s/h)/t assumes
// a plain MLP, full-width K and V and stored attention scores; the note says how far it is off.
void activationTerms(Explanation &out, const ModelShape &shape, const ActivationConfig &act, Recompute mode,
                     double perLayer, const std::string &settings)
{
    const double sb = act.tokensPerGpu();
    const LayerActivationTerms t = layerActivationTerms(shape, act, mode);
    if (!t.valid) {
        const std::string formula = mode == Recompute::Full
                                        ? "s·b·q·h ÷ r: full recompute keeps only the layer's input"
                                        : "s·b × the bytes per token autograd saves for this recompute policy and "
                                          "accounting (docs/memory.md §3)";
        out.terms.push_back({"A_layer", "activations one layer keeps per micro-batch: " + formula + "; " + settings,
                             formatBytes(perLayer)});
        return;
    }
    const double q = act.bytes;
    const double h = shape.hidden;
    // R, S and C are terms, not steps: the steps add up to the total.
    std::string r = "replicated over TP: norm inputs 2·q·h + norm outputs 2·q_in·h + dropout masks 2·h";
    std::string rValues = perTokenBytes(t.normInputs) + " + " + perTokenBytes(t.normOutputs) + " + "
                          + perTokenBytes(t.dropoutMasks);
    if (t.mlaLatents > 0) {
        r += " + MLA latents";
        rValues += " + " + perTokenBytes(t.mlaLatents);
    }
    if (t.moeRouting > 0) {
        r += " + MoE dispatch, combine and router";
        rValues += " + " + perTokenBytes(t.moeRouting);
    }
    out.terms.push_back({"R", r + " = " + rValues + " (h = " + formatFixed(h, 0) + ", q = " + formatSignificant(q) + " B, q_in = "
                                  + formatSignificant(act.linearInputBytes) + " B)",
                         perTokenBytes(t.replicated()) + " per token"});
    std::string sText = "split by TP: Q, K, V and output-projection input q·(d_q + d_kv + d_v)";
    std::string sValues = formatSignificant(q) + " × (" + formatFixed(shape.qWidth, 0) + " + " + formatFixed(shape.kvProjWidth, 0) + " + "
                          + formatFixed(shape.vWidth, 0) + ") = " + perTokenBytes(t.attentionProj);
    if (t.denseMlp > 0) {
        sText += std::string(" + ") + (shape.gated ? "gated MLP (3·q + q_in)·f" : "MLP (q + q_in)·f");
        sValues += " + " + perTokenBytes(t.denseMlp) + " (f = " + formatFixed(shape.ffn, 0) + ")";
    }
    if (t.moeExperts > 0) {
        sText += " + routed and shared experts' MLPs";
        sValues += " + " + perTokenBytes(t.moeExperts);
    }
    out.terms.push_back({"S", sText + " = " + sValues + " (GQA: d_kv = 2·g·d_h)", perTokenBytes(t.sharded()) + " per token"});
    const char *core = t.attentionCore == 0 ? "recomputed in the backward: nothing kept"
                       : (mode == Recompute::None && !act.flash) ? "scores, softmax and mask (2·q + 1)·a·s_k"
                                                                 : "FlashAttention's fp32 log-sum-exp 4·a";
    out.terms.push_back({"C", std::string("attention core, split by TP: ") + core + " (a = " + formatFixed(shape.heads, 0) + ")",
                         perTokenBytes(t.attentionCore) + " per token"});
    // s·b counts the tokens of a micro-batch on this GPU: a context-parallel rank holds 1/c of each
    // sequence and a padded batch fills part of it.
    const std::string tokens = close(sb, act.seq * act.microBatch, 1e-9)
                                   ? formatFixed(sb, 0)
                                   : formatFixed(sb, 0) + " tokens on this GPU (CP " + formatFixed(act.cp, 0) + ", fill "
                                         + formatPercent(act.fill, 0) + ")";
    out.terms.push_back({"A_layer", "activations one layer keeps per micro-batch: s·b·(R ÷ r + (S + C) ÷ t) = "
                                        + tokens + " × (" + perTokenBytes(t.replicated()) + " ÷ "
                                        + formatFixed(t.replicatedDiv, 0) + " + (" + perTokenBytes(t.sharded()) + " + "
                                        + perTokenBytes(t.attentionCore) + ") ÷ " + formatFixed(t.tp, 0) + "); " + settings
                                        + ", r = " + formatFixed(t.replicatedDiv, 0)
                                        + (act.sp ? " (sequence parallel)" : " (no sequence parallelism)")
                                        + ", t = " + formatFixed(t.tp, 0),
                         formatBytes(perLayer)});
    // Korthikanti et al. 2022 Table 2 (16-bit activations, plain MLP f = 4h, full K and V, stored
    // scores without recompute), with the same r and t: how far the textbook is from this model.
    const bool storedScores = mode == Recompute::None && !act.flash;
    const double textbook = sb * h * ((10.0 / t.replicatedDiv) + (24.0 + (storedScores ? 5.0 * shape.heads * act.seq / std::max(act.cp, 1) / h : 0.0)) / t.tp);
    if (!close(textbook, perLayer, 0.02))
        out.notes.push_back("A_layer: Korthikanti et al.'s s·b·h·(10 ÷ r + (24" + std::string(storedScores ? " + 5·a·s/h" : "")
                            + ") ÷ t) gives " + formatBytes(textbook) + " for this plan, not " + formatBytes(perLayer)
                            + ": it assumes 16-bit activations, a plain MLP with f = 4·h (2 f-sized tensors; a gated "
                            "one keeps 4), K and V as wide as Q (GQA narrows them) and, without recompute or fused "
                            "attention, stored scores; the terms above are what this plan keeps.");
}

void explainTrainingMemory(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    const Plan &plan = *rp.plan;
    const Layout &l = e.layout;
    const MemoryBreakdown &b = e.memory.breakdown;
    const Precision &pr = plan.precision;

    // The model reports the heavier of the first and the last pipeline stage: find which one the
    // reported model states belong to, with the parameters and the GEMM-layout argument the memory
    // model uses (rankStageParams: both end stages under DualPipe; anyLayoutFp8Gemm: the recipe's
    // cached weight copies on this GPU).
    const bool dualPipe = l.schedule == PipelineSchedule::DualPipe && l.pp > 1;
    const bool anyLayout = anyLayoutFp8Gemm(rp.gpu);
    const StageParams first = rankStageParams(rp.shape, l, true);
    const StageParams last = rankStageParams(rp.shape, l, false);
    auto matches = [&](const StageParams &stage) {
        const ModelStateBytes s = modelStateBytes(plan, rp.shape, l, stage, anyLayout);
        return close(s.weights, b.weights, 1e-6) && close(s.gradients, b.gradients, 1e-6)
               && close(s.masterWeights, b.masterWeights, 1e-6);
    };
    const bool isLast = l.pp > 1 && !dualPipe && !matches(first) && matches(last);
    // DualPipe's middle rank (stages r and pp - 1 - r) when it is the heavier one.
    const int middleStage = dualPipeMiddleStage(l);
    const StageParams middleOne = middleStage >= 0 ? middleStageParams(rp.shape, l, middleStage) : StageParams{};
    const StageParams middleOther = middleStage >= 0 ? middleStageParams(rp.shape, l, l.pp - 1 - middleStage) : StageParams{};
    const StageParams middle = combinedStageParams(middleOne, middleOther);
    const bool isMiddle = dualPipe && middleStage >= 0 && middleOther.layers >= 1 && !matches(first) && matches(middle);
    const StageParams &stage = isMiddle ? middle : isLast ? last : first;
    const double ps = stage.total();
    // The layers whose activations the rank keeps: one stage's, the last stage's with its MTP
    // modules (DualPipe: PP micro-batches of stage 0's layers and one of stage pp - 1's; a middle
    // rank PP - r of stage r's and r + 1 of stage pp - 1 - r's, TrainingMemory.cpp), each stage
    // with its own dense and MoE layers.
    const double mtp = std::max(plan.model.mtpLayers, 0);
    const double mtpDense = rp.shape.moeLayers > 0 ? 0.0 : mtp;
    const StageParams firstOne = isMiddle ? middleOne : firstStageParams(rp.shape, l);
    const StageParams lastOne = isMiddle ? middleOther : lastStageParams(rp.shape, l);
    const double firstLayers = firstOne.layers + (l.pp <= 1 && !isMiddle ? mtp : 0.0);
    const double firstDense = firstOne.denseLayers + (l.pp <= 1 && !isMiddle ? mtpDense : 0.0);
    const double lastLayers = lastOne.layers + (isMiddle ? 0.0 : mtp);
    const double lastDense = lastOne.denseLayers + (isMiddle ? 0.0 : mtpDense);
    const double activationLayers = isLast ? lastLayers : firstLayers;
    const double activationDense = isLast ? lastDense : firstDense;
    const double d = std::max(l.shardingGroup(), 1);
    const int z = std::clamp(l.zero, 0, 3);

    out.formula = "M = (w + g + K + m)·P_s ÷ d where ZeRO shards them  +  L_s × A_layer × n_flight  +  overheads";
    std::string where;
    if (dualPipe && !isMiddle)
        where = "first and last of " + std::to_string(l.pp) + " pipeline stages (DualPipe: the ranks at both ends "
                "hold stage 0 and stage " + std::to_string(l.pp - 1) + "), ";
    else if (isMiddle)
        where = "a middle rank of " + std::to_string(l.pp) + " pipeline stages (DualPipe: stage " + std::to_string(middleStage)
                + " and stage " + std::to_string(l.pp - 1 - middleStage) + "), ";
    else if (l.pp > 1 && !isMiddle)
        where = std::string(isLast ? "last" : "first") + " of " + std::to_string(l.pp) + " pipeline stages, ";
    where += formatFixed(stage.layers, 0) + " layers, split " + std::to_string(l.tp) + "-way by TP";
    if (l.ep > 1)
        where += ", experts " + std::to_string(l.ep) + "-way by EP";
    out.terms.push_back({"P_s", "parameters on this GPU (" + where + ")", formatCount(ps) + " parameters"});
    out.terms.push_back({"ZeRO", std::string("sharding stage (") + nameOf(shardingImplNames(), l.sharding)
                                     + "): 1 shards optimizer states, 2 also gradients, 3 also weights",
                         std::to_string(z)});
    out.terms.push_back({"d", "ranks the states are sharded over (data parallel × context parallel)", formatFixed(d, 0)});

    const double w = bytesPerElement(pr.weights);
    const double g = bytesPerElement(pr.gradients);
    const double k = optimizerStateBytesPerParam(pr.optimizer, pr.optimizerStates);
    out.terms.push_back({"w", std::string("bytes per weight (") + nameOf(dtypeNames(), pr.weights) + ")", formatScientific(w, 4) + " B"});
    out.terms.push_back({"g", std::string("bytes per gradient (") + nameOf(dtypeNames(), pr.gradients) + ")", formatScientific(g, 4) + " B"});
    out.terms.push_back({"K", std::string("optimizer-state bytes per parameter (") + nameOf(optimizerNames(), pr.optimizer)
                                  + ", " + nameOf(dtypeNames(), pr.optimizerStates) + ")",
                         formatScientific(k, 4) + " B"});
    stateStep(out, "weights", "w", w, ps, z >= 3 && d > 1, d, b.weights);
    if (pr.compute == Dtype::FP8 && frameworkMemoryTraits(plan.parallelism.framework).persistentFp8Weights
        && bytesPerElement(pr.weights) >= 2.0 && plan.workload.training.fineTune != FineTune::Qlora)
        out.notes.push_back(std::string("weights: with them Transformer Engine caches the ") + nameOf(fp8RecipeNames(), pr.fp8Recipe)
                            + " copies of each matmul weight, " + formatScientific(lowPrecisionWeightCopyBytes(pr.fp8Recipe, anyLayout), 4) + " B"
                            + " per weight with their scales" + (anyLayout ? " (this GPU's FP8 GEMMs take any operand layout)" : "")
                            + " (docs/memory.md §2).");
    stateStep(out, "gradients", "g", g, ps, z >= 2 && d > 1, d, b.gradients);
    if (b.gradients == 0 && g > 0)
        out.notes.push_back("gradients: none at this plan's peak. The stack frees them after each optimizer step "
                            "(zero_grad(set_to_none=True)) and the peak is the end of the forward, before the backward "
                            "creates them (docs/memory.md §4).");
    stateStep(out, "optimizer states", "K", k, ps, z >= 1 && d > 1, d, b.optimizerStates);
    if (b.masterWeights > 0 || (pr.masterWeights && w < 4.0)) {
        out.terms.push_back({"m", "fp32 master copy of the weights", std::string("4 B")});
        stateStep(out, "master weights", "m", 4.0, ps, z >= 1 && d > 1, d, b.masterWeights);
    }

    // Activations of the micro-batches the stage holds at its peak.
    const ActivationConfig act = trainingActivationConfig(plan, l);
    const double perLayer = layerActivationBytes(rp.shape, act, l.recompute);
    const double microBatches = std::max(1.0, plan.workload.training.globalBatch
                                                  / (static_cast<double>(std::max(l.dp, 1)) * std::max(l.microBatch, 1)));
    const double inFlight = inFlightMicroBatches(l.schedule, l.pp, l.vp, microBatches, !isLast);
    // Each stage's layers with their own kinds (layerKindActivations): an MoE model's leading
    // dense layers keep a dense MLP's tensors.
    const LayerKindActivations kinds = layerKindActivations(rp.shape, act, l.recompute);
    const double ownBytes = kinds.stage(activationLayers, activationDense);
    const double lastBytes = kinds.stage(lastLayers, lastDense);
    const double working = kinds.working(activationLayers, activationDense);
    // A selective recompute names its modules when the plan states them (Megatron-Core's names).
    std::string recomputeText = nameOf(recomputeNames(), l.recompute);
    if (l.recompute == Recompute::Selective && act.korthikanti && act.recomputeModules != 0)
        recomputeText += ": " + recomputeModulesText(act.recomputeModules);
    activationTerms(out, rp.shape, act, l.recompute, perLayer,
                    "recompute (" + recomputeText + "), FlashAttention (" + (l.flashAttention ? "on" : "off")
                        + "), s = " + formatFixed(act.seq, 0) + ", b = " + formatFixed(act.microBatch, 0));
    out.terms.push_back({"n_flight", std::string("micro-batches in flight on this stage (") + nameOf(scheduleNames(), l.schedule)
                                         + " schedule, " + formatFixed(microBatches, 0) + " micro-batches per step)",
                         formatSignificant(inFlight)});
    ExplainStep a;
    a.label = "activations";
    a.formula = "L_s × A_layer × n_flight + recompute working set";
    // DualPipe's end rank: one of its in-flight micro-batches is on stage pp - 1; a middle rank
    // r + 1 of them on stage pp - 1 - r.
    const double ofLast = isMiddle   ? std::min(middleStage + 1.0, std::max(inFlight - 1.0, 0.0))
                          : dualPipe ? std::min(1.0, inFlight - 1.0)
                                     : 0.0;
    const bool mixed = !close(ownBytes, activationLayers * perLayer, 1e-9) || !close(lastBytes, lastLayers * perLayer, 1e-9);
    if (mixed)
        out.notes.push_back("activations: the stage's " + formatFixed(activationDense, 0) + " dense-MLP layers (the model's leading "
                            "dense layers) keep a dense MLP's tensors and its MoE layers the experts' and the dispatched "
                            "copies: " + formatBytes(ownBytes) + " for its " + formatFixed(activationLayers, 0) + " layers per "
                            "micro-batch, not " + formatFixed(activationLayers, 0) + " × A_layer (the model's average layer).");
    if (ofLast > 0)
        a.substituted = formatBytes(ownBytes) + " × " + formatSignificant(inFlight - ofLast) + " + " + formatBytes(lastBytes)
                        + " × " + formatSignificant(ofLast) + " (" + formatFixed(activationLayers, 0) + " and " + formatFixed(lastLayers, 0)
                        + " layers) + " + formatBytes(working);
    else if (mixed)
        a.substituted = formatBytes(ownBytes) + " (" + formatFixed(activationLayers, 0) + " layers) × " + formatSignificant(inFlight) + " + "
                        + formatBytes(working);
    else
        a.substituted = formatFixed(activationLayers, 0) + " × " + formatBytes(perLayer) + " × " + formatSignificant(inFlight) + " + " + formatBytes(working);
    a.value = formatBytes(b.activations);
    out.steps.push_back(a);
    const double product = ownBytes * (inFlight - ofLast) + lastBytes * ofLast + working;
    if (!close(product, b.activations, 0.02))
        out.notes.push_back("activations: the model's " + formatBytes(b.activations) + " also holds the embedding "
                            "inputs of the first stage, pipeline output buffers and ring-attention chunks ("
                            + formatBytes(product) + " from the layers alone).");
    extraStep(out, "logits and loss", "logits, their fp32 upcasts and gradients at the loss's peak (with the output layer's weight gradient when no buffer held it) beyond the working set", b.logitsLoss);
    commonTail(out, e.memory);
    // Where in the step the peak happens (docs/memory.md §4): the breakdown above is that moment's.
    const MemoryTimeline timeline = memoryTimeline(rp, e);
    if (const MemoryPhase *peak = memoryPeakPhase(timeline))
        out.notes.push_back("Peak: " + memoryPhaseName(*peak, timeline.pipelineStages) + " (" +
                            formatPercent(peak->timeFraction, 0) + " into the step); the components above are the ones "
                            "allocated then. The other moments of the step are lower: " + otherPhases(timeline) + ".");
    out.source = kTrainingSource;
}

void explainInferenceMemory(Explanation &out, const ResolvedPlan &rp, const Evaluation &e)
{
    const Plan &plan = *rp.plan;
    const Layout &l = e.layout;
    const MemoryResult &m = e.memory;
    const MemoryBreakdown &b = m.breakdown;
    const InferenceWorkload &in = plan.workload.inference;
    out.formula = "M = P·w ÷ (t·p)  +  KV per sequence × sequences  +  overheads";
    out.terms.push_back({"P", "parameters of the model", formatCount(rp.shape.totalParams) + " parameters"});
    out.terms.push_back({"t·p", "GPUs one copy of the weights is split over (TP × PP)", formatFixed(l.tp * l.pp, 0)});
    out.terms.push_back({"KV/seq", "K and V of one sequence on this GPU: 2·L·g·d_h·q_kv per token × "
                                       + formatFixed(in.promptLen + in.outputLen, 0) + " tokens (L = "
                                       + std::to_string(rp.shape.layers) + ", g = " + std::to_string(rp.shape.kvHeads)
                                       + " KV heads, d_h = " + std::to_string(rp.shape.headDim) + ", "
                                       + nameOf(dtypeNames(), plan.precision.kvCache) + ")",
                         formatBytes(m.kvBytesPerSequence)});
    out.steps.push_back({"weights", "P·w ÷ (t·p)", "", formatBytes(b.weights)});
    const int sequences = std::min(std::max(l.microBatch, 1), std::max(m.maxConcurrency, 0));
    out.steps.push_back({"KV cache", "KV/seq × sequences", formatBytes(m.kvBytesPerSequence) + " × " + formatFixed(sequences, 0),
                         formatBytes(b.kvCache)});
    extraStep(out, "activations", "temporaries of one prefill chunk", b.activations);
    commonTail(out, m);
    out.notes.push_back("Up to " + formatFixed(m.maxConcurrency, 0) + " sequences fit next to the weights (vLLM-style "
                        "memory utilization " + formatPercent(in.memoryUtilization, 0) + " of the GPU).");
    out.source = kInferenceSource;
}

} // namespace

void explainMemory(Explanation &out, const ResolvedPlan &plan, const Evaluation &e)
{
    if (e.memory.perGpuBytes <= 0) {
        out.notes.push_back("The memory model has no estimate for this plan.");
        return;
    }
    out.available = true;
    if (plan.plan->workload.mode == Mode::Training)
        explainTrainingMemory(out, plan, e);
    else
        explainInferenceMemory(out, plan, e);
}

} // namespace gpuplan::explainimpl

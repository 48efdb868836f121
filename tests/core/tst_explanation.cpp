// SPDX-License-Identifier: GPL-3.0-or-later
// Explanations of key results (core/explain): each one carries the evaluation's own numbers, the
// textbook products agree with the model where the model adds nothing beyond them, and the text
// follows the plan. Plans: examples/llama3-70b-training.gpuplan and llama3-8b-inference.gpuplan
// on the bundled catalog.
#include "catalog/CatalogLoader.h"
#include "evaluator/Evaluator.h"
#include "explain/ExplainFormat.h"
#include "explain/Explanation.h"
#include "memory/ModelStateMemory.h"
#include "perf/TrainingTime.h"
#include "plan/PlanIo.h"
#include "plan/RecomputeModules.h"
#include "report/TextReport.h"

#include "search/ElasticJson.h"

#include <QTest>

#include <cmath>
#include <cstdio>

using namespace gpuplan;

namespace {

const ExplainStep *findStep(const Explanation &x, const std::string &label)
{
    for (const ExplainStep &s : x.steps) {
        if (s.label == label)
            return &s;
    }
    return nullptr;
}

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}


// The breakdown component a memory explanation step stands for; null for "total" and unknown labels.
const double *memoryComponent(const MemoryBreakdown &b, const std::string &label)
{
    if (label == "weights") return &b.weights;
    if (label == "gradients") return &b.gradients;
    if (label == "optimizer states") return &b.optimizerStates;
    if (label == "master weights") return &b.masterWeights;
    if (label == "activations") return &b.activations;
    if (label == "logits and loss") return &b.logitsLoss;
    if (label == "communication buffers") return &b.commBuffers;
    if (label == "KV cache") return &b.kvCache;
    if (label == "workspace") return &b.workspace;
    if (label == "CUDA context") return &b.cudaContext;
    if (label == "allocator slack") return &b.allocatorSlack;
    return nullptr;
}

// Each step of the memory explanation shows its breakdown component, every non-zero component has
// a step, and the components shown add up to the evaluation's per-GPU memory.
bool memoryStepsAddUp(const Explanation &x, const MemoryResult &m, std::string &why)
{
    const MemoryBreakdown &b = m.breakdown;
    double sum = 0;
    int shown = 0;
    for (const ExplainStep &s : x.steps) {
        if (s.label == "total")
            continue;
        const double *c = memoryComponent(b, s.label);
        if (!c) {
            why = "unknown step " + s.label;
            return false;
        }
        if (s.value != formatBytes(*c)) {
            why = s.label + " shows " + s.value + ", the breakdown " + formatBytes(*c);
            return false;
        }
        sum += *c;
        ++shown;
    }
    const double nonZero = (b.weights > 0) + (b.gradients > 0) + (b.optimizerStates > 0) + (b.masterWeights > 0)
                           + (b.activations > 0) + (b.logitsLoss > 0) + (b.commBuffers > 0) + (b.kvCache > 0)
                           + (b.workspace > 0) + (b.cudaContext > 0) + (b.allocatorSlack > 0);
    if (shown < nonZero) {
        why = "a non-zero component has no step";
        return false;
    }
    if (std::fabs(sum - m.perGpuBytes) > 1e-9 * m.perGpuBytes) {
        why = "steps add up to " + formatBytes(sum) + ", the evaluation has " + formatBytes(m.perGpuBytes);
        return false;
    }
    return true;
}

} // namespace

class TestExplanation final : public QObject
{
    Q_OBJECT

    Catalog m_catalog;

    bool load(const char *file, Plan &plan)
    {
        std::vector<PlanError> errors;
        return loadPlanFile(std::string(GPUPLAN_SOURCE_DIR "/examples/") + file, &m_catalog, plan, errors);
    }

    static bool evaluatePlan(const Plan &plan, const Catalog &catalog, ResolvedPlan &rp, Evaluation &e)
    {
        std::vector<ResolveError> errors;
        if (!resolvePlan(plan, catalog, rp, errors))
            return false;
        e = evaluate(rp);
        return true;
    }

private slots:
    void initTestCase()
    {
        std::vector<CatalogIssue> issues;
        m_catalog = loadCatalog(CatalogSources{}, issues);
        QVERIFY(!m_catalog.gpus.empty());
    }

    void timeToTrainOfAnElasticPlanWeighsTheDegradedTime()
    {
        Plan plan;
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        plan.reliability.elastic = true;
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        const ElasticResult el = computeElastic(rp, e);
        QVERIFY(el.expectedTimeToTrainS > e.reliability.effectiveTimeToTrainS);
        const Explanation x = explain(ExplainTopic::TimeToTrain, rp, e);
        const std::string text = explanationText(x);
        QVERIFY(contains(text, formatDuration(el.expectedTimeToTrainS)));
        QVERIFY(contains(text, elasticLines(el).fallback));
        QVERIFY(contains(x.result, "elastic " + formatDuration(el.expectedTimeToTrainS)));
        // Without elastic training the explanation has no elastic part.
        plan.reliability.elastic = false;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        QVERIFY(!contains(explanationText(explain(ExplainTopic::TimeToTrain, rp, e)), "elastic progress"));
    }

    void everyTopicExplainsTheTrainingPlan()
    {
        Plan plan;
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        for (int i = 0; i < kExplainTopicCount; ++i) {
            const Explanation x = explain(static_cast<ExplainTopic>(i), rp, e);
            QVERIFY2(x.available, x.title.c_str());
            QVERIFY(!x.formula.empty());
            QVERIFY(!x.steps.empty());
            QVERIFY(!x.source.empty());
            QVERIFY(!x.result.empty());
        }
    }

    // Issue 16: a plan that cannot run (1,000 GPUs, TP 8 x PP 4) is explained with its arithmetic,
    // but every result reads "would be" and the first note gives the verdict.
    void invalidPlanResultsReadWouldBe()
    {
        Plan plan;
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        plan.hardware.numGpus = 1000;
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        QCOMPARE(e.validity.status, PlanStatus::Invalid);
        for (int i = 0; i < kExplainTopicCount; ++i) {
            const Explanation x = explain(static_cast<ExplainTopic>(i), rp, e);
            QVERIFY2(x.result.starts_with("would be "), x.result.c_str());
            QVERIFY(!x.notes.empty());
            QVERIFY2(x.notes.front().starts_with("invalid plan: The 1000 GPUs"), x.notes.front().c_str());
        }
    }

    // Llama 3 70B, TP 8 x PP 4, Megatron distributed optimizer (ZeRO-1) over DP 32, bf16 weights,
    // fp32 gradients, fp32 AdamW states and master copy: 2 + 4 + 8 + 4 = 18 B per parameter with
    // the optimizer states and master copy divided by 32 (docs/formulas.md §2.2, Megatron (6 + 12/d)).
    void memoryShowsTheZeroDivisorAndTheModelsBytes()
    {
        Plan plan;
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        const Explanation x = explain(ExplainTopic::MemoryPerGpu, rp, e);
        const MemoryBreakdown &b = e.memory.breakdown;
        const ExplainStep *opt = findStep(x, "optimizer states");
        QVERIFY(opt);
        QCOMPARE(opt->formula, std::string("K × P_s ÷ d"));
        QVERIFY(contains(opt->substituted, "8 B"));
        QVERIFY(contains(opt->substituted, "÷ 32"));
        QCOMPARE(opt->value, formatBytes(b.optimizerStates));
        const ExplainStep *weights = findStep(x, "weights");
        QVERIFY(weights);
        QCOMPARE(weights->formula, std::string("w × P_s"));   // ZeRO-1 leaves weights whole
        QCOMPARE(weights->value, formatBytes(b.weights));
        QCOMPARE(findStep(x, "gradients")->value, formatBytes(b.gradients));
        QCOMPARE(findStep(x, "master weights")->value, formatBytes(b.masterWeights));
        QCOMPARE(findStep(x, "activations")->value, formatBytes(b.activations));
        QCOMPARE(findStep(x, "total")->value, formatBytes(e.memory.perGpuBytes));
        // Nothing beyond the textbook products in the model states of this plan: no difference note
        // for them.
        for (const std::string &note : x.notes) {
            QVERIFY2(!contains(note, "optimizer states:") && !contains(note, "weights:") && !contains(note, "gradients:"),
                     note.c_str());
        }
        const std::string text = explanationText(x);
        QVERIFY(contains(text, formatBytes(e.memory.perGpuBytes)));
        QVERIFY(contains(text, "Rajbhandari"));
        // The moment of the peak is named (TP 8, PP 4 interleaved: a pipeline stage).
        QVERIFY2(contains(text, "Peak: ") && contains(text, " on stage "), text.c_str());
    }

    // The per-layer activation formula shown gives the value shown (issue 29: the textbook
    // s·b·h·(34 + 5·a·s/h)/t gives 272 MiB where the model holds 340 MiB). Llama 3 70B (Meta's
    // config.json: h 8,192, 64 heads, 8 KV heads of 128, f 28,672, SwiGLU) in BF16 with
    // FlashAttention, TP 8 with SP, micro-batch 1 of 8,192 tokens.
    void activationFormulaGivesTheValueShown()
    {
        Plan plan;
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        const Explanation x = explain(ExplainTopic::MemoryPerGpu, rp, e);
        auto term = [&x](const char *symbol) -> const ExplainTerm * {
            for (const ExplainTerm &t : x.terms)
                if (t.symbol == symbol)
                    return &t;
            return nullptr;
        };
        QVERIFY(term("R") && term("S") && term("C") && term("A_layer"));
        // R: norm inputs 2·2·h + norm outputs 2·2·h + masks 2·1·h; S: 2·(h + 2·8·128 + h) + (3·2 + 2)·f; C: 4 B × 64.
        QCOMPARE(term("R")->value, std::string("81,920 B per token"));
        QCOMPARE(term("S")->value, std::string("266,240 B per token"));
        QCOMPARE(term("C")->value, std::string("256 B per token"));
        QVERIFY2(contains(term("S")->meaning, "gated MLP"), term("S")->meaning.c_str());
        // s·b·(R ÷ r + (S + C) ÷ t) with r = t = 8: 8,192 × (81,920 + 266,496) ÷ 8 B = 340.25 MiB.
        const double perLayer = 8192.0 * (81920.0 + 266240.0 + 256.0) / 8.0;
        QCOMPARE(term("A_layer")->value, formatBytes(perLayer));
        QVERIFY2(contains(term("A_layer")->meaning, "8,192 × (81,920 B ÷ 8 + (266,240 B + 256 B) ÷ 8)"),
                 term("A_layer")->meaning.c_str());
        // The textbook figure is named beside it, with what it leaves out.
        bool textbook = false;
        for (const std::string &note : x.notes)
            textbook = textbook || (contains(note, "Korthikanti") && contains(note, formatBytes(8192.0 * 8192.0 * 34.0 / 8.0)));
        QVERIFY(textbook);
    }

    void memoryNamesTheRecomputedModules()
    {
        // A selective recompute with stated modules says which (Megatron-Core's names), and keeping
        // fewer tensors shows in the per-layer activations.
        Plan plan;
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        plan.parallelism.recompute = Recompute::Selective;
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        const double attentionCore = e.memory.breakdown.activations;
        plan.parallelism.recomputeModules = recompute_module::kCoreAttn | recompute_module::kLayernorm;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        QVERIFY(e.memory.breakdown.activations < attentionCore);
        const Explanation x = explain(ExplainTopic::MemoryPerGpu, rp, e);
        bool named = false;
        for (const ExplainTerm &t : x.terms)
            named = named || (t.symbol == "A_layer" && contains(t.meaning, "(selective: core_attn layernorm)"));
        QVERIFY(named);
    }

    void timeThroughputAndMfuCarryTheEvaluation()
    {
        Plan plan;
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        const TrainingResult &t = e.training;
        const std::string mfu = explanationText(explain(ExplainTopic::Mfu, rp, e));
        QVERIFY(contains(mfu, formatPercent(t.mfu)));
        QVERIFY(contains(mfu, "989"));   // H100 SXM dense BF16 peak, 989.4 TFLOP/s (NVIDIA H100 datasheet)
        QVERIFY(!contains(mfu, "against the BF16 peak"));   // BF16 is measured against its own peak
        // FP32 on the CUDA cores (66.9 TFLOP/s, catalogs/gpus.json from the NVIDIA H100 datasheet): the MFU is against that peak,
        // and the explanation gives it against BF16's too.
        Plan fp32 = plan;
        fp32.precision.compute = Dtype::FP32;
        ResolvedPlan rp32;
        Evaluation e32;
        QVERIFY(evaluatePlan(fp32, m_catalog, rp32, e32));
        const Explanation mfu32 = explain(ExplainTopic::Mfu, rp32, e32);
        const ExplainStep *against = findStep(mfu32, "MFU against BF16");
        QVERIFY(against);
        QCOMPARE(against->value, formatPercent(e32.training.mfu * 66.9 / 989.4));
        QVERIFY(contains(explanationText(mfu32), "not the BF16 Tensor Core peak"));
        const std::string time = explanationText(explain(ExplainTopic::TimeToTrain, rp, e));
        QVERIFY(contains(time, formatDuration(t.timeToTrainS)));
        QVERIFY(contains(time, formatDuration(e.reliability.effectiveTimeToTrainS)));
        const Explanation step = explain(ExplainTopic::StepTime, rp, e);
        QVERIFY(findStep(step, "pipeline bubble"));   // PP 4: the pipeline fills and drains
        QVERIFY(!findStep(step, "other"));   // host time is not called data loading
        QVERIFY(!contains(explanationText(step), "data loading"));
        const Explanation tput = explain(ExplainTopic::Throughput, rp, e);
        QVERIFY(contains(findStep(tput, "tokens per step")->value, "8,388,608"));   // 1,024 x 8,192
    }

    void moeStepShowsWhereItsTimeGoes()
    {
        // DeepSeek-V3's recipe: the step's compute split into the routed experts' GEMMs, attention
        // and the rest, beside the all-to-all and the bubble, each as the breakdown has it.
        Plan plan;
        QVERIFY(load("deepseek-v3-training.gpuplan", plan));
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        const StepBreakdown &b = e.training.breakdown;
        QVERIFY(b.epComm > 0 && b.bubble > 0);
        const MoeComputeShares shares = moeComputeShares(rp, e.layout);
        QVERIFY(shares.expertGemms > 0.1 && shares.attention > 0.02 && shares.expertGemms + shares.attention < 1.0);
        const std::string text = explanationText(explain(ExplainTopic::StepTime, rp, e));
        QVERIFY2(contains(text, "routed experts' grouped GEMMs and token permutation take " +
                                    formatDuration(shares.expertGemms * b.compute)),
                 text.c_str());
        QVERIFY(contains(text, "the expert all-to-all adds " + formatDuration(b.epComm)));
        QVERIFY(contains(text, "the pipeline bubble " + formatDuration(b.bubble)));
        // A dense plan has no such note.
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        QVERIFY(!contains(explanationText(explain(ExplainTopic::StepTime, rp, e)), "Mixture of experts"));
    }

    // Issues 25/27: the explanation reads the figures the memory model computes. DeepSeek-V3's
    // DualPipe recipe (a rank holds stage 0 and stage 15, arXiv 2412.19437 §3.2.1) names both stages'
    // parameters; Llama 3 70B with NVFP4 GEMMs on B200 counts the recipe's weight copies on a GPU
    // whose FP8 GEMMs take any operand layout. In both the steps add up to the per-GPU memory.
    void memoryExplanationAddsUpForDualPipeAndNvfp4()
    {
        Plan plan;
        QVERIFY(load("deepseek-v3-training.gpuplan", plan));
        QCOMPARE(plan.parallelism.schedule, PipelineSchedule::DualPipe);
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        Explanation x = explain(ExplainTopic::MemoryPerGpu, rp, e);
        std::string why;
        QVERIFY2(memoryStepsAddUp(x, e.memory, why), why.c_str());
        QCOMPARE(findStep(x, "total")->value, formatBytes(e.memory.perGpuBytes));
        const StageParams both = combinedStageParams(firstStageParams(rp.shape, e.layout),
                                                     lastStageParams(rp.shape, e.layout));
        const ExplainTerm *ps = nullptr;
        for (const ExplainTerm &t : x.terms)
            if (t.symbol == "P_s")
                ps = &t;
        QVERIFY(ps);
        QCOMPARE(ps->value, formatCount(both.total()) + " parameters");
        QVERIFY2(contains(ps->meaning, "DualPipe"), ps->meaning.c_str());
        // ZeRO-1 leaves the fp32 gradients whole: g x P_s of both stages is the model's figure.
        QVERIFY(contains(findStep(x, "gradients")->substituted, formatCount(both.total())));
        for (const std::string &note : x.notes) {
            QVERIFY2(!contains(note, "gradients: the model's"), note.c_str());
            // The end rank's 16 micro-batches of stage 0 and one of stage 15 (a layer and the MTP
            // module) are the activations' whole product.
            QVERIFY2(!contains(note, "activations: the model's"), note.c_str());
        }
        QVERIFY2(contains(findStep(x, "activations")->substituted, " × 16.0 + ")
                     && contains(findStep(x, "activations")->substituted, " × 1.00 (4 and 2 layers)"),
                 findStep(x, "activations")->substituted.c_str());

        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        plan.hardware.gpu = "B200-SXM-180GB";
        plan.precision.compute = Dtype::FP8;
        plan.precision.fp8Recipe = Fp8Recipe::Nvfp4;
        plan.parallelism.framework = Framework::Megatron;   // Transformer Engine caches the copies
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        QVERIFY(rp.gpu && rp.gpu->fp4DenseFlops > 0);
        x = explain(ExplainTopic::MemoryPerGpu, rp, e);
        QVERIFY2(memoryStepsAddUp(x, e.memory, why), why.c_str());
        bool copies = false;
        for (const std::string &note : x.notes)
            copies = copies || (contains(note, "nvfp4 copies") && contains(note, "any operand layout"));
        QVERIFY2(copies, explanationText(x).c_str());
        // Per-tensor FP8 on the same GPU drops the transpose; the explanation still finds the stage
        // whose states the model reports (the first one: its P_s term says so).
        plan.precision.fp8Recipe = Fp8Recipe::Delayed;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        x = explain(ExplainTopic::MemoryPerGpu, rp, e);
        QVERIFY2(memoryStepsAddUp(x, e.memory, why), why.c_str());
        const StageParams first = firstStageParams(rp.shape, e.layout);
        const StageParams last = lastStageParams(rp.shape, e.layout);
        const double firstWeights = modelStateBytes(plan, rp.shape, e.layout, first, true).weights;
        const bool isFirst = std::fabs(firstWeights - e.memory.breakdown.weights) <= 1e-6 * firstWeights;
        QVERIFY(isFirst || std::fabs(modelStateBytes(plan, rp.shape, e.layout, last, true).weights
                                     - e.memory.breakdown.weights) <= 1e-6 * e.memory.breakdown.weights);
        bool psShown = false;
        for (const ExplainTerm &t : x.terms) {
            if (t.symbol == "P_s") {
                QCOMPARE(t.value, formatCount(isFirst ? first.total() : last.total()) + " parameters");
                psShown = true;
            }
        }
        QVERIFY(psShown);
    }

    void deepSeekV3RecipeMatchesItsReport()
    {
        // DeepSeek-V3 report (arXiv 2412.19437) Table 1: 2.664 M H800 GPU-hours for the 14.8 T
        // pre-training tokens, with DualPipe (§3.2.1) on 16 stages; the target is within 15%.
        Plan plan;
        QVERIFY(load("deepseek-v3-training.gpuplan", plan));
        QCOMPARE(plan.parallelism.schedule, PipelineSchedule::DualPipe);
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        QVERIFY(e.memory.fits);
        const double hours = e.training.gpuHours;
        // 2.81 M (+5.7%) since the selective recompute re-runs the modules the recipe names
        // (RMSNorm, the MLA up-projections, the SwiGLU) instead of the attention core.
        QVERIFY2(std::fabs(hours / 2.664e6 - 1.0) <= 0.15, qPrintable(QString::number(hours)));
        // The same recipe under 1F1B idles (pp - 1)/m = 15/120 of its steady part; DualPipe
        // 7 (1 + B - 3W)/120, where this layer's small weight-gradient share W keeps it at about
        // two thirds of that.
        plan.parallelism.schedule = PipelineSchedule::OneFOneB;
        Evaluation oneF;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, oneF));
        QCOMPARE(oneF.training.bubbleFraction, 15.0 / 120);
        const double ratio = e.training.bubbleFraction / oneF.training.bubbleFraction;
        QVERIFY2(ratio > 0.5 && ratio < 0.8, qPrintable(QString::number(ratio)));
        QVERIFY(oneF.training.gpuHours > hours);
    }

    // Break-even months from the terms shown must be the cost model's figure.
    void breakEvenTermsReproduceTheCostModel()
    {
        Plan plan;
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        QVERIFY(!e.cost.breakEvenNever);
        const Explanation x = explain(ExplainTopic::BreakEven, rp, e);
        QVERIFY(x.available);
        QVERIFY(contains(x.result, formatMonths(e.cost.breakEvenMonths)));
        const Explanation power = explain(ExplainTopic::FacilityPower, rp, e);
        QVERIFY(contains(findStep(power, "facility")->substituted, "× 1.30"));   // the plan's PUE
        const Explanation cost = explain(ExplainTopic::CostPerRun, rp, e);
        QVERIFY(findStep(cost, "cloud total"));
        QVERIFY(findStep(cost, "on-prem share of the run"));
    }

    void explanationFollowsThePlan()
    {
        Plan plan;
        QVERIFY(load("llama3-70b-training.gpuplan", plan));
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        const std::string before = explanationText(explain(ExplainTopic::MemoryPerGpu, rp, e));
        plan.parallelism.zero = 0;
        Evaluation e0;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e0));
        const Explanation after = explain(ExplainTopic::MemoryPerGpu, rp, e0);
        QVERIFY(explanationText(after) != before);
        QCOMPARE(findStep(after, "optimizer states")->formula, std::string("K × P_s"));   // no sharding
        QVERIFY(e0.memory.breakdown.optimizerStates > 30 * e.memory.breakdown.optimizerStates);
    }

    void servingPlanExplainsMemoryAndSaysWhatIsTrainingOnly()
    {
        Plan plan;
        QVERIFY(load("llama3-8b-inference.gpuplan", plan));
        ResolvedPlan rp;
        Evaluation e;
        QVERIFY(evaluatePlan(plan, m_catalog, rp, e));
        const Explanation memory = explain(ExplainTopic::MemoryPerGpu, rp, e);
        QVERIFY(memory.available);
        QCOMPARE(findStep(memory, "KV cache")->value, formatBytes(e.memory.breakdown.kvCache));
        const Explanation mfu = explain(ExplainTopic::Mfu, rp, e);
        QVERIFY(!mfu.available);
        QVERIFY(!mfu.notes.empty());
        QVERIFY(explain(ExplainTopic::Throughput, rp, e).available);
        // Serving GPUs are busy only for the serving load; the power formula says so.
        const Explanation power = explain(ExplainTopic::FacilityPower, rp, e);
        QVERIFY(contains(findStep(power, "GPUs")->formula, "(1 − s)"));
    }
};

QTEST_APPLESS_MAIN(TestExplanation)
#include "tst_explanation.moc"

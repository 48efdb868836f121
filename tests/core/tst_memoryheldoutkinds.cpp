// SPDX-License-Identifier: GPL-3.0-or-later
// Memory rows of the kinds the public table has no row of (tests/data/memory_heldout_kinds.csv:
// torchtitan with context parallelism at 32k-128k and on Blackwell, HF Trainer with Liger's fused
// loss, ms-swift LoRA, DeepSpeed ZeRO-2/3 with CPU offload, QLoRA with a paged 8-bit AdamW, LitGPT
// and other single-GPU recipes, Megatron-LM and NeMo with their defaults, FP8/MXFP8/NVFP4, an MoE
// with EP 8, the three memory counters, an unknown framework, a row with every optional cell
// blank). The rows have no measurements: what is checked is that each is predicted and the
// properties the frameworks' mechanisms imply (docs/accuracy.md, Memory, "Rows of kinds without
// public data"), never an accuracy.
#include "ExampleFixture.h"
#include "ValidationTables.h"

#include "catalog/Catalog.h"
#include "common/Units.h"
#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "memory/MemoryCounter.h"
#include "memory/MemoryModel.h"
#include "memory/MemoryTimeline.h"
#include "model/ModelShape.h"
#include "validate/CsvTable.h"
#include "validate/MemoryRowPlan.h"
#include "validate/ValidationReport.h"
#include "validate/Validators.h"

#include <QTest>

#include <cmath>
#include <utility>
#include <vector>

using namespace gpuplan;

namespace {

using test::Cells;

const CsvTable &fixture()
{
    static const CsvTable t = test::dataTable("memory_heldout_kinds.csv");
    return t;
}

std::size_t rowIndex(const std::string &id)
{
    return test::rowIndexOf(fixture(), id);
}

// A fixture row with `changes` applied.
CsvTable variant(const std::string &id, const Cells &changes)
{
    return test::variantOf(fixture(), id, changes);
}

MemoryRowPlan planOf(const CsvTable &t, std::size_t i = 0)
{
    MemoryRowPlan r;
    std::string reason;
    if (!memoryRowPlan(t, i, bundledCatalog(), r, reason))
        qFatal("row %zu skipped: %s", i, reason.c_str());
    return r;
}

MemoryRowPlan planOf(const std::string &id)
{
    return planOf(fixture(), rowIndex(id));
}

MemoryResult memoryOf(const MemoryRowPlan &r)
{
    return predictMemoryRow(r, bundledCatalog());
}
MemoryResult memoryOf(const std::string &id)
{
    return memoryOf(planOf(id));
}

// The phases of the row's step, resolved as the validation resolves a row (MemoryValidation.cpp).
MemoryTimeline timelineOf(const MemoryRowPlan &r)
{
    ResolvedPlan rp;
    rp.plan = &r.plan;
    rp.catalog = &bundledCatalog();
    rp.gpu = bundledCatalog().findGpu(r.plan.hardware.gpu);
    rp.gpusPerNode = std::max(r.plan.hardware.gpusPerNode, 1);
    rp.shape = computeModelShape(r.plan.model, r.plan.workload.training.seqLen);
    return trainingMemoryTimeline(rp, layoutFromPlan(r.plan));
}

const MemoryPhase &phase(const MemoryTimeline &t, MemoryPhaseKind kind)
{
    for (int i = 0; i < t.count; ++i) {
        if (t.phases[i].kind == kind)
            return t.phases[i];
    }
    qFatal("no phase %d in the timeline", static_cast<int>(kind));
}

ModelShape shapeOf(const MemoryRowPlan &r)
{
    return computeModelShape(r.plan.model, r.plan.workload.training.seqLen);
}

// Parameters of the row's matmul weights (all but embedding, output layer and norms).
double matmulParams(const ModelShape &s)
{
    return s.totalParams - s.embeddingParams - s.outputParams - s.finalNormParams - s.normParamsPerLayer * s.layers;
}

bool within(double v, double lo, double hi)
{
    return v >= lo && v <= hi;
}

std::string text(double v)
{
    return std::to_string(v);
}

}   // namespace

class TestMemoryHeldoutKinds final : public QObject
{
    Q_OBJECT

private slots:
    // Every row is predicted (the README names no kind here that cannot be), with a finite
    // positive peak, and the report lists a default for each blank setting it took.
    void everyRowIsPredicted() const
    {
        QCOMPARE(fixture().rowCount(), std::size_t(25));
        const ValidationReport report = validateMemory(fixture(), bundledCatalog());
        QCOMPARE(report.rows.size(), std::size_t(25));
        for (const ValidationRow &r : report.rows) {
            QVERIFY2(r.skipped.empty(), (r.id + ": " + r.skipped).c_str());
            QVERIFY2(std::isfinite(r.predicted) && r.predicted > 1.0, r.id.c_str());
            QVERIFY2(!r.hasMeasured, r.id.c_str());
        }
        // MK-22 leaves every optional cell blank: each default is named.
        for (const ValidationRow &r : report.rows) {
            if (r.id != "MK-22")
                continue;
            for (const char *d : {"framework=generic", "zero=0", "recompute=none", "global_batch=", "cpu_offload=none",
                                  "loss=standard", "packed=1", "compile=0"})
                QVERIFY2(r.defaults.find(d) != std::string::npos, (r.defaults + " lacks " + d).c_str());
        }
    }

    // No configuration of the file is called "does not fit". MK-15 is the NeMo layout of the
    // training row DGXC-L31-07 (Llama 3.1 405B on 512 H100 80GB, TP 8 PP 8 CP 2 VP 8), which ran:
    // with recompute and the distributed optimizer blank (no recompute; NeMo's distributed
    // optimizer and sequence parallelism) the model puts it at 99 GiB, as Megatron-LM's own
    // theoretical_memory_usage.py would (~36 GB of activations next to 50 GB of states). The run
    // must have recomputed or offloaded something its row does not state.
    void noConfigurationIsCalledDoesNotFit() const
    {
        for (std::size_t i = 0; i < fixture().rowCount(); ++i) {
            const std::string id(fixture().cell(i, "id"));
            if (id == "MK-15")
                continue;
            const MemoryResult m = memoryOf(planOf(fixture(), i));
            QVERIFY2(m.verdict != MemoryVerdict::DoesNotFit, (id + ": " + text(m.perGpuBytes / units::kGiB)).c_str());
        }
        const MemoryResult nemo405 = memoryOf("MK-15");
        QEXPECT_FAIL("", "MK-15: DGXC-L31-07's layout with no recompute needs ~99 GiB (docs/accuracy.md)", Continue);
        QVERIFY(nemo405.verdict != MemoryVerdict::DoesNotFit);
    }

    // The counters of one run: nvidia-smi sees the CUDA context and NCCL's buffers beyond the
    // reserved pool, the reserved pool holds the allocator's slack beyond the allocated tensors.
    void countersOrderForOneRun() const
    {
        const MemoryRowPlan smi = planOf("MK-18"), reserved = planOf("MK-19"), allocated = planOf("MK-20");
        QCOMPARE(smi.counter, MemoryCounter::Device);
        QCOMPARE(reserved.counter, MemoryCounter::Reserved);
        QCOMPARE(allocated.counter, MemoryCounter::Allocated);
        const MemoryResult m = memoryOf(smi);
        const double device = bytesSeenBy(m, MemoryCounter::Device), res = bytesSeenBy(m, MemoryCounter::Reserved),
                     alloc = bytesSeenBy(m, MemoryCounter::Allocated);
        QVERIFY(device - res >= m.breakdown.cudaContext);
        QVERIFY(res - alloc >= 0.9 * m.breakdown.allocatorSlack && m.breakdown.allocatorSlack > 0);
        const ValidationReport report = validateMemory(fixture(), bundledCatalog());
        double seen[3] = {0, 0, 0};
        for (const ValidationRow &r : report.rows) {
            if (r.id == "MK-18")
                seen[0] = r.predicted;
            if (r.id == "MK-19")
                seen[1] = r.predicted;
            if (r.id == "MK-20")
                seen[2] = r.predicted;
        }
        QVERIFY2(seen[0] > seen[1] && seen[1] > seen[2],
                 (text(seen[0]) + " " + text(seen[1]) + " " + text(seen[2])).c_str());
    }

    // torchtitan's defaults for blank cells: op-level selective AC, FSDP over every rank.
    void torchtitanBlanksTakeItsDefaults() const
    {
        const MemoryRowPlan r = planOf("MK-01");
        QCOMPARE(r.plan.parallelism.recompute, Recompute::SelectiveOp);
        QCOMPARE(r.plan.parallelism.zero, 3);
        QVERIFY2(r.defaults.text.find("zero=3") != std::string::npos, r.defaults.text.c_str());
        QCOMPARE(r.plan.parallelism.framework, Framework::Fsdp2);
    }

    // Context parallelism divides the tokens of a rank: at 128k with full AC, CP 8 holds half
    // of CP 4's checkpoints and logits. What is left at the loss is the checkpoints (one layer
    // input per layer) and the fp32 loss's 12 B per logit of the rank's 16k tokens; the first
    // backward adds one layer's re-forward.
    void contextParallelDividesTheTokens() const
    {
        const MemoryRowPlan cp8 = planOf("MK-02");
        const MemoryRowPlan cp4 = planOf(variant("MK-02", {{"cp", "4"}, {"dp", "2"}}));
        const MemoryPhase &loss8 = phase(timelineOf(cp8), MemoryPhaseKind::Loss);
        const MemoryPhase &loss4 = phase(timelineOf(cp4), MemoryPhaseKind::Loss);
        const double actRatio = loss4.bytes.activations / loss8.bytes.activations;
        const double logitRatio = loss4.bytes.logitsLoss / loss8.bytes.logitsLoss;
        QVERIFY2(within(actRatio, 1.95, 2.05), text(actRatio).c_str());
        QVERIFY2(within(logitRatio, 1.95, 2.05), text(logitRatio).c_str());
        const ModelShape s = shapeOf(cp8);
        const double tokens = 131072.0 / 8;
        const double checkpoints = s.layers * tokens * s.hidden * 2.0;
        QVERIFY2(within(loss8.bytes.activations / checkpoints, 0.98, 1.1), text(loss8.bytes.activations).c_str());
        const double logits = tokens * s.vocab * 12.0;
        QVERIFY2(within(loss8.bytes.logitsLoss / logits, 0.98, 1.1), text(loss8.bytes.logitsLoss).c_str());
        // One layer of the same run without recompute: what the first backward re-makes.
        const MemoryRowPlan none = planOf(variant("MK-02", {{"recompute", "none"}}));
        const double oneLayer = phase(timelineOf(none), MemoryPhaseKind::Loss).bytes.activations / s.layers;
        const MemoryPhase &back8 = phase(timelineOf(cp8), MemoryPhaseKind::Backward);
        QVERIFY2(
            back8.bytes.activations - loss8.bytes.activations >= 0.5 * oneLayer,
            (text(back8.bytes.activations) + " vs " + text(loss8.bytes.activations) + " + " + text(oneLayer)).c_str());
    }

    // Blackwell rows: GB200 in its 4-GPU trays, B300 under the name MOE_SOURCES.md uses.
    void blackwellRowsResolve() const
    {
        QCOMPARE(QString::fromStdString(planOf("MK-04").plan.hardware.gpu), QString("GB200-186GB"));
        QCOMPARE(QString::fromStdString(planOf("MK-05").plan.hardware.gpu), QString("B300-SXM-288GB"));
        QVERIFY(bundledCatalog().findGpu("GB300-279GB") == bundledCatalog().findGpu("GB300-288GB"));
    }

    // Liger's fused linear cross-entropy never materializes the logits: at 16k packed tokens its
    // loss phase holds the output layer's weight gradient (made in its forward) and chunks the
    // size of the hidden states, a small fraction of the standard loss's 16 B per logit (HF).
    void fusedLossHoldsNoLogits() const
    {
        QCOMPARE(planOf("MK-08").plan.workload.training.loss, LossKernel::Fused);
        QVERIFY(!planOf("MK-08").plan.workload.training.packed);   // HF Trainer pads
        const MemoryRowPlan fused = planOf(variant("MK-08", {{"packed", "1"}}));
        const MemoryRowPlan standard = planOf(variant("MK-08", {{"packed", "1"}, {"loss", "standard"}}));
        const double f = phase(timelineOf(fused), MemoryPhaseKind::Loss).bytes.logitsLoss;
        const double s = phase(timelineOf(standard), MemoryPhaseKind::Loss).bytes.logitsLoss;
        const ModelShape shape = shapeOf(fused);
        const double tokens = 4.0 * 4096;
        QVERIFY2(within(s / (tokens * shape.vocab * 16.0), 0.98, 1.1), text(s).c_str());
        QVERIFY2(f < 0.1 * s, (text(f) + " vs " + text(s)).c_str());
        QVERIFY(memoryOf(fused).perGpuBytes < memoryOf(standard).perGpuBytes);
    }

    // ms-swift LoRA: gradient checkpointing on by default; the frozen base in the row's bf16
    // (README: blank base_weights = precision), not the fp32 of an autocast full fine-tune.
    void msSwiftLoraKeepsABf16Base() const
    {
        const MemoryRowPlan r = planOf("MK-09");
        QCOMPARE(r.plan.parallelism.recompute, Recompute::Full);
        QCOMPARE(r.plan.precision.weights, Dtype::BF16);
        const double perParam = memoryOf(r).breakdown.weights / shapeOf(r).totalParams;
        QVERIFY2(within(perParam, 1.95, 2.1), text(perParam).c_str());
    }

    // DeepSpeed offload: the offloaded states are host memory, reported as such and not in the
    // GPU figure. ZeRO-3 with parameter offload keeps no states on the GPU; ZeRO-2 with optimizer
    // offload keeps the 16-bit parameters (DeepSpeed's estimator: 2P).
    void offloadIsHostMemory() const
    {
        const MemoryRowPlan z3 = planOf("MK-10");
        const MemoryResult m3 = memoryOf(z3);
        QCOMPARE(m3.breakdown.optimizerStates, 0.0);
        QCOMPARE(m3.breakdown.masterWeights, 0.0);
        QCOMPARE(m3.breakdown.weights, 0.0);
        const double params = shapeOf(z3).totalParams;
        const double hostPerParam = m3.offloadedCpuBytes * z3.plan.parallelism.dp / params;
        QVERIFY2(within(hostPerParam, 16.0, 22.0), text(hostPerParam).c_str());
        const MemoryResult noOffload = memoryOf(planOf(variant("MK-10", {{"cpu_offload", "none"}})));
        QVERIFY(noOffload.offloadedCpuBytes == 0 && noOffload.breakdown.optimizerStates > 0);
        QVERIFY(m3.perGpuBytes < noOffload.perGpuBytes);

        const MemoryRowPlan z2 = planOf("MK-11");
        const MemoryResult m2 = memoryOf(z2);
        QCOMPARE(m2.breakdown.optimizerStates, 0.0);
        QVERIFY2(within(m2.breakdown.weights / params, 1.95, 2.05), text(m2.breakdown.weights / params).c_str());
        QVERIFY(m2.offloadedCpuBytes > 0);

        const ValidationReport report = validateMemory(fixture(), bundledCatalog());
        int noted = 0;
        for (const ValidationRow &r : report.rows) {
            if (r.id == "MK-10" || r.id == "MK-11") {
                QVERIFY2(r.note.find("host memory") != std::string::npos, r.note.c_str());
                ++noted;
            } else {
                QVERIFY2(r.note.find("host memory") == std::string::npos, (r.id + ": " + r.note).c_str());
            }
        }
        QCOMPARE(noted, 2);
    }

    // QLoRA: NF4 base weights at 0.5 B per weight plus the double-quantized constants, the
    // embedding and output layer in 16 bit; the paged 8-bit AdamW's states in unified memory.
    void qloraBaseIsHalfAByte() const
    {
        const MemoryRowPlan r = planOf("MK-12");
        QCOMPARE(r.plan.workload.training.fineTune, FineTune::Qlora);
        QCOMPARE(r.plan.parallelism.offloadOptimizer, Offload::Paged);
        QCOMPARE(r.plan.precision.optimizer, Optimizer::Adam8bit);
        const ModelShape s = shapeOf(r);
        const double sixteenBit = (s.embeddingParams + s.outputParams) * 2.0;
        const double perWeight = (memoryOf(r).breakdown.weights - sixteenBit) / matmulParams(s);
        QVERIFY2(within(perWeight, 0.5, 0.535), text(perWeight).c_str());
    }

    // LitGPT on one GPU: bf16-true (no fp32 copy: 2 B weights, 2 B gradients, 4 B AdamW states),
    // no checkpointing, the chunked loss, with precision left blank.
    void litgptSingleGpuIsBf16True() const
    {
        const MemoryRowPlan r = planOf("MK-13");
        QCOMPARE(r.plan.parallelism.recompute, Recompute::None);
        QCOMPARE(r.plan.workload.training.loss, LossKernel::Chunked);
        QVERIFY(r.defaults.text.find("precision=bf16") != std::string::npos);
        const MemoryResult m = memoryOf(r);
        const double states =
            m.breakdown.weights + m.breakdown.gradients + m.breakdown.optimizerStates + m.breakdown.masterWeights;
        QVERIFY2(within(states / shapeOf(r).totalParams, 7.8, 8.2), text(states / shapeOf(r).totalParams).c_str());
    }

    // Megatron-LM with blank cells: no recompute, no distributed optimizer (18 B per parameter of
    // the stage); NeMo: its recipes' distributed optimizer and sequence parallelism.
    void megatronAndNemoDefaults() const
    {
        const MemoryRowPlan mlm = planOf("MK-14");
        QCOMPARE(mlm.plan.parallelism.zero, 0);
        QCOMPARE(mlm.plan.parallelism.recompute, Recompute::None);
        QVERIFY(!planOf(variant("MK-14", {{"sp", ""}})).plan.parallelism.sp);
        const MemoryResult m = memoryOf(mlm);
        const double states =
            m.breakdown.weights + m.breakdown.gradients + m.breakdown.optimizerStates + m.breakdown.masterWeights;
        const MemoryResult z1 = memoryOf(planOf(variant("MK-14", {{"zero", "1"}})));
        const double statesZ1 =
            z1.breakdown.weights + z1.breakdown.gradients + z1.breakdown.optimizerStates + z1.breakdown.masterWeights;
        // 18 B against 6 + 12/d B per parameter (d = 2).
        QVERIFY2(within(states / statesZ1, 18.0 / 12.0 * 0.98, 18.0 / 12.0 * 1.02), text(states / statesZ1).c_str());

        const MemoryRowPlan nemo = planOf("MK-15");
        QCOMPARE(nemo.plan.parallelism.framework, Framework::Megatron);
        QCOMPARE(nemo.plan.parallelism.zero, 1);
        QVERIFY(nemo.plan.parallelism.sp);
        QCOMPARE(nemo.plan.parallelism.recompute, Recompute::None);
    }

    // FP8 weights: Transformer Engine (Megatron) keeps an FP8 copy and its transpose of every
    // matmul weight on Hopper (2 B each); torchao float8 under FSDP2 casts per layer (nothing
    // persistent). On Blackwell: NVFP4 1.125 B and MXFP8 2.0625 B per matmul weight, and their
    // saved linear inputs below bf16's.
    void lowPrecisionWeightCopies() const
    {
        const MemoryRowPlan mFp8 = planOf("MK-16");
        const MemoryRowPlan mBf16 = planOf(variant("MK-16", {{"precision", "bf16"}}));
        const ModelShape s = shapeOf(mFp8);
        const double tp = mFp8.plan.parallelism.tp;
        const double added =
            (memoryOf(mFp8).breakdown.weights - memoryOf(mBf16).breakdown.weights) / (matmulParams(s) / tp);
        QVERIFY2(within(added, 1.9, 2.1), text(added).c_str());

        const MemoryResult tFp8 = memoryOf("MK-06");
        const MemoryResult tBf16 = memoryOf(planOf(variant("MK-06", {{"precision", "bf16"}, {"fp8_recipe", ""}})));
        QCOMPARE(tFp8.breakdown.weights, tBf16.breakdown.weights);

        const MemoryRowPlan nv = planOf("MK-23");
        QCOMPARE(nv.plan.precision.fp8Recipe, Fp8Recipe::Nvfp4);
        QCOMPARE(planOf("MK-24").plan.precision.fp8Recipe, Fp8Recipe::Mxfp8);
        const MemoryResult fp4 = memoryOf(nv), mx = memoryOf("MK-24"), bf = memoryOf("MK-25");
        const double mm = matmulParams(shapeOf(nv));
        const double nvAdded = (fp4.breakdown.weights - bf.breakdown.weights) / mm;
        const double mxAdded = (mx.breakdown.weights - bf.breakdown.weights) / mm;
        QVERIFY2(within(nvAdded, 1.1, 1.15), text(nvAdded).c_str());
        QVERIFY2(within(mxAdded, 2.03, 2.09), text(mxAdded).c_str());
        QVERIFY(fp4.breakdown.activations < mx.breakdown.activations &&
                mx.breakdown.activations < bf.breakdown.activations);
        // nvfp4 goes with precision fp4 only.
        MemoryRowPlan out;
        std::string reason;
        QVERIFY(!memoryRowPlan(variant("MK-24", {{"fp8_recipe", "nvfp4"}}), 0, bundledCatalog(), out, reason));
        QVERIFY2(reason.find("fp8_recipe") != std::string::npos, reason.c_str());
    }

    // Qwen3-30B-A3B with EP 8: each rank holds an eighth of the routed experts; EP 4 holds an
    // eighth more of them in bf16.
    void expertParallelShardsTheExperts() const
    {
        const MemoryRowPlan ep8 = planOf("MK-17");
        QCOMPARE(ep8.plan.parallelism.ep, 8);
        const MemoryRowPlan ep4 = planOf(variant("MK-17", {{"ep", "4"}}));
        const ModelShape s = shapeOf(ep8);
        const double expected = s.expertParamsTotal * (1.0 / 4 - 1.0 / 8) * 2.0;
        const double diff = memoryOf(ep4).breakdown.weights - memoryOf(ep8).breakdown.weights;
        QVERIFY2(within(diff / expected, 0.97, 1.03), (text(diff) + " vs " + text(expected)).c_str());
    }

    // A framework the catalog does not know runs as the generic stack and says so.
    void unknownFrameworkIsGeneric() const
    {
        const MemoryRowPlan r = planOf("MK-21");
        QCOMPARE(r.plan.parallelism.framework, Framework::Generic);
        QVERIFY2(r.defaults.text.find("framework=generic (\"axolotl\" unknown)") != std::string::npos,
                 r.defaults.text.c_str());
    }

    // The names run configs give stacks, optimizers and loss kernels read as the README's values:
    // HF TrainingArguments.optim names, Liger's and Cut Cross-Entropy's losses, Megatron-Bridge and
    // LLaMA-Factory as the stacks they run on. An optimizer the model has no states for is skipped.
    void runConfigNames() const
    {
        QCOMPARE(planOf(variant("MK-21", {{"framework", "megatron-bridge"}})).plan.parallelism.framework,
                 Framework::Megatron);
        QCOMPARE(planOf(variant("MK-21", {{"framework", "LLaMA-Factory"}})).plan.parallelism.framework, Framework::HfPeft);
        for (const char *adamw : {"adamw_torch", "adamw_torch_fused", "fused_adam"})
            QCOMPARE(planOf(variant("MK-21", {{"optimizer", adamw}})).plan.precision.optimizer, Optimizer::AdamW);
        for (const char *eight : {"paged_adamw_8bit", "adamw_bnb_8bit", "adamw_8bit"})
            QCOMPARE(planOf(variant("MK-21", {{"optimizer", eight}})).plan.precision.optimizer, Optimizer::Adam8bit);
        for (const char *fused : {"liger", "fused_linear_cross_entropy", "cce"})
            QCOMPARE(planOf(variant("MK-21", {{"loss", fused}})).plan.workload.training.loss, LossKernel::Fused);
        QCOMPARE(planOf(variant("MK-21", {{"loss", "chunked_ce"}})).plan.workload.training.loss, LossKernel::Chunked);
        const CsvTable muon = variant("MK-21", {{"optimizer", "muon"}});
        MemoryRowPlan skipped;
        std::string reason;
        QVERIFY(!memoryRowPlan(muon, 0, bundledCatalog(), skipped, reason));
        QVERIFY2(reason.find("optimizer \"muon\"") != std::string::npos, reason.c_str());
    }
};

QTEST_APPLESS_MAIN(TestMemoryHeldoutKinds)
#include "tst_memoryheldoutkinds.moc"

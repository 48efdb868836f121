// SPDX-License-Identifier: GPL-3.0-or-later
// Training rows of the kinds the public table has no row of (tests/data/training_heldout_kinds.csv:
// DeepSeek-V3 and Kimi K2 on GB200/GB300 NVL72 racks, Qwen3 with EP, expert TP and VP, torchtitan
// and NeMo AutoModel runs, NVFP4 on B300 and GB300, FP4 on H100, Mixtral with expert TP, blank
// columns). Two rows carry the measurement of the public row they copy; the others have none. What
// is checked is that each row is predicted or skipped with its reason, and the properties the
// mechanism implies (docs/accuracy.md, "Rows of kinds without public data"), not an accuracy.
#include "ValidationTables.h"

#include "catalog/CatalogLoader.h"
#include "catalog/GpuSpec.h"
#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "memory/ModelStateMemory.h"
#include "perf/TrainingTime.h"
#include "plan/RecomputeModules.h"
#include "validate/CsvTable.h"
#include "validate/TrainingRowPlan.h"
#include "validate/ValidationReport.h"
#include "validate/Validators.h"

#include <QTest>

#include <cmath>
#include <memory>
#include <utility>
#include <vector>

using namespace gpuplan;

namespace {

using test::Cells;

const CsvTable &fixture()
{
    static const CsvTable table = test::dataTable("training_heldout_kinds.csv");
    return table;
}

std::size_t rowOf(const std::string &id)
{
    return test::rowIndexOf(fixture(), id);
}

// The fixture row `id` with `cells` replaced, as a table of its own (a variant of the same run).
CsvTable variant(const std::string &id, const Cells &cells)
{
    return test::variantOf(fixture(), id, cells);
}

// One row read, resolved and timed, as the validator does (TrainingValidation.cpp).
struct Timed
{
    std::unique_ptr<TrainingRowPlan> row = std::make_unique<TrainingRowPlan>();
    ResolvedPlan resolved;
    Layout layout;
    TrainingResult result;
    std::string skipped;
};

Timed timed(const CsvTable &t, std::size_t i)
{
    Timed out;
    if (!trainingRowPlan(t, i, bundledCatalog(), *out.row, out.skipped))
        return out;
    std::vector<ResolveError> errors;
    if (!resolvePlan(out.row->plan, bundledCatalog(), out.resolved, errors))
        qFatal("%s: %s", std::string(t.cell(i, "id")).c_str(), errors.front().message.c_str());
    out.layout = layoutFromPlan(out.row->plan);
    out.result = estimateTrainingTime(out.resolved, out.layout);
    return out;
}

Timed timed(const std::string &id)
{
    return timed(fixture(), rowOf(id));
}

Timed timed(const std::string &id, const Cells &cells)
{
    return timed(variant(id, cells), 0);
}

// Model FLOPs per second and GPU against the GPU's dense 16-bit peak: the MFU the sources print
// (DGXC and Megatron-LM quote FP8 runs against the BF16 peak as well), so formats compare.
double mfuOf16BitPeak(const Timed &t)
{
    const double perGpu = t.result.modelFlopsPerStep / (t.result.stepTimeS * t.row->plan.hardware.numGpus);
    return perGpu / t.resolved.gpu->peak(Dtype::BF16);
}

}   // namespace

class TestTrainingHeldoutKinds final : public QObject
{
    Q_OBJECT

private slots:
    // Every row but FP4 on H100 and the EP that does not divide the experts is predicted; those two
    // are skipped with their reasons, FP4 on Hopper as not supported rather than predicted from FP8.
    void everyRowButTheUnsupportedIsPredicted() const
    {
        const ValidationReport report = validateTraining(fixture(), bundledCatalog());
        QCOMPARE(report.rows.size(), std::size_t(16));
        int predicted = 0;
        for (const ValidationRow &r : report.rows) {
            if (r.id == "TK-11") {
                QVERIFY2(r.skipped.find("FP4 (NVFP4) training is not supported on H100-SXM-80GB") != std::string::npos,
                         r.skipped.c_str());
            } else if (r.id == "TK-16") {
                QVERIFY2(r.skipped.find("column ep = 16 does not divide num_experts = 8") != std::string::npos,
                         r.skipped.c_str());
            } else {
                QVERIFY2(r.skipped.empty(), (r.id + ": " + r.skipped).c_str());
                QVERIFY2(std::isfinite(r.predicted) && r.predicted > 0, r.id.c_str());
                ++predicted;
            }
        }
        QCOMPARE(predicted, 14);
        // An EP degree that the stage's TP x DP x CP ranks cannot be grouped into (16 on 8 GPUs).
        const Timed over = timed("TK-05", {{"ep", "16"}});
        QVERIFY2(over.skipped.find("column ep = 16 does not divide the 8 expert ranks") != std::string::npos,
                 over.skipped.c_str());
    }

    // Model FLOPs utilization of every predicted row between 10% and 60% of the 16-bit peak.
    void mfuIsPlausible() const
    {
        for (std::size_t i = 0; i < fixture().rowCount(); ++i) {
            const Timed t = timed(fixture(), i);
            if (!t.skipped.empty())
                continue;
            const double mfu = mfuOf16BitPeak(t);
            const std::string what = std::string(fixture().cell(i, "id")) + ": MFU " + std::to_string(mfu);
            QVERIFY2(mfu >= 0.10 && mfu <= 0.60, what.c_str());
        }
    }

    // FP8 GEMMs shorten the step of the same layout, by less than their 2x peak (attention, the
    // all-to-all and the memory-bound kernels stay as they were, the casts are added).
    void fp8IsFasterThanBf16ButUnderTwice() const
    {
        const double moe = timed("TK-04").result.tokensPerSPerGpu / timed("TK-03").result.tokensPerSPerGpu;
        QVERIFY2(moe > 1.0 && moe < 2.0, std::to_string(moe).c_str());
        const Timed dense = timed("TK-14");
        const double denseRatio =
            timed("TK-14", {{"precision", "fp8"}}).result.tokensPerSPerGpu / dense.result.tokensPerSPerGpu;
        QVERIFY2(denseRatio > 1.1 && denseRatio < 2.0, std::to_string(denseRatio).c_str());
        const double b300 = timed("TK-09").result.tokensPerSPerGpu /
                            timed("TK-09", {{"precision", "bf16"}, {"fp8_recipe", ""}}).result.tokensPerSPerGpu;
        QVERIFY2(b300 > 1.0 && b300 < 2.0, std::to_string(b300).c_str());
    }

    // NVFP4 (GEMMs at the FP4 rate) is faster than MXFP8 on the same B300 and GB300 layouts, and by
    // less than the FP4/FP8 peak ratio; a blank fp8_recipe with precision fp4 is the NVFP4 recipe.
    void nvfp4IsFasterThanFp8OnBlackwellUltra() const
    {
        const Timed fp4 = timed("TK-08");
        const Timed fp8 = timed("TK-09");
        QCOMPARE(fp4.row->plan.precision.fp8Recipe, Fp8Recipe::Nvfp4);
        const double peakRatio = fp4.resolved.gpu->peak(Dtype::NVFP4) / fp4.resolved.gpu->peak(Dtype::FP8);
        const double b300 = fp4.result.tokensPerSPerGpu / fp8.result.tokensPerSPerGpu;
        QVERIFY2(b300 > 1.0 && b300 < peakRatio, std::to_string(b300).c_str());
        const Timed gb300 = timed("TK-10");
        QCOMPARE(gb300.row->plan.precision.fp8Recipe, Fp8Recipe::Nvfp4);
        const double rack = gb300.result.tokensPerSPerGpu /
                            timed("TK-10", {{"precision", "fp8"}, {"fp8_recipe", "mxfp8"}}).result.tokensPerSPerGpu;
        QVERIFY2(rack > 1.0 && rack < peakRatio, std::to_string(rack).c_str());
    }

    // EP 64 on GB200 rows of 4-GPU trays runs inside the rack's 72-GPU NVLink domain; the same EP
    // over 8-GPU hosts with a 400 Gb/s NIC per GPU crosses the network and takes several times as long.
    void epAllToAllStaysInTheNvl72Domain() const
    {
        const Timed rack = timed("TK-01");
        QCOMPARE(rack.row->plan.hardware.gpusPerNode, 0);   // the node type's domain
        QCOMPARE(rack.resolved.gpusPerNode, 72);
        QCOMPARE(rack.row->plan.parallelism.ep, 64);
        Plan hosts = rack.row->plan;
        hosts.hardware.gpusPerNode = 8;
        hosts.hardware.nodeNetworkGbps = 8 * 400;
        ResolvedPlan resolved;
        std::vector<ResolveError> errors;
        QVERIFY(resolvePlan(hosts, bundledCatalog(), resolved, errors));
        const TrainingResult network = estimateTrainingTime(resolved, layoutFromPlan(hosts));
        QVERIFY(rack.result.breakdown.epComm > 0);
        const double ratio = network.breakdown.epComm / rack.result.breakdown.epComm;
        QVERIFY2(ratio > 2.0, std::to_string(ratio).c_str());
        QVERIFY(network.stepTimeS > rack.result.stepTimeS);
    }

    // Blank columns are the stacks' documented defaults: ep 1 (each GPU holds every expert),
    // recompute none for Megatron-Core and NeMo AutoModel, torchtitan's op-level selective
    // checkpointing, vp 1, a generic stack for a blank framework, delayed scaling for a blank
    // fp8_recipe with precision fp8.
    void blankColumnsAreTheStacksDefaults() const
    {
        const Timed titan = timed("TK-13");
        QCOMPARE(titan.row->plan.parallelism.ep, 1);
        QCOMPARE(titan.row->plan.parallelism.recompute, Recompute::SelectiveOp);
        QCOMPARE(titan.row->plan.parallelism.vp, 1);
        const StageParams all = firstStageParams(titan.resolved.shape, titan.layout);
        const StageParams eight = firstStageParams(titan.resolved.shape, timed("TK-13", {{"ep", "8"}}).layout);
        QCOMPARE(all.expert / eight.expert, 8.0);
        // Stated "selective" under torchtitan is its op-level mode too; under Megatron the attention core.
        QCOMPARE(timed("TK-13", {{"recompute", "selective"}}).row->plan.parallelism.recompute, Recompute::SelectiveOp);
        QCOMPARE(timed("TK-03").row->plan.parallelism.recompute, Recompute::Selective);
        QCOMPARE(timed("TK-12").row->plan.parallelism.recompute, Recompute::None);
        QCOMPARE(timed("TK-06").row->plan.parallelism.recompute, Recompute::None);
        QCOMPARE(timed("TK-04").row->plan.precision.fp8Recipe, Fp8Recipe::Delayed);
        const Timed generic = timed("TK-15");
        QCOMPARE(generic.row->plan.parallelism.sharding, ShardingImpl::Megatron);
        QCOMPARE(generic.row->plan.parallelism.recompute, Recompute::None);
        QCOMPARE(generic.row->plan.hardware.gpusPerNode, 0);   // EP 16 within the NVL72 domain
        // TK-12 states no sp: Megatron-Core requires sequence parallelism for EP with TP.
        QVERIFY(timed("TK-12").row->plan.parallelism.sp);
    }

    // The recompute cell in the words run configs use: boolean checkpointing flags and LitGPT's
    // Block policy, Megatron-Core's module names; anything else is skipped with its reason, never
    // read as some other mode (an unknown word was once "selective").
    void recomputeWordsOfRunConfigs() const
    {
        for (const char *off : {"off", "false", "No"})
            QCOMPARE(timed("TK-03", {{"recompute", off}}).row->plan.parallelism.recompute, Recompute::None);
        for (const char *on : {"on", "true", "block", "FULL"})
            QCOMPARE(timed("TK-03", {{"recompute", on}}).row->plan.parallelism.recompute, Recompute::Full);
        const Timed modules = timed("TK-03", {{"recompute", "mla_up_proj+moe_act"}});
        QVERIFY2(modules.skipped.empty(), modules.skipped.c_str());
        QCOMPARE(modules.row->plan.parallelism.recompute, Recompute::Selective);
        QCOMPARE(modules.row->plan.parallelism.recomputeModules, recompute_module::kMlaUpProj | recompute_module::kMoeAct);
        for (const char *unknown : {"partial", "1", "full:4", "moe_act moe_act"}) {
            const Timed t = timed("TK-03", {{"recompute", unknown}});
            QVERIFY2(!t.skipped.empty(), unknown);
            QVERIFY2(t.skipped.find("column recompute") != std::string::npos, t.skipped.c_str());
        }
    }

    // A stack named by any of its names takes its preset's sharding (plan/FrameworkPresets.h);
    // DeepSpeed overlaps the gradient reduction only under ZeRO-3 (overlap_comm's default).
    void stackNamesTakeTheirPresets() const
    {
        for (const char *fsdp : {"fsdp2", "composer", "accelerate", "torchtune", "LitGPT"})
            QVERIFY2(timed("TK-15", {{"framework", fsdp}}).row->plan.parallelism.sharding == ShardingImpl::Fsdp, fsdp);
        for (const char *megatron : {"megatron-lm", "Megatron-Core", "other", "unheard-of"})
            QVERIFY2(timed("TK-15", {{"framework", megatron}}).row->plan.parallelism.sharding == ShardingImpl::Megatron,
                     megatron);
        const Timed z3 = timed("TK-15", {{"framework", "deepspeed"}, {"zero", "3"}});
        QCOMPARE(z3.row->plan.parallelism.sharding, ShardingImpl::DeepSpeed);
        QVERIFY(z3.row->plan.parallelism.overlapGradReduce);
        QVERIFY(z3.row->plan.parallelism.flashAttention);
        QVERIFY(!timed("TK-15", {{"framework", "deepspeed"}, {"zero", "1"}}).row->plan.parallelism.overlapGradReduce);
        const Timed bloomEra = timed("TK-15", {{"framework", "megatron-deepspeed"}, {"zero", "3"}});
        QVERIFY(!bloomEra.row->plan.parallelism.overlapGradReduce && !bloomEra.row->plan.parallelism.flashAttention);
    }

    // Blank tp/pp under an FSDP stack is its default, no TP and no PP; under Megatron the layout of
    // a large run was not published and the row is not predicted.
    void blankLayoutIsTheFsdpStacksDefault() const
    {
        const Timed titan = timed("TK-13", {{"tp", ""}, {"pp", ""}});
        QVERIFY2(titan.skipped.empty(), titan.skipped.c_str());
        QCOMPARE(titan.row->plan.parallelism.tp, 1);
        QCOMPARE(titan.row->plan.parallelism.pp, 1);
        QCOMPARE(titan.result.tokensPerSPerGpu, timed("TK-13", {{"tp", "1"}, {"pp", "1"}}).result.tokensPerSPerGpu);
        for (const char *stack : {"megatron", "deepspeed", "other"}) {
            const Timed t = timed("TK-13", {{"tp", ""}, {"framework", stack}});
            QVERIFY2(t.skipped.find("parallel layout not published") != std::string::npos, stack);
        }
    }

    // fp8_recipe as Transformer Engine's recipe classes, torchao's recipes and papers name them.
    void fp8RecipeWordsOfRunConfigs() const
    {
        const std::pair<const char *, Fp8Recipe> words[] = {
            {"Float8CurrentScaling", Fp8Recipe::Tensorwise}, {"rowwise", Fp8Recipe::Tensorwise},
            {"DelayedScaling", Fp8Recipe::Delayed},         {"hybrid", Fp8Recipe::Delayed},
            {"Float8BlockScaling", Fp8Recipe::Blockwise},   {"1x128", Fp8Recipe::Blockwise},
            {"MXFP8BlockScaling", Fp8Recipe::Mxfp8}};
        for (const auto &[word, recipe] : words) {
            const Timed t = timed("TK-04", {{"fp8_recipe", word}});
            QVERIFY2(t.skipped.empty(), t.skipped.c_str());
            QVERIFY2(t.row->plan.precision.fp8Recipe == recipe, word);
        }
        QCOMPARE(timed("TK-08", {{"fp8_recipe", "NVFP4BlockScaling"}}).row->plan.precision.fp8Recipe, Fp8Recipe::Nvfp4);
        // FP4 training by any of its names and in any case, as the memory reader reads them.
        for (const char *fp4 : {"FP4", "nvfp4", "NVFP4", "mxfp4"}) {
            const Timed t = timed("TK-08", {{"precision", fp4}});
            QVERIFY2(t.skipped.empty(), t.skipped.c_str());
            QVERIFY2(t.row->plan.precision.fp8Recipe == Fp8Recipe::Nvfp4, fp4);
            QCOMPARE(t.result.tokensPerSPerGpu, timed("TK-08").result.tokensPerSPerGpu);
        }
        QVERIFY(timed("TK-08", {{"precision", "fp3"}}).skipped.find("has no training time model") != std::string::npos);
        const Timed unknown = timed("TK-04", {{"fp8_recipe", "per_channel"}});
        QVERIFY2(unknown.skipped.find("column fp8_recipe") != std::string::npos, unknown.skipped.c_str());
    }

    // Expert TP 2 splits each expert over two GPUs: half the routed-expert weights per GPU of
    // expert TP 1 on the same TP 2 x EP 8 layout, the dense weights unchanged.
    void expertTpSplitsTheExpertWeights() const
    {
        const Timed etp2 = timed("TK-12");
        const Timed etp1 = timed("TK-12", {{"expert_tp", "1"}});
        QCOMPARE(etp2.layout.expertTpOrTp(), 2);
        QCOMPARE(etp1.layout.expertTpOrTp(), 1);
        const StageParams two = firstStageParams(etp2.resolved.shape, etp2.layout);
        const StageParams one = firstStageParams(etp1.resolved.shape, etp1.layout);
        QVERIFY(two.expert > 0);
        QCOMPARE(two.expert / one.expert, 0.5);
        QCOMPARE(two.matmul, one.matmul);
        // The distributed optimizer shards the experts over their expert-DP group (TP x DP x CP over
        // expert TP x EP: 2 ranks at expert TP 1, 1 at expert TP 2), so each GPU's share of the
        // experts' optimizer states is the same, 1 / (TP x DP x CP) of them, either way.
        QCOMPARE(etp2.row->plan.parallelism.zero, 1);
        const ModelStateBytes statesTwo = modelStateBytes(etp2.row->plan, etp2.resolved.shape, etp2.layout, two);
        const ModelStateBytes statesOne = modelStateBytes(etp1.row->plan, etp1.resolved.shape, etp1.layout, one);
        QVERIFY(statesOne.weights > statesTwo.weights);
        QVERIFY(std::fabs(statesOne.optimizerStates - statesTwo.optimizerStates) <= 1e-9 * statesTwo.optimizerStates);
        // The two rows with a public measurement are the public rows' own predictions.
        const ValidationReport report = validateTraining(fixture(), bundledCatalog());
        int measured = 0;
        for (const ValidationRow &r : report.rows)
            measured += r.hasMeasured ? 1 : 0;
        QCOMPARE(measured, 2);
    }
};

QTEST_APPLESS_MAIN(TestTrainingHeldoutKinds)
#include "tst_trainingheldoutkinds.moc"

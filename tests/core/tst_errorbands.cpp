// SPDX-License-Identifier: GPL-3.0-or-later
// Error bands from validation (catalogs/error_bands.json, docs/accuracy.md "How bands are chosen"):
// the catalog holds what `validate KIND FILE --bands` computes on the public tables today (so it
// cannot go stale), the lookup falls back to coarser regimes under 5 rows, and the bands the
// examples get are pinned.
#include "ExampleFixture.h"
#include "ValidationTables.h"

#include "catalog/CatalogLoader.h"
#include "catalog/ErrorBand.h"
#include "evaluator/EvaluationJson.h"
#include "memory/MemoryAssumptions.h"
#include "memory/MemoryModel.h"
#include "validate/ErrorBands.h"
#include "validate/Validators.h"

#include <QTest>

#include <cmath>
#include <map>

using namespace gpuplan;

namespace {

ValidationReport validateKind(const std::string &kind)
{
    const Catalog &c = bundledCatalog();
    const CsvTable table = test::validationTable((kind + "_public.csv").c_str());
    return kind == "training" ? validateTraining(table, c) : kind == "inference" ? validateInference(table, c)
                                                                                 : validateMemory(table, c);
}

ErrorBandEntry entry(RegimeKey key, double mape, int rows)
{
    ErrorBandEntry e;
    e.key = key;
    e.mapePct = mape;
    e.rows = rows;
    return e;
}

} // namespace

class TestErrorBands : public QObject
{
    Q_OBJECT

private slots:
    void catalogMatchesValidation_data() const
    {
        QTest::addColumn<QString>("kind");
        QTest::newRow("training") << "training";
        QTest::newRow("inference") << "inference";
        QTest::newRow("memory") << "memory";
    }

    void catalogMatchesValidation() const
    {
        QFETCH(QString, kind);
        const std::vector<ErrorBandEntry> computed = computeErrorBands(validateKind(kind.toStdString()));
        QVERIFY(!computed.empty());
        std::map<std::string, const ErrorBandEntry *> shipped;
        for (const ErrorBandEntry &e : bundledCatalog().errorBands)
            shipped[e.id] = &e;
        std::map<std::string, bool> seen;
        for (const ErrorBandEntry &e : computed) {
            const auto it = shipped.find(e.id);
            QVERIFY2(it != shipped.end(), ("catalogs/error_bands.json lacks " + e.id).c_str());
            QVERIFY2(it->second->key == e.key, e.id.c_str());
            QVERIFY2(std::abs(it->second->mapePct - e.mapePct) <= 0.5,
                     (e.id + ": catalog " + std::to_string(it->second->mapePct) + "%, validation now " +
                      std::to_string(e.mapePct) + "%").c_str());
            QVERIFY2(it->second->rows == e.rows, (e.id + ": rows " + std::to_string(it->second->rows) + " vs " +
                                                  std::to_string(e.rows)).c_str());
            seen[e.id] = true;
        }
        // No entry of this kind's metrics that the validation no longer produces.
        for (const ErrorBandEntry &e : bundledCatalog().errorBands) {
            const bool serving = isServingMetric(e.key.metric);
            const bool ofKind = kind == "inference" ? serving
                                : kind == "memory"  ? e.key.metric == BandMetric::Memory
                                                    : e.key.metric == BandMetric::TrainingTime;
            if (ofKind)
                QVERIFY2(seen.count(e.id), ("stale entry " + e.id).c_str());
        }
    }

    void lookupFallsBackUnderFiveRows() const
    {
        const RegimeKey fine{BandMetric::TrainingTime, GpuClass::Fp8, 2, ModelKind::Moe};
        const RegimeKey gpuOnly{BandMetric::TrainingTime, GpuClass::Fp8, 0, ModelKind::Any};
        const RegimeKey all{BandMetric::TrainingTime, GpuClass::Any, 0, ModelKind::Any};
        std::vector<ErrorBandEntry> bands = {entry(fine, 30, 4), entry(gpuOnly, 14, 25), entry(all, 9, 800)};
        QCOMPARE(findErrorBand(bands, fine), &bands[1]);
        bands[0].rows = 5;
        QCOMPARE(findErrorBand(bands, fine), &bands[0]);
        bands[1].rows = 3;
        QCOMPARE(findErrorBand(bands, {BandMetric::TrainingTime, GpuClass::Fp8, 1, ModelKind::Dense}), &bands[2]);
        // Another metric never borrows these.
        QCOMPARE(findErrorBand(bands, {BandMetric::Memory, GpuClass::Fp8, 2, ModelKind::Moe}), nullptr);
        // The GPU class with the plan's model kind comes before the GPU class alone.
        const RegimeKey kind{BandMetric::TrainingTime, GpuClass::Fp8, 0, ModelKind::Moe};
        std::vector<ErrorBandEntry> withKind = {entry(fine, 30, 4), entry(kind, 24, 8), entry(gpuOnly, 14, 25)};
        QCOMPARE(findErrorBand(withKind, fine), &withKind[1]);
        QCOMPARE(findErrorBand(withKind, {BandMetric::TrainingTime, GpuClass::Fp8, 2, ModelKind::Dense}), &withKind[2]);
    }

    void badEntryIsReported() const
    {
        Catalog c = bundledCatalog();
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c,
                         R"({"format": "gpuplan-catalog", "version": 1, "error_bands": [{"id": "x",
                            "metric": "training_time", "gpu_class": "fp8", "framework": "pytorch-lightning",
                            "model_kind": "dense", "mape_pct": 5, "rows": 10, "source": "test", "date": "2026-12"}]})",
                         "user.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(issues[0].field), QString("framework"));
        QVERIFY(issues[0].message.find("pytorch-lightning") != std::string::npos);
    }

    // A dense Hopper training plan: its regime (FP8 class, generic framework, dense) has fewer
    // than 5 test-half rows, so the band is the FP8 class's dense rows'.
    void denseHopperPlanBand() const
    {
        const auto f = test::loadExample("llama3-70b-training.gpuplan");
        QVERIFY(f);
        QCOMPARE(gpuClassOf(*f->resolved.gpu), GpuClass::Fp8);
        QVERIFY(std::abs(f->evaluation.training.errorBand - 0.0914) < 1e-9);
        const auto j = evaluationToJson(f->resolved, f->evaluation);
        QCOMPARE(QString::fromStdString(j["training"]["error_band_basis"].get<std::string>()),
                 QString("Dense on FP8-class GPUs (Hopper, Ada, MI300): ±9.1% over 17 test-half rows "
                         "(fewer than 5 rows for training_time/fp8/generic/dense)"));
    }

    void deepSeekV3Band() const
    {
        const auto f = test::loadExample("deepseek-v3-training.gpuplan");
        QVERIFY(f);
        QVERIFY(f->resolved.shape.moeLayers > 0);
        QVERIFY(std::abs(f->evaluation.training.errorBand - 0.2441) < 1e-9);
        const auto j = evaluationToJson(f->resolved, f->evaluation);
        QCOMPARE(QString::fromStdString(j["training"]["error_band_basis"].get<std::string>()),
                 QString("MoE on FP8-class GPUs (Hopper, Ada, MI300): ±24.4% over 8 test-half rows "
                         "(fewer than 5 rows for training_time/fp8/megatron/moe)"));
    }

    // A regime with rows of its own: the dense vLLM serving example on H100.
    void servingBandFromItsRegime() const
    {
        const auto f = test::loadExample("llama3-8b-inference.gpuplan");
        QVERIFY(f);
        QVERIFY(std::abs(f->evaluation.inference.errorBand - 0.1553) < 1e-9);
        const auto j = evaluationToJson(f->resolved, f->evaluation);
        QCOMPARE(QString::fromStdString(j["inference"]["error_band_basis"].get<std::string>()),
                 QString("Dense on FP8-class GPUs (Hopper, Ada, MI300), vllm: ±15.5% over 55 test-half rows"));
        QVERIFY(std::abs(j["inference"]["ttft_error_band"].get<double>() - 0.4062) < 1e-9);
        QVERIFY(std::abs(j["inference"]["tpot_error_band"].get<double>() - 0.2104) < 1e-9);
    }

    // The memory verdict's band is its regime's validation error (issue 28), the same lookup as the
    // time bands; without any memory entry it is the fixed fallback, and the JSON says which.
    void memoryVerdictTakesItsRegimeBand() const
    {
        for (const char *name : {"llama3-70b-training.gpuplan", "deepseek-v3-training.gpuplan", "llama3-8b-inference.gpuplan",
                                 "deepseek-r1-disaggregated-h200.gpuplan"}) {
            const auto f = test::loadExample(name);
            QVERIFY(f);
            const RegimeKey key = regimeKey(BandMetric::Memory, *f->resolved.gpu,
                                            static_cast<int>(f->plan.parallelism.framework), f->resolved.shape.moeLayers > 0);
            const ErrorBandEntry *band = findErrorBand(f->resolved.catalog->errorBands, key);
            QVERIFY2(band, name);
            QCOMPARE(f->evaluation.memory.bandFraction, band->mapePct / 100.0);
            QVERIFY(f->evaluation.memory.bandFraction != memassume::kMemoryVerdictBand);
            const auto j = evaluationToJson(f->resolved, f->evaluation);
            QCOMPARE(j["memory"]["band_basis"].get<std::string>(), errorBandBasis(*band, key));
        }
        const auto f = test::loadExample("deepseek-v3-training.gpuplan");
        QVERIFY(f);
        QVERIFY(std::abs(f->evaluation.memory.bandFraction - 0.0771) < 1e-9);
        // A catalog without memory entries: the fallback band, named as such.
        Catalog bare = *f->resolved.catalog;
        std::erase_if(bare.errorBands, [](const ErrorBandEntry &b) { return b.key.metric == BandMetric::Memory; });
        ResolvedPlan rp = f->resolved;
        rp.catalog = &bare;
        const MemoryResult m = estimateTrainingMemory(rp, f->evaluation.layout);
        QCOMPARE(m.bandFraction, memassume::kMemoryVerdictBand);
        QCOMPARE(m.perGpuBytes, f->evaluation.memory.perGpuBytes);
        Evaluation e = f->evaluation;
        e.memory = m;
        const auto j = evaluationToJson(rp, e);
        QVERIFY2(j["memory"]["band_basis"].get<std::string>().find("fixed band: ±16%") != std::string::npos,
                 j["memory"]["band_basis"].get<std::string>().c_str());
    }
};

QTEST_APPLESS_MAIN(TestErrorBands)
#include "tst_errorbands.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing of serving-engine presets (catalogs/engines.json): every parameter of
// docs/performance-model.md "Engine parameters", its bounds, and misspelt keys.
#include "catalog/CatalogEntryJson.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace gpuplan;

class TestEnginePreset final : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryParameter() const
    {
        const auto entry = nlohmann::json::parse(R"({
            "id": "x", "source": "test", "date": "2026", "name": "X", "engine": "vllm",
            "default_batching": {"value": "dynamic", "note": "test"},
            "decode_bw_fraction": 0.8, "prefill_flops_fraction": {"value": 0.7, "note": "fitted"},
            "attention_flops_fraction": 0.3, "kernel_latency_s": 5e-6, "extra_kernels_per_layer": 6,
            "elementwise_hidden_passes": 10, "elementwise_ffn_passes": 4, "gqa_kv_reuse": 0.5,
            "allreduce_latency_s": 1.5e-5, "allreduce_bus_fraction": 0.4, "step_overhead_s": 0.002,
            "prefill_overhead_s": 0.003, "residual_mape": 12, "memory_reserve_gib": 2, "paged_kv": false,
            "kv_block_tokens": 32, "kv_fraction_covers_temporaries": false, "cuda_graph_max_batch": 64,
            "graph_kernel_latency_s": {"value": 3e-6, "note": "fitted"}})");
        EnginePreset e;
        EntryError error;
        QVERIFY2(parseEnginePreset(entry, e, error), error.message.c_str());
        QVERIFY(e.engine == ServingEngine::Vllm);
        QVERIFY(e.defaultBatching == Batching::Dynamic);
        QCOMPARE(e.decodeBwFraction, 0.8);
        QCOMPARE(e.prefillFlopsFraction, 0.7);
        QCOMPARE(e.attentionFlopsFraction, 0.3);
        QCOMPARE(e.kernelLatencyS, 5e-6);
        QCOMPARE(e.extraKernelsPerLayer, 6);
        QCOMPARE(e.elementwiseHiddenPasses, 10.0);
        QCOMPARE(e.elementwiseFfnPasses, 4.0);
        QCOMPARE(e.gqaKvReuse, 0.5);
        QCOMPARE(e.allReduceLatencyS, 1.5e-5);
        QCOMPARE(e.allReduceBusFraction, 0.4);
        QCOMPARE(e.stepOverheadS, 0.002);
        QCOMPARE(e.prefillOverheadS, 0.003);
        QCOMPARE(e.residualMape, 12.0);
        QCOMPARE(e.memoryReserveGiB, 2.0);
        QVERIFY(!e.pagedKv);
        QCOMPARE(e.kvBlockTokens, 32);
        QVERIFY(!e.kvFractionCoversTemporaries);
        QCOMPARE(e.cudaGraphMaxBatch, 64);
        QCOMPARE(e.graphKernelLatencyS, 3e-6);
        QCOMPARE(EnginePreset{}.cudaGraphMaxBatch, 0);   // no graphs unless a preset says so
    }

    void rejectsWithTheFieldNamed_data() const
    {
        QTest::addColumn<QString>("json");
        QTest::addColumn<QString>("field");
        QTest::newRow("misspelt key") << R"({"decode_bw_fracton": 0.8})" << "decode_bw_fracton";
        QTest::newRow("fraction above 1") << R"({"decode_bw_fraction": 1.2})" << "decode_bw_fraction";
        QTest::newRow("reuse below 0") << R"({"gqa_kv_reuse": -0.1})" << "gqa_kv_reuse";
        QTest::newRow("latency as text") << R"({"kernel_latency_s": "8us"})" << "kernel_latency_s";
        QTest::newRow("fractional kernel count") << R"({"extra_kernels_per_layer": 2.5})" << "extra_kernels_per_layer";
        QTest::newRow("unknown batching") << R"({"default_batching": "greedy"})" << "default_batching";
        QTest::newRow("paged_kv as number") << R"({"paged_kv": 1})" << "paged_kv";
        QTest::newRow("negative graph batch") << R"({"cuda_graph_max_batch": -8})" << "cuda_graph_max_batch";
        QTest::newRow("graph kernel above 1 ms") << R"({"graph_kernel_latency_s": 0.01})" << "graph_kernel_latency_s";
    }

    void rejectsWithTheFieldNamed() const
    {
        QFETCH(QString, json);
        QFETCH(QString, field);
        EnginePreset e;
        e.decodeBwFraction = 0.5;
        EntryError error;
        QVERIFY(!parseEnginePreset(nlohmann::json::parse(json.toStdString()), e, error));
        QCOMPARE(QString::fromStdString(error.field), field);
        QVERIFY(!error.message.empty());
        QCOMPARE(e.decodeBwFraction, 0.5);   // nothing half-applied
    }
};

QTEST_APPLESS_MAIN(TestEnginePreset)
#include "tst_enginepreset.moc"

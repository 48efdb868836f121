// SPDX-License-Identifier: GPL-3.0-or-later
// Serving rows of the kinds the public tables have no row of (tests/data/inference_heldout_kinds.csv:
// Blackwell GPUs, FP4 MoE models, MLA models with attention DP + EP, engine versions without a
// preset, open-loop rates below and above capacity, load=max, disaggregated pools of different
// sizes, replicas, an FP8 KV cache). The rows have no measurements: what is checked is that each is
// predicted, and the properties the mechanism implies (docs/accuracy.md, "Rows of kinds without
// public data"), never an accuracy.
#include "ExampleFixture.h"
#include "ValidationTables.h"
#include "support/Near.h"

#include "catalog/CatalogLoader.h"
#include "catalog/EnginePreset.h"
#include "memory/InferenceMemory.h"
#include "perf/AttentionDp.h"
#include "perf/Disaggregated.h"
#include "perf/DisaggregatedPlan.h"
#include "perf/Prefill.h"
#include "validate/CsvTable.h"
#include "validate/InferenceCases.h"
#include "validate/ValidationReport.h"
#include "validate/Validators.h"

#include <QTest>

#include <cmath>
#include <utility>
#include <vector>

using namespace gpuplan;

namespace {

using test::Cells;

CsvTable fixtureTable()
{
    return test::dataTable("inference_heldout_kinds.csv");
}

const std::vector<std::unique_ptr<InferenceCase>> &fixtureCases()
{
    static const std::vector<std::unique_ptr<InferenceCase>> cases =
        loadInferenceCases(fixtureTable(), bundledCatalog());
    return cases;
}

const InferenceCase &fixtureCase(const std::string &id)
{
    for (const auto &c : fixtureCases()) {
        if (c->id == id)
            return *c;
    }
    qFatal("no row %s in the fixture", id.c_str());
}

// One row written with the columns it needs (readers take any order and missing columns).
std::unique_ptr<InferenceCase> caseOf(const Cells &cells)
{
    std::string header = "id", row = "X-1";
    for (const auto &[column, value] : cells) {
        header += "," + column;
        row += "," + value;
    }
    auto cases = loadInferenceCases(test::parsedTable(header + "\n" + row + "\n"), bundledCatalog());
    return std::move(cases.front());
}

// DeepSeek-V3 (HK-03..05: FP8 on 8 x H200, TP 8, SGLang) at `rate` requests/s.
Cells deepSeekAtRate(double rate)
{
    return {{"model", "DeepSeek-V3"},    {"params_b", "671"},        {"layers", "61"},
            {"hidden", "7168"},          {"heads", "128"},           {"ffn_hidden", "18432"},
            {"gated_mlp", "1"},          {"vocab", "129280"},        {"moe_ffn_hidden", "2048"},
            {"moe_shared_experts", "1"}, {"moe_dense_layers", "3"},  {"mla_q_lora_rank", "1536"},
            {"mla_kv_lora_rank", "512"}, {"mla_qk_nope_dim", "128"}, {"mla_qk_rope_dim", "64"},
            {"mla_v_dim", "128"},        {"num_experts", "256"},     {"experts_per_token", "8"},
            {"gpu", "H200-SXM-141GB"},   {"num_gpus", "8"},          {"tp", "8"},
            {"precision", "fp8"},        {"engine", "sglang@0.5.9"}, {"input_len", "1024"},
            {"output_len", "1024"},      {"load", "rate"},           {"request_rate", std::to_string(rate)}};
}

// Qwen3-235B-A22B in BF16 on H200 (HK-12/13), `cells` added or replacing.
Cells qwen(const Cells &more)
{
    Cells c = {{"model", "Qwen3-235B-A22B"},
               {"params_b", "235.1"},
               {"layers", "94"},
               {"hidden", "4096"},
               {"heads", "64"},
               {"kv_heads", "4"},
               {"head_dim", "128"},
               {"ffn_hidden", "1536"},
               {"gated_mlp", "1"},
               {"vocab", "151936"},
               {"moe_ffn_hidden", "1536"},
               {"num_experts", "128"},
               {"experts_per_token", "8"},
               {"gpu", "H200-SXM-141GB"},
               {"tp", "8"},
               {"precision", "bf16"},
               {"engine", "vllm@0.12.0"},
               {"input_len", "2048"},
               {"output_len", "512"}};
    for (const auto &[column, value] : more) {
        bool replaced = false;
        for (auto &cell : c) {
            if (cell.first == column) {
                cell.second = value;
                replaced = true;
            }
        }
        if (!replaced)
            c.emplace_back(column, value);
    }
    return c;
}

bool near(double a, double b, double rel)
{
    return std::fabs(a - b) <= rel * std::max(std::fabs(a), std::fabs(b));
}

}   // namespace

class TestInferenceHeldoutKinds final : public QObject
{
    Q_OBJECT

private slots:
    // Every row but FP4 on H100 is predicted, with finite positive figures for all three metrics;
    // FP4 on Hopper is skipped as not supported rather than predicted from another format.
    void everyRowButTheUnsupportedIsPredicted() const
    {
        QCOMPARE(fixtureCases().size(), std::size_t(15));
        for (const auto &c : fixtureCases()) {
            if (c->id == "HK-10") {
                QVERIFY2(c->skipped.find("not supported on H100-SXM-80GB") != std::string::npos, c->skipped.c_str());
                continue;
            }
            QVERIFY2(c->skipped.empty(), (c->id + ": " + c->skipped).c_str());
            const InferencePrediction p = predictInferenceCaseDetail(*c, *c->row.engine);
            for (double v : p.metrics)
                QVERIFY2(std::isfinite(v) && v > 0, c->id.c_str());
        }
    }

    // Engine versions without a preset take the nearest preset of the same engine, and say so.
    void engineVersionsWithoutAPresetMapToTheirEngine() const
    {
        QCOMPARE(fixtureCase("HK-01").row.engine->engine, ServingEngine::Vllm);
        QCOMPARE(fixtureCase("HK-02").row.engine->engine, ServingEngine::TensorRtLlm);
        QCOMPARE(fixtureCase("HK-03").row.engine->engine, ServingEngine::Sglang);
        const ValidationReport report = validateInference(fixtureTable(), bundledCatalog());
        bool said = false;
        for (const ValidationRow &r : report.rows)
            said = said || (r.id == "HK-02" && r.defaults.find("for tensorrt-llm@1.2") != std::string::npos);
        QVERIFY(said);
    }

    // Open loop below capacity: the tokens served are the arrivals' (rate x output / GPUs, the
    // rate split over the replicas), the TTFT at a low rate about one prefill pass.
    void openLoopBelowCapacityServesTheRate() const
    {
        for (const char *id : {"HK-03", "HK-04", "HK-13"}) {
            const InferenceCase &c = fixtureCase(id);
            const InferenceWorkload &w = c.row.plan.workload.inference;
            const InferencePrediction p = predictInferenceCaseDetail(c, *c.row.engine);
            QVERIFY2(!p.overloaded, id);
            QVERIFY2(near(p.metrics[0], w.requestRate * w.outputLen / c.row.plan.hardware.numGpus, 1e-9), id);
        }
        QCOMPARE(fixtureCase("HK-13").row.replicas, 2);
        const InferenceCase &low = fixtureCase("HK-04");
        const ForwardCostModel m = servingForwardCost(low.resolved, low.layout);
        const double pass = prefillTime(m, 1, low.row.plan.workload.inference.promptLen) * 1e3;
        const InferencePrediction p = predictInferenceCaseDetail(low, *low.row.engine);
        QVERIFY2(p.metrics[1] >= 0.95 * pass && p.metrics[1] <= 1.5 * pass,
                 (std::to_string(p.metrics[1]) + " ms against a pass of " + std::to_string(pass)).c_str());
    }

    // TTFT (mean and P99) grows with the rate up to the capacity; above it the row is the
    // saturated instance, marked overloaded in the report.
    void ttftGrowsWithTheRateAndOverloadIsReported() const
    {
        const InferenceCase &over = fixtureCase("HK-05");
        const InferencePrediction saturated = predictInferenceCaseDetail(over, *over.row.engine);
        QVERIFY(saturated.overloaded);
        const double capacity = saturated.capacityRequestsPerS;
        QVERIFY(capacity > 0 && capacity < over.row.plan.workload.inference.requestRate);
        QVERIFY(near(saturated.metrics[0], capacity * 1024 / 8, 1e-6));
        double previousMean = 0, previousP99 = 0, firstMean = 0;
        int points = 0;
        for (double share : {0.05, 0.2, 0.4, 0.6, 0.8, 0.9, 0.99}) {
            const auto c = caseOf(deepSeekAtRate(share * capacity));
            QVERIFY2(c->skipped.empty(), c->skipped.c_str());
            const InferencePrediction p = predictInferenceCaseDetail(*c, *c->row.engine);
            if (p.overloaded)   // the prefill queue can bind before the decode capacity
                break;
            QVERIFY2(p.metrics[1] >= previousMean, std::to_string(share).c_str());
            QVERIFY2(p.ttftP99Ms >= previousP99, std::to_string(share).c_str());
            QVERIFY(p.ttftP99Ms >= p.ttftP50Ms);
            QVERIFY(p.metrics[0] < saturated.metrics[0]);
            if (points == 0)
                firstMean = p.metrics[1];
            previousMean = p.metrics[1];
            previousP99 = p.ttftP99Ms;
            ++points;
        }
        QVERIFY(points >= 3);
        QVERIFY2(previousMean > 2 * firstMean, std::to_string(previousMean).c_str());   // the queue near capacity
        const ValidationReport report = validateInference(fixtureTable(), bundledCatalog());
        int marked = 0;
        for (const ValidationRow &r : report.rows) {
            if (r.note.find("overloaded") != std::string::npos)
                marked += r.id == "HK-05" ? 1 : 100;
        }
        QCOMPARE(marked, 3);   // the three metrics of HK-05 and no other row
    }

    // FP4 weights: half a byte and the block scales (NVFP4: an FP8 scale per 16) against FP8's byte.
    void fp4HalvesTheWeightBytesOfFp8() const
    {
        const InferenceCase &fp4 = fixtureCase("HK-02");
        QCOMPARE(fp4.row.plan.precision.weights, Dtype::NVFP4);
        Plan fp8 = fp4.row.plan;
        fp8.precision.weights = Dtype::FP8;
        const double ratio = inferenceWeightBytes(fp4.row.plan, fp4.resolved.shape, fp4.layout) /
                             inferenceWeightBytes(fp8, fp4.resolved.shape, fp4.layout);
        QVERIFY2(ratio >= 0.5625 && ratio < 0.6, std::to_string(ratio).c_str());
    }

    // MLA caches one latent of kv_lora_rank + qk_rope_dim elements per token and layer, the same on
    // every TP rank (it is not split by heads).
    void mlaCachesTheLatentPerToken() const
    {
        const InferenceCase &c = fixtureCase("HK-03");
        QVERIFY(c.resolved.shape.mla);
        QCOMPARE(c.resolved.shape.kvElementsPerToken, 512.0 + 64.0);
        QCOMPARE(kvBytesPerTokenPerLayer(c.resolved.shape, 8, Dtype::FP8), 576.0);
        QCOMPARE(kvBytesPerTokenPerLayer(c.resolved.shape, 1, Dtype::BF16), 1152.0);
    }

    // Attention DP: each rank caches its own requests, so the instance holds several times the
    // requests of the same GPUs in TP (whose ranks each hold every request's latent).
    void attentionDpSplitsTheKvAndTheRequests() const
    {
        const InferenceCase &dp = fixtureCase("HK-02");
        const AttentionDpLayout g = attentionDpLayout(dp.resolved, dp.layout.tp);
        QCOMPARE(g.gpus, 8);
        QCOMPARE(g.dp, 8);
        QCOMPARE(g.ep, 8);
        const InferenceWorkload &w = dp.row.plan.workload.inference;
        const KvPool withDp = kvPool(dp.resolved, dp.layout, w.promptLen, w.outputLen);
        Plan plainPlan = dp.row.plan;
        plainPlan.workload.inference.attentionDp = 1;
        plainPlan.workload.inference.ep = 1;
        ResolvedPlan plain = dp.resolved;
        plain.plan = &plainPlan;
        const KvPool withTp = kvPool(plain, dp.layout, w.promptLen, w.outputLen);
        QVERIFY(withTp.requests > 0);
        const double ratio = static_cast<double>(withDp.requests) / withTp.requests;
        QVERIFY2(ratio > 4 && ratio <= 8.5, std::to_string(ratio).c_str());
    }

    // The words engines and benchmark tools use for the README's values read as those values:
    // kv_cache_dtype auto (the model's dtype) as a blank cell, fp8_e5m2 as fp8, AWQ/GPTQ/W4A16
    // checkpoints as int4 weights, a Poisson load as the open loop, agg/disagg as serving modes.
    void engineAndBenchmarkWords() const
    {
        const auto plain = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "32"}, {"load", "concurrency"}}));
        const auto autoKv = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "32"}, {"load", "concurrency"}, {"kv_cache_dtype", "auto"}}));
        QVERIFY2(autoKv->skipped.empty(), autoKv->skipped.c_str());
        QCOMPARE(autoKv->row.plan.precision.kvCache, plain->row.plan.precision.kvCache);
        const auto e5m2 = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "32"}, {"load", "concurrency"}, {"kv_cache_dtype", "fp8_e5m2"}}));
        QCOMPARE(e5m2->row.plan.precision.kvCache, Dtype::FP8);
        for (const char *method : {"awq", "GPTQ", "w4a16"}) {
            const auto q = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "32"}, {"load", "concurrency"}, {"precision", method}}));
            QVERIFY2(q->skipped.empty(), q->skipped.c_str());
            QCOMPARE(q->row.plan.precision.weights, Dtype::INT4);
        }
        const auto w8 = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "32"}, {"load", "concurrency"}, {"precision", "w8a16"}}));
        QCOMPARE(w8->row.plan.precision.weights, Dtype::INT8);
        const auto unknown = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "32"}, {"precision", "w3a8"}}));
        QVERIFY2(unknown->skipped.find("column precision = \"w3a8\"") != std::string::npos, unknown->skipped.c_str());
        const auto poisson = caseOf(qwen({{"num_gpus", "8"}, {"load", "poisson"}, {"request_rate", "2"}}));
        QVERIFY2(poisson->skipped.empty(), poisson->skipped.c_str());
        QCOMPARE(poisson->row.load, ServingLoad::Rate);
        const auto agg = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "32"}, {"load", "concurrency"}, {"serving_mode", "agg"}}));
        QVERIFY2(agg->skipped.empty(), agg->skipped.c_str());
        QVERIFY(!agg->row.disaggregated);
        const auto odd = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "32"}, {"serving_mode", "split"}}));
        QVERIFY2(odd->skipped.find("column serving_mode") != std::string::npos, odd->skipped.c_str());
    }

    // The names quantization tools give the README's formats (validate/ServingFormats.h): FP8
    // scaling variants are FP8, W4A8 is int4 weights into FP8 GEMMs, an NVFP4 KV cache only where
    // the GPU has FP4 tensor math.
    void quantizationToolWords() const
    {
        const Cells load = {{"num_gpus", "8"}, {"batch_size", "32"}, {"load", "concurrency"}};
        auto with = [&](Cells more) {
            Cells c = load;
            c.insert(c.end(), more.begin(), more.end());
            return caseOf(qwen(c));
        };
        const auto fp8 = with({{"precision", "fp8"}});
        for (const char *variant : {"fp8_block", "FP8_PER_TENSOR", "fp8_dynamic", "w8a8_fp8", "mxfp8"}) {
            const auto v = with({{"precision", variant}});
            QVERIFY2(v->skipped.empty(), v->skipped.c_str());
            QCOMPARE(v->row.plan.precision.compute, Dtype::FP8);
            QCOMPARE(v->row.plan.precision.weights, Dtype::FP8);
            QVERIFY(predictInferenceCase(*v, *v->row.engine) == predictInferenceCase(*fp8, *fp8->row.engine));
        }
        const auto w4a8 = with({{"precision", "w4a8_awq"}});
        QVERIFY2(w4a8->skipped.empty(), w4a8->skipped.c_str());
        QCOMPARE(w4a8->row.plan.precision.weights, Dtype::INT4);
        QCOMPARE(w4a8->row.plan.precision.compute, Dtype::FP8);
        QCOMPARE(w4a8->row.plan.precision.kvCache, Dtype::FP16);
        const auto onA100 = with({{"precision", "w4a8"}, {"gpu", "A100-SXM-80GB"}});
        QVERIFY2(onA100->skipped.find("W4A8") != std::string::npos && onA100->skipped.find("not supported") != std::string::npos,
                 onA100->skipped.c_str());
        const auto nvfp4KvHopper = with({{"kv_cache_dtype", "nvfp4"}});
        QVERIFY2(nvfp4KvHopper->skipped.find("kv_cache_dtype = \"nvfp4\"") != std::string::npos &&
                     nvfp4KvHopper->skipped.find("not supported on H200-SXM-141GB") != std::string::npos,
                 nvfp4KvHopper->skipped.c_str());
        const auto nvfp4KvBlackwell = with({{"kv_cache_dtype", "NVFP4"}, {"gpu", "B200-SXM-180GB"}});
        QVERIFY2(nvfp4KvBlackwell->skipped.empty(), nvfp4KvBlackwell->skipped.c_str());
        QCOMPARE(nvfp4KvBlackwell->row.plan.precision.kvCache, Dtype::NVFP4);
        const auto fp8KvBlackwell = with({{"kv_cache_dtype", "fp8"}, {"gpu", "B200-SXM-180GB"}});
        // A 4-bit cache (0.5625 B a value with its scales) holds more tokens: TPOT no higher.
        QVERIFY(predictInferenceCase(*nvfp4KvBlackwell, *nvfp4KvBlackwell->row.engine)[2] <=
                predictInferenceCase(*fp8KvBlackwell, *fp8KvBlackwell->row.engine)[2]);
    }

    // kv_cache_dtype fp8 on BF16 weights: half the KV bytes a token; replicas share the row's load.
    void kvCacheDtypeAndReplicas() const
    {
        const InferenceCase &c = fixtureCase("HK-12");
        QCOMPARE(c.row.plan.precision.weights, Dtype::BF16);
        QCOMPARE(c.row.plan.precision.kvCache, Dtype::FP8);
        QCOMPARE(kvBytesPerTokenPerLayer(c.resolved.shape, 8, c.row.plan.precision.kvCache) /
                     kvBytesPerTokenPerLayer(c.resolved.shape, 8, Dtype::BF16),
                 0.5);
        QCOMPARE(c.row.replicas, 2);
        // Two replicas at 64 in flight are each one replica at 32.
        const auto one =
            caseOf(qwen({{"num_gpus", "8"}, {"kv_cache_dtype", "fp8"}, {"batch_size", "32"}, {"load", "concurrency"}}));
        QVERIFY2(one->skipped.empty(), one->skipped.c_str());
        QCOMPARE(one->row.replicas, 1);
        const InferencePrediction both = predictInferenceCaseDetail(c, *c.row.engine);
        const InferencePrediction single = predictInferenceCaseDetail(*one, *one->row.engine);
        for (int k = 0; k < kInferenceMetricCount; ++k)
            QVERIFY(near(both.metrics[static_cast<std::size_t>(k)], single.metrics[static_cast<std::size_t>(k)], 1e-9));
        // 65 in flight: one replica runs 33, the other 32. Throughput per GPU is the two replicas'
        // mean, a latency the mean over the 65 requests.
        const auto odd =
            caseOf(qwen({{"num_gpus", "16"}, {"replicas", "2"}, {"batch_size", "65"}, {"load", "concurrency"}}));
        const auto at33 = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "33"}, {"load", "concurrency"}}));
        const auto at32 = caseOf(qwen({{"num_gpus", "8"}, {"batch_size", "32"}, {"load", "concurrency"}}));
        const auto mixed = predictInferenceCase(*odd, *odd->row.engine);
        const auto lo = predictInferenceCase(*at32, *at32->row.engine);
        const auto hi = predictInferenceCase(*at33, *at33->row.engine);
        QVERIFY(lo[1] != hi[1]);
        QVERIFY(near(mixed[0], 0.5 * (lo[0] + hi[0]), 1e-9));
        QVERIFY(near(mixed[1], (32 * lo[1] + 33 * hi[1]) / 65, 1e-9));
        QVERIFY(near(mixed[2], (32 * lo[2] + 33 * hi[2]) / 65, 1e-9));
        // num_gpus must be the replicas' GPUs.
        const auto wrong =
            caseOf(qwen({{"num_gpus", "16"}, {"replicas", "3"}, {"batch_size", "64"}, {"load", "concurrency"}}));
        QVERIFY2(wrong->skipped.find("column replicas = 3") != std::string::npos, wrong->skipped.c_str());
    }

    // Disaggregated: TTFT's spread from the prefill pool's queue (the first wave's prompts wait
    // for the passes ahead of them), TPOT's from the decode workers' uneven batches.
    void disaggregatedPercentiles() const
    {
        const InferenceCase &c = fixtureCase("HK-11");
        QVERIFY(c.row.disaggregated);
        const InferencePrediction p = predictInferenceCaseDetail(c, *c.row.engine);
        QVERIFY(p.ttftP50Ms > 0);
        QVERIFY(p.ttftP50Ms <= p.ttftP90Ms && p.ttftP90Ms < p.ttftP99Ms);   // 128 prompts, 2 a pass
        QVERIFY(p.ttftP50Ms < p.metrics[1] && p.metrics[1] < p.ttftP99Ms);
        QCOMPARE(p.tpotP50Ms, p.tpotP99Ms);   // one decode worker: every request in the same batch
        // A disaggregated row with the load blank is a closed loop of batch_size in flight (no static batches).
        const auto blank = caseOf({{"model", "DeepSeek-R1"},
                                   {"params_b", "671"},
                                   {"layers", "61"},
                                   {"hidden", "7168"},
                                   {"heads", "128"},
                                   {"ffn_hidden", "18432"},
                                   {"gated_mlp", "1"},
                                   {"vocab", "129280"},
                                   {"moe_ffn_hidden", "2048"},
                                   {"moe_shared_experts", "1"},
                                   {"moe_dense_layers", "3"},
                                   {"mla_q_lora_rank", "1536"},
                                   {"mla_kv_lora_rank", "512"},
                                   {"mla_qk_nope_dim", "128"},
                                   {"mla_qk_rope_dim", "64"},
                                   {"mla_v_dim", "128"},
                                   {"num_experts", "256"},
                                   {"experts_per_token", "8"},
                                   {"gpu", "GB200-186GB"},
                                   {"num_gpus", "16"},
                                   {"precision", "fp4"},
                                   {"engine", "tensorrt-llm@1.2"},
                                   {"batch_size", "128"},
                                   {"input_len", "4096"},
                                   {"output_len", "1024"},
                                   {"serving_mode", "disaggregated"},
                                   {"prefill_workers", "2"},
                                   {"prefill_tp", "1"},
                                   {"prefill_dp", "4"},
                                   {"prefill_ep", "4"},
                                   {"prefill_batch", "1"},
                                   {"decode_workers", "1"},
                                   {"decode_tp", "1"},
                                   {"decode_dp", "8"},
                                   {"decode_ep", "8"},
                                   {"decode_batch", "16"}});
        QVERIFY2(blank->skipped.empty(), blank->skipped.c_str());
        QCOMPARE(blank->row.load, ServingLoad::Concurrency);
        QCOMPARE(predictInferenceCase(*blank, *blank->row.engine)[1], p.metrics[1]);

        const InferenceWorkload &w = c.row.plan.workload.inference;
        const ForwardCostModel prefill = disaggregatedPoolModel(c.resolved, c.layout, w.prefill);
        const ForwardCostModel decode = disaggregatedPoolModel(c.resolved, c.layout, w.decode);
        DisaggregatedInputs in;
        in.prefill = &prefill;
        in.decode = &decode;
        in.workload = {static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), false};
        in.concurrency = 7;
        in.prefillWorkers = 2;
        in.decodeWorkers = 3;   // 3, 2 and 2 requests: 3 of the 7 on the busier worker
        in.promptsPerPass = 1;
        in.decodeSlots = 48;
        const DisaggregatedPoint d = disaggregatedPoint(in);
        QVERIFY(d.valid);
        QVERIFY(d.tpotP50S < d.tpotP90S);   // 4 of 7 requests on the lighter workers
        QCOMPARE(d.tpotP90S, d.tpotP99S);
        QVERIFY(d.tpotP50S <= d.point.tpotS * 1.001 && d.point.tpotS <= d.tpotP99S * 1.001);
    }

    // Disaggregated pools in an open loop serve the rate (per GPU of both pools), a prompt waiting at
    // least its own prefill pass and the KV transfer; above the pools' capacity the row is overloaded at
    // the load = max point, the decode pool full with the prefill pool's pace binding.
    void disaggregatedOpenLoopAndMax() const
    {
        const InferenceCase &c = fixtureCase("HK-14");
        QVERIFY(c.row.disaggregated);
        QCOMPARE(c.row.load, ServingLoad::Rate);
        const InferenceWorkload &w = c.row.plan.workload.inference;
        const InferencePrediction p = predictInferenceCaseDetail(c, *c.row.engine);
        QVERIFY(!p.overloaded);
        QVERIFY(near(p.metrics[0], w.requestRate * w.outputLen / 16, 1e-9));
        const ForwardCostModel prefill = disaggregatedPoolModel(c.resolved, c.layout, w.prefill);
        const ForwardCostModel decode = disaggregatedPoolModel(c.resolved, c.layout, w.decode);
        const ServingWorkload sw{static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), false};
        const DisaggregatedServing one = disaggregatedServing(c.resolved, prefill, decode, sw, 1);
        QVERIFY(p.metrics[1] >= prefillTime(prefill, 1, w.promptLen) * 1e3);
        QVERIFY(p.metrics[1] >= one.point.transferS * 1e3);
        QVERIFY(p.ttftP50Ms <= p.ttftP90Ms && p.ttftP90Ms <= p.ttftP99Ms);

        const InferenceCase &max = fixtureCase("HK-15");
        QVERIFY(max.row.saturated);
        const InferencePrediction top = predictInferenceCaseDetail(max, *max.row.engine);
        const DisaggregatedServing full =
            disaggregatedServing(max.resolved, prefill, decode, sw, 128, true);   // 1 worker x 8 ranks x 16
        QVERIFY(near(top.metrics[0], full.point.point.tokensPerSPerReplica / 16, 1e-9));
        QVERIFY(top.metrics[0] > p.metrics[0]);

        // The TTFT grows with the rate; beyond capacity the figures are the max point's.
        const double capacity = full.point.point.requestsPerSPerReplica;
        double previous = 0;
        for (double share : {0.1, 0.5, 0.8}) {
            const DisaggregatedServing r = disaggregatedServingAtLoad(c.resolved, prefill, decode, sw, ServingLoad::Rate,
                                                                      0, share * capacity);
            QVERIFY2(r.point.valid && !r.overloaded, std::to_string(share).c_str());
            QVERIFY(r.point.point.ttftS >= previous);
            previous = r.point.point.ttftS;
        }
        const DisaggregatedServing over =
            disaggregatedServingAtLoad(c.resolved, prefill, decode, sw, ServingLoad::Rate, 0, 2 * capacity);
        QVERIFY(over.overloaded);
        QVERIFY(near(over.point.point.tokensPerSPerReplica, full.point.point.tokensPerSPerReplica, 1e-9));
    }

    // A disaggregated plan's evaluation carries the percentiles (the `at_load` block of evaluate --json).
    void disaggregatedPlanEvaluationHasPercentiles() const
    {
        const auto f = test::loadExample("deepseek-r1-disaggregated-h200.gpuplan");
        QVERIFY(f);
        const InferenceResult &r = f->evaluation.inference;
        QVERIFY(r.disaggregated.active);
        QVERIFY(r.ttftP50Ms > 0 && r.ttftP50Ms <= r.ttftP90Ms && r.ttftP90Ms <= r.ttftP99Ms);
        QVERIFY(r.tpotP50Ms > 0 && r.tpotP50Ms <= r.tpotP90Ms && r.tpotP90Ms <= r.tpotP99Ms);
        QVERIFY(r.ttftP50Ms <= r.ttftMs * (1 + 1e-9) && r.ttftMs <= r.ttftP99Ms * (1 + 1e-9));
    }
};

QTEST_APPLESS_MAIN(TestInferenceHeldoutKinds)
#include "tst_inferenceheldoutkinds.moc"

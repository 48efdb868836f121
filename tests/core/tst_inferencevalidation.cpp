// SPDX-License-Identifier: GPL-3.0-or-later
// Inference validation on the published runs (tests/data/validation/inference_public.csv):
// accuracy targets per metric, fit half vs test half, the catalog values as the fit-half optimum,
// and the reader rules (tolerant columns, metrics from configuration only).
#include "catalog/CatalogLoader.h"
#include "validate/CsvTable.h"
#include "validate/InferenceCalibration.h"
#include "validate/InferenceRowPlan.h"
#include "validate/Validators.h"

#include <QTest>

#include <cstdio>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

using namespace gpuplan;

namespace {

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

CsvTable table(const std::string &text)
{
    CsvTable t;
    std::string error;
    if (!t.parse(text, error))
        qFatal("%s", error.c_str());
    return t;
}

const std::string &publicCsv()
{
    static const std::string text = readFile(GPUPLAN_SOURCE_DIR "/tests/data/validation/inference_public.csv");
    return text;
}

const ValidationRow *find(const ValidationReport &r, const std::string &id, const std::string &metric)
{
    for (const ValidationRow &row : r.rows) {
        if (row.id == id && row.metric == metric)
            return &row;
    }
    return nullptr;
}

// Which rows a figure covers: all, the steady-load rows (AICP: closed loop, aggregated and
// disaggregated) or the others (static, saturated and first-token tables).
enum class Rows { All, Load, Other };

bool inRows(const std::string &id, Rows rows)
{
    const bool load = id.rfind("AICP-", 0) == 0;
    return rows == Rows::All || (rows == Rows::Load) == load;
}

// MAPE of the compared rows of one metric, optionally restricted to one half.
double mape(const ValidationReport &r, const std::string &metric, int half, Rows rows = Rows::All)
{
    double sum = 0;
    int n = 0;
    for (const ValidationRow &row : r.rows) {
        if (row.metric != metric || !row.skipped.empty() || !row.hasMeasured || !inRows(row.id, rows))
            continue;
        if (half >= 0 && inferenceFitHalf(row.id) != (half == 0))
            continue;
        sum += absolutePercentError(row);
        ++n;
    }
    return n ? sum / n : -1.0;
}

const char *const kMetrics[] = {"output_tokens_per_s_per_gpu", "ttft_ms", "decode_ms_per_token"};

// MAPE bounds of the AICP rows (all and test half), a little above what the model reaches.
constexpr double kLoadThroughputBound = 13;
constexpr double kLoadTtftBound = 37.5;
constexpr double kLoadTpotBound = 13.5;

} // namespace

class TestInferenceValidation final : public QObject
{
    Q_OBJECT

private slots:
    void accuracyTargetsPerMetric() const
    {
        const ValidationReport r = validateInference(table(publicCsv()), bundledCatalog());
        int skipped = 0, fp4 = 0;
        for (const ValidationRow &row : r.rows) {
            if (!row.skipped.empty())
                ++skipped;
            // The NVFP4 rows (Qwen3-32B on B200 and GB200) run at the catalog's FP4 rate.
            if (row.id >= "AICP-00757" && row.id <= "AICP-00759" && row.skipped.empty() && row.predicted > 0)
                ++fp4;
        }
        // Every public row is predicted (blank batch_size, closed loops, disaggregated pools and
        // FP4 weights included), once per metric.
        QCOMPARE(skipped, 0);
        QCOMPARE(fp4, 9);
        std::printf("inference validation MAPE %% (all / fit half / test half):\n");
        for (const char *metric : kMetrics) {
            const double all = mape(r, metric, -1, Rows::Other), fit = mape(r, metric, 0, Rows::Other),
                         test = mape(r, metric, 1, Rows::Other);
            std::printf("  static/saturated/first-token %-28s %6.2f / %6.2f / %6.2f\n", metric, all, fit, test);
            QVERIFY2(all >= 0 && all <= 15.0, metric);
            QVERIFY2(test >= 0 && test <= 15.0, metric);
        }
        // The static and saturated rows no worse than before the load model (4.8% and 10.2%).
        QVERIFY(mape(r, "output_tokens_per_s_per_gpu", -1, Rows::Other) <= 4.85);
        QVERIFY(mape(r, "ttft_ms", -1, Rows::Other) <= 10.25);
        // The rows at a load (AICP): pinned at what the model reaches (docs/accuracy.md gives the
        // halves per engine and GPU); 15% per metric is not reached yet.
        const double kLoadBound[] = {kLoadThroughputBound, kLoadTtftBound, kLoadTpotBound};
        for (int k = 0; k < 3; ++k) {
            const char *metric = kMetrics[k];
            const double all = mape(r, metric, -1, Rows::Load), fit = mape(r, metric, 0, Rows::Load),
                         test = mape(r, metric, 1, Rows::Load);
            std::printf("  at a load (AICP)             %-28s %6.2f / %6.2f / %6.2f\n", metric, all, fit, test);
            QVERIFY2(all >= 0 && all <= kLoadBound[k], metric);
            QVERIFY2(test >= 0 && test <= kLoadBound[k], metric);
        }
        // Per source, as docs/accuracy.md reports them.
        std::map<std::string, std::pair<double, int>> bySource;
        for (const ValidationRow &row : r.rows) {
            if (row.skipped.empty() && row.hasMeasured) {
                auto &[sum, n] = bySource[sourceOfId(row.id) + " " + row.metric];
                sum += absolutePercentError(row);
                ++n;
            }
        }
        for (const auto &[key, v] : bySource)
            std::printf("  %-42s %6.2f (%d rows)\n", key.c_str(), v.first / v.second, v.second);
        // The saturated TensorRT-LLM 1.0 rows (batch blank) on their own, per GPU and half.
        const auto it = bySource.find("TRTPO output_tokens_per_s_per_gpu");
        QVERIFY(it != bySource.end() && it->second.second == 20);
        QVERIFY2(it->second.first / it->second.second <= 15.0, "TRTPO throughput");
    }

    void blankBatchIsTheEnginesSaturatedChoice() const
    {
        // TRTPO-051 (perf-overview.md, Llama 3.1 8B FP8, H100, 128/128): batch blank, predicted from
        // the engine's own concurrency, and the H200 row of the same lengths (TRTPO-041) holds at
        // least as many requests in flight (larger KV pool) at a throughput within the published
        // H200/H100 ratio of 0.99 +- 15%.
        const ValidationReport r = validateInference(table(publicCsv()), bundledCatalog());
        const ValidationRow *h100 = find(r, "TRTPO-051", "output_tokens_per_s_per_gpu");
        const ValidationRow *h200 = find(r, "TRTPO-041", "output_tokens_per_s_per_gpu");
        QVERIFY(h100 && h100->skipped.empty() && h100->hasMeasured);
        QVERIFY(h200 && h200->skipped.empty() && h200->hasMeasured);
        QVERIFY(h200->predicted / h100->predicted > 0.84 && h200->predicted / h100->predicted < 1.14);
        // Long prompts and outputs (20000/2000): the KV pool limits the batch, so the H200 pulls
        // ahead (published 1804 vs 1351 tok/s, ratio 1.34).
        const ValidationRow *longH100 = find(r, "TRTPO-060", "output_tokens_per_s_per_gpu");
        const ValidationRow *longH200 = find(r, "TRTPO-050", "output_tokens_per_s_per_gpu");
        QVERIFY(longH100 && longH200);
        QVERIFY(longH200->predicted / longH100->predicted > 1.2);
    }

    void kvLimitedSglangRowsQueueForThePool() const
    {
        // Qwen3-32B BF16 on one H100 with SGLang 0.5.8, 16 requests in flight (AICP-00449..00454):
        // the pool SGLang carves (mem_fraction_static x (HBM - context - NCCL) - weights) holds 2-5
        // of them, the rest queue, and TTFT is seconds to a minute and a half (6.8-88.8 s measured).
        // The three test-half rows (00450, 00451, 00454) within 10% on TTFT and 12% on TPOT; before the
        // pool followed SGLang's rule they were 2-7x too long (a 2 GiB context and a 10% slack on
        // the weights taken out of the pool).
        const ValidationReport r = validateInference(table(publicCsv()), bundledCatalog());
        for (const char *id : {"AICP-00450", "AICP-00451", "AICP-00454"}) {
            for (const char *metric : {"ttft_ms", "decode_ms_per_token"}) {
                const ValidationRow *row = find(r, id, metric);
                QVERIFY(row && row->skipped.empty() && row->hasMeasured);
                const double bound = std::string(metric) == "ttft_ms" ? 10.0 : 12.0;
                QVERIFY2(absolutePercentError(*row) < bound, qPrintable(QString("%1 %2").arg(id, metric)));
            }
        }
        // The queue is real: TTFT is many times the request's own prefill (well under a second).
        QVERIFY(find(r, "AICP-00454", "ttft_ms")->predicted > 30000);
    }

    void oneRowPerIdAndMetricFromConfiguration() const
    {
        const ValidationReport r = validateInference(table(publicCsv()), bundledCatalog());
        std::set<std::pair<std::string, std::string>> seen;
        for (const ValidationRow &row : r.rows)
            QVERIFY(seen.insert({row.id, row.metric}).second);
        // A throughput row also gets TTFT and decode predictions with no measurement.
        const ValidationRow *tput = find(r, "TRT061-001", "output_tokens_per_s_per_gpu");
        QVERIFY(tput && tput->hasMeasured);
        const ValidationRow *ttftOfTput = find(r, "TRT061-001", "ttft_ms");
        QVERIFY(ttftOfTput && !ttftOfTput->hasMeasured && ttftOfTput->predicted > 0);
        // First-token rows (output_len 1) get TTFT only.
        QVERIFY(find(r, "TRT061L-01", "ttft_ms"));
        QVERIFY(!find(r, "TRT061L-01", "output_tokens_per_s_per_gpu"));
        QVERIFY(!find(r, "TRT061L-01", "decode_ms_per_token"));
        // KIPPLY: TTFT and decode measured.
        QVERIFY(find(r, "KIPPLY-2", "decode_ms_per_token")->hasMeasured);
        QVERIFY(find(r, "KIPPLY-2", "ttft_ms")->hasMeasured);
        // A100 TP>1 rows have no comparable target (README §4) but are predicted.
        const ValidationRow *ambiguous = find(r, "TRT061-018", "output_tokens_per_s_per_gpu");
        QVERIFY(ambiguous && ambiguous->skipped.empty() && !ambiguous->hasMeasured && ambiguous->predicted > 0);
    }

    void catalogValuesAreTheFitHalfOptimum() const
    {
        // The fitted parameters of tensorrt-llm@0.6 in catalogs/engines.json were obtained with
        // fitEnginePreset on the fit half. Refitting from them must not find a clearly better
        // fit-half objective (rounding of the catalog values costs a little).
        const Catalog &catalog = bundledCatalog();
        const auto cases = loadInferenceCases(table(publicCsv()), catalog);
        const EnginePreset *engine = catalog.findEngine("tensorrt-llm@0.6");
        QVERIFY(engine);
        const double before = inferenceObjective(cases, *engine, Half::Fit);
        const EnginePreset refit = fitEnginePreset(cases, *engine);
        const double after = inferenceObjective(cases, refit, Half::Fit);
        std::printf("fit-half objective: catalog %.3f, refit %.3f; test half: catalog %.3f, refit %.3f\n", before, after,
                    inferenceObjective(cases, *engine, Half::Test), inferenceObjective(cases, refit, Half::Test));
        for (const FittedEngineParameter &p : fittedEngineParameters())
            std::printf("  %-26s catalog %-10.4g refit %.4g\n", p.name, engine->*(p.field), refit.*(p.field));
        QVERIFY(after <= before + 1e-9);
        QVERIFY2(before - after < 0.3, qPrintable(QString("%1 vs %2").arg(before).arg(after)));
    }

    void inflightPresetIsTheFitHalfOptimum() const
    {
        // The fitted parameters of the TensorRT-LLM 1.x preset (tensorrt-llm) come from the
        // saturated TRTPO rows' fit half with inflightEngineParameters(); the disaggregated rows
        // that also map to it (engine version unknown) were not used for the fit.
        const Catalog &catalog = bundledCatalog();
        auto all = loadInferenceCases(table(publicCsv()), catalog);
        std::vector<std::unique_ptr<InferenceCase>> cases;
        for (auto &c : all) {
            if (c->skipped.empty() && c->row.load == ServingLoad::Max)
                cases.push_back(std::move(c));
        }
        const EnginePreset *engine = catalog.findEngine("tensorrt-llm");
        QVERIFY(engine);
        const double before = inferenceObjective(cases, *engine, Half::Fit);
        const EnginePreset refit = fitEnginePreset(cases, *engine, inflightEngineParameters());
        const double after = inferenceObjective(cases, refit, Half::Fit);
        std::printf("in-flight fit-half objective: catalog %.3f, refit %.3f; test half: catalog %.3f, refit %.3f\n", before,
                    after, inferenceObjective(cases, *engine, Half::Test), inferenceObjective(cases, refit, Half::Test));
        for (const FittedEngineParameter &p : inflightEngineParameters())
            std::printf("  %-26s catalog %-10.4g refit %.4g\n", p.name, engine->*(p.field), refit.*(p.field));
        QVERIFY(after <= before + 1e-9);
        QVERIFY2(before - after < 0.3, qPrintable(QString("%1 vs %2").arg(before).arg(after)));
    }

    void steadyLoadPresetsAreTheFitHalfOptimum_data() const
    {
        QTest::addColumn<QString>("engine");
        QTest::addColumn<bool>("poolFraction");   // SGLang 0.5's mem_fraction_static is fitted too
        QTest::newRow("tensorrt-llm@1.0") << "tensorrt-llm@1.0" << false;
        QTest::newRow("sglang@0.5") << "sglang@0.5" << true;
        QTest::newRow("sglang@0.5.6") << "sglang@0.5.6" << false;
        QTest::newRow("vllm@0.12") << "vllm@0.12" << false;
    }

    void steadyLoadPresetsAreTheFitHalfOptimum() const
    {
        // The fitted parameters of the version presets of engines served online (TensorRT-LLM
        // 1.0's trtllm-serve, SGLang 0.5, vLLM 0.12) come from the fit half of their closed-loop AICP rows with
        // steadyLoadEngineParameters(). A shortened refit from the catalog values (one restart)
        // must not find a clearly better fit-half objective.
        QFETCH(QString, engine);
        QFETCH(bool, poolFraction);
        const Catalog &catalog = bundledCatalog();
        const auto cases = loadInferenceCases(table(publicCsv()), catalog);
        const EnginePreset *preset = catalog.findEngine(engine.toStdString());
        QVERIFY(preset);
        std::vector<FittedEngineParameter> params = steadyLoadEngineParameters();
        if (poolFraction)
            params.push_back(poolFractionParameter());
        const double before = inferenceObjective(cases, *preset, Half::Fit);
        const EnginePreset refit = fitEnginePreset(cases, *preset, params, 1, 120);
        const double after = inferenceObjective(cases, refit, Half::Fit);
        std::printf("%s fit-half objective: catalog %.3f, refit %.3f; test half: catalog %.3f, refit %.3f\n",
                    qPrintable(engine), before, after, inferenceObjective(cases, *preset, Half::Test),
                    inferenceObjective(cases, refit, Half::Test));
        for (const FittedEngineParameter &p : params)
            std::printf("  %-26s catalog %-10.4g refit %.4g\n", p.name, preset->*(p.field), refit.*(p.field));
        QVERIFY(after <= before + 1e-9);
        QVERIFY2(before - after < 0.5, qPrintable(QString("%1 vs %2").arg(before).arg(after)));
    }

    void fitHalfSplitsPairs() const
    {
        // n mod 4 in {0, 1}: ...-01 fit, -02 and -03 test, -04 and -05 fit.
        QVERIFY(inferenceFitHalf("TRT061L-01"));
        QVERIFY(!inferenceFitHalf("TRT061L-02"));
        QVERIFY(!inferenceFitHalf("TRT061L-03"));
        QVERIFY(inferenceFitHalf("TRT061L-04"));
        QVERIFY(inferenceFitHalf("KIPPLY-1"));
        QVERIFY(!inferenceFitHalf("KIPPLY-2"));
    }

    void tolerantReaderAndMeasuredColumnsNeverRead() const
    {
        // Other column order, an extra column, no measured columns for one file, another GPU from
        // the catalog, an unknown engine (generic preset), a batching column, a blank precision.
        const std::string a =
            "extra,engine,id,model,layers,hidden,heads,kv_heads,ffn_hidden,gated_mlp,vocab,gpu,num_gpus,tp,pp,precision,"
            "batch_size,input_len,output_len,measured_output_tokens_per_s_per_gpu\n"
            "x,tensorrt-llm@0.6.1,R-1,LLaMA 7B,32,4096,32,32,11008,1,32000,H100-SXM-80GB,1,1,1,fp8,64,2048,128,999\n"
            "y,some-engine@2.1,R-2,LLaMA 7B,32,4096,32,32,11008,1,32000,H200-SXM-141GB,1,1,1,,16,512,256,\n"
            "z,vllm,R-3,LLaMA 70B,80,8192,64,8,28672,1,32000,H100-SXM-80GB,4,4,1,bf16,32,1024,512,\n";
        const std::string b =
            "id,model,layers,hidden,heads,kv_heads,ffn_hidden,gated_mlp,vocab,gpu,num_gpus,tp,pp,precision,engine,"
            "batch_size,input_len,output_len,batching\n"
            "R-1,LLaMA 7B,32,4096,32,32,11008,1,32000,H100-SXM-80GB,1,1,1,fp8,tensorrt-llm@0.6.1,64,2048,128,\n"
            "R-2,LLaMA 7B,32,4096,32,32,11008,1,32000,H200-SXM-141GB,1,1,1,,some-engine@2.1,16,512,256,\n"
            "R-3,LLaMA 70B,80,8192,64,8,28672,1,32000,H100-SXM-80GB,4,4,1,bf16,vllm,32,1024,512,static\n";
        const ValidationReport ra = validateInference(table(a), bundledCatalog());
        const ValidationReport rb = validateInference(table(b), bundledCatalog());
        QCOMPARE(ra.rows.size(), std::size_t(9));
        QCOMPARE(rb.rows.size(), std::size_t(9));
        for (std::size_t i = 0; i < ra.rows.size(); ++i) {
            QVERIFY2(ra.rows[i].skipped.empty(), ra.rows[i].skipped.c_str());
            QCOMPARE(ra.rows[i].id, rb.rows[i].id);
            QCOMPARE(ra.rows[i].metric, rb.rows[i].metric);
            QCOMPARE(ra.rows[i].predicted, rb.rows[i].predicted);   // the measured cell changes nothing
            QVERIFY(ra.rows[i].predicted > 0);
        }
        QVERIFY(find(ra, "R-1", "output_tokens_per_s_per_gpu")->hasMeasured);
        QVERIFY(!find(rb, "R-1", "output_tokens_per_s_per_gpu")->hasMeasured);
    }

    void engineColumnFindsTheNearestVersionPreset() const
    {
        // Exact ids and aliases, versions truncated to a preset id, then the nearest fitted
        // version of the same engine; unknown engines get the generic preset.
        const Catalog &c = bundledCatalog();
        auto id = [&](const char *column) { return findEnginePreset(c, column)->id; };
        QCOMPARE(id("tensorrt-llm@0.6.1"), std::string("tensorrt-llm@0.6"));
        QCOMPARE(id("tensorrt-llm@1.0.0rc3"), std::string("tensorrt-llm@1.0"));
        QCOMPARE(id("tensorrt-llm@1.0-pytorch"), std::string("tensorrt-llm"));
        QCOMPARE(id("sglang@0.5.6.post2"), std::string("sglang@0.5.6"));
        QCOMPARE(id("sglang@0.5.8.post1"), std::string("sglang@0.5"));
        QCOMPARE(id("vllm@0.12.0"), std::string("vllm@0.12"));
        QCOMPARE(id("tensorrt-llm@1.3.0rc5"), std::string("tensorrt-llm@1.0"));
        QCOMPARE(id("vllm@0.10.1"), std::string("vllm@0.12"));
        QCOMPARE(id("sglang@0.4.9"), std::string("sglang@0.5"));
        QCOMPARE(id("tensorrt-llm@0.9"), std::string("tensorrt-llm@0"));
        QCOMPARE(id("tensorrt-llm@unknown(runtime-0.8.1)"), std::string("tensorrt-llm"));
        QCOMPARE(id("vllm"), std::string("vllm"));
        QCOMPARE(id("somethingelse@2.0"), std::string("generic"));
    }

    void engineColumnSpellings() const
    {
        // The ways benchmark tables write an engine and its version (validate/EngineLookup.h).
        const Catalog &c = bundledCatalog();
        auto id = [&](const char *column) { return findEnginePreset(c, column)->id; };
        QCOMPARE(normalizedEngineColumn(" TensorRT-LLM 1.0 "), std::string("tensorrt-llm@1.0"));
        QCOMPARE(normalizedEngineColumn("vllm==0.11.0"), std::string("vllm@0.11.0"));
        QCOMPARE(normalizedEngineColumn("sglang:v0.5.4"), std::string("sglang@0.5.4"));
        QCOMPARE(normalizedEngineColumn("vllm@v0.12.0"), std::string("vllm@0.12.0"));
        QCOMPARE(normalizedEngineColumn("dynamo-vllm@0.12"), std::string("vllm@0.12"));
        QCOMPARE(normalizedEngineColumn("tensorrt-llm@1.0-pytorch"), std::string("tensorrt-llm@1.0-pytorch"));
        QCOMPARE(normalizedEngineColumn("text-generation-inference"), std::string("text-generation-inference"));
        // Long runs of separators are read once (a hostile cell of 200,000 dashes takes linear time).
        QCOMPARE(normalizedEngineColumn("   vllm" + std::string(200000, '-') + "0.12"), std::string("vllm@0.12"));
        QCOMPARE(normalizedEngineColumn(std::string(200000, '-')), std::string(200000, '-'));
        QCOMPARE(id("TensorRT-LLM 1.0"), std::string("tensorrt-llm@1.0"));
        QCOMPARE(id("trtllm@1.1.0"), std::string("tensorrt-llm@1.0"));   // the alias names the engine
        QCOMPARE(id("vllm-0.10.2"), std::string("vllm@0.12"));
        QCOMPARE(id("SGLang v0.5.6.post2"), std::string("sglang@0.5.6"));
        QCOMPARE(id("dynamo-sglang@0.5.6"), std::string("sglang@0.5.6"));
        QCOMPARE(id("vllm-v1"), std::string("vllm"));
        // An alias of one versioned preset is that preset, whatever version follows it.
        QCOMPARE(id("fastertransformer@5.3"), std::string("tensorrt-llm@0.6"));
        QCOMPARE(id("lmdeploy@0.6"), std::string("generic"));
    }

    void unusableRowsAreSkippedWithAReason() const
    {
        const std::string text =
            "id,layers,hidden,heads,vocab,gpu,num_gpus,tp,pp,precision,engine,batch_size,input_len,output_len\n"
            "S-1,32,4096,32,32000,H100-SXM-80GB,1,1,1,fp16,vllm,8,,128\n"
            "S-2,32,4096,32,32000,NoSuchGPU,1,1,1,fp16,vllm,8,512,1\n"
            "S-3,32,4096,32,32000,H100-SXM-80GB,1,1,1,fp4x,vllm,8,512,16\n"
            "S-4,32,4096,32,32000,H100-SXM-80GB,1,1,1,fp16,vllm,8,512,zero\n"
            "S-5,32,4096,32,32000,H100-SXM-80GB,1,1,1,fp4,vllm,8,512,16\n"
            "S-6,32,4096,32,32000,B200-SXM-180GB,1,1,1,mxfp4,vllm,8,512,16\n";
        const ValidationReport r = validateInference(table(text), bundledCatalog());
        QCOMPARE(find(r, "S-1", "ttft_ms")->skipped.find("input_len") != std::string::npos, true);
        QCOMPARE(find(r, "S-1", "decode_ms_per_token")->skipped.empty(), false);
        QVERIFY(find(r, "S-2", "ttft_ms")->skipped.find("NoSuchGPU") != std::string::npos);
        QVERIFY(find(r, "S-3", "output_tokens_per_s_per_gpu")->skipped.find("precision") != std::string::npos);
        const ValidationRow *s4 = find(r, "S-4", "");
        QVERIFY(s4 && s4->skipped.find("output_len") != std::string::npos);
        // FP4 on Hopper: "not supported", never extrapolated from FP8; on Blackwell it is predicted.
        const ValidationRow *s5 = find(r, "S-5", "output_tokens_per_s_per_gpu");
        QVERIFY(s5 && s5->skipped.find("not supported on H100-SXM-80GB") != std::string::npos);
        const ValidationRow *s6 = find(r, "S-6", "output_tokens_per_s_per_gpu");
        QVERIFY2(s6 && s6->skipped.empty() && s6->predicted > 0, s6 ? s6->skipped.c_str() : "S-6");
    }
};

QTEST_APPLESS_MAIN(TestInferenceValidation)
#include "tst_inferencevalidation.moc"

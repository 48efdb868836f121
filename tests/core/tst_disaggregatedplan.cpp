// SPDX-License-Identifier: GPL-3.0-or-later
// A disaggregated deployment as plan fields (workload.inference.serving_mode = disaggregated):
// a plan built from a public AICP disaggregated row predicts what `validate inference` predicts
// for the row, the evaluation's JSON carries the pools, the deployment is both pools' GPUs, and
// values outside the rules name the field, the value and what is allowed.
#include "ExampleFixture.h"
#include "support/Near.h"

#include "catalog/CatalogLoader.h"
#include "evaluator/EvaluationJson.h"
#include "evaluator/Evaluator.h"
#include "plan/PlanIo.h"
#include "report/ServingText.h"
#include "report/TextReport.h"
#include "validate/CsvTable.h"
#include "validate/InferenceCases.h"

#include <QTest>

#include <fstream>
#include <sstream>

using namespace gpuplan;

namespace {

constexpr const char *kExample = "deepseek-r1-disaggregated-h200.gpuplan";

std::string readFile(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

const std::vector<std::unique_ptr<InferenceCase>> &publicCases()
{
    static const std::vector<std::unique_ptr<InferenceCase>> cases = [] {
        CsvTable t;
        std::string error;
        if (!t.parse(readFile(GPUPLAN_SOURCE_DIR "/tests/data/validation/inference_public.csv"), error))
            qFatal("%s", error.c_str());
        return loadInferenceCases(t, bundledCatalog());
    }();
    return cases;
}

const InferenceCase *findCase(const std::string &id)
{
    for (const auto &c : publicCases()) {
        if (c->id == id)
            return c.get();
    }
    return nullptr;
}

bool hasDiagnostic(const Evaluation &e, DiagCode code, const std::string &field)
{
    for (const Diagnostic &d : e.diagnostics) {
        if (d.code == code && field == d.field)
            return true;
    }
    return false;
}

std::string describeOf(const Evaluation &e, DiagCode code)
{
    for (const Diagnostic &d : e.diagnostics) {
        if (d.code == code)
            return describe(d);
    }
    return {};
}

}   // namespace

class TestDisaggregatedPlan final : public QObject
{
    Q_OBJECT

private slots:
    // The row's plan, written as a .gpuplan and read back, evaluates to the validation's prediction
    // for the row: the same pools, the same functions (perf/DisaggregatedPlan.h).
    void planFromAPublicRowPredictsAsTheValidation() const
    {
        // DeepSeek-R1 on H100 (TP 16 pools, attention DP 16 prefill) and H200 (attention DP 8 on
        // both pools, TP 8 pools) with TensorRT-LLM.
        for (const char *id : {"AICP-00721", "AICP-00725", "AICP-00753", "AICP-00754", "AICP-00755", "AICP-00756"}) {
            const InferenceCase *c = findCase(id);
            QVERIFY2(c && c->skipped.empty(), id);
            QVERIFY(c->row.disaggregated);
            QCOMPARE(c->row.plan.workload.inference.servingMode, ServingMode::Disaggregated);
            const std::array<double, kInferenceMetricCount> validated = predictInferenceCase(*c, *c->row.engine);

            const std::string text = planToJson(c->row.plan).dump();
            Plan plan;
            std::vector<PlanError> errors;
            QVERIFY2(loadPlanText(text, "row.gpuplan", &bundledCatalog(), plan, errors), id);
            ResolvedPlan resolved;
            std::vector<ResolveError> resolveErrors;
            QVERIFY2(resolvePlan(plan, bundledCatalog(), resolved, resolveErrors), id);
            QCOMPARE(resolved.engine, c->row.engine);   // the row's engine version maps to the family preset
            const Evaluation e = evaluate(resolved);
            const InferenceResult &r = e.inference;
            QVERIFY2(test::near(r.outputTokensPerSPerGpu, validated[0]), id);
            QVERIFY2(test::near(r.ttftMs, validated[1]), id);
            QVERIFY2(test::near(r.decodeMsPerToken, validated[2]), id);
            QVERIFY(r.disaggregated.active);
            QCOMPARE(r.disaggregated.gpus, plan.hardware.numGpus);
            QCOMPARE(e.deployed.gpus, plan.hardware.numGpus);
            QVERIFY(r.disaggregated.kvTransferMs > 0);
        }
    }

    void exampleEvaluatesItsPools() const
    {
        const auto f = test::loadExample(kExample);
        QVERIFY(f);
        const Evaluation &e = f->evaluation;
        QVERIFY2(!e.diagnostics.hasErrors(), e.diagnostics.count() ? describe(e.diagnostics[0]).c_str() : "");
        const InferenceResult &r = e.inference;
        QVERIFY(r.valid);
        const DisaggregatedResult &d = r.disaggregated;
        QCOMPARE(d.prefill.gpus, 16);
        QCOMPARE(d.decode.gpus, 40);
        QCOMPARE(d.gpus, 56);
        QCOMPARE(r.gpusPerReplica, 56);
        QVERIFY(d.prefill.fits && d.decode.fits && e.memory.fits);
        QVERIFY(d.decode.kvCacheBytes > d.prefill.kvCacheBytes);
        // FP8 weights, the experts spread over a worker's 8 GPUs (not over EP x TP of them).
        QVERIFY(d.decode.weightBytes > f->resolved.shape.totalParams / 8);
        QVERIFY(d.decode.weightBytes < 0.8 * d.decode.capacityBytes);
        QCOMPARE(d.runningRequests, 160.0);   // 5 x 32 decode slots hold all 160 requests
        QVERIFY(r.ttftMs > d.kvTransferMs && r.decodeMsPerToken > 0 && r.outputTokensPerSPerGpu > 0);
        QVERIFY(std::isfinite(r.e2eLatencyMs));
        // Cost, power and racks are of the two pools.
        QCOMPARE(e.deployed.gpus, 56);
        QCOMPARE(e.deployed.replicas, 1);
        // Every view words the deployment as its two pools (report/ServingText.h), not as one replica.
        QCOMPARE(disaggregatedPoolsText(d), std::string("2 prefill workers of 8 GPUs + 5 decode workers of 8 GPUs"));
        // The fuller pool's GPU is the plan's memory.
        QCOMPARE(e.memory.perGpuBytes, std::max(d.prefill.perGpuBytes, d.decode.perGpuBytes));

        const auto j = evaluationToJson(f->resolved, e);
        const auto &block = j["inference"]["disaggregated"];
        QCOMPARE(block["prefill"]["workers"].get<int>(), 2);
        QCOMPARE(block["prefill"]["tp"].get<int>(), 8);
        QCOMPARE(block["prefill"]["ep"].get<int>(), 8);
        QCOMPARE(block["decode"]["workers"].get<int>(), 5);
        QCOMPARE(block["decode"]["batch"].get<double>(), 32.0);
        QCOMPARE(block["gpus"].get<int>(), 56);
        QCOMPARE(block["kv_transfer"].get<std::string>(), std::string("network"));
        QVERIFY(block["kv_transfer_ms"].get<double>() > 0);
        QVERIFY(block["decode"]["memory"]["per_gpu_bytes"].get<double>() > 0);
        QVERIFY(block["prefill"]["memory"]["fits"].get<bool>());
        // An aggregated plan has no such block.
        const auto agg = test::loadExample("llama3-8b-inference.gpuplan");
        QVERIFY(agg);
        QVERIFY(!evaluationToJson(agg->resolved, agg->evaluation)["inference"].contains("disaggregated"));
    }

    void gpusBeyondThePoolsAreNotDeployed() const
    {
        const auto f = test::loadExample(kExample, {"hardware.num_gpus=64"});
        QVERIFY(f);
        QVERIFY(!f->evaluation.diagnostics.hasErrors());
        QCOMPARE(f->evaluation.deployed.gpus, 56);
        const auto same = test::loadExample(kExample);
        QCOMPARE(f->evaluation.cost.onpremCapexUsd, same->evaluation.cost.onpremCapexUsd);
        QCOMPARE(f->evaluation.cost.cloudTotalUsd, same->evaluation.cost.cloudTotalUsd);
    }

    void nvlinkMovesTheKvFaster() const
    {
        const auto net = test::loadExample(kExample);
        const auto nvl = test::loadExample(kExample, {"workload.inference.kv_transfer=nvlink"});
        QVERIFY(net && nvl);
        QVERIFY(nvl->evaluation.inference.disaggregated.kvTransferMs <
                net->evaluation.inference.disaggregated.kvTransferMs);
        QVERIFY(nvl->evaluation.inference.ttftMs < net->evaluation.inference.ttftMs);
    }

    // Every load kind of the plan is the validation's reading of it (disaggregatedServingAtLoad):
    // an open loop below capacity serves its rate, TTFT grows with the rate as the prefill pool's
    // queue builds, a rate beyond the pools' capacity is marked overloaded, and the closed loop
    // reads as before (the figures of 2026-12-03, before the other loads were honoured).
    void everyLoadKindIsHonoured() const
    {
        const auto closed = test::loadExample(kExample);
        QVERIFY(closed);
        const InferenceResult &c = closed->evaluation.inference;
        QCOMPARE(c.load, ServingLoad::Concurrency);
        QVERIFY(!c.overloaded);
        QVERIFY(test::near(c.ttftMs, 1640.744, 1e-5));
        QVERIFY(test::near(c.decodeMsPerToken, 23.5705, 1e-5));
        QVERIFY(test::near(c.outputTokensPerSPerGpu, 113.605, 1e-5));

        const double outputLen = closed->plan.workload.inference.outputLen;
        double previousTtft = 0;
        for (const double rate : {1.0, 3.0, 5.0}) {
            const auto f = test::loadExample(
                kExample, {"workload.inference.load=rate", "workload.inference.request_rate=" + std::to_string(rate)});
            QVERIFY(f);
            QVERIFY2(!f->evaluation.diagnostics.hasErrors(), describe(f->evaluation.diagnostics[0]).c_str());
            const InferenceResult &r = f->evaluation.inference;
            QVERIFY(r.valid);
            QCOMPARE(r.load, ServingLoad::Rate);
            QVERIFY(!r.overloaded);
            QCOMPARE(r.loadRequestsPerS, rate);
            QVERIFY(test::near(r.outputTokensPerSPerGpu, rate * outputLen / 56.0, 1e-9));
            QVERIFY(test::near(r.requestsPerSPerReplica, rate, 1e-9));
            QVERIFY2(r.ttftMs > previousTtft, std::to_string(rate).c_str());
            // The prefill pool's queue, a pass and the KV transfer.
            QVERIFY(r.ttftMs > r.disaggregated.kvTransferMs);
            QVERIFY(r.ttftP99Ms >= r.ttftP50Ms);
            previousTtft = r.ttftMs;
        }

        const auto over =
            test::loadExample(kExample, {"workload.inference.load=rate", "workload.inference.request_rate=50"});
        QVERIFY(over);
        const InferenceResult &o = over->evaluation.inference;
        QVERIFY(o.overloaded);
        QVERIFY(o.capacityRequestsPerS > 1 && o.capacityRequestsPerS < 50);
        QVERIFY(test::near(o.requestsPerSPerReplica, o.capacityRequestsPerS, 1e-9));
        const auto j = evaluationToJson(over->resolved, over->evaluation)["inference"]["at_load"];
        QCOMPARE(j["load"].get<std::string>(), std::string("rate"));
        QVERIFY(j["overloaded"].get<bool>());
        QVERIFY(textReport(over->resolved, over->evaluation).find("OVERLOADED") != std::string::npos);

        // max: the decode pool full at the prefill pool's pace, the saturated point itself.
        const auto max = test::loadExample(kExample, {"workload.inference.load=max"});
        QVERIFY(max);
        QCOMPARE(max->evaluation.inference.ttftMs, max->evaluation.inference.saturatedTtftMs);
        QCOMPARE(max->evaluation.inference.decodeMsPerToken, max->evaluation.inference.saturatedTpotMs);
        QVERIFY(!max->evaluation.inference.overloaded);

        // static: one wave of the closed loop; its prompts queue for the prefill passes (2 workers,
        // 1 prompt a pass: 80 passes for 160), the decode batch is the same.
        const auto batch = test::loadExample(kExample, {"workload.inference.load=static"});
        QVERIFY(batch);
        const InferenceResult &b = batch->evaluation.inference;
        QCOMPARE(b.load, ServingLoad::Static);
        QVERIFY(test::near(b.decodeMsPerToken, c.decodeMsPerToken, 1e-9));
        const double pass = b.disaggregated.prefillPassMs;
        QVERIFY(test::near(b.ttftMs, 0.5 * (80 + 1) * pass + b.disaggregated.kvTransferMs, 1e-9));
        QVERIFY(b.ttftMs > c.ttftMs);
    }

    // A prefill pool of another GPU type (workload.inference.prefill_gpu): its pass, memory and
    // price from that GPU, the decode pool's TPOT untouched, the KV over the network even where
    // NVLink is asked for (two GPU types are never one NVLink domain). DeepSeek-R1's FP8 weights
    // (81 GiB on 8 GPUs) do not fit an 80 GB H100 worker of 8: the workers are 16 GPUs.
    void aPrefillPoolOfAnotherGpuType() const
    {
        const std::vector<std::string> wide = {"workload.inference.prefill_tp=16", "workload.inference.prefill_ep=16",
                                               "hardware.num_gpus=72"};
        auto with = [&](std::vector<std::string> extra) {
            extra.insert(extra.end(), wide.begin(), wide.end());
            return test::loadExample(kExample, extra);
        };
        const auto same = with({});
        const auto mixed = with({"workload.inference.prefill_gpu=H100-SXM-80GB"});
        QVERIFY(same && mixed);
        QVERIFY2(!mixed->evaluation.diagnostics.hasErrors(), describe(mixed->evaluation.diagnostics[0]).c_str());
        const InferenceResult &a = same->evaluation.inference;
        const InferenceResult &b = mixed->evaluation.inference;
        QVERIFY(a.valid && b.valid);
        QVERIFY(mixed->resolved.prefillGpu && mixed->resolved.prefillGpu->id == "H100-SXM-80GB");
        // The H100's prefill pass is longer (less HBM bandwidth, the same FP8 rate): TTFT differs, TPOT does not.
        QVERIFY(b.disaggregated.prefillPassMs > a.disaggregated.prefillPassMs);
        QVERIFY(b.ttftMs > a.ttftMs);
        QCOMPARE(b.decodeMsPerToken, a.decodeMsPerToken);
        QCOMPARE(b.tpotP99Ms, a.tpotP99Ms);
        // Each pool's memory against its own GPU.
        QVERIFY(b.disaggregated.prefill.capacityBytes < b.disaggregated.decode.capacityBytes);
        QCOMPARE(b.disaggregated.decode.capacityBytes, a.disaggregated.decode.capacityBytes);
        const auto j = evaluationToJson(mixed->resolved, mixed->evaluation)["inference"]["disaggregated"];
        QCOMPARE(j["prefill"]["gpu"].get<std::string>(), std::string("H100-SXM-80GB"));
        QCOMPARE(j["decode"]["gpu"].get<std::string>(), std::string("H200-SXM-141GB"));
        // The 32 prefill GPUs priced as H100s (the catalog's H100 is the cheaper), the 40 decode GPUs as H200s.
        QVERIFY(mixed->evaluation.cost.onpremCapexUsd < same->evaluation.cost.onpremCapexUsd);
        QCOMPARE(mixed->evaluation.deployed.gpus, 72);

        // NVLink asked for: one GPU type moves the KV faster, two types send it over the network.
        const auto nvlSame = with({"workload.inference.kv_transfer=nvlink"});
        const auto nvlMixed =
            with({"workload.inference.kv_transfer=nvlink", "workload.inference.prefill_gpu=H100-SXM-80GB"});
        QVERIFY(nvlSame && nvlMixed);
        QVERIFY(nvlSame->evaluation.inference.disaggregated.kvTransferMs < a.disaggregated.kvTransferMs);
        QCOMPARE(nvlMixed->evaluation.inference.disaggregated.kvTransfer, KvTransferPath::Network);
        QCOMPARE(nvlMixed->evaluation.inference.disaggregated.kvTransferMs, b.disaggregated.kvTransferMs);

        // The plan's own GPU named again is the plan's GPU: nothing changes.
        const auto named = with({"workload.inference.prefill_gpu=H200-SXM-141GB"});
        QVERIFY(named && !named->resolved.prefillGpu);
        QCOMPARE(named->evaluation.inference.ttftMs, a.ttftMs);

        // 8 H100s do not hold the weights: the prefill pool binds the memory verdict.
        const auto narrow = test::loadExample(kExample, {"workload.inference.prefill_gpu=H100-SXM-80GB"});
        QVERIFY(narrow);
        QVERIFY(!narrow->evaluation.inference.disaggregated.prefill.fits);
        QVERIFY(!narrow->evaluation.memory.fits);
        QVERIFY(hasDiagnostic(narrow->evaluation, DiagCode::DoesNotFit, "workload.inference.prefill_gpu"));
        QVERIFY(!hasDiagnostic(narrow->evaluation, DiagCode::DoesNotFit, "hardware.gpu"));
        QCOMPARE(narrow->evaluation.memory.capacityBytes,
                 narrow->evaluation.inference.disaggregated.prefill.capacityBytes);
    }

    void anUnknownPrefillGpuIsRefused() const
    {
        Plan plan;
        std::vector<PlanError> errors;
        QVERIFY(loadPlanText(readFile(std::string(GPUPLAN_SOURCE_DIR "/examples/") + kExample), "x.gpuplan",
                             &bundledCatalog(), plan, errors));
        plan.workload.inference.prefillGpu = "H900-XL";
        ResolvedPlan resolved;
        std::vector<ResolveError> resolveErrors;
        QVERIFY(!resolvePlan(plan, bundledCatalog(), resolved, resolveErrors));
        QCOMPARE(resolveErrors.size(), std::size_t(1));
        QCOMPARE(resolveErrors[0].field, std::string("workload.inference.prefill_gpu"));
        const std::string &m = resolveErrors[0].message;
        QVERIFY2(m.find("unknown GPU \"H900-XL\"") != std::string::npos && m.find("known: ") != std::string::npos &&
                     m.find("H100-SXM-80GB") != std::string::npos,
                 m.c_str());
        // An alias resolves as hardware.gpu's do.
        plan.workload.inference.prefillGpu = "h100";
        resolveErrors.clear();
        const bool aliasResolves = resolvePlan(plan, bundledCatalog(), resolved, resolveErrors);
        QCOMPARE(aliasResolves, bundledCatalog().findGpu("h100") != nullptr);
    }

    // The validation reader's optional prefill_gpu / decode_gpu columns (blank: the row's gpu): the
    // row's plan carries them, and predicts as the plan evaluates.
    void rowsNamePoolGpus() const
    {
        const std::string text = readFile(GPUPLAN_SOURCE_DIR "/tests/data/validation/inference_public.csv");
        const std::string header = text.substr(0, text.find('\n'));
        const std::size_t at = text.find("\nAICP-00753,");
        QVERIFY(at != std::string::npos);
        const std::string row = text.substr(at + 1, text.find('\n', at + 1) - at - 1);
        auto casesOf = [&](const std::string &prefill, const std::string &decode) {
            CsvTable t;
            std::string error;
            const std::string csv =
                header + ",prefill_gpu,decode_gpu,unknown_column\n" + row + "," + prefill + "," + decode + ",ignored\n";
            if (!t.parse(csv, error))
                qFatal("%s", error.c_str());
            return loadInferenceCases(t, bundledCatalog());
        };
        const auto blank = casesOf("", "");
        const auto mixed = casesOf("B200-SXM-180GB", "");
        const auto bad = casesOf("", "H900-XL");
        QVERIFY(blank[0]->skipped.empty() && mixed[0]->skipped.empty());
        const InferenceCase *published = findCase("AICP-00753");
        QVERIFY(published);
        const auto p0 = predictInferenceCase(*published, *published->row.engine);
        const auto pb = predictInferenceCase(*blank[0], *blank[0]->row.engine);
        const auto pm = predictInferenceCase(*mixed[0], *mixed[0]->row.engine);
        QCOMPARE(pb, p0);   // blank columns: the row's gpu
        QCOMPARE(mixed[0]->row.plan.workload.inference.prefillGpu, std::string("B200-SXM-180GB"));
        QCOMPARE(mixed[0]->row.plan.hardware.gpu, std::string("H200-SXM-141GB"));
        QVERIFY(pm[1] < p0[1]);   // TTFT: the B200's faster prefill
        QCOMPARE(pm[2], p0[2]);   // TPOT: the same decode pool
        QVERIFY2(bad[0]->skipped.find("decode_gpu") != std::string::npos &&
                     bad[0]->skipped.find("H900-XL") != std::string::npos,
                 bad[0]->skipped.c_str());

        // The row's plan evaluates to the reader's prediction (one path for both).
        ResolvedPlan resolved;
        std::vector<ResolveError> errors;
        QVERIFY(resolvePlan(mixed[0]->row.plan, bundledCatalog(), resolved, errors));
        const Evaluation e = evaluate(resolved);
        QVERIFY(test::near(e.inference.ttftMs, pm[1]));
        QVERIFY(test::near(e.inference.decodeMsPerToken, pm[2]));
    }

    void poolsThatBreakTheRulesAreErrors() const
    {
        {
            const auto f = test::loadExample(kExample, {"hardware.num_gpus=48"});
            QVERIFY(f);
            QVERIFY(hasDiagnostic(f->evaluation, DiagCode::PoolsExceedGpus, "hardware.num_gpus"));
            const std::string text = describeOf(f->evaluation, DiagCode::PoolsExceedGpus);
            QVERIFY2(text.find("hardware.num_gpus = 48") != std::string::npos &&
                         text.find("at least 56") != std::string::npos,
                     text.c_str());
            QVERIFY(f->evaluation.diagnostics.hasErrors());
        }
        {
            const auto f = test::loadExample(kExample, {"workload.inference.decode_attention_dp=3"});
            QVERIFY(f);
            QVERIFY(hasDiagnostic(f->evaluation, DiagCode::PoolNotDivideTp, "workload.inference.decode_attention_dp"));
            const std::string text = describeOf(f->evaluation, DiagCode::PoolNotDivideTp);
            QVERIFY2(text.find("workload.inference.decode_attention_dp = 3") != std::string::npos &&
                         text.find("a divisor of 8") != std::string::npos,
                     text.c_str());
        }
        {
            const auto f = test::loadExample(kExample, {"workload.inference.prefill_ep=16"});
            QVERIFY(f);
            QVERIFY(hasDiagnostic(f->evaluation, DiagCode::PoolNotDivideTp, "workload.inference.prefill_ep"));
        }
        {
            const auto f = test::loadExample(
                kExample, {"workload.inference.decode_tp=6", "workload.inference.decode_ep=6", "hardware.num_gpus=64"});
            QVERIFY(f);
            QVERIFY(hasDiagnostic(f->evaluation, DiagCode::EpNotDivideExperts, "workload.inference.decode_ep"));
            const std::string text = describeOf(f->evaluation, DiagCode::EpNotDivideExperts);
            QVERIFY2(text.find("workload.inference.decode_ep = 6") != std::string::npos, text.c_str());
        }
        // Out of a field's bounds: the file is refused with the field, the value and the range.
        {
            const std::string text = readFile(std::string(GPUPLAN_SOURCE_DIR "/examples/") + kExample);
            nlohmann::json doc = nlohmann::json::parse(text);
            doc["workload"]["inference"]["decode_tp"] = 2048;
            Plan plan;
            std::vector<PlanError> errors;
            QVERIFY(!loadPlanText(doc.dump(), "bad.gpuplan", &bundledCatalog(), plan, errors));
            QVERIFY(!errors.empty());
            const std::string message = errors.front().path + ": " + errors.front().message;
            QVERIFY2(message.find("workload.inference.decode_tp") != std::string::npos &&
                         message.find("1 to 1,024") != std::string::npos && message.find("2048") != std::string::npos,
                     message.c_str());
        }
    }

    // Requests beyond the decode slots wait for one: TTFT grows, TPOT does not.
    void requestsBeyondTheSlotsQueue() const
    {
        const auto at = test::loadExample(kExample);
        const auto over = test::loadExample(kExample, {"workload.inference.concurrency=320"});
        QVERIFY(at && over);
        QVERIFY(!over->evaluation.diagnostics.hasErrors());
        QCOMPARE(over->evaluation.inference.queuedRequests, 160.0);
        QVERIFY(over->evaluation.inference.ttftMs > 2 * at->evaluation.inference.ttftMs);
        QVERIFY(test::near(over->evaluation.inference.decodeMsPerToken, at->evaluation.inference.decodeMsPerToken));
    }

    void aggregatedPlansAreUnchanged() const
    {
        const auto plain = test::loadExample("llama3-8b-inference.gpuplan");
        const auto withPools =
            test::loadExample("llama3-8b-inference.gpuplan", {"workload.inference.decode_workers=7"});
        QVERIFY(plain && withPools);
        QCOMPARE(plain->evaluation.inference.ttftMs, withPools->evaluation.inference.ttftMs);
        QCOMPARE(plain->evaluation.deployed.gpus, withPools->evaluation.deployed.gpus);
        QVERIFY(!plain->evaluation.inference.disaggregated.active);
    }
};

QTEST_APPLESS_MAIN(TestDisaggregatedPlan)
#include "tst_disaggregatedplan.moc"

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
        {
            const auto f =
                test::loadExample(kExample, {"workload.inference.load=rate", "workload.inference.request_rate=5"});
            QVERIFY(f);
            QVERIFY(hasDiagnostic(f->evaluation, DiagCode::DisaggregatedLoad, "workload.inference.load"));
            const std::string text = describeOf(f->evaluation, DiagCode::DisaggregatedLoad);
            QVERIFY2(text.find("load = rate") != std::string::npos &&
                         text.find("allowed: concurrency") != std::string::npos,
                     text.c_str());
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

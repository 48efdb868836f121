// SPDX-License-Identifier: GPL-3.0-or-later
// Plan files: round trip, precise errors, nothing applied on error, version refusal, --set.
#include "catalog/Catalog.h"
#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cstdio>
#include <filesystem>

using namespace gpuplan;

class TestPlanIo final : public QObject
{
    Q_OBJECT

private:
    static Catalog tinyCatalog()
    {
        Catalog c;
        ModelPreset m;
        m.id = "tiny-llama";
        m.aliases = {"Tiny Llama"};
        m.arch.name = "Tiny Llama";
        m.arch.layers = 4;
        m.arch.hidden = 256;
        m.arch.heads = 8;
        m.arch.kvHeads = 2;
        m.arch.ffnHidden = 688;
        m.arch.gatedMlp = true;
        m.arch.vocab = 1000;
        c.models.push_back(m);
        return c;
    }

    static bool load(const std::string &text, Plan &plan, std::vector<PlanError> &errors, const Catalog *c = nullptr)
    {
        return loadPlanText(text, "t.gpuplan", c, plan, errors);
    }

    static bool hasError(const std::vector<PlanError> &errors, const std::string &path, const std::string &fragment)
    {
        for (const PlanError &e : errors) {
            if (e.path == path && e.message.find(fragment) != std::string::npos)
                return true;
        }
        return false;
    }

private slots:
    void roundTripKeepsEveryField() const
    {
        Plan p;
        p.name = "Round <trip> & \"quotes\"";
        p.notes = "line 1\nline 2 ü";
        p.model.layers = 80;
        p.model.hidden = 8192;
        p.model.kvHeads = 8;
        p.model.moeExperts = 8;
        p.model.moeTopK = 2;
        p.workload.mode = Mode::Inference;
        p.workload.training.tokens = 15e12;
        p.workload.inference.requestRate = 12.5;
        p.hardware.numGpus = 4096;
        p.parallelism.tp = 8;
        p.parallelism.recompute = Recompute::Full;
        p.precision.kvCache = Dtype::FP8;
        p.cost.gpuPriceUsd = 25000;
        p.storage.tier = StorageTier::ObjectStore;
        p.extensions = R"({"gui":{"color":"#ff0000"}})";
        const auto json = planToJson(p);
        Plan q;
        std::vector<PlanError> errors;
        QVERIFY(planFromJson(nlohmann::json::parse(json.dump()), nullptr, q, errors));
        QCOMPARE(planToJson(q).dump(), json.dump());
        QCOMPARE(q.name, p.name);
        QCOMPARE(q.workload.training.tokens, 15e12);
        QCOMPARE(q.precision.kvCache, Dtype::FP8);
        QCOMPARE(q.extensions, p.extensions);
    }

    void saveAndLoadFile() const
    {
        const std::string path = std::string(GPUPLAN_BINARY_DIR) + "/tst_planio_roundtrip.gpuplan";
        Plan p;
        p.name = "File";
        p.hardware.numGpus = 64;
        std::string error;
        QVERIFY2(savePlanFile(path, p, error), error.c_str());
        QVERIFY(!std::filesystem::exists(path + ".tmp"));
        Plan q;
        std::vector<PlanError> errors;
        QVERIFY(loadPlanFile(path, nullptr, q, errors));
        QCOMPARE(q.hardware.numGpus, 64);
        std::filesystem::remove(path);
    }

    void errorsNameFieldValueAndRange() const
    {
        Plan plan;
        plan.name = "unchanged";
        std::vector<PlanError> errors;
        const std::string text = R"({"version":1,"name":"new","hardware":{"num_gpus":0},
            "parallelism":{"tp":"eight","recompute":"sometimes"},"facility":{"pue":0.9}})";
        QVERIFY(!load(text, plan, errors));
        QVERIFY(hasError(errors, "hardware.num_gpus", "from 1 to 1,000,000"));
        QVERIFY(hasError(errors, "parallelism.tp", "found a string"));
        QVERIFY(hasError(errors, "parallelism.recompute", "\"none\", \"selective\", \"full\", \"selective_op\" or \"every_n_layers\""));
        QVERIFY(hasError(errors, "facility.pue", "0.9"));
        QCOMPARE(errors.front().file, std::string("t.gpuplan"));
        // Nothing is applied when anything is wrong.
        QCOMPARE(plan.name, std::string("unchanged"));
    }

    void reportBrandingLoadsAndIsChecked() const
    {
        Plan plan;
        std::vector<PlanError> errors;
        QVERIFY(load(R"({"version":1,"report":{"organisation":"Example Research Lab","logo":"brand/logo.svg"}})", plan,
                     errors));
        QCOMPARE(plan.report.organisation, std::string("Example Research Lab"));
        QCOMPARE(plan.report.logo, std::string("brand/logo.svg"));
        const auto json = planToJson(plan);
        QCOMPARE(json["report"]["logo"].get<std::string>(), std::string("brand/logo.svg"));

        Plan unchanged;
        QVERIFY(!load(R"({"version":1,"name":"new","report":{"logo":"logo.tiff","organisation":7}})", unchanged, errors));
        QVERIFY(hasError(errors, "report.logo", "\"logo.tiff\"; expected text of at most 4,096 characters: empty, or "
                                                "the path of a PNG, JPEG or SVG file"));
        QVERIFY(hasError(errors, "report.organisation", "expected text, found an integer"));
        QCOMPARE(errors.back().text().rfind("t.gpuplan: report.", 0), std::size_t(0));
        QCOMPARE(unchanged.name, std::string("Untitled plan"));
    }

    void unknownKeysAndTypesReported() const
    {
        Plan plan;
        std::vector<PlanError> errors;
        QVERIFY(!load(R"({"version":1,"parallelism":{"tpp":8},"hardware":5})", plan, errors));
        QVERIFY(hasError(errors, "parallelism.tpp", "unknown field"));
        QVERIFY(hasError(errors, "hardware", "expected an object"));
    }

    void newerVersionRefused() const
    {
        Plan plan;
        std::vector<PlanError> errors;
        QVERIFY(!load(R"({"format":"gpuplan-plan","version":99})", plan, errors));
        QVERIFY(hasError(errors, "version", "newer gpuplan"));
        errors.clear();
        QVERIFY(!load(R"({"format":"something-else","version":1})", plan, errors));
        QVERIFY(hasError(errors, "format", "gpuplan-plan"));
        errors.clear();
        QVERIFY(!load(R"({"name":"x"})", plan, errors));
        QVERIFY(hasError(errors, "version", "integer"));
    }

    void hostileNumbersRefused() const
    {
        Plan plan;
        std::vector<PlanError> errors;
        QVERIFY(!load(R"({"version":1,"workload":{"training":{"tokens":1e400}}})", plan, errors));
        errors.clear();
        QVERIFY(!load(R"({"version":1,"hardware":{"num_gpus":NaN}})", plan, errors));
        QVERIFY(errors.front().message.find("not valid JSON") != std::string::npos);
        errors.clear();
        QVERIFY(!load(R"({"version":1,"facility":{"pue":"Infinity"}})", plan, errors));
        errors.clear();
        QVERIFY(!load(R"({"version":1,"hardware":{"num_gpus":2.5}})", plan, errors));
        QVERIFY(hasError(errors, "hardware.num_gpus", "non-integer"));
        errors.clear();
        // -0 is zero: accepted where zero is allowed, stored as +0.
        QVERIFY(load(R"({"version":1,"workload":{"inference":{"request_rate":-0.0}}})", plan, errors));
        QVERIFY(!std::signbit(plan.workload.inference.requestRate));
    }

    void deepNestingAndHugeInputRefused() const
    {
        Plan plan;
        std::vector<PlanError> errors;
        std::string deep = R"({"version":1,"extensions":)";
        for (int i = 0; i < 100; ++i)
            deep += "[";
        for (int i = 0; i < 100; ++i)
            deep += "]";
        deep += "}";
        QVERIFY(!load(deep, plan, errors));
        QVERIFY(errors.front().message.find("nesting") != std::string::npos);
        errors.clear();
        const std::string huge(kMaxPlanFileBytes + 1, ' ');
        QVERIFY(!load(huge, plan, errors));
        QVERIFY(errors.front().message.find("MiB") != std::string::npos);
        errors.clear();
        QVERIFY(!load("{\"version\":1,\n  \"name\": }", plan, errors));
        QVERIFY(errors.front().message.find("line 2") != std::string::npos);
    }

    void presetExpandsAndExplicitFieldsOverride() const
    {
        const Catalog c = tinyCatalog();
        Plan plan;
        std::vector<PlanError> errors;
        QVERIFY(load(R"({"version":1,"model":{"preset":"tiny llama","layers":6}})", plan, errors, &c));
        QCOMPARE(plan.model.preset, std::string("tiny-llama"));
        QCOMPARE(plan.model.hidden, 256);
        QCOMPARE(plan.model.layers, 6);
        errors.clear();
        QVERIFY(!load(R"({"version":1,"model":{"preset":"no-such-model"}})", plan, errors, &c));
        QVERIFY(hasError(errors, "model.preset", "unknown model preset"));
    }

    void overridesApplyByPath() const
    {
        const Catalog c = tinyCatalog();
        nlohmann::json doc = nlohmann::json::parse(R"({"version":1,"model":{"preset":"tiny-llama","layers":6}})");
        std::vector<PlanError> errors;
        QVERIFY(applyOverride(doc, "hardware.num_gpus=4096", errors));
        QVERIFY(applyOverride(doc, "hardware.gpu=H200-SXM-141GB", errors));
        QVERIFY(applyOverride(doc, "parallelism.sp=true", errors));
        QVERIFY(applyOverride(doc, "model.preset=tiny-llama", errors));   // resets explicit model fields
        Plan plan;
        QVERIFY(planFromJson(doc, &c, plan, errors));
        QCOMPARE(plan.hardware.numGpus, 4096);
        QCOMPARE(plan.hardware.gpu, std::string("H200-SXM-141GB"));
        QVERIFY(plan.parallelism.sp);
        QCOMPARE(plan.model.layers, 4);
        QVERIFY(!applyOverride(doc, "hardware.gpus=4", errors));
        QVERIFY(errors.back().message.find("unknown field") != std::string::npos);
        QVERIFY(!applyOverride(doc, "no-equals-sign", errors));
        // Bounds are checked when the document is read.
        QVERIFY(applyOverride(doc, "parallelism.zero=7", errors));
        errors.clear();
        QVERIFY(!planFromJson(doc, &c, plan, errors));
        QCOMPARE(errors.front().path, std::string("parallelism.zero"));
    }
};

QTEST_APPLESS_MAIN(TestPlanIo)
#include "tst_planio.moc"

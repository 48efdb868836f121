// SPDX-License-Identifier: GPL-3.0-or-later
// The facility part of `evaluate --json`: the field names other checks rely on, and no NaN or
// infinity for any in-bounds input (extreme values of every facility field).
#include "FacilityFixtures.h"

#include "evaluator/EvaluationJson.h"
#include "facility/FacilityPresets.h"
#include "plan/PlanFields.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::test;
using Json = nlohmann::ordered_json;

namespace {

Json facilityJson(const Fixture &f)
{
    Json out = Json::object();
    appendFacilityJson(f.resolved, f.evaluation, out);
    return out;
}

// Every number finite and present: EvaluationJson writes null for a non-finite value.
bool allFinite(const Json &j, std::string &where, const std::string &path = "")
{
    if (j.is_null()) {
        where = path;
        return false;
    }
    if (j.is_number_float() && !std::isfinite(j.get<double>())) {
        where = path;
        return false;
    }
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if (!allFinite(it.value(), where, path + "." + it.key()))
                return false;
        }
    }
    if (j.is_array()) {
        for (std::size_t i = 0; i < j.size(); ++i) {
            if (!allFinite(j[i], where, path + "[" + std::to_string(i) + "]"))
                return false;
        }
    }
    return true;
}

} // namespace

class TestFacilityJson final : public QObject
{
    Q_OBJECT

private slots:
    void contractNames()
    {
        Fixture f;
        f.run(86400.0 * 30);
        const Json j = facilityJson(f);
        for (const char *path : {"/power/it_kw", "/power/facility_kw", "/power/energy_mwh", "/cooling/heat_btu_per_hour",
                                 "/cooling/tons", "/storage/checkpoint_bytes", "/storage/required_read_gbps",
                                 "/reliability/mtbf_hours", "/reliability/checkpoint_interval_s", "/reliability/goodput",
                                 "/cost/cloud_total_usd", "/cost/onprem_total_usd", "/cost/break_even_months",
                                 "/cost/per_run_usd"})
            QVERIFY2(j.at(Json::json_pointer(path)).is_number(), path);
        QVERIFY(j.at("/cooling/racks"_json_pointer).is_number_integer());
        QVERIFY(j.at("/cooling/liquid_required"_json_pointer).is_boolean());
        const Json &sensitivity = j.at("/cost/sensitivity"_json_pointer);
        QVERIFY(sensitivity.is_array() && !sensitivity.empty());
        for (const Json &e : sensitivity) {
            QVERIFY(e.at("assumption").is_string());
            QVERIFY(e.at("low_usd").is_number());
            QVERIFY(e.at("high_usd").is_number());
        }
        const Json &bom = j.at("bom");
        QVERIFY(bom.is_array() && !bom.empty());
        for (const Json &line : bom) {
            QVERIFY(line.at("item").is_string());
            QVERIFY(line.at("quantity").is_number());
            QVERIFY(line.at("unit_usd").is_number());
        }
        std::string where;
        QVERIFY2(allFinite(j, where), where.c_str());
    }

    void extremeInBoundsValuesStayFinite()
    {
        // Each facility field at its lower and upper bound (and the sentinel), one at a time, in training
        // and inference, with and without a time-model result.
        int cases = 0;
        for (const FieldSpec &field : facilityFields()) {
            if (field.type != FieldType::Int && field.type != FieldType::Real)
                continue;
            std::vector<double> values = {field.min, field.max};
            if (field.hasSentinel)
                values.push_back(field.sentinel);
            for (double v : values) {
                for (Mode mode : {Mode::Training, Mode::Inference}) {
                    for (double time : {0.0, 1.0, 1e9}) {
                        Fixture f;
                        f.plan.workload.mode = mode;
                        f.plan.hardware.numGpus = 4096;
                        field.setNumber(f.plan, v);
                        f.run(time);
                        std::string where;
                        QVERIFY2(allFinite(facilityJson(f), where),
                                 qPrintable(QString("%1 = %2: %3").arg(field.path).arg(v).arg(where.c_str())));
                        ++cases;
                    }
                }
            }
        }
        QVERIFY(cases > 100);
    }

    void extremeClusterShapes()
    {
        // 1 GPU and 1,000,000 GPUs (hardware.num_gpus bounds); no fabric, tier or cloud offer; a GPU
        // without FLOPs (no run time at all); a rack-scale node.
        for (int gpus : {1, 7, 1000000}) {
            for (bool complete : {true, false}) {
                Fixture f;
                f.plan.hardware.numGpus = gpus;
                f.plan.workload.training.tokens = 1e17;
                if (!complete) {
                    f.gpu.peakFlops = {};
                    f.gpu.tdpW = 0;
                    f.node.maxPowerW = 0;
                }
                f.run(0.0, complete, complete, complete);
                std::string where;
                QVERIFY2(allFinite(facilityJson(f), where), where.c_str());
            }
        }
        Fixture f;
        f.node = gb200Nvl72();
        f.plan.hardware.numGpus = 72 * 1000;
        f.run(1e7);
        std::string where;
        QVERIFY2(allFinite(facilityJson(f), where), where.c_str());
    }

    void fallbackRunTimeFromMfu()
    {
        // No time-model result: 6 x P x D / (N x peak x 0.4).
        Fixture f;
        f.run(0.0);
        const double expected = 6 * f.resolved.shape.activeParams * 15e12 / (1024 * 989.4e12 * 0.4);
        QVERIFY(qAbs(f.evaluation.reliability.idealTimeS / expected - 1) < 1e-12);
        QCOMPARE(f.evaluation.cost.timeSource, TimeSource::FallbackMfu);
        const Json j = facilityJson(f);
        QCOMPARE(j.at("/cost/time_source"_json_pointer).get<std::string>(), std::string("fallback_mfu_0.4"));
    }

    void breakEvenNeverIsNotInfinity()
    {
        Fixture f;
        f.plan.cost.cloudGpuHourUsd = 0.01;
        f.run(86400.0 * 30);
        const Json j = facilityJson(f);
        QVERIFY(j.at("/cost/break_even_never"_json_pointer).get<bool>());
        QCOMPARE(j.at("/cost/break_even_months"_json_pointer).get<double>(), 0.0);
    }

    void puePresetsCarrySources()
    {
        // Hyperscale 1.1, modern 1.3, industry average 1.55 (docs/references.md §2).
        const auto presets = puePresets();
        QCOMPARE(static_cast<int>(presets.size()), 3);
        QCOMPARE(presets[0].pue, 1.10);
        QCOMPARE(presets[1].pue, 1.30);
        QCOMPARE(presets[2].pue, 1.55);
        for (const PuePreset &p : presets) {
            QVERIFY(std::string(p.source).size() > 10);
            QVERIFY(std::string(p.date).size() >= 4);
            const FieldSpec *pue = findPlanField("facility.pue");
            QVERIFY(p.pue >= pue->min && p.pue <= pue->max);
        }
    }
};

QTEST_APPLESS_MAIN(TestFacilityJson)
#include "tst_facilityjson.moc"

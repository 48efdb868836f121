// SPDX-License-Identifier: GPL-3.0-or-later
// Plan validity (issue 16): which errors make a plan invalid or "does not fit", the first reason,
// the replicas-without-work check; and the shared formatting conventions (money k/M/B, plurals,
// small energies in kWh, storage in decimal units, break-even beyond the hardware life).
#include "catalog/CatalogLoader.h"
#include "common/TextFile.h"
#include "eval/PlanValidity.h"
#include "evaluator/Evaluator.h"
#include "facility/FacilityText.h"
#include "plan/PlanIo.h"
#include "common/Format.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace gpuplan;

namespace {

struct Loaded
{
    Catalog catalog;
    Plan plan;
    ResolvedPlan resolved;
};

// The bundled 70B example with overrides (PATH=VALUE, as `--set` takes them).
void loadExample(Loaded &out, std::initializer_list<const char *> overrides,
                 const char *file = "llama3-70b-training.gpuplan")
{
    std::vector<CatalogIssue> issues;
    CatalogSources sources;
    sources.loadUser = false;
    out.catalog = loadCatalog(sources, issues);
    std::vector<PlanError> errors;
    nlohmann::json doc;
    std::string text, error;
    QVERIFY(readTextFile(std::string(GPUPLAN_SOURCE_DIR "/examples/") + file, kMaxPlanFileBytes, text, error));
    QVERIFY(parseJsonText(text, "example", doc, errors));
    for (const char *o : overrides)
        QVERIFY(applyOverride(doc, o, errors));
    QVERIFY(planFromJson(doc, &out.catalog, out.plan, errors));
    std::vector<ResolveError> resolveErrors;
    QVERIFY(resolvePlan(out.plan, out.catalog, out.resolved, resolveErrors));
}

} // namespace

class TestPlanValidity final : public QObject
{
    Q_OBJECT

private slots:
    // The day's average request rate above its peak (the 8B serving example's 40 requests/s) is an
    // error naming both fields, their values and the rule, not a value quietly read as the peak.
    void averageRateAbovePeakIsInvalid()
    {
        Loaded above;
        loadExample(above, {"workload.inference.average_request_rate=60"}, "llama3-8b-inference.gpuplan");
        const Evaluation e = evaluate(above.resolved);
        QCOMPARE(e.validity.status, PlanStatus::Invalid);
        QCOMPARE(e.validity.reason.code, DiagCode::AverageRateAbovePeak);
        QCOMPARE(std::string(e.validity.reason.field), std::string("workload.inference.average_request_rate"));
        const std::string text = describe(e.validity.reason);
        for (const char *part : {"workload.inference.average_request_rate = 60", "workload.inference.request_rate = 40",
                                 "must not exceed the peak"})
            QVERIFY2(text.find(part) != std::string::npos, text.c_str());
        Loaded atPeak;
        loadExample(atPeak, {"workload.inference.average_request_rate=40"}, "llama3-8b-inference.gpuplan");
        QVERIFY(evaluate(atPeak.resolved).validity.valid());
        // Without a peak the average is unused: no error.
        Loaded noPeak;
        loadExample(noPeak, {"workload.inference.request_rate=0", "workload.inference.average_request_rate=60"},
                    "llama3-8b-inference.gpuplan");
        QVERIFY(!evaluate(noPeak.resolved).diagnostics.has(DiagCode::AverageRateAbovePeak));
    }

    void noErrorIsValid()
    {
        Diagnostics d;
        d.add(DiagCode::PpUnevenLayers, Severity::Warning, "parallelism.pp", 3, 80);
        const PlanValidity v = planValidity(d);
        QVERIFY(v.valid());
        QCOMPARE(v.reason.code, DiagCode::Count);
        QCOMPARE(std::string(planStatusName(v.status)), std::string("valid"));
    }

    void layoutErrorWinsOverMemory()
    {
        // A layout that cannot be set up makes its memory figure moot: "invalid" even when the
        // memory error came first.
        Diagnostics d;
        d.add(DiagCode::DoesNotFit, Severity::Error, "hardware.gpu", 90e9, 80e9);
        d.add(DiagCode::GpusNotDivisible, Severity::Error, "hardware.num_gpus", 1000, 32);
        const PlanValidity v = planValidity(d);
        QCOMPARE(v.status, PlanStatus::Invalid);
        QCOMPARE(v.reason.code, DiagCode::GpusNotDivisible);
        QVERIFY(describeValidity(v).starts_with("invalid plan: The 1000 GPUs cannot be split"));
    }

    void memoryErrorAloneDoesNotFit()
    {
        Diagnostics d;
        d.add(DiagCode::ConcurrencyTooHigh, Severity::Error, "workload.inference.concurrency", 512, 40);
        d.add(DiagCode::DoesNotFit, Severity::Error, "hardware.gpu", 90e9, 80e9);
        const PlanValidity v = planValidity(d);
        QCOMPARE(v.status, PlanStatus::DoesNotFit);
        QCOMPARE(v.reason.code, DiagCode::ConcurrencyTooHigh);
        QCOMPARE(std::string(planStatusName(v.status)), std::string("does_not_fit"));
    }

    void issueCasesFromTheExample()
    {
        // Issue 16: 1,000 GPUs with TP 8 x PP 4 (32 does not divide 1,000).
        Loaded a;
        loadExample(a, {"hardware.num_gpus=1000"});
        Evaluation e = evaluate(a.resolved);
        QCOMPARE(e.validity.status, PlanStatus::Invalid);
        QCOMPARE(e.validity.reason.code, DiagCode::GpusNotDivisible);

        // Issue 16: 100k GPUs (DP 3,125) with a global batch of 1,024 sequences.
        Loaded b;
        loadExample(b, {"hardware.num_gpus=100000", "parallelism.vp=1"});
        e = evaluate(b.resolved);
        QCOMPARE(e.validity.status, PlanStatus::Invalid);
        QCOMPARE(e.validity.reason.code, DiagCode::ReplicasWithoutWork);
        QCOMPARE(e.validity.reason.value, 1024.0);
        QCOMPARE(e.validity.reason.limit, 3125.0);
        QVERIFY(describe(e.validity.reason).find("2101 replicas would get no sequence") != std::string::npos);

        // Issue 16: the 70B model on L4 (24 GB) does not fit.
        Loaded c;
        loadExample(c, {"hardware.gpu=L4-24GB"});
        e = evaluate(c.resolved);
        QCOMPARE(e.validity.status, PlanStatus::DoesNotFit);

        // The example as shipped is valid.
        Loaded d;
        loadExample(d, {});
        QVERIFY(evaluate(d.resolved).validity.valid());
    }

    void moneyInThousandsMillionsBillions()
    {
        QCOMPARE(formatUsd(7.72e9), std::string("$7.72 B"));
        QCOMPARE(formatUsd(25.9e6), std::string("$25.9 M"));
        QCOMPARE(formatUsd(8520), std::string("$8.52 k"));
        QCOMPARE(formatUsd(950), std::string("$950"));
        QCOMPARE(formatUsd(999999), std::string("$1 M"));
        QCOMPARE(formatUsd(-2.5e6), std::string("-$2.5 M"));
        // Counts read the same way: parameters and tokens in B and T, never the SI "G".
        QCOMPARE(formatCount(70.6e9), std::string("70.6 B"));
        QCOMPARE(formatCount(15e12), std::string("15 T"));
    }

    void plurals()
    {
        QCOMPARE(counted(1, "GPU", "GPUs"), std::string("1 GPU"));
        QCOMPARE(counted(8, "GPU", "GPUs"), std::string("8 GPUs"));
        QCOMPARE(counted(1024, "GPU", "GPUs"), std::string("1,024 GPUs"));
        QCOMPARE(grouped(1000000), std::string("1,000,000"));
        QCOMPARE(grouped(-4096), std::string("-4,096"));
    }

    void smallEnergiesInKwh()
    {
        QCOMPARE(formatEnergyMwh(0.35), std::string("350 kWh"));
        QCOMPARE(formatEnergyMwh(0.0042), std::string("4.20 kWh"));
        QCOMPARE(formatEnergyMwh(12.44), std::string("12.4 MWh"));
        QCOMPARE(formatEnergyMwh(1234.4), std::string("1,234 MWh"));
        QCOMPARE(formatCo2Tonnes(0.12), std::string("120 kg"));
        QCOMPARE(formatCo2Tonnes(3.44), std::string("3.44 t"));
    }

    void storageInDecimalUnits()
    {
        // Storage is sold in decimal units: checkpoint and capacity both read GB/TB/PB.
        QCOMPARE(formatStorage(850e9), std::string("850 GB"));
        QCOMPARE(formatStorage(63e12), std::string("63.0 TB"));
        QCOMPARE(formatStorage(1.2e15), std::string("1.20 PB"));
        QCOMPARE(formatBytes(61.2 * 1024 * 1024 * 1024), std::string("61.2 GiB"));
    }

    void breakEvenBeyondTheHardwareLife()
    {
        // Issue 16: a 1-GPU fine-tune "paid off after 79.9 years" against a 5-year life.
        Plan plan;
        plan.cost.depreciationYears = 5;
        CostResult c;
        c.breakEvenMonths = 79.9 * 12;
        QCOMPARE(breakEvenText(plan, c), std::string("not within the 5-year hardware life"));
        c.breakEvenMonths = 14.25;
        QCOMPARE(breakEvenText(plan, c), std::string("after 14.2 months"));
        c.breakEvenNever = true;
        QCOMPARE(breakEvenText(plan, c), std::string("never at these prices"));
    }
};

QTEST_APPLESS_MAIN(TestPlanValidity)
#include "tst_planvalidity.moc"

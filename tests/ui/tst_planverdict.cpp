// SPDX-License-Identifier: GPL-3.0-or-later
// Issue 16 in the desktop: a plan that cannot run says so above the key results and its figures
// read "would be"; the time to train is the one the PDF and gpuplan-cli give; --set model.preset
// applies the preset; Compare colours memory by the share of each plan's own GPU; the charts write
// money as the tiles do. Plans: examples/*.gpuplan on the bundled catalog.
#include "ExamplePlans.h"
#include "UiTestFixtures.h"

#include "charts/ChartFormat.h"
#include "charts/MemoryVerdictText.h"
#include "document/FieldAssignment.h"
#include "document/PlanController.h"
#include "results/KeyResultsStrip.h"
#include "results/ScenarioComparison.h"

#include "facility/CostVerdict.h"
#include "facility/FacilityText.h"
#include "common/Format.h"
#include "report/ServingText.h"
#include "report/TextReport.h"

#include <QTest>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

constexpr KeyResult kRunFigures[] = {KeyResult::Time, KeyResult::Throughput, KeyResult::Efficiency, KeyResult::Power,
                                     KeyResult::Cost};

std::unique_ptr<PlanController> trainingExample()
{
    return test::openExamplePlan("llama3-70b-training.gpuplan");
}

std::unique_ptr<PlanController> servingExample()
{
    return test::openExamplePlan("llama3-8b-inference.gpuplan");
}

} // namespace

class TestPlanVerdict final : public QObject
{
    Q_OBJECT

    static void expectHypothetical(const KeyResultsStrip &strip, const char *condition)
    {
        for (KeyResult r : kRunFigures) {
            QCOMPARE(strip.state(r), ResultState::Hypothetical);
            QVERIFY2(strip.valueText(r).startsWith(QStringLiteral("would be ")), qPrintable(strip.valueText(r)));
            QVERIFY2(strip.captionText(r).startsWith(QString::fromUtf8(condition)), qPrintable(strip.captionText(r)));
        }
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    // Issue 16: 1,000 GPUs with TP 8 x PP 4 showed 205.8 days, $25.9 M and "fits" as answers.
    void layoutThatDoesNotDivideTheGpus()
    {
        auto c = trainingExample();
        QString error;
        QVERIFY2(c->setNumber(QStringLiteral("hardware.num_gpus"), 1000, &error), qPrintable(error));
        KeyResultsStrip strip;
        strip.refresh(*c);
        QVERIFY2(strip.verdictText().startsWith(QStringLiteral("Invalid plan: The 1000 GPUs cannot be split")),
                 qPrintable(strip.verdictText()));
        expectHypothetical(strip, "if the plan could run");
        QCOMPARE(strip.state(KeyResult::Memory), ResultState::Hypothetical);
    }

    // Issue 16: 100k GPUs with a global batch of 1,024 gave each replica "0 sequences".
    void replicasWithoutWork()
    {
        auto c = trainingExample();
        QString error;
        QVERIFY(c->setNumber(QStringLiteral("parallelism.vp"), 1, &error));
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 100000, &error));
        KeyResultsStrip strip;
        strip.refresh(*c);
        QVERIFY2(strip.verdictText().contains(QStringLiteral("replicas would get no sequence per step")),
                 qPrintable(strip.verdictText()));
        expectHypothetical(strip, "if the plan could run");
    }

    // An average request rate above the peak was read as the peak without a word.
    void averageRateAbovePeak()
    {
        auto c = servingExample();
        QString error;
        QVERIFY2(c->setNumber(QStringLiteral("workload.inference.average_request_rate"), 60, &error), qPrintable(error));
        KeyResultsStrip strip;
        strip.refresh(*c);
        QVERIFY2(strip.verdictText().contains(QStringLiteral("average_request_rate = 60 requests/s is above "
                                                             "workload.inference.request_rate = 40")),
                 qPrintable(strip.verdictText()));
        expectHypothetical(strip, "if the plan could run");
    }

    // The serving tile answers the capacity question as gpuplan-cli does: the replicas and GPUs the
    // 40 requests/s need within the P99 targets, and the highest load per replica, in the same words.
    void servingTileGivesTheReplicasForTheRate()
    {
        auto c = servingExample();
        KeyResultsStrip strip;
        strip.refresh(*c);
        const InferenceResult &r = c->evaluation().inference;
        const CapacityResult &cap = r.capacity;
        QVERIFY(cap.replicas >= 1);
        QCOMPARE(strip.valueText(KeyResult::Time), QString::fromStdString(counted(cap.replicas, "replica", "replicas")));
        const std::string gpus = gpusForRateText(cap, r.gpusPerReplica, 40);
        const std::string load = highestLoadText(cap);
        QVERIFY2(strip.captionText(KeyResult::Time).contains(QString::fromStdString(gpus)) &&
                     strip.captionText(KeyResult::Time).contains(QString::fromStdString(load)),
                 qPrintable(strip.captionText(KeyResult::Time)));
        QVERIFY(gpus.find("for 40.0 requests/s") != std::string::npos);
        // Not the requests per second at the plan's concurrency.
        QVERIFY(!strip.captionText(KeyResult::Time).contains(QString::fromStdString(formatRequestRate(r.requestsPerSPerReplica))));
        const std::string text = textReport(c->resolved(), c->evaluation());
        QVERIFY2(text.find(replicasForRateText(cap, r.gpusPerReplica, 40)) != std::string::npos, text.c_str());
        QVERIFY2(text.find(highestLoadDetailText(cap)) != std::string::npos, text.c_str());
        // Without a rate: the highest load per replica.
        QVERIFY(c->setNumber(QStringLiteral("workload.inference.request_rate"), 0));
        strip.refresh(*c);
        QCOMPARE(strip.valueText(KeyResult::Time),
                 QString::fromStdString(formatRequestRate(c->evaluation().inference.capacity.sloLimited.requestsPerS)));
    }

    // Issue 16: a model that does not fit (L4) still showed its cost as if it could run.
    void modelThatDoesNotFit()
    {
        auto c = trainingExample();
        QString error;
        QVERIFY2(c->setText(QStringLiteral("hardware.gpu"), QStringLiteral("L4-24GB"), &error), qPrintable(error));
        KeyResultsStrip strip;
        strip.refresh(*c);
        QVERIFY2(strip.verdictText().startsWith(QStringLiteral("Does not fit: Needs")), qPrintable(strip.verdictText()));
        expectHypothetical(strip, "if the model fitted");
        QCOMPARE(strip.state(KeyResult::Memory), ResultState::Error);   // "does not fit" is the answer
    }

    // DeepSeek-V3 on H800: no cloud offer and no GPU or server price in the catalog. The on-prem
    // figure leaves them out, so the tile shows it as a lower bound, without a verdict, and the
    // verdict's reason names both gaps (the PDF's decision reads the same CostVerdict).
    void partlyPricedOwningIsALowerBound()
    {
        auto c = test::openExamplePlan("deepseek-v3-training.gpuplan");
        KeyResultsStrip strip;
        strip.refresh(*c);
        QVERIFY2(strip.valueText(KeyResult::Cost).startsWith(QString::fromUtf8("— | ≥ $")),
                 qPrintable(strip.valueText(KeyResult::Cost)));
        QVERIFY2(strip.captionText(KeyResult::Cost).endsWith(QStringLiteral("· no verdict")),
                 qPrintable(strip.captionText(KeyResult::Cost)));
        const CostVerdict v = costVerdict(c->resolved(), c->evaluation());
        QVERIFY(!v.decided && v.onpremPartial);
        QVERIFY2(v.reason.find("owning is not fully priced") != std::string::npos, v.reason.c_str());
        QVERIFY2(strip.toolTipText(KeyResult::Cost).contains(QStringLiteral("owning is not fully priced")),
                 qPrintable(strip.toolTipText(KeyResult::Cost)));
        // A fully priced plan keeps plain figures.
        auto priced = trainingExample();
        strip.refresh(*priced);
        QVERIFY2(!strip.valueText(KeyResult::Cost).contains(QString::fromUtf8("≥")), qPrintable(strip.valueText(KeyResult::Cost)));
    }

    // The shipped example is valid: no verdict, plain figures.
    void validPlanHasNoVerdict()
    {
        auto c = trainingExample();
        KeyResultsStrip strip;
        strip.refresh(*c);
        QVERIFY(strip.verdictText().isEmpty());
        for (KeyResult r : kRunFigures)
            QCOMPARE(strip.state(r), ResultState::Normal);
    }

    // Issue 11: the memory tile names the verdict with the model's error band. The 70B example
    // with 15,360-token sequences needs 79.9 GiB on an H100's 79.2 GiB: within the ±4.1% band of its
    // memory regime (dense FP8-class rows, catalogs/error_bands.json), borderline, which the
    // tile says in the warning state while the run's figures stay answers.
    void memoryTileNamesTheVerdict()
    {
        auto c = trainingExample();
        KeyResultsStrip strip;
        strip.refresh(*c);
        QVERIFY2(strip.captionText(KeyResult::Memory).startsWith(QStringLiteral("fits in GPU memory")),
                 qPrintable(strip.captionText(KeyResult::Memory)));
        const QString tip = strip.toolTipText(KeyResult::Memory);
        QVERIFY2(tip.contains(QStringLiteral("79.2 GiB, the CUDA device total of a GPU sold as 80 GB (74.5 GiB)")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("fits up to 76.1 GiB, does not fit above 82.6 GiB (±4% error band)")),
                 qPrintable(tip));

        QString error;
        QVERIFY2(c->setNumber(QStringLiteral("workload.training.seq_len"), 15360, &error), qPrintable(error));
        const MemoryResult &m = c->evaluation().memory;
        QCOMPARE(m.verdict, MemoryVerdict::Borderline);
        QVERIFY(m.perGpuBytes > m.capacityBytes && m.perGpuBytes * 0.84 <= m.capacityBytes);
        strip.refresh(*c);
        QVERIFY2(strip.captionText(KeyResult::Memory).startsWith(QStringLiteral("borderline: within the error band")),
                 qPrintable(strip.captionText(KeyResult::Memory)));
        QCOMPARE(strip.state(KeyResult::Memory), ResultState::Warning);
        QVERIFY(strip.toolTipText(KeyResult::Memory).contains(QStringLiteral("Borderline:")));
        QVERIFY(strip.verdictText().isEmpty());   // a borderline plan can run: no "Does not fit"
        for (KeyResult r : kRunFigures)
            QCOMPARE(strip.state(r), ResultState::Normal);
    }

    // Issue 16: the tile left failures out (199.7 days) while the PDF and the CLI included them.
    void timeToTrainIsTheOneWithFailures()
    {
        auto c = trainingExample();
        KeyResultsStrip strip;
        strip.refresh(*c);
        const Evaluation &e = c->evaluation();
        QVERIFY(e.reliability.effectiveTimeToTrainS > e.training.timeToTrainS);
        QCOMPARE(strip.valueText(KeyResult::Time), QString::fromStdString(formatDuration(e.reliability.effectiveTimeToTrainS)));
        QVERIFY(strip.captionText(KeyResult::Time).contains(QStringLiteral("with failures")));
        QVERIFY(strip.captionText(KeyResult::Time).contains(QString::fromStdString(formatDuration(e.training.timeToTrainS))));
    }

    // Issue 16: gpuplan --set model.preset=llama3-405b changed only the name and computed 70B.
    void presetFromSetReplacesTheModel()
    {
        auto c = trainingExample();
        FieldAssignment a;
        QString error;
        QVERIFY2(parseFieldAssignment(QStringLiteral("model.preset=llama3-405b"), a, error), qPrintable(error));
        QVERIFY2(applyFieldAssignment(c.get(), a, error), qPrintable(error));
        QCOMPARE(QString::fromStdString(c->plan().model.preset), QStringLiteral("llama3-405b"));
        const double params = c->evaluation().shape.totalParams;
        QVERIFY2(params > 4.0e11 && params < 4.1e11, qPrintable(QString::number(params)));
        // The 70B layout (PP 4 x 5 virtual stages) does not divide the 126 layers, and 405B does not
        // fit on 80 GB: the verdict names the layout, and "does not fit" stays the memory answer.
        KeyResultsStrip strip;
        strip.refresh(*c);
        QVERIFY2(strip.verdictText().startsWith(QStringLiteral("Invalid plan: ")), qPrintable(strip.verdictText()));
        QCOMPARE(strip.state(KeyResult::Memory), ResultState::Error);
        QVERIFY(strip.captionText(KeyResult::Memory).startsWith(QStringLiteral("does not fit")));
    }

    // Issue 16: Compare marked the H200 plan's memory red (+1.7%) though it uses 40% of its GPU
    // against 69%: memory is compared by the share of each plan's own GPU.
    void compareMemoryByShareOfEachGpu()
    {
        auto c = trainingExample();
        ScenarioComparison comparison;
        QString error;
        QVERIFY2(comparison.addFile(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-70b-training-h200.gpuplan"),
                                    c->catalog(), error),
                 qPrintable(error));
        comparison.refresh(*c);
        const ComparisonCell &h100 = comparison.cell(ComparisonRow::MemoryPerGpu, 0);
        const ComparisonCell &h200 = comparison.cell(ComparisonRow::MemoryPerGpu, 1);
        QVERIFY(h100.value > 0 && h100.value < 1 && h200.value > 0 && h200.value < 1);
        QVERIFY2(h200.value < h100.value, qPrintable(h200.text + QStringLiteral(" vs ") + h100.text));
        QVERIFY(comparison.difference(ComparisonRow::MemoryPerGpu, 1) < 0);   // lower is better: not red
        QVERIFY(h200.text.endsWith(QStringLiteral("%)")));
    }

    // Issue 16: the cost chart's title read "$9 vs $11" next to tiles of $8.52 and $11.2; the
    // charts wrote "$7.72 G" where finance reads "$7.72 B".
    void chartsWriteMoneyAsTheTiles()
    {
        QCOMPARE(usdText(8.52), QStringLiteral("$8.52"));
        QCOMPARE(usdText(11.2), QStringLiteral("$11.2"));
        QCOMPARE(usdText(7.72e9), QStringLiteral("$7.72 B"));
        QCOMPARE(usdText(8.52), QString::fromStdString(formatUsd(8.52)));
        QCOMPARE(siNumber(7.72e9), QStringLiteral("7.72 B"));
        // A unit joins the prefix as in "kW", but a unit of several words keeps it apart (the
        // serving scaling title read "43.7 koutput tokens/s").
        QCOMPARE(siNumber(35.3e3, QStringLiteral("tokens/s")), QStringLiteral("35.3 ktokens/s"));
        QCOMPARE(siNumber(43.7e3, QStringLiteral("output tokens/s")), QStringLiteral("43.7 k output tokens/s"));
        QCOMPARE(siNumber(512, QStringLiteral("output tokens/s")), QStringLiteral("512 output tokens/s"));
    }

    // Issue 30: the same 60-hour run read "60.0 h" in the auto-planner table and "2.5 days" in its
    // Pareto chart; every view now goes through the core's one rule per quantity.
    void everyViewWritesAQuantityTheCoreWay()
    {
        QCOMPARE(secondsText(60.0 * 3600.0), QStringLiteral("60.0 h"));
        QCOMPARE(secondsText(60.0 * 3600.0), QString::fromStdString(formatDuration(60.0 * 3600.0)));
        QCOMPARE(secondsText(5e-3), QStringLiteral("5.00 ms"));
        QCOMPARE(powerText(10.2e3), QStringLiteral("10.2 kW"));
        QCOMPARE(percentText(0.4567), QStringLiteral("45.7%"));
        QCOMPARE(groupedText(1024), QStringLiteral("1,024"));
        QCOMPARE(usdText(-2.5e6), QStringLiteral("−$2.5 M"));
    }

    // Issue 30: a serving plan over the engine's share but within the error band read "does not
    // fit" on the desktop and "BORDERLINE" in the text report; one verdict now.
    void servingOverItsShareDoesNotFitEverywhere()
    {
        MemoryResult m;
        m.capacityBytes = 70.0 * 1073741824.0;
        m.perGpuBytes = 72.0 * 1073741824.0;   // over the share, within the 16% band
        m.bandFraction = 0.16;
        m.verdict = MemoryVerdict::Borderline;
        m.fits = false;                        // serving: strictly within the share or not at all
        QCOMPARE(gpuMemoryVerdict(m), MemoryVerdict::DoesNotFit);
        QCOMPARE(memoryVerdictName(m), QStringLiteral("does not fit"));
        m.perGpuBytes = 65.0 * 1073741824.0;   // within the share, within the band of its limit
        m.fits = true;
        QCOMPARE(gpuMemoryVerdict(m), MemoryVerdict::Borderline);
        QCOMPARE(memoryVerdictName(m), QStringLiteral("borderline"));
    }
};

QTEST_MAIN(TestPlanVerdict)
#include "tst_planverdict.moc"

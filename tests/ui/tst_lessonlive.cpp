// SPDX-License-Identifier: GPL-3.0-or-later
// The lessons with live values (ui/teaching/LessonsHardware.cpp): at every step each value is the
// core's figure for the plan as the step left it, every value names its source, and the values do
// what the step says (BF16 → FP16 leaves memory and speed alone; FP32 compute runs at the CUDA-core
// peak; hardware leaves N, D and C alone and moves time and cost). The panel shows them and
// follows an edit of the reader's. Bundled catalog.
#include "ExamplePlans.h"
#include "UiTestFixtures.h"

#include "document/PlanController.h"
#include "teaching/LessonPanel.h"
#include "teaching/LessonRunner.h"
#include "teaching/Lessons.h"
#include "results/KeyResultsStrip.h"

#include "explain/LessonFigures.h"
#include "common/Format.h"
#include "report/ServingText.h"
#include "report/TextReport.h"
#include "search/ElasticFallback.h"

#include "facility/Reliability.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

int lessonIndex(const char *id)
{
    for (std::size_t i = 0; i < lessons().size(); ++i)
        if (std::strcmp(lessons()[i].id, id) == 0)
            return static_cast<int>(i);
    return -1;
}

std::string value(const std::vector<LiveValue> &rows, const std::string &label)
{
    for (const LiveValue &v : rows)
        if (v.label == label)
            return v.value;
    return "(missing: " + label + ")";
}

// The live values of every step of a lesson, walking it from the start.
std::vector<std::vector<LiveValue>> walk(PlanController &c, const char *id)
{
    std::vector<std::vector<LiveValue>> out;
    LessonRunner runner(&c);
    if (!runner.start(lessonIndex(id)))
        return out;
    out.push_back(runner.liveValues());
    while (runner.canGoForward()) {
        runner.forward();
        out.push_back(runner.liveValues());
    }
    return out;
}

} // namespace

class TestLessonLive final : public QObject
{
    Q_OBJECT

    static std::unique_ptr<PlanController> openExample() { return test::openExamplePlan("llama3-70b-training.gpuplan"); }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void theLessonsWithLiveValuesNameTheirSources()
    {
        for (const char *id : {"bf16-fp16", "dataparallel-vs-ddp", "tensor-cores", "best-buy", "faster-not-smarter",
                               "failures-elastic", "shared-cluster", "serving", "roofline", "choose-layout", "moe",
                               "fp8", "checkpoints", "power-cooling", "spot-elastic"}) {
            QVERIFY2(lessonIndex(id) >= 0, id);
            auto c = openExample();
            const auto steps = walk(*c, id);
            QCOMPARE(steps.size(), lessons()[static_cast<std::size_t>(lessonIndex(id))].steps.size());
            for (const auto &rows : steps) {
                QVERIFY2(rows.size() >= 3, id);
                for (const LiveValue &v : rows) {
                    QVERIFY2(!v.label.empty() && !v.value.empty(), id);
                    QVERIFY2(!v.source.empty(), v.label.c_str());
                    QVERIFY2(v.value.find("nan") == std::string::npos && v.value.find("inf") == std::string::npos,
                             v.value.c_str());
                }
            }
        }
    }

    // The serving, checkpoint, roofline and MoE lessons show the evaluation's own figures, and
    // the mechanisms their text names hold for the bundled catalog.
    void newLessonsShowTheEvaluation()
    {
        {
            auto c = openExample();
            LessonRunner runner(c.get());
            QVERIFY(runner.start(lessonIndex("serving")));
            runner.forward();   // static batching
            const InferenceResult &r = c->evaluation().inference;
            QVERIFY(r.batchingTokensPerSPerGpu[2] > r.batchingTokensPerSPerGpu[0]);
            QCOMPARE(value(runner.liveValues(), "Continuous batching"),
                     formatCount(r.batchingTokensPerSPerGpu[2]) + " tokens/s per GPU");
            runner.forward();   // continuous, 40 requests/s
            const CapacityResult &k = c->evaluation().inference.capacity;
            QVERIFY(k.replicas >= 1);
            QCOMPARE(value(runner.liveValues(), "Replicas | GPUs"),
                     std::to_string(k.replicas) + " | " + std::to_string(k.replicas * c->evaluation().inference.gpusPerReplica));
            runner.forward();   // an average of 10 requests/s
            QVERIFY(c->evaluation().inference.capacity.minReplicas < c->evaluation().inference.capacity.maxReplicas);
        }
        {
            auto c = openExample();
            LessonRunner runner(c.get());
            QVERIFY(runner.start(lessonIndex("checkpoints")));
            const double delta = c->evaluation().storage.checkpointBlockingS;
            const double goodput = c->evaluation().reliability.goodput;
            runner.forward();   // synchronous
            QVERIFY(c->evaluation().storage.checkpointBlockingS > delta);
            QVERIFY(c->evaluation().reliability.goodput < goodput);
            const double mtbf = c->evaluation().reliability.mtbfHours * 3600.0;
            const double sync = c->evaluation().storage.checkpointBlockingS;
            // A synchronous plan checkpoints at Daly's interval itself (no drain to wait for).
            QCOMPARE(c->evaluation().reliability.checkpointIntervalS, dalyInterval(sync, mtbf));
        }
        {
            auto c = openExample();
            LessonRunner runner(c.get());
            QVERIFY(runner.start(lessonIndex("roofline")));
            const GpuSpec &gpu = *c->resolved().gpu;
            // One request: 1 FLOP per weight byte in BF16, far below the ridge; the step reads the
            // weights at most at the full bandwidth.
            QVERIFY(gpu.peak(Dtype::BF16) / gpu.memoryBandwidth > 100);
            const double floorS = c->evaluation().memory.breakdown.weights / gpu.memoryBandwidth;
            QVERIFY(c->evaluation().inference.decodeMsPerToken * 1e-3 >= floorS);
            const double one = c->evaluation().inference.outputTokensPerSPerGpu;
            runner.forward();   // 16 requests share each read
            QVERIFY(c->evaluation().inference.outputTokensPerSPerGpu > 4 * one);
        }
        {
            auto c = openExample();
            LessonRunner runner(c.get());
            QVERIFY(runner.start(lessonIndex("spot-elastic")));
            const double onDemand = c->evaluation().cost.cloudPerGpuHourUsd;
            runner.forward();   // spot
            QVERIFY(c->evaluation().cost.cloudPerGpuHourUsd < onDemand);
            QCOMPARE(value(runner.liveValues(), "GPU-hours run again after reclaims"), std::string("15.0%"));
        }
        {
            auto c = openExample();
            LessonRunner runner(c.get());
            QVERIFY(runner.start(lessonIndex("moe")));
            const double ep1 = c->evaluation().memory.breakdown.weights;
            QVERIFY(!c->evaluation().validity.valid());   // the step says so
            runner.forward();
            runner.forward();   // EP 8
            QVERIFY(c->evaluation().memory.breakdown.weights < ep1 / 2);
            QVERIFY(c->evaluation().training.breakdown.epComm > 0);
            QVERIFY(c->evaluation().validity.valid());
        }
    }

    // Issue 17: the storage lesson ends on the data loaders. GPT-2 small on 8 H100 with 224 px images
    // (decode 2.75264 CPU-ms each, the preset's ESTIMATE): one worker per GPU decodes on 8 cores, fewer
    // than the images need, so the host CPU sets the pace; four per GPU decode on 32 and the GPUs do.
    // Issue 28: a serving lesson's tile said "8 GPUs" while the plan ran 5 replicas of 8. At every
    // step of every serving lesson, and on the bundled serving example at its rate and at five
    // times it, the key results' cluster tile, the lesson's live values and the text report give
    // the fleet as deployed (replicas x GPUs per replica where a rate sizes it), the count cost
    // and power are of, never one replica's or the plan's own GPUs when those differ.
    static void expectFleetEverywhere(PlanController &c, KeyResultsStrip &strip, const std::vector<LiveValue> &live,
                                      const QString &where)
    {
        const Evaluation &e = c.evaluation();
        if (c.plan().workload.mode != Mode::Inference || !c.isResolved())
            return;
        const DeployedResult &d = e.deployed;
        const CapacityResult &k = e.inference.capacity;
        QVERIFY2(d.gpus >= 1 && d.replicas * d.gpusPerReplica == d.gpus, qPrintable(where));
        if (c.plan().workload.inference.requestRate > 0 && k.replicas > 0)
            QVERIFY2(d.gpus == k.replicas * e.inference.gpusPerReplica, qPrintable(where));
        strip.refresh(c);
        QCOMPARE(strip.valueText(KeyResult::Cluster), QString::fromStdString(counted(d.gpus, "GPU", "GPUs")));
        const std::string report = textReport(c.resolved(), e);
        QVERIFY2(report.find(") on " + grouped(d.gpus) + " x ") != std::string::npos, report.c_str());
        QVERIFY2(report.find("fleet: " + deployedFleetText(d)) != std::string::npos, report.c_str());
        for (const LiveValue &v : live)
            if (v.label == "Replicas | GPUs")
                QCOMPARE(v.value, std::to_string(d.replicas) + " | " + std::to_string(d.gpus));
    }

    void servingFleetIsShownAsDeployed()
    {
        KeyResultsStrip strip;
        int servingSteps = 0;
        int sizedAwayFromPlan = 0;
        for (const Lesson &lesson : lessons()) {
            auto c = openExample();
            LessonRunner runner(c.get());
            QVERIFY(runner.start(lessonIndex(lesson.id)));
            for (int step = 0;; ++step) {
                if (c->plan().workload.mode == Mode::Inference) {
                    ++servingSteps;
                    sizedAwayFromPlan += c->evaluation().deployed.gpus != c->plan().hardware.numGpus;
                }
                expectFleetEverywhere(*c, strip, runner.liveValues(), QStringLiteral("%1 step %2").arg(lesson.id).arg(step));
                if (!runner.canGoForward())
                    break;
                runner.forward();
            }
        }
        QVERIFY(servingSteps > 0);
        QVERIFY(sizedAwayFromPlan > 0);   // the 70B lesson at 40 requests/s: more replicas than its 8 GPUs hold
        auto example = test::openExamplePlan("llama3-8b-inference.gpuplan");
        QVERIFY(example);
        expectFleetEverywhere(*example, strip, {}, QStringLiteral("example"));
        QVERIFY(example->setNumber(QStringLiteral("workload.inference.request_rate"), 200));
        QVERIFY(example->evaluation().deployed.gpus > example->plan().hardware.numGpus);
        expectFleetEverywhere(*example, strip, {}, QStringLiteral("example at 200 requests/s"));
    }

    void starvedGpusEndsOnTheDataLoaders()
    {
        auto c = openExample();
        const auto steps = walk(*c, "starved-gpus");
        QCOMPARE(steps.size(), std::size_t(6));
        QVERIFY(steps[3].empty());   // the storage steps show the key results
        const std::vector<LiveValue> &oneWorker = steps[4];
        QCOMPARE(value(oneWorker, "What sets the pace"), std::string("the host CPU"));
        QCOMPARE(value(oneWorker, "Decode per sample"), std::string("2.75 ms of CPU time"));
        QCOMPARE(value(oneWorker, "Cores decoding per node"), std::string("8 of 112"));
        QVERIFY(std::stod(value(oneWorker, "Cores needed per node")) > 8.0);
        const std::vector<LiveValue> &fourWorkers = steps[5];
        QCOMPARE(value(fourWorkers, "What sets the pace"), std::string("the GPUs"));
        QCOMPARE(value(fourWorkers, "Cores decoding per node"), std::string("32 of 112"));
        QVERIFY(std::stod(value(fourWorkers, "Cores needed per node")) < 32.0);
        for (const auto &rows : {oneWorker, fourWorkers})
            for (const LiveValue &v : rows)
                QVERIFY2(!v.source.empty(), v.label.c_str());
        // The run goes at the host CPU's step: its time to train is the GPU-bound one's, stretched by
        // the ratio of the two steps (352 / 222 ms, to the live values' rounding).
        const std::string slow = value(oneWorker, "Time to train, no failures");
        const std::string fast = value(fourWorkers, "Time to train, no failures");
        QCOMPARE(slow.substr(slow.find(' ')), fast.substr(fast.find(' ')));   // the same unit
        const double stepRatio = std::stod(value(oneWorker, "Step the host CPU allows")) /
                                 std::stod(value(oneWorker, "Step the GPUs need"));
        QVERIFY(stepRatio > 1.5);
        QVERIFY2(std::abs(std::stod(slow) / std::stod(fast) / stepRatio - 1.0) < 0.02, (slow + " vs " + fast).c_str());
        // The plan is GPT-2 small's, from the catalog, and valid.
        QCOMPARE(c->plan().model.preset, std::string("gpt2"));
        QCOMPARE(c->plan().model.layers, 12);
        QVERIFY(c->evaluation().validity.valid());
    }

    // Failures on 128 nodes at the default node MTBF (6,300 h) and repair time (24 h): the nodes
    // down at once are Poisson with λ = N·R/M (docs/facility-and-cost.md, "Elastic training"), so a
    // fixed-size job with s spares waits 1 − P(K ≤ s) of the time: 1 − e^−0.488 = 38.6% with none
    // (the worked example there), 1.3% with two spares, and 7.6% with the same two on 256 nodes.
    // Elastic training finishes sooner than the job that waits; the interruption interval halves
    // with twice the nodes.
    void failuresLessonFollowsTheElasticAnalysis()
    {
        auto c = openExample();
        const auto steps = walk(*c, "failures-elastic");
        QCOMPARE(steps.size(), std::size_t(4));
        QCOMPARE(value(steps[0], "Nodes in the job"), std::string("128"));
        QCOMPARE(value(steps[0], "Elastic training"), std::string("off: the job needs all its nodes"));
        auto waiting = [](int nodes, int spares) {
            const double lambda = nodes * 24.0 / 6300.0;
            double term = std::exp(-lambda), cdf = term;
            for (int k = 1; k <= spares; ++k)
                cdf += term *= lambda / k;
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.1f%% of the time", 100.0 * (1.0 - cdf));
            return std::string(buf);
        };
        QCOMPARE(value(steps[1], "Fixed size: waits for a repair"), waiting(128, 0));
        QCOMPARE(value(steps[1], "Fixed size: waits for a repair"), std::string("38.6% of the time"));
        QCOMPARE(value(steps[2], "Fixed size: waits for a repair"), waiting(128, 2));
        QCOMPARE(value(steps[3], "Fixed size: waits for a repair"), waiting(256, 2));
        QCOMPARE(value(steps[3], "Nodes in the job"), std::string("256"));
        QCOMPARE(value(steps[0], "The job is interrupted every"),
                 formatDuration(6300.0 / 128 * 3600.0) + " (one node every " + formatDuration(6300.0 * 3600.0) + ")");
        QCOMPARE(value(steps[3], "The job is interrupted every"),
                 formatDuration(6300.0 / 256 * 3600.0) + " (one node every " + formatDuration(6300.0 * 3600.0) + ")");
        for (std::size_t i = 1; i < steps.size(); ++i) {
            QVERIFY(value(steps[i], "Elastic node range").rfind(" nodes (plan ") != std::string::npos);
            QVERIFY(value(steps[i], "Elastic time to train").find("with failures") != std::string::npos);
        }
        // The plan as the last step left it: elastic beats the job that waits for repairs.
        const ElasticResult e = computeElastic(c->resolved(), c->evaluation());
        QVERIFY(e.enabled && e.fallbackFeasible);
        QVERIFY(e.expectedTimeToTrainS > c->evaluation().reliability.idealTimeS);
        QVERIFY(e.expectedTimeToTrainS < e.fixedSizeTimeToTrainS);
        QCOMPARE(c->plan().reliability.spareNodes, 2);
    }

    // Two teams' runs due within 60 days (core/portfolio, as gpuplan-cli portfolio): on 2 T tokens
    // two runs in a row fit and one cluster of 1,024 GPUs serves both; on 3 T they do not and the
    // shared cluster is the two together; on 2,048 GPUs per run they fit in a row again.
    void sharedClusterLessonFollowsThePortfolio()
    {
        auto c = openExample();
        const auto steps = walk(*c, "shared-cluster");
        QCOMPARE(steps.size(), std::size_t(3));
        QVERIFY(value(steps[0], "A cluster per team").rfind("2,048 GPUs, busy ", 0) == 0);
        QVERIFY(value(steps[0], "One shared cluster").rfind("1,024 GPUs, busy ", 0) == 0);
        QCOMPARE(value(steps[0], "GPUs saved by sharing"), std::string("1,024"));
        QVERIFY(value(steps[1], "One shared cluster").rfind("2,048 GPUs, busy ", 0) == 0);
        QCOMPARE(value(steps[1], "GPUs saved by sharing"), std::string("0"));
        QVERIFY(value(steps[2], "A cluster per team").rfind("4,096 GPUs, busy ", 0) == 0);
        QVERIFY(value(steps[2], "One shared cluster").rfind("2,048 GPUs, busy ", 0) == 0);
        QCOMPARE(value(steps[2], "GPUs saved by sharing"), std::string("2,048"));
        // The shared cluster of the first step: both runs back to back within the 60 days.
        const ResolvedPlan &r = c->resolved();
        QVERIFY(2 * c->evaluation().reliability.effectiveTimeToTrainS <= 60 * 86400.0);
        QCOMPARE(r.plan->hardware.numGpus, 2048);
    }

    // BF16 → FP16: the same bytes and the same Tensor Core peak, so memory and tokens/s stay; the
    // ranges are the formats' (65,504 for FP16); the V100 has no BF16 peak.
    void bf16AndFp16ComputeTheSame()
    {
        auto c = openExample();
        const auto steps = walk(*c, "bf16-fp16");
        QCOMPARE(steps.size(), std::size_t(4));
        QCOMPARE(value(steps[0], "Memory per GPU"), value(steps[1], "Memory per GPU"));
        QCOMPARE(value(steps[0], "Training tokens/s"), value(steps[1], "Training tokens/s"));
        QVERIFY(value(steps[0], "FP16 largest / smallest normal / smallest").rfind("6.55e4 / ", 0) == 0);
        QCOMPARE(value(steps[0], "Tensor Core peak of the plan's GPU, BF16 | FP16"),
                 std::string("989 TFLOP/s | 989 TFLOP/s"));
        QVERIFY(value(steps[2], "A gradient of 1e-8 in FP16 | × 2^16 first").rfind("rounds to 0 | ", 0) == 0);
        QCOMPARE(value(steps[3], "Tensor Core peak of the plan's GPU, BF16 | FP16"),
                 std::string("none | 125 TFLOP/s"));
        QCOMPARE(c->plan().hardware.gpu, std::string("V100-SXM-32GB"));
    }

    // The DataParallel load on GPU 0 over one DDP GPU's grows as n (weights and gradients the same size).
    void dataParallelRatioGrowsWithTheGpus()
    {
        auto c = openExample();
        const auto steps = walk(*c, "dataparallel-vs-ddp");
        QCOMPARE(steps.size(), std::size_t(4));
        QCOMPARE(value(steps[0], "GPUs in the node"), std::string("2"));
        QCOMPARE(value(steps[0], "GPU 0's load ÷ one DDP GPU's"), std::string("2.0×"));
        QCOMPARE(value(steps[1], "GPU 0's load ÷ one DDP GPU's"), std::string("4.0×"));
        QCOMPARE(value(steps[2], "GPU 0's load ÷ one DDP GPU's"), std::string("8.0×"));
        const DataParallelTraffic t =
            dataParallelTraffic(c->resolved().shape.totalParams * 2, c->resolved().shape.totalParams * 2, 8);
        QCOMPARE(value(steps[2], "DDP: through each GPU per step"), formatBytes(t.ddpPerGpuBytes));
        QCOMPARE(value(steps[2], "DataParallel: through GPU 0 per step"), formatBytes(t.dataParallelGpu0Bytes));
    }

    // H100: 66.9 TFLOPS FP32 and 989.4 BF16 in catalogs/gpus.json; FP32 compute runs at the former.
    void tensorCorePeaksAndTheFp32Step()
    {
        auto c = openExample();
        LessonRunner runner(c.get());
        QVERIFY(runner.start(lessonIndex("tensor-cores")));
        std::vector<LiveValue> rows = runner.liveValues();
        QCOMPARE(value(rows, "FP32 on the CUDA cores"), std::string("66.9 TFLOP/s"));
        QCOMPARE(value(rows, "BF16 on the Tensor Cores (dense)"), std::string("989 TFLOP/s"));
        QCOMPARE(value(rows, "Tensor Cores ÷ CUDA cores"), std::string("14.8×"));
        const double bf16TokensPerS = c->evaluation().training.tokensPerS;
        runner.forward();
        rows = runner.liveValues();
        QCOMPARE(value(rows, "Peak gpuplan times the plan's compute with"), std::string("66.9 TFLOP/s"));
        const double fp32TokensPerS = c->evaluation().training.tokensPerS;
        // Matrix work slows by the peak ratio; attention, memory-bound kernels and communication
        // do not all scale with it, so the drop is large but below 14.8×.
        QVERIFY(fp32TokensPerS < bf16TokensPerS / 4);
        runner.forward();
        QCOMPARE(value(runner.liveValues(), "Peak gpuplan times the plan's compute with"), std::string("495 TFLOP/s"));
        QVERIFY(c->evaluation().training.tokensPerS > fp32TokensPerS);
        runner.forward();
        // A100 80GB: 19.5 FP32, 312 BF16 (catalogs/gpus.json): 16.0×.
        QCOMPARE(value(runner.liveValues(), "Tensor Cores ÷ CUDA cores"), std::string("16.0×"));
    }

    // The table is procure's cheapest purchase per GPU within the plan's time; the plan's own row
    // is its evaluation.
    void bestBuyTableComesFromProcure()
    {
        auto c = openExample();
        LessonRunner runner(c.get());
        QVERIFY(runner.start(lessonIndex("best-buy")));
        const std::vector<LiveValue> rows = runner.liveValues();
        const std::vector<GpuValue> table = gpuValueForPlan(c->resolved(), c->evaluation(), c->catalog());
        QVERIFY(table.size() >= 3);
        QVERIFY(rows.size() >= table.size() + 2);
        // H200 at $35,000 (catalogs/gpus.json estimate) is the priciest GPU procure can price a server for.
        QVERIFY(rows[0].value.rfind("NVIDIA H200", 0) == 0);
        for (std::size_t i = 0; i < table.size(); ++i)
            QVERIFY(rows[i + 2].label.rfind(table[i].name, 0) == 0);
        // What the lesson says: neither the priciest nor the cheapest GPU is the cheapest per token.
        double lowest = table.front().priceUsd, highest = table.front().priceUsd;
        for (const GpuValue &v : table) {
            lowest = std::min(lowest, v.priceUsd);
            highest = std::max(highest, v.priceUsd);
        }
        QVERIFY(table.front().priceUsd < highest);
        QVERIFY(table.front().priceUsd > lowest);
        // GPUs with a price but no whole-server price (B200) are named, not dropped silently.
        QVERIFY(rows.back().label == "Priced GPUs left out");
        QVERIFY(rows.back().value.find("B200") != std::string::npos);
    }

    // Hardware moves time and cost, never N, D or C; twice the tokens doubles C.
    void hardwareChangesTimeAndCostOnly()
    {
        auto c = openExample();
        const auto steps = walk(*c, "faster-not-smarter");
        QCOMPARE(steps.size(), std::size_t(4));
        for (const char *label : {"Parameters N", "Training tokens D", "Training compute C = 6·N·D"}) {
            QCOMPARE(value(steps[1], label), value(steps[0], label));
            QCOMPARE(value(steps[2], label), value(steps[0], label));
        }
        QVERIFY(value(steps[1], "Time to train with failures") != value(steps[0], "Time to train with failures"));
        QVERIFY(value(steps[2], "Time to train with failures") != value(steps[1], "Time to train with failures"));
        QVERIFY(value(steps[1], "Cost per run (on-prem)") != value(steps[0], "Cost per run (on-prem)"));
        QVERIFY(value(steps[3], "Training compute C = 6·N·D") != value(steps[2], "Training compute C = 6·N·D"));
        QCOMPARE(trainingFlops(c->resolved()), 6.0 * c->resolved().shape.activeParams * 2e12);
    }

    // The panel shows the live values under the step and recomputes them after the reader's edit,
    // on a worker thread: the window never waits for them.
    void panelShowsAndFollowsTheLiveValues()
    {
        auto c = openExample();
        LessonRunner runner(c.get());
        LessonPanel panel(&runner);
        QVERIFY(runner.start(lessonIndex("dataparallel-vs-ddp")));
        QTRY_VERIFY(panel.stepText().contains(QStringLiteral("Now, for this plan")));
        QVERIFY(panel.stepText().contains(QStringLiteral("2.0×")));
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 8));
        QTRY_VERIFY(!panel.isComputing());
        QVERIFY(panel.stepText().contains(QStringLiteral("8.0×")));
        QVERIFY(panel.stepText().contains(QStringLiteral("docs/formulas.md")));
    }

    // The best-buy lesson runs the procurement search for every priced GPU: after an edit the
    // step shows at once (the values still being computed), and the table follows when the
    // worker is done, for the plan as edited.
    void slowLiveValuesLeaveTheWindowFree()
    {
        auto c = openExample();
        LessonRunner runner(c.get());
        LessonPanel panel(&runner);
        QVERIFY(runner.start(lessonIndex("best-buy")));
        QVERIFY(panel.isComputing());
        QVERIFY(panel.stepText().contains(QStringLiteral("Computing the values for this plan")));
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 60000);
        QVERIFY(panel.stepText().contains(QStringLiteral("per million tokens")));
        QVERIFY(!panel.stepText().contains(QStringLiteral("updating")));
        const std::vector<LiveValue> expected = runner.liveValues();   // the same, computed here
        for (const LiveValue &v : expected)
            QVERIFY2(panel.stepText().contains(QString::fromStdString(v.value)), v.value.c_str());

        runner.forward();   // GPU: H100 -> H200
        QVERIFY(panel.isComputing());
        QVERIFY(panel.stepText().contains(QStringLiteral("Computing the values for this plan")));
        QTRY_VERIFY_WITH_TIMEOUT(!panel.isComputing(), 60000);
        QVERIFY(panel.stepText().contains(QStringLiteral("The plan: NVIDIA H200")));
    }
};

QTEST_MAIN(TestLessonLive)
#include "tst_lessonlive.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Elastic training (docs/facility-and-cost.md "Elastic training"): the node range, the share of the
// run spent short of nodes (Poisson nodes-under-repair, Little's law), the fallback layout from the
// layout search with its throughput, time and cost, the expected time to train, the launch files'
// ranges, and the JSON section. Plan: examples/llama3-70b-training.gpuplan (128 nodes of 8 H100).
#include "ExampleFixture.h"

#include "export/LaunchFiles.h"
#include "export/ResultsExport.h"
#include "facility/Reliability.h"
#include "plan/PlanFields.h"
#include "plan/PlanIo.h"
#include "search/ElasticFallback.h"
#include "search/ElasticJson.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>
#include <fstream>
#include <memory>
#include <sstream>

using namespace gpuplan;

namespace {

using Fixture = test::ExampleFixture;

std::unique_ptr<Fixture> load(const std::vector<std::string> &overrides)
{
    return test::loadExample("llama3-70b-training.gpuplan", overrides);
}

std::string launch(const Fixture &f, LaunchFormat format)
{
    LaunchFile file;
    std::string error;
    if (!makeLaunchFile(f.resolved, f.evaluation, format, {}, file, error))
        return "error: " + error;
    return file.text;
}

bool near(double a, double b, double relative = 1e-9)
{
    return std::fabs(a - b) <= relative * std::max(std::fabs(a), std::fabs(b)) + 1e-12;
}

// Poisson probabilities written out (textbook pmf e^-λ λ^k / k!).
double pmf(int k, double lambda)
{
    return std::exp(-lambda) * std::pow(lambda, k) / std::tgamma(k + 1.0);
}

} // namespace

class TestElastic final : public QObject
{
    Q_OBJECT

private slots:
    void poissonCdfMatchesThePmf() const
    {
        QVERIFY(near(poissonCdf(0, 1.0), std::exp(-1.0)));
        QVERIFY(near(poissonCdf(2, 1.0), 2.5 / std::exp(1.0)));   // e^-1 (1 + 1 + 1/2)
        QCOMPARE(poissonCdf(-1, 1.0), 0.0);
        QCOMPARE(poissonCdf(3, 0.0), 1.0);
        // Normal approximation above λ = 50: P(K <= 100 | λ = 100) = 0.5266 (exact); the
        // continuity-corrected normal gives Φ(0.05) = 0.5199.
        QVERIFY(std::fabs(poissonCdf(100, 100.0) - 0.5266) < 0.01);
        // The quantile that sizes the spares is the first k with P(K <= k) >= 95%.
        for (double lambda : {0.2, 0.49, 3.0, 20.0}) {
            const int k = poissonQuantile95(lambda);
            QVERIFY(poissonCdf(k, lambda) >= 0.95);
            QVERIFY(k == 0 || poissonCdf(k - 1, lambda) < 0.95);
        }
    }

    void rangeDefaultsToTheNodesDownAt95Percent() const
    {
        auto f = load({"reliability.elastic=true"});
        QVERIFY(f);
        const ElasticRange r = elasticRange(f->plan, f->evaluation);
        QCOMPARE(r.planNodes, 128);   // 1,024 GPUs / 8 per node
        // λ = N·R/M = 128 nodes × 24 h repair / 6,300 h node MTBF (Llama 3 paper figure, docs).
        const double lambda = 128.0 * 24.0 / 6300.0;
        QVERIFY(near(r.nodesDownMean, lambda));
        // P(K <= 1) = 0.914 < 95% <= P(K <= 2) = 0.987: two nodes down at 95%, so 126 nodes.
        QVERIFY(pmf(0, lambda) + pmf(1, lambda) < 0.95);
        QVERIFY(pmf(0, lambda) + pmf(1, lambda) + pmf(2, lambda) >= 0.95);
        QCOMPARE(r.minNodes, 126);
        QCOMPARE(r.maxNodes, 128);
        // Short of nodes with one or two down, stopped with three or more.
        QVERIFY(near(r.degradedFraction, pmf(1, lambda) + pmf(2, lambda), 1e-9));
        QVERIFY(near(r.stoppedFraction, 1.0 - pmf(0, lambda) - pmf(1, lambda) - pmf(2, lambda), 1e-6));
        QVERIFY(r.degradedFraction > 0.37 && r.degradedFraction < 0.38);
    }

    void rangeFromThePlanAndSpares() const
    {
        auto f = load({"reliability.elastic=true", "reliability.elastic_min_nodes=100",
                       "reliability.elastic_max_nodes=160"});
        QVERIFY(f);
        ElasticRange r = elasticRange(f->plan, f->evaluation);
        QCOMPARE(r.minNodes, 100);
        QCOMPARE(r.maxNodes, 160);
        const double lambda = r.nodesDownMean;
        QVERIFY(near(r.degradedFraction, poissonCdf(28, lambda) - pmf(0, lambda)));
        // A floor above the plan's size and a ceiling below it are clamped to the plan's nodes.
        f = load({"reliability.elastic=true", "reliability.elastic_min_nodes=500", "reliability.elastic_max_nodes=2"});
        QVERIFY(f);
        r = elasticRange(f->plan, f->evaluation);
        QCOMPARE(r.minNodes, 128);
        QCOMPARE(r.maxNodes, 128);
        QCOMPARE(r.degradedFraction, 0.0);
        // Two hot spares cover the two nodes down at 95%: the default floor is the plan's size.
        f = load({"reliability.elastic=true", "reliability.spare_nodes=2"});
        QVERIFY(f);
        r = elasticRange(f->plan, f->evaluation);
        QCOMPARE(r.minNodes, 128);
        QCOMPARE(r.degradedFraction, 0.0);
        QVERIFY(near(r.stoppedFraction, 1.0 - poissonCdf(2, lambda)));
    }

    void offMeansTheFixedSize() const
    {
        auto f = load({});
        QVERIFY(f);
        const ElasticResult e = computeElastic(f->resolved, f->evaluation);
        QVERIFY(!e.enabled);
        QCOMPARE(e.range.minNodes, 128);
        QCOMPARE(e.range.maxNodes, 128);
        QCOMPARE(e.expectedTimeToTrainS, 0.0);
        QVERIFY(elasticLines(e).range.empty());
        QVERIFY(launch(*f, LaunchFormat::Torchrun).find("--nnodes \"$NNODES\"") != std::string::npos);
        QVERIFY(launch(*f, LaunchFormat::Slurm).find("--requeue") == std::string::npos);
        // The evaluate --json document of a plan without elastic training has no elastic section:
        // the bundled examples' documents stay as they were.
        QVERIFY(!resultsJson(f->resolved, evaluateForExport(f->resolved)).contains("elastic"));
        f = load({"reliability.elastic=true"});
        QVERIFY(f);
        QVERIFY(resultsJson(f->resolved, evaluateForExport(f->resolved)).contains("elastic"));
    }

    // The fallback keeps the global batch of 1,024 sequences, so DP must divide 1,024 (a power of
    // two) while PP divides the 80 layers and TP, CP are powers of two: the GPU count must be
    // 2^a or 5 x 2^a (80 = 2^4 x 5). Between 81 and 126 nodes of 8 GPUs none is (126 x 8 = 1,008 =
    // 2^4 x 63; 100 x 8 = 800 = 2^5 x 5^2), so the job runs on 80 nodes (640 = 2^7 x 5) while short.
    // Its numbers are that layout's evaluation; the expected time weighs full and degraded
    // throughput by their shares.
    void fallbackLayoutAndExpectedTime() const
    {
        auto f = load({"reliability.elastic=true"});
        QVERIFY(f);
        const ElasticResult e = computeElastic(f->resolved, f->evaluation);
        QVERIFY(e.enabled);
        QVERIFY(e.fallbackFeasible);
        QCOMPARE(e.fallbackNodes, 80);
        QCOMPARE(e.fallbackGpus, 640);
        const Layout &l = e.fallbackLayout;
        QCOMPARE(l.numGpus, 640);
        QCOMPARE(l.tp * l.pp * l.dp * l.cp, 640);
        QCOMPARE(1024 % l.dp, 0);
        QCOMPARE(80 % l.pp, 0);

        Plan smaller = f->plan;
        smaller.hardware.numGpus = 640;
        ResolvedPlan resolved = f->resolved;
        resolved.plan = &smaller;
        const Evaluation at = evaluate(resolved, l);
        QVERIFY(at.training.valid);
        QVERIFY(near(e.degradedTokensPerS, at.training.tokensPerS, 1e-9));
        QVERIFY(near(e.degradedTimeToTrainS, at.training.timeToTrainS, 1e-9));
        QVERIFY(near(e.throughputRatio, at.training.tokensPerS / f->evaluation.training.tokensPerS));
        // 62.5% of the GPUs; the search's layout there is a little more efficient per GPU.
        QVERIFY(e.throughputRatio > 0.6 && e.throughputRatio < 0.8);
        QVERIFY(e.degradedCostKnown && e.degradedCostUsd > 0);

        const double d = e.range.degradedFraction, s = e.range.stoppedFraction;
        QVERIFY(near(e.progressRate, 1.0 - d - s + d * e.throughputRatio));
        const double expected = f->evaluation.training.timeToTrainS / e.progressRate / f->evaluation.reliability.goodput;
        QVERIFY(near(e.expectedTimeToTrainS, expected));
        // Degraded time and stops lengthen the run beyond the restarts-only figure, which assumes a
        // replacement node at every restart.
        QVERIFY(e.expectedTimeToTrainS > f->evaluation.reliability.effectiveTimeToTrainS);
        // On the same footing (no spares, no replacement from outside), a fixed-size job waits
        // whenever a node is down: P(K > 0) = 1 - e^-λ = 38.6% of the time, so elastic training
        // finishes sooner.
        const double lambda = e.range.nodesDownMean;
        QVERIFY(near(e.range.fixedStoppedFraction, 1.0 - std::exp(-lambda)));
        QVERIFY(e.range.fixedStoppedFraction > 0.38 && e.range.fixedStoppedFraction < 0.39);
        QVERIFY(near(e.fixedSizeTimeToTrainS, f->evaluation.training.timeToTrainS / std::exp(-lambda) /
                                                  f->evaluation.reliability.goodput));
        QVERIFY(e.fixedSizeTimeToTrainS > e.expectedTimeToTrainS);

        const nlohmann::ordered_json j = elasticToJson(e);
        for (const char *key : {"enabled", "plan_nodes", "min_nodes", "max_nodes", "nodes_down_mean", "degraded_fraction",
                                "stopped_fraction", "fallback_feasible", "fallback_nodes", "fallback_gpus", "fallback_layout",
                                "degraded_tokens_per_s", "throughput_ratio", "degraded_time_to_train_s",
                                "degraded_gpu_hours", "degraded_cost_usd", "progress_rate", "expected_time_to_train_s",
                                "fixed_stopped_fraction", "fixed_size_time_to_train_s"})
            QVERIFY2(j.contains(key), key);
        QCOMPARE(j["min_nodes"].get<int>(), 126);
        QCOMPARE(j["fallback_nodes"].get<int>(), 80);
        QCOMPARE(j["fallback_layout"]["tp"].get<int>(), l.tp);
        const ElasticLines lines = elasticLines(e);
        QVERIFY(lines.range.rfind("126 to 128 nodes", 0) == 0);
        QVERIFY(!lines.fallback.empty() && !lines.degradedRun.empty() && !lines.expected.empty());
        QVERIFY(lines.fixedSize.find("with no spares as above") != std::string::npos);
    }

    // Spares help both: with two, a fixed-size job waits only while three or more nodes are down.
    void sparesShortenTheFixedSizeComparison() const
    {
        auto f = load({"reliability.elastic=true", "reliability.spare_nodes=2"});
        QVERIFY(f);
        const ElasticResult e = computeElastic(f->resolved, f->evaluation);
        const double lambda = e.range.nodesDownMean;
        QVERIFY(near(e.range.fixedStoppedFraction, 1.0 - poissonCdf(2, lambda)));
        QVERIFY(e.range.fixedStoppedFraction < 0.02);
        // The floor is the plan's size: elastic and fixed size are then the same job.
        QVERIFY(near(e.fixedSizeTimeToTrainS, e.expectedTimeToTrainS, 1e-9));
    }

    void noLayoutAtTheFloorMakesNoProgressThere() const
    {
        // One node cannot hold Llama 3 70B training state with this sharding: no fallback layout,
        // and the degraded share counts like a stop.
        auto f = load({"reliability.elastic=true", "reliability.elastic_min_nodes=1"});
        QVERIFY(f);
        const ElasticResult e = computeElastic(f->resolved, f->evaluation);
        QVERIFY(!e.fallbackFeasible);
        QCOMPARE(e.throughputRatio, 0.0);
        QVERIFY(near(e.progressRate, 1.0 - e.range.degradedFraction - e.range.stoppedFraction));
        QVERIFY(elasticLines(e).fallback.find("no layout fits") != std::string::npos);
    }

    // torchrun takes the range as --nnodes MIN:MAX and restarts the worker group on a membership
    // change up to --max-restarts times; Slurm allocates MIN-MAX nodes, keeps the job when a node
    // fails (--no-kill) and requeues it when stopped.
    void launchFilesUseTheRange() const
    {
        auto f = load({"reliability.elastic=true"});
        QVERIFY(f);
        const std::string torchrun = launch(*f, LaunchFormat::Torchrun);
        for (const char *s : {"MIN_NODES=126\n", "MAX_NODES=128\n", "--nnodes=\"$MIN_NODES:$MAX_NODES\"", "--max-restarts "})
            QVERIFY2(torchrun.find(s) != std::string::npos, s);
        // Restarts allowed: the 95% quantile of the interruptions expected over the run.
        const int restarts = poissonQuantile95(f->evaluation.reliability.expectedInterruptions);
        QVERIFY(torchrun.find("--max-restarts " + std::to_string(restarts) + " ") != std::string::npos);
        const std::string slurm = launch(*f, LaunchFormat::Slurm);
        for (const char *s : {"#SBATCH --nodes=126-128\n", "#SBATCH --requeue\n", "#SBATCH --no-kill\n",
                              "--nnodes=\"126:$SLURM_NNODES\""})
            QVERIFY2(slurm.find(s) != std::string::npos, s);
        QVERIFY(slurm.find("--kill-on-bad-exit=1") == std::string::npos);
    }

    void fieldsHaveBounds() const
    {
        for (const char *path : {"reliability.elastic_min_nodes", "reliability.elastic_max_nodes"}) {
            const FieldSpec *spec = findPlanField(path);
            QVERIFY2(spec, path);
            QCOMPARE(spec->min, 1.0);
            QCOMPARE(spec->max, 100000.0);
            QVERIFY(spec->hasSentinel);
            QCOMPARE(spec->sentinel, 0.0);   // 0 = derived
        }
        QVERIFY(!load({"reliability.elastic_min_nodes=-1"}));
        QVERIFY(!load({"reliability.elastic_max_nodes=100001"}));
    }
};

QTEST_APPLESS_MAIN(TestElastic)
#include "tst_elastic.moc"

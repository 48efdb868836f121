// SPDX-License-Identifier: GPL-3.0-or-later
// The shared cluster (core/portfolio, docs/cli.md "portfolio"): earliest-deadline-first list
// scheduling of training jobs next to always-on serving fleets, the smallest whole-node pool that
// meets every deadline, and utilization, on schedules small enough to work out by hand.
#include "ExampleFixture.h"

#include "common/Units.h"
#include "portfolio/Portfolio.h"
#include "portfolio/PortfolioJobs.h"
#include "portfolio/PortfolioJson.h"

#include <QtTest>

#include <cmath>

using namespace gpuplan;

namespace {

constexpr double kDay = units::kDay;

PortfolioJob training(const char *name, int gpus, double days, double deadlineDays, double kw = 0, double usd = 0)
{
    PortfolioJob j;
    j.plan = name;
    j.gpu = "H100-SXM-80GB";
    j.gpus = gpus;
    j.durationS = days * kDay;
    j.deadlineS = deadlineDays < 0 ? -1.0 : deadlineDays * kDay;
    j.gpuHours = gpus * days * 24.0;
    j.facilityKw = kw;
    j.costUsd = usd;
    return j;
}

PortfolioJob serving(int gpus, double kw = 0, double usd = 0)
{
    PortfolioJob j;
    j.plan = "chat";
    j.gpu = "H100-SXM-80GB";
    j.serving = true;
    j.gpus = gpus;
    j.facilityKw = kw;
    j.costUsd = usd;
    return j;
}

} // namespace

class TestPortfolio : public QObject
{
    Q_OBJECT

private slots:
    // Two 512-GPU jobs and a 16-GPU fleet. B (10 days, due day 15) goes first by its deadline; A
    // (8 days, due day 20) follows on the same 512 GPUs from day 10 to 18, in time. The smallest
    // pool is 16 + 512 = 528 GPUs (66 nodes of 8), busy all the time: utilization 1 in the first
    // week and over the 18 days.
    void sequentialJobsShareOneSlot()
    {
        const std::vector<PortfolioJob> jobs{training("A", 512, 8, 20, 700, 1e6), training("B", 512, 10, 15, 800, 2e6),
                                             serving(16, 30, 5e5)};
        const PoolResult pool = planPool("H100-SXM-80GB", jobs);
        QCOMPARE(pool.clusterGpus, 528);
        QCOMPARE(pool.clusterNodes, 66);
        QCOMPARE(pool.servingGpus, 16);
        QVERIFY(pool.schedule.meetsDeadlines);
        QCOMPARE(pool.schedule.placements[1].startS, 0.0);
        QCOMPARE(pool.schedule.placements[1].endS, 10 * kDay);
        QCOMPARE(pool.schedule.placements[0].startS, 10 * kDay);
        QCOMPARE(pool.schedule.placements[0].endS, 18 * kDay);
        QCOMPARE(pool.schedule.makespanS, 18 * kDay);
        QCOMPARE(pool.utilizationFirstWeek, 1.0);
        QCOMPARE(pool.utilizationOverall, 1.0);
        QCOMPARE(pool.sizesTried, 1);
        // One job at a time: the fleet plus the larger of the two.
        QCOMPARE(pool.peakFacilityKw, 30.0 + 800.0);
        QCOMPARE(pool.totalCostUsd, 3.5e6);
    }

    // A (4 days, due day 5) first, then B (10 days, due day 11) would end on day 14: late. Every
    // size below 16 + 1024 = 1040 holds one job at a time, so the pool is 1040 GPUs with both from
    // day 0. Busy GPU-hours in the first week: 16 x 168 + 512 x 96 + 512 x 168 = 137,856 of
    // 1040 x 168 = 174,720 (0.78901); over the 10 days: 16 x 240 + 512 x 96 + 512 x 240 = 175,872
    // of 1040 x 240 = 249,600 (0.70462).
    void deadlinesForceParallelJobs()
    {
        const std::vector<PortfolioJob> jobs{training("A", 512, 4, 5, 700), training("B", 512, 10, 11, 800), serving(16, 30)};
        PoolSchedule tooSmall;
        QVERIFY(scheduleOnPool(jobs, 1032, tooSmall));
        QCOMPARE(tooSmall.placements[0].endS, 4 * kDay);
        QCOMPARE(tooSmall.placements[1].startS, 4 * kDay);
        QVERIFY(tooSmall.placements[1].late);
        QVERIFY(!tooSmall.meetsDeadlines);

        const PoolResult pool = planPool("H100-SXM-80GB", jobs);
        QCOMPARE(pool.clusterGpus, 1040);
        QCOMPARE(pool.clusterNodes, 130);
        QVERIFY(pool.schedule.meetsDeadlines);
        QCOMPARE(pool.schedule.placements[0].startS, 0.0);
        QCOMPARE(pool.schedule.placements[1].startS, 0.0);
        QCOMPARE(pool.schedule.makespanS, 10 * kDay);
        QVERIFY(std::abs(pool.utilizationFirstWeek - 137856.0 / 174720.0) < 1e-12);
        QVERIFY(std::abs(pool.utilizationOverall - 175872.0 / 249600.0) < 1e-12);
        QCOMPARE(pool.peakFacilityKw, 30.0 + 700.0 + 800.0);
        // (1040 - 528) / 8 = 64 sizes below 1040 fail, 1040 is the 65th.
        QCOMPARE(pool.sizesTried, 65);
    }

    // The busy GPUs over the first week of the schedule above: 16 + 512 + 512 = 1040 until day 4,
    // 16 + 512 = 528 from then on. Its mean over 168 h over the 1040 GPUs is the first-week
    // utilization: (1040 x 96 + 528 x 72) / (1040 x 168) = 137,856 / 174,720.
    void utilizationProfileOverTheFirstWeek()
    {
        const std::vector<PortfolioJob> jobs{training("A", 512, 4, 5), training("B", 512, 10, 11), serving(16)};
        const PoolResult pool = planPool("H100-SXM-80GB", jobs);
        const std::vector<UtilizationStep> steps = utilizationProfile(pool, kPortfolioWeekS);
        QCOMPARE(steps.size(), std::size_t(2));
        QCOMPARE(steps[0].startS, 0.0);
        QCOMPARE(steps[0].busyGpus, 1040);
        QCOMPARE(steps[1].startS, 4 * kDay);
        QCOMPARE(steps[1].busyGpus, 528);
        double gpuSeconds = 0;
        for (std::size_t i = 0; i < steps.size(); ++i)
            gpuSeconds += steps[i].busyGpus * ((i + 1 < steps.size() ? steps[i + 1].startS : kPortfolioWeekS) - steps[i].startS);
        QVERIFY(std::abs(gpuSeconds / (pool.clusterGpus * kPortfolioWeekS) - pool.utilizationFirstWeek) < 1e-12);
        // Back to back on 512 GPUs: 512 busy until day 5 (B taking over from A on day 2 is no
        // change, so no step), then none for the rest of the week.
        const PoolResult serial = planPool("H100-SXM-80GB", {training("A", 512, 2, -1), training("B", 512, 3, -1)});
        const std::vector<UtilizationStep> s2 = utilizationProfile(serial, kPortfolioWeekS);
        QCOMPARE(s2.size(), std::size_t(2));
        QCOMPARE(s2[0].busyGpus, 512);
        QCOMPARE(s2[1].startS, 5 * kDay);
        QCOMPARE(s2[1].busyGpus, 0);
    }

    // A job that alone takes longer than its deadline: no pool helps. The answer is the pool that
    // runs everything at once, flagged.
    void impossibleDeadlineIsReported()
    {
        const std::vector<PortfolioJob> jobs{training("A", 512, 4, 3), training("B", 256, 2, 30)};
        const PoolResult pool = planPool("H100-SXM-80GB", jobs);
        QVERIFY(!pool.schedule.meetsDeadlines);
        QCOMPARE(pool.clusterGpus, 768);
        QVERIFY(pool.schedule.placements[0].late);
        QVERIFY(!pool.schedule.placements[1].late);
        QCOMPARE(pool.schedule.placements[0].startS, 0.0);
        QCOMPARE(pool.schedule.placements[1].startS, 0.0);
    }

    // List scheduling: X (768 GPUs) starts at 0 on 1024; Y (512, next by deadline) does not fit in
    // the 256 left, Z (256) does and runs 0-2; Y starts when X ends at day 5.
    void laterJobThatFitsStartsFirst()
    {
        const std::vector<PortfolioJob> jobs{training("X", 768, 5, 5), training("Y", 512, 5, 10), training("Z", 256, 2, 20)};
        PoolSchedule s;
        QVERIFY(scheduleOnPool(jobs, 1024, s));
        QCOMPARE(s.placements[0].startS, 0.0);
        QCOMPARE(s.placements[2].startS, 0.0);
        QCOMPARE(s.placements[2].endS, 2 * kDay);
        QCOMPARE(s.placements[1].startS, 5 * kDay);
        QCOMPARE(s.placements[1].endS, 10 * kDay);
        QVERIFY(s.meetsDeadlines);
        // A pool that cannot hold the largest job schedules nothing.
        QVERIFY(!scheduleOnPool(jobs, 512, s));
    }

    // Jobs without a deadline go after those with one; whole nodes round the fleet up (3 + 512 =
    // 515 GPUs -> 65 nodes of 8 = 520).
    void noDeadlineLastAndWholeNodes()
    {
        const std::vector<PortfolioJob> jobs{training("free", 512, 3, -1), training("due", 512, 3, 4), serving(3)};
        const PoolResult pool = planPool("H100-SXM-80GB", jobs);
        QCOMPARE(pool.clusterGpus, 520);
        QCOMPARE(pool.schedule.placements[1].startS, 0.0);
        QCOMPARE(pool.schedule.placements[0].startS, 3 * kDay);
        QVERIFY(!pool.schedule.placements[0].late);
        QVERIFY(pool.schedule.meetsDeadlines);
    }

    // Serving only: no schedule to run, utilization is the fleet's share of whole nodes.
    void servingOnly()
    {
        const PoolResult pool = planPool("H100-SXM-80GB", {serving(6)});
        QCOMPARE(pool.clusterGpus, 8);
        QCOMPARE(pool.schedule.makespanS, 0.0);
        QCOMPARE(pool.utilizationOverall, 6.0 / 8.0);
        QCOMPARE(pool.utilizationFirstWeek, 6.0 / 8.0);
    }

    // One pool per GPU type, in the order the plans name them.
    void poolsPerGpuType()
    {
        PortfolioJob h200 = training("H", 64, 1, 2);
        h200.gpu = "H200-SXM-141GB";
        const PortfolioResult r = planPortfolio({training("A", 16, 1, 2), h200, serving(8)});
        QCOMPARE(r.pools.size(), std::size_t(2));
        QCOMPARE(r.pools[0].gpu, std::string("H100-SXM-80GB"));
        QCOMPARE(r.pools[0].jobs.size(), std::size_t(2));
        QCOMPARE(r.pools[0].clusterGpus, 24);
        QCOMPARE(r.pools[1].gpu, std::string("H200-SXM-141GB"));
        QCOMPARE(r.pools[1].clusterGpus, 64);
        const auto json = portfolioToJson(r);
        QCOMPARE(json["pools"][1]["cluster_nodes"].get<int>(), 8);
        QVERIFY(json["pools"][0]["jobs"][1]["end_days"].is_null());   // serving: always on
        QCOMPARE(json["pools"][0]["jobs"][0]["end_days"].get<double>(), 1.0);
    }

    // From the bundled examples: a training job is its plan's GPUs for the time to train with
    // failures, at the plan's facility power and cost; the 8B chat fleet is the replicas its 40
    // requests/s need, evaluated again at that size.
    void jobsFromExamplePlans()
    {
        const auto t = test::loadExample("llama3-70b-training.gpuplan");
        QVERIFY(t);
        PortfolioJob job;
        std::string error;
        QCOMPARE(portfolioJob("t", t->plan, bundledCatalog(), 300, job, error), JobProblem::None);
        QVERIFY(!job.serving);
        QCOMPARE(job.gpus, t->plan.hardware.numGpus);
        QCOMPARE(job.durationS, t->evaluation.reliability.effectiveTimeToTrainS);
        QVERIFY(job.durationS > t->evaluation.reliability.idealTimeS);
        QCOMPARE(job.deadlineS, 300 * kDay);
        QCOMPARE(job.facilityKw, t->evaluation.power.facilityKw);
        QCOMPARE(job.costUsd, t->evaluation.cost.perRunUsd);
        QCOMPARE(job.gpu, std::string("H100-SXM-80GB"));

        const auto s = test::loadExample("llama3-8b-inference.gpuplan");
        QVERIFY(s);
        QCOMPARE(portfolioJob("s", s->plan, bundledCatalog(), 300, job, error), JobProblem::None);
        QVERIFY(job.serving);
        QVERIFY(s->evaluation.inference.replicasNeeded > 0);
        QCOMPARE(job.gpus, s->evaluation.inference.replicasNeeded * s->evaluation.inference.gpusPerReplica);
        QCOMPARE(job.deadlineS, -1.0);
        QVERIFY(job.facilityKw > 0 && job.costUsd > 0);
        // A smaller fleet never draws more: the same requests are served, and GPUs left out of the
        // fleet draw nothing (in the same node, idle slots draw their idle power either way).
        if (job.gpus < s->plan.hardware.numGpus)
            QVERIFY(job.facilityKw <= s->evaluation.power.facilityKw * (1 + 1e-12));

        // Without a request rate the fleet is the plan's own GPUs.
        const auto noRate = test::loadExample("llama3-8b-inference.gpuplan", {"workload.inference.request_rate=0"});
        QVERIFY(noRate);
        QCOMPARE(portfolioJob("s", noRate->plan, bundledCatalog(), -1, job, error), JobProblem::None);
        QCOMPARE(job.gpus, noRate->plan.hardware.numGpus);
        QCOMPARE(job.facilityKw, noRate->evaluation.power.facilityKw);

        // A plan that cannot run is refused with its reason.
        const auto bad = test::loadExample("llama3-70b-training.gpuplan", {"parallelism.tp=3"});
        QVERIFY(bad);
        QCOMPARE(portfolioJob("b", bad->plan, bundledCatalog(), -1, job, error), JobProblem::InvalidPlan);
        QVERIFY(error.find("invalid") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestPortfolio)
#include "tst_portfolio.moc"

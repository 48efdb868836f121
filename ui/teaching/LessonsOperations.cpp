// SPDX-License-Identifier: GPL-3.0-or-later
// The failures lesson: what node failures cost a large run, why a fixed-size job waits for
// repairs, and what hot spares and elastic training buy. The shared-cluster lesson: two teams'
// runs on one pool (core/portfolio, as gpuplan-cli portfolio) against a cluster each. Its live values are the evaluation's
// reliability figures and the elastic analysis (core/search/ElasticFallback.h, the same lines as
// `gpuplan-cli evaluate` and the PDF), so they follow the reader's edits; the text quotes only
// inputs (GPU counts, spares) and the catalog's documented defaults.
#include "teaching/LessonsOperations.h"

#include "teaching/LessonsHardware.h"

#include "common/Units.h"
#include "portfolio/Portfolio.h"
#include "portfolio/PortfolioJobs.h"
#include "common/Format.h"
#include "search/ElasticFallback.h"
#include "search/ElasticJson.h"

#include <cmath>

namespace gpuplan::ui {

namespace {

const char *const kEvaluated = "this plan, evaluated";
const char *const kElastic = "this plan's elastic analysis (docs/facility-and-cost.md, Elastic training)";

void failuresSetup(Plan &p)
{
    megatron70b(p, 1024);
    p.name = "Lesson plan: Llama 3 70B on 1,024 H100 with failures";
    p.reliability = ReliabilityAssumptions{};   // Llama 3's interruption rate, next-business-day repair
}

std::vector<LiveValue> failuresLive(const LessonContext &c)
{
    std::vector<LiveValue> rows;
    const ReliabilityResult &r = c.evaluation.reliability;
    const ReliabilityAssumptions &a = c.plan.plan->reliability;
    rows.push_back({"Nodes in the job", std::to_string(r.jobNodes), "the plan's layout"});
    rows.push_back({"The job is interrupted every",
                    formatDuration(r.mtbfHours * 3600.0) + " (one node every " + formatDuration(a.nodeMtbfHours * 3600.0) + ")",
                    "node MTBF ÷ nodes in the job; reliability.node_mtbf_hours: Llama 3's 419 interruptions in 54 days "
                    "on 2,048 nodes (Dubey et al. 2024, §3.3.4)"});
    rows.push_back({"Interruptions over the run", grouped(std::llround(r.expectedInterruptions)), kEvaluated});
    rows.push_back({"Time to train: no failures | failures, spare ready",
                    formatDuration(r.idealTimeS) + " | " + formatDuration(r.effectiveTimeToTrainS),
                    "this plan, evaluated: restart, checkpoint restore and the work since the last checkpoint (Daly "
                    "2006 interval)"});
    rows.push_back({"Spares for 95% of the repair time", std::to_string(r.sparesSuggested),
                    "Poisson quantile of nodes × repair hours ÷ node MTBF; repair 24 h is an ESTIMATE"});
    const ElasticResult e = computeElastic(c.plan, c.evaluation);
    if (!e.enabled) {
        rows.push_back({"Elastic training", "off: the job needs all its nodes", "reliability.elastic"});
        return rows;
    }
    const ElasticLines l = elasticLines(e);
    rows.push_back({"Fixed size: waits for a repair", formatPercent(e.range.fixedStoppedFraction) + " of the time", kElastic});
    if (!l.fixedSize.empty())
        rows.push_back({"Fixed size, same spares", l.fixedSize, kElastic});
    rows.push_back({"Elastic node range", l.range, kElastic});
    rows.push_back({"Elastic fallback layout", l.fallback, "the auto-planner's search on the fewer nodes"});
    if (!l.expected.empty())
        rows.push_back({"Elastic time to train", l.expected, kElastic});
    return rows;
}

const LessonStep kFailuresSteps[] = {
    {"Llama 3 70B on 1,024 H100, 128 nodes of 8. Every node fails now and then: the default rate is Llama 3's own "
     "(about one interruption per node every 6,300 hours), so 128 nodes together are interrupted every two days or "
     "so. Each interruption costs a restart, loading the last checkpoint and redoing the steps since it. The time to "
     "train in the key results includes that, on one assumption: a replacement node is ready at once.",
     "nothing yet", "Interruptions and the time to train with failures", ExplainTopic::TimeToTrain, "cost", nullptr,
     failuresLive},
    {"Without a spare a failed node is away for its repair (24 h), and a job that needs all its nodes waits. "
     "Elastic training (torchrun --nnodes=MIN:MAX) goes on with fewer nodes and grows back when the node returns.",
     "Elastic training: off → on", "Fixed size vs elastic time to train", ExplainTopic::TimeToTrain, "cost",
     [](Plan &p) { p.reliability.elastic = true; }, failuresLive},
    {"Two hot spare nodes take a failed node's place at once: the fixed-size job waits only when more than two "
     "nodes are down together.",
     "Spare nodes: 0 → 2", "The waiting share and both times to train", ExplainTopic::TimeToTrain, "cost",
     [](Plan &p) { p.reliability.spareNodes = 2; }, failuresLive},
    {"Twice the nodes: interruptions come twice as often and more nodes are down at once, so two spares cover less "
     "of the time. Spares are sized for the job: the suggestion grows with it.",
     "GPUs: 1,024 → 2,048", "Interruptions, spares suggested, the waiting share", ExplainTopic::TimeToTrain, "cost",
     [](Plan &p) { p.hardware.numGpus = 2048; }, failuresLive},
};

// ---- One shared cluster or one per team -----------------------------------------------------

// Two teams each train the plan's model with the plan's GPUs, both due within kSharedDeadlineDays.
constexpr double kSharedDeadlineDays = 60.0;

void sharedSetup(Plan &p)
{
    megatron70b(p, 1024);
    p.name = "Lesson plan: two teams' Llama 3 70B runs";
    p.workload.training.tokens = 2e12;
    p.reliability = ReliabilityAssumptions{};
}

std::vector<LiveValue> sharedLive(const LessonContext &c)
{
    std::vector<LiveValue> rows;
    const Plan &plan = *c.plan.plan;
    PortfolioJob a, b;
    std::string error;
    if (portfolioJob("team A", plan, c.catalog, kSharedDeadlineDays, a, error) != JobProblem::None ||
        portfolioJob("team B", plan, c.catalog, kSharedDeadlineDays, b, error) != JobProblem::None) {
        rows.push_back({"Shared cluster", "not computed: " + error, "gpuplan-cli portfolio"});
        return rows;
    }
    const double windowS = kSharedDeadlineDays * units::kDay;
    const double busyGpuS = a.gpus * a.durationS + b.gpus * b.durationS;
    auto busyShare = [&](int gpus) { return formatPercent(busyGpuS / (static_cast<double>(gpus) * windowS)); };
    const PoolResult pool = planPool(a.gpu, {a, b});
    rows.push_back({"Each team's run", grouped(a.gpus) + " GPUs for " + formatDuration(a.durationS) +
                                           ", due within 60 days",
                    "this plan, evaluated (time with failures)"});
    rows.push_back({"A cluster per team", grouped(a.gpus + b.gpus) + " GPUs, busy " +
                                              busyShare(a.gpus + b.gpus) + " of the 60 days",
                    "each team buys what its run needs"});
    std::string shared = grouped(pool.clusterGpus) + " GPUs, busy " + busyShare(pool.clusterGpus) +
                         " of the 60 days; both done after " + formatDuration(pool.schedule.makespanS);
    if (!pool.schedule.meetsDeadlines)
        shared += " (late: no pool meets the deadline)";
    rows.push_back({"One shared cluster", shared,
                    "gpuplan-cli portfolio: the smallest pool that meets both deadlines (earliest deadline first)"});
    rows.push_back({"GPUs saved by sharing", grouped(a.gpus + b.gpus - pool.clusterGpus), "the two rows above"});
    return rows;
}

const LessonStep kSharedSteps[] = {
    {"Two teams each train Llama 3 70B on 2 T tokens with 1,024 H100, and each run is due within 60 days. If each "
     "team buys the cluster its run needs, both clusters stand idle once their run is done. One shared cluster runs "
     "the jobs one after the other when the deadlines leave room: compare the GPUs bought and how busy they are.",
     "nothing yet", "GPUs per team vs shared, and how busy they are", ExplainTopic::TimeToTrain, "portfolio", nullptr,
     sharedLive},
    {"Each team now trains on 3 T tokens: one run takes longer, and two in a row no longer finish within 60 days. "
     "The shared cluster must run both at once, and it is as large as the two clusters together: sharing saves "
     "nothing when the deadlines leave no slack.",
     "Tokens: 2 T → 3 T", "The shared cluster's size", ExplainTopic::TimeToTrain, "portfolio",
     [](Plan &p) { p.workload.training.tokens = 3e12; }, sharedLive},
    {"Give each run 2,048 GPUs: each finishes sooner, two in a row fit in the 60 days again, and one shared cluster "
     "of 2,048 GPUs serves both teams where two clusters would need 4,096. Faster runs make room for sharing.",
     "GPUs: 1,024 → 2,048", "GPUs saved by sharing", ExplainTopic::TimeToTrain, "portfolio",
     [](Plan &p) { p.hardware.numGpus = 2048; }, sharedLive},
};

// ---- Spot capacity and elastic training ------------------------------------------------------

const char *pricingName(CloudPricing p)
{
    switch (p) {
    case CloudPricing::OnDemand: return "on demand";
    case CloudPricing::Reserved1y: return "reserved for a year";
    case CloudPricing::Reserved3y: return "reserved for three years";
    case CloudPricing::Spot: return "spot";
    }
    return "?";
}

std::vector<LiveValue> spotLive(const LessonContext &c)
{
    const CostResult &k = c.evaluation.cost;
    const CostAssumptions &a = c.plan.plan->cost;
    std::vector<LiveValue> rows;
    rows.push_back({"Price per GPU-hour", formatCurrencyExact(k.cloudPerGpuHourUsd, {}) + ", " + pricingName(a.cloudPricing), "catalogs/clouds.json offer; spot without a published price: "
                                               "cost.spot_discount"});
    if (a.cloudPricing == CloudPricing::Spot)
        rows.push_back({"GPU-hours run again after reclaims", formatPercent(a.spotInterruptionPenalty),
                        "cost.spot_interruption_penalty (ESTIMATE, not a modelled reclaim rate)"});
    rows.push_back({"Cloud cost of the run", formatUsd(k.cloudTotalUsd), kEvaluated});
    rows.push_back({"Time to train with failures", formatDuration(c.evaluation.reliability.effectiveTimeToTrainS),
                    kEvaluated});
    const ElasticResult e = computeElastic(c.plan, c.evaluation);
    if (e.enabled) {
        const ElasticLines l = elasticLines(e);
        rows.push_back({"Elastic node range", l.range, kElastic});
        rows.push_back({"Elastic fallback layout", l.fallback, "the auto-planner's search on the fewer nodes"});
    } else {
        rows.push_back({"Elastic training", "off: the job needs all its nodes", "reliability.elastic"});
    }
    return rows;
}

const LessonStep kSpotSteps[] = {
    {"Llama 3 70B on 1,024 H100 rented on demand: the price per GPU-hour is the offer's, and the job holds its nodes "
     "for the whole run.",
     "nothing yet", "Price per GPU-hour and the cloud cost", ExplainTopic::CostPerRun, "cost", nullptr, spotLive},
    {"Spot capacity: the same GPUs at a discount, but the cloud takes nodes back when it needs them. Work since the "
     "last checkpoint is lost at every reclaim; gpuplan charges that as a share of GPU-hours run again, an "
     "estimate rather than a modelled reclaim rate.",
     "Cloud pricing: on demand → spot", "Price per GPU-hour, the re-run share, the cost", ExplainTopic::CostPerRun,
     "cost", [](Plan &p) { p.cost.cloudPricing = CloudPricing::Spot; }, spotLive},
    {"A job that needs all its nodes stops at each reclaim until capacity comes back. Elastic training goes on with "
     "the nodes it still has and grows back: spot capacity is usable for a large run only with elastic training and "
     "frequent, fast checkpoints. The rows below are gpuplan's elastic analysis of node failures; it has no spot "
     "reclaim rate.",
     "Elastic training: off → on", "The elastic range and its fallback layout", ExplainTopic::CostPerRun, "cost",
     [](Plan &p) { p.reliability.elastic = true; }, spotLive},
};

} // namespace

const Lesson kFailuresLesson = {"failures-elastic", "What do node failures cost a large run?",
                                "Large jobs are interrupted every day or two; spares and elastic training decide "
                                "whether the job waits for repairs.",
                                "llama3-70b", failuresSetup, kFailuresSteps};
const Lesson kSpotLesson = {"spot-elastic", "Can spot capacity train a large run?",
                            "Spot GPUs cost less and are taken back; elastic training keeps the job going on the "
                            "nodes it still has.",
                            "llama3-70b", failuresSetup, kSpotSteps};
const Lesson kSharedClusterLesson = {"shared-cluster", "One cluster per team, or one shared?",
                                     "A cluster bought for one run idles after it; a shared one runs the next job, as "
                                     "long as the deadlines leave room.",
                                     "llama3-70b", sharedSetup, kSharedSteps};

} // namespace gpuplan::ui

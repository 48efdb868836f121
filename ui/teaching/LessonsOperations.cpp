// SPDX-License-Identifier: GPL-3.0-or-later
// The failures lesson: what node failures cost a large run, why a fixed-size job waits for
// repairs, and what hot spares and elastic training buy. Its live values are the evaluation's
// reliability figures and the elastic analysis (core/search/ElasticFallback.h, the same lines as
// `gpuplan-cli evaluate` and the PDF), so they follow the reader's edits; the text quotes only
// inputs (GPU counts, spares) and the catalog's documented defaults.
#include "teaching/LessonsOperations.h"

#include "teaching/LessonsHardware.h"

#include "report/Format.h"
#include "search/ElasticFallback.h"
#include "search/ElasticJson.h"

#include <cmath>
#include <cstdio>

namespace gpuplan::ui {

namespace {

const char *const kEvaluated = "this plan, evaluated";
const char *const kElastic = "this plan's elastic analysis (docs/facility-and-cost.md, Elastic training)";

std::string percent(double fraction)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100.0 * fraction);
    return buf;
}

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
    rows.push_back({"One node fails on average every", formatDuration(a.nodeMtbfHours * 3600.0),
                    "reliability.node_mtbf_hours: Llama 3's 419 interruptions in 54 days on 2,048 nodes (Dubey et "
                    "al. 2024, §3.3.4)"});
    rows.push_back({"The job is interrupted every", formatDuration(r.mtbfHours * 3600.0), "node MTBF ÷ nodes in the job"});
    char interruptions[32];
    std::snprintf(interruptions, sizeof interruptions, "%.0f", std::round(r.expectedInterruptions));
    rows.push_back({"Interruptions over the run", interruptions, kEvaluated});
    rows.push_back({"Time to train without failures", formatDuration(r.idealTimeS), kEvaluated});
    rows.push_back({"… with failures, a replacement node ready at once", formatDuration(r.effectiveTimeToTrainS),
                    "restart, checkpoint restore and the work since the last checkpoint (Daly 2006 interval)"});
    rows.push_back({"Spares that cover 95% of the repair time", std::to_string(r.sparesSuggested),
                    "Poisson quantile of nodes × repair hours ÷ node MTBF; repair 24 h is an ESTIMATE"});
    const ElasticResult e = computeElastic(c.plan, c.evaluation);
    if (!e.enabled) {
        rows.push_back({"Elastic training", "off: the job needs all its nodes", "reliability.elastic"});
        return rows;
    }
    const ElasticLines l = elasticLines(e);
    rows.push_back({"Fixed size: waits for a repair", percent(e.range.fixedStoppedFraction) + " of the time", kElastic});
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
     "nothing yet", "Interruptions and the time to train with failures", ExplainTopic::TimeToTrain, nullptr, nullptr,
     failuresLive},
    {"Without a spare the failed node is away for its repair (24 hours, next-business-day support), and a job that "
     "needs all its nodes waits. Elastic training (torchrun --nnodes=MIN:MAX) keeps going on the nodes left with a "
     "smaller layout and grows back when the node returns. Compare the fixed-size job, which waits while a node is "
     "down, with the elastic one.",
     "Elastic training: off → on", "Fixed size vs elastic time to train", ExplainTopic::TimeToTrain, nullptr,
     [](Plan &p) { p.reliability.elastic = true; }, failuresLive},
    {"Two hot spare nodes take the place of a failed node at once. The fixed-size job now waits only when more than "
     "two nodes are down together, and the elastic job is short of nodes less often.",
     "Spare nodes: 0 → 2", "The waiting share and both times to train", ExplainTopic::TimeToTrain, nullptr,
     [](Plan &p) { p.reliability.spareNodes = 2; }, failuresLive},
    {"Twice the nodes: interruptions come twice as often and more nodes are down at once, so the same two spares "
     "cover less of the time. Spares are sized for the job, not bought once: the suggestion grows with the nodes.",
     "GPUs: 1,024 → 2,048", "Interruptions, spares suggested, the waiting share", ExplainTopic::TimeToTrain, nullptr,
     [](Plan &p) { p.hardware.numGpus = 2048; }, failuresLive},
};

} // namespace

const Lesson kFailuresLesson = {"failures-elastic", "What do node failures cost a large run?",
                                "Large jobs are interrupted every day or two; spares and elastic training decide "
                                "whether the job waits for repairs.",
                                "llama3-70b", failuresSetup, kFailuresSteps};

} // namespace gpuplan::ui

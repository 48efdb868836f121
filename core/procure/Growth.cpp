// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/Growth.h"

#include "common/Units.h"
#include "evaluator/Evaluator.h"
#include "portfolio/PortfolioJobs.h"
#include "search/LayoutSearch.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace gpuplan {

namespace {

// The largest GPU count a plan may have (hardware.num_gpus, docs/plan-format.md).
constexpr int kMaxGrowthGpus = 1000000;

bool evaluatePlan(const Plan &plan, const Catalog &catalog, ResolvedPlan &resolved, Evaluation &e, std::string &error)
{
    std::vector<ResolveError> errors;
    if (!resolvePlan(plan, catalog, resolved, errors)) {
        error = errors.empty() ? "cannot be resolved against the catalog" : errors.front().field + ": " + errors.front().message;
        return false;
    }
    e = evaluate(resolved);
    if (!e.validity.valid()) {
        error = describeValidity(e.validity);
        return false;
    }
    return true;
}

void fillCommon(const Plan &plan, const Evaluation &e, GrowthColumn &c)
{
    c.layers = plan.model.layers;
    c.params = e.shape.totalParams;
    c.tokens = plan.workload.training.tokens;
    c.requestRate = plan.workload.inference.requestRate;
    c.layout = e.layout;
    c.facilityKw = e.power.facilityKw;
    c.costUsd = e.cost.perRunUsd;
}

// Training at `gpus` GPUs with the fastest layout the search finds there: its time with failures
// (infinity when no layout fits or the run cannot finish).
double trainingDaysAt(const Plan &grown, const Catalog &catalog, int gpus, Plan &withLayout, Evaluation &e)
{
    withLayout = grown;
    withLayout.hardware.numGpus = gpus;
    withLayout.parallelism.dp = 0;
    ResolvedPlan resolved;
    std::vector<ResolveError> errors;
    if (!resolvePlan(withLayout, catalog, resolved, errors))
        return std::numeric_limits<double>::infinity();
    SearchOptions options;
    options.objective = SearchObjective::Time;
    options.top = 1;
    const SearchResult found = searchLayouts(resolved, options);
    if (found.best.empty())
        return std::numeric_limits<double>::infinity();
    writeLayout(found.best.front().layout, withLayout);
    std::string error;
    if (!evaluatePlan(withLayout, catalog, resolved, e, error) || e.reliability.unfinishable)
        return std::numeric_limits<double>::infinity();
    return e.reliability.effectiveTimeToTrainS / units::kDay;
}

// The fewest whole nodes whose fastest layout trains the grown run within today's time: counts
// double from one node until one does, then bisect between the last that did not and it. Time to
// train is not strictly monotone in the GPU count (layouts change), so this is the first count found
// by that walk, not a proven minimum.
bool sizeTraining(const Plan &grown, const Catalog &catalog, int gpusPerNode, double targetDays, GrowthResult &out,
                  std::string &error)
{
    Plan best;
    Evaluation bestEval;
    int lo = 0;          // nodes known to be too few
    int hi = 0;          // nodes known to be enough
    double fastest = std::numeric_limits<double>::infinity();
    Plan fastestPlan;
    Evaluation fastestEval;
    for (long long nodes = 1; nodes * gpusPerNode <= kMaxGrowthGpus; nodes *= 2) {
        Plan p;
        Evaluation e;
        ++out.countsTried;
        const double days = trainingDaysAt(grown, catalog, static_cast<int>(nodes * gpusPerNode), p, e);
        if (days < fastest) {
            fastest = days;
            fastestPlan = p;
            fastestEval = e;
        }
        if (days <= targetDays) {
            hi = static_cast<int>(nodes);
            best = p;
            bestEval = e;
            break;
        }
        lo = static_cast<int>(nodes);
    }
    if (hi == 0) {
        if (!std::isfinite(fastest)) {
            error = "no GPU count up to 1,000,000 has a layout that fits the grown model";
            return false;
        }
        out.meetsTarget = false;
        fillCommon(fastestPlan, fastestEval, out.grown);
        out.grown.gpus = fastestPlan.hardware.numGpus;
        out.grown.timeToTrainDays = fastest;
        return true;
    }
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        Plan p;
        Evaluation e;
        ++out.countsTried;
        if (trainingDaysAt(grown, catalog, mid * gpusPerNode, p, e) <= targetDays) {
            hi = mid;
            best = p;
            bestEval = e;
        } else {
            lo = mid;
        }
    }
    fillCommon(best, bestEval, out.grown);
    out.grown.gpus = best.hardware.numGpus;
    out.grown.timeToTrainDays = bestEval.reliability.effectiveTimeToTrainS / units::kDay;
    return true;
}

// A serving column: the fleet the request rate needs (portfolio/PortfolioJobs.h) and one replica's
// layout and P99 latencies at the rate.
bool servingColumn(const Plan &plan, const Catalog &catalog, GrowthColumn &c, std::string &error)
{
    ResolvedPlan resolved;
    Evaluation e;
    if (!evaluatePlan(plan, catalog, resolved, e, error))
        return false;
    fillCommon(plan, e, c);
    c.replicas = e.inference.replicasNeeded;
    c.ttftP99Ms = e.inference.capacity.atRate.ttftP99Ms;
    c.tpotP99Ms = e.inference.capacity.atRate.tpotP99Ms;
    PortfolioJob fleet;
    if (portfolioJob("grown", plan, catalog, -1, fleet, error) != JobProblem::None)
        return false;
    c.gpus = fleet.gpus;
    c.facilityKw = fleet.facilityKw;
    c.costUsd = fleet.costUsd;
    return true;
}

// The grown model on the plan's replica layout, or with tensor parallelism doubled (within one
// node, dividing the heads) until it fits.
bool sizeServing(const Plan &grown, const Catalog &catalog, int gpusPerNode, GrowthResult &out, std::string &error)
{
    Plan p = grown;
    std::string why;
    for (;;) {
        if (servingColumn(p, catalog, out.grown, why))
            return true;
        const int tp = p.parallelism.tp * 2;
        if (tp > gpusPerNode || p.model.heads % tp != 0) {
            error = "the grown model has no replica layout within one node: " + why;
            return false;
        }
        const int replicaGpus = tp * p.parallelism.pp;
        p.parallelism.tp = tp;
        p.parallelism.dp = 0;
        p.hardware.numGpus = std::max(replicaGpus, (p.hardware.numGpus + replicaGpus - 1) / replicaGpus * replicaGpus);
    }
}

} // namespace

Plan grownPlan(const Plan &plan, const GrowthRequest &request)
{
    Plan p = plan;
    ModelArch &m = p.model;
    m.layers = std::max(1, static_cast<int>(std::lround(m.layers * request.modelScale)));
    m.moeDenseLayers = std::min(m.moeDenseLayers, m.layers);
    m.slidingWindowLayers = std::min(m.slidingWindowLayers, m.layers);
    p.workload.training.tokens *= request.tokensScale;
    p.workload.inference.requestRate *= request.trafficScale;
    p.workload.inference.averageRequestRate *= request.trafficScale;
    return p;
}

bool planGrowth(const Plan &plan, const Catalog &catalog, const GrowthRequest &request, GrowthResult &out,
                std::string &error)
{
    out = GrowthResult{};
    out.request = request;
    out.serving = plan.workload.mode == Mode::Inference;
    if (out.serving && request.tokensScale != 1) {
        error = "--tokens-scale: scales a training run's tokens; this is a serving plan (use --traffic-scale)";
        return false;
    }
    if (!out.serving && request.trafficScale != 1) {
        error = "--traffic-scale: scales a serving fleet's request rate; this is a training plan (use --tokens-scale)";
        return false;
    }
    if (out.serving && plan.workload.inference.requestRate <= 0) {
        error = "workload.inference.request_rate is 0: a serving plan grows by its request rate, so it needs one";
        return false;
    }
    ResolvedPlan resolved;
    Evaluation today;
    if (!evaluatePlan(plan, catalog, resolved, today, error)) {
        error = "today's plan: " + error;
        return false;
    }
    const int gpusPerNode = resolved.gpusPerNode;
    const Plan grown = grownPlan(plan, request);
    if (out.serving) {
        if (!servingColumn(plan, catalog, out.today, error))
            return false;
        if (!sizeServing(grown, catalog, gpusPerNode, out, error))
            return false;
        out.meetsTarget = out.grown.replicas > 0;
        return true;
    }
    if (today.reliability.unfinishable) {
        error = "today's plan cannot finish: failures come faster than it progresses";
        return false;
    }
    fillCommon(plan, today, out.today);
    out.today.gpus = plan.hardware.numGpus;
    out.today.timeToTrainDays = today.reliability.effectiveTimeToTrainS / units::kDay;
    return sizeTraining(grown, catalog, gpusPerNode, out.today.timeToTrainDays, out, error);
}

} // namespace gpuplan

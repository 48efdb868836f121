// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/SearchObjective.h"

#include <cmath>

namespace gpuplan {

namespace {

constexpr double kJoulesPerMwh = 3.6e9;

double offerPrice(const CloudOffer &offer, CloudPricing pricing)
{
    double price = -1;
    switch (pricing) {
    case CloudPricing::OnDemand: price = offer.onDemandPerGpuHour; break;
    case CloudPricing::Reserved1y: price = offer.reserved1yPerGpuHour; break;
    case CloudPricing::Reserved3y: price = offer.reserved3yPerGpuHour; break;
    case CloudPricing::Spot: price = offer.spotPerGpuHour; break;
    }
    return price >= 0 ? price : offer.onDemandPerGpuHour;
}

bool positive(double v)
{
    return std::isfinite(v) && v > 0;
}

// Cost from the facility model when it gives one, else the candidate's GPU-hours at the cloud
// price; then the objective value (timeValue for the time objective). Energy and GPU-hours must be set.
bool finishScore(const ObjectiveContext &context, double facilityUsd, double timeValue, SearchCandidate &c)
{
    c.costKnown = positive(facilityUsd) || context.cloudUsdPerGpuHour >= 0;
    c.costUsd = positive(facilityUsd) ? facilityUsd : c.costKnown ? c.gpuHours * context.cloudUsdPerGpuHour : 0;
    switch (context.objective) {
    case SearchObjective::Time: c.objective = timeValue; break;
    case SearchObjective::Cost: c.objective = c.costKnown ? c.costUsd : c.gpuHours; break;
    case SearchObjective::Energy: c.objective = c.energyMwh; break;
    }
    return std::isfinite(c.objective) && std::isfinite(c.paretoTime);
}

} // namespace

ObjectiveContext makeObjectiveContext(const ResolvedPlan &plan, SearchObjective objective)
{
    const Plan &p = *plan.plan;
    ObjectiveContext c;
    c.objective = objective;
    if (p.cost.cloudGpuHourUsd >= 0)
        c.cloudUsdPerGpuHour = p.cost.cloudGpuHourUsd;
    else if (plan.cloud)
        c.cloudUsdPerGpuHour = offerPrice(*plan.cloud, p.cost.cloudPricing);
    c.trainingTokens = p.workload.training.tokens;
    c.gpuBusyW = plan.gpu ? plan.gpu->tdpW * busyPowerFraction(p.facility, p.workload.mode == Mode::Training) : 0;
    c.pue = p.facility.pue;
    return c;
}

bool scoreTraining(const ObjectiveContext &context, const Evaluation &e, SearchCandidate &c)
{
    const TrainingResult &t = e.training;
    if (!t.valid || !positive(t.tokensPerS) || !positive(t.stepTimeS))
        return false;
    const double gpus = e.layout.numGpus;
    c.layout = e.layout;
    c.stepTimeS = t.stepTimeS;
    c.tokensPerS = t.tokensPerS;
    c.mfu = t.mfu;
    c.perGpuBytes = e.memory.perGpuBytes;
    c.timeToTrainS = context.trainingTokens > 0 ? context.trainingTokens / t.tokensPerS : 1.0 / t.tokensPerS;
    c.gpuHours = gpus * c.timeToTrainS / 3600.0;
    c.paretoTime = c.timeToTrainS;
    c.energyMwh = positive(e.power.energyMwh)
                      ? e.power.energyMwh
                      : gpus * context.gpuBusyW * context.pue * c.timeToTrainS / kJoulesPerMwh;
    return finishScore(context, e.cost.perRunUsd, c.timeToTrainS, c);
}

bool scoreInference(const ObjectiveContext &context, const Evaluation &e, SearchCandidate &c)
{
    const InferenceResult &r = e.inference;
    if (!r.valid || !positive(r.outputTokensPerSPerGpu))
        return false;
    const double gpus = e.layout.numGpus;
    c.layout = e.layout;
    c.tokensPerS = r.outputTokensPerSPerGpu * gpus;
    c.stepTimeS = r.decodeMsPerToken / 1000.0;
    c.ttftMs = r.ttftMs;
    c.tpotMs = r.decodeMsPerToken;
    c.paretoTime = c.stepTimeS;
    c.replicas = e.layout.dp;
    c.mfu = 0;
    c.perGpuBytes = e.memory.perGpuBytes;
    // Per million output tokens of the whole deployment.
    const double secondsPerMillion = 1e6 / c.tokensPerS;
    c.gpuHours = gpus * secondsPerMillion / 3600.0;
    const double watts = positive(e.power.facilityKw) ? e.power.facilityKw * 1000.0 : gpus * context.gpuBusyW * context.pue;
    c.energyMwh = watts * secondsPerMillion / kJoulesPerMwh;
    // Time: seconds per output token of the deployment (the inverse of its throughput).
    return finishScore(context, e.cost.perMillionTokensUsd, 1.0 / c.tokensPerS, c);
}

} // namespace gpuplan

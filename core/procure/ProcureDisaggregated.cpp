// SPDX-License-Identifier: GPL-3.0-or-later
#include "procure/ProcureDisaggregated.h"

#include "facility/FacilityModel.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Whether `workers` workers of `worker`'s layout carry `need` requests/s within the targets; the
// point of least throughput that does goes to `out`.
// `curve` is scratch space, one for the whole search.
bool carries(const ResolvedPlan &plan, const Layout &worker, int workers, double need, ServingOptionCurve &curve,
             DisaggregatedFleet &out)
{
    const int size = std::max(worker.tp * worker.pp, 1);
    Layout deployment = worker;
    deployment.numGpus = workers * size;
    deployment.dp = workers;
    int swept = 0;
    ++out.frontierCalls;
    // A worker split smaller (the GPUs held one only) is not the layout asked for.
    if (disaggregatedOption(plan, deployment, curve, swept) != DisaggregatedLimit::None || swept != workers ||
        curve.workerGpus != size)
        return false;
    const InferenceWorkload &w = plan.plan->workload.inference;
    const double gpus = static_cast<double>(workers) * size;
    int best = -1;
    double bestRate = 0;
    for (int i = 0; i < curve.count; ++i) {
        const FrontierPoint &p = curve.points[static_cast<std::size_t>(i)];
        if (!p.meetsTtft || (w.tpotTargetMs > 0 && p.tpotS * 1e3 > w.tpotTargetMs))
            continue;
        const double rate = p.tokensPerSPerGpu * gpus / std::max(w.outputLen, 1);
        if (rate >= need && (best < 0 || rate < bestRate)) {
            best = i;
            bestRate = rate;
        }
    }
    if (best < 0)
        return false;
    out.found = true;
    out.workerGpus = size;
    out.point = curve.points[static_cast<std::size_t>(best)];
    out.prefillWorkers = out.point.prefillWorkers;
    out.decodeWorkers = out.point.decodeWorkers;
    out.requestsPerS = bestRate;
    return true;
}

} // namespace

DisaggregatedFleet sizeDisaggregatedFleet(const ResolvedPlan &plan, const Layout &worker, int hintWorkers)
{
    DisaggregatedFleet result;
    if (!plan.plan)
        return result;
    const InferenceWorkload &w = plan.plan->workload.inference;
    if (!(w.requestRate > 0))
        return result;
    // As the capacity model: the fleet runs at most 1 - headroom of what it carries.
    const double need = w.requestRate / std::max(1.0 - w.headroom, 1e-3);
    // Fewest workers: from the hint, doubling until a deployment carries the rate (or halving while
    // a smaller one still does), then bisected between the last that did not and the first that did.
    DisaggregatedFleet probe;
    ServingOptionCurve curve;
    int hi = std::clamp(hintWorkers, 2, kMaxDisaggregatedWorkers);
    int lo = 1;   // one worker cannot form two pools
    if (carries(plan, worker, hi, need, curve, probe)) {
        result = probe;
        while (hi / 2 >= 2) {
            if (!carries(plan, worker, hi / 2, need, curve, probe)) {
                lo = hi / 2;
                break;
            }
            hi /= 2;
            result = probe;
        }
    } else {
        lo = hi;
        while (!result.found && hi < kMaxDisaggregatedWorkers) {
            hi = std::min(2 * hi, kMaxDisaggregatedWorkers);
            if (carries(plan, worker, hi, need, curve, probe))
                result = probe;
            else
                lo = hi;
        }
        if (!result.found) {
            result.frontierCalls = probe.frontierCalls;
            return result;
        }
    }
    while (hi - lo > 1) {
        const int mid = lo + (hi - lo) / 2;
        if (carries(plan, worker, mid, need, curve, probe)) {
            hi = mid;
            result = probe;
        } else {
            lo = mid;
        }
    }
    result.frontierCalls = probe.frontierCalls;
    return result;
}

Evaluation disaggregatedEvaluation(const ResolvedPlan &plan, const Evaluation &worker, const DisaggregatedFleet &fleet)
{
    Evaluation e = worker;
    const InferenceWorkload &w = plan.plan->workload.inference;
    const int workers = fleet.prefillWorkers + fleet.decodeWorkers;
    const int size = std::max(fleet.workerGpus, 1);
    InferenceResult &r = e.inference;
    r.gpusPerReplica = size;
    r.capacity.replicas = workers;
    r.requestsPerSPerReplica = fleet.requestsPerS / std::max(workers, 1);
    r.outputTokensPerSPerGpu = fleet.requestsPerS * w.outputLen / std::max(workers * size, 1);
    r.outputTokensPerSPerReplica = r.outputTokensPerSPerGpu * size;
    // The facility model reads the requests in flight per replica for the GPUs' draw.
    const int inFlight = std::max(1, static_cast<int>(std::ceil(fleet.point.concurrency / std::max(workers, 1))));
    r.maxConcurrency = inFlight;
    e.layout.microBatch = inFlight;
    r.ttftMs = fleet.point.ttftS * 1e3;
    r.decodeMsPerToken = fleet.point.tpotS * 1e3;
    r.e2eLatencyMs = (fleet.point.ttftS + (w.outputLen - 1.0) * fleet.point.tpotS) * 1e3;
    const Layout layout = e.layout;
    estimateFacility(plan, layout, e);
    return e;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/Reliability.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Goodput floor: keeps the wall time finite when failures outpace progress (flagged unfinishable).
constexpr double kMinGoodput = 1e-6;
// Exponents beyond this give goodput far below the floor anyway; skip exp() to stay finite.
constexpr double kMaxExponent = 50.0;
// A checkpoint is never free: at least the time to enqueue it (1 ms) keeps the interval finite.
constexpr double kMinBlockingS = 1e-3;

} // namespace

double dalyInterval(double delta, double mtbf)
{
    if (delta >= 2.0 * mtbf)
        return mtbf;
    const double young = std::sqrt(2.0 * delta * mtbf);
    return young * (1.0 + std::sqrt(delta / (2.0 * mtbf)) / 3.0 + delta / (18.0 * mtbf)) - delta;
}

double checkpointGoodput(double tau, double delta, double restart, double mtbf)
{
    if (mtbf <= 0 || tau <= 0)
        return kMinGoodput;
    const double x = (tau + delta) / mtbf;
    const double r = restart / mtbf;
    if (x > kMaxExponent || r > kMaxExponent)
        return kMinGoodput;
    const double wallPerInterval = mtbf * std::exp(r) * std::expm1(x);
    return std::clamp(tau / wallPerInterval, kMinGoodput, 1.0);
}

int poissonQuantile95(double lambda)
{
    if (lambda <= 0)
        return 0;
    if (lambda > 50.0)   // normal approximation, 95% one-sided
        return static_cast<int>(std::min(std::ceil(lambda + 1.645 * std::sqrt(lambda)), 1e9));
    double term = std::exp(-lambda);
    double cdf = term;
    int k = 0;
    while (cdf < 0.95 && k < 1000) {
        ++k;
        term *= lambda / k;
        cdf += term;
    }
    return k;
}

ReliabilityResult computeReliability(const FacilityInputs &in, StorageResult &storage)
{
    ReliabilityResult r;
    r.jobNodes = static_cast<int>(in.jobNodes);
    const double nodeMtbfS = in.nodeMtbfH * 3600.0;
    const double mtbfS = nodeMtbfS / std::max(in.jobNodes, 1.0);   // spares are not in the job
    r.mtbfHours = mtbfS / 3600.0;
    r.restartS = in.restartS + storage.restoreS;
    r.idealTimeS = in.idealRunS;
    // Spares: cover the failures expected while a failed node is away for repair.
    r.sparesSuggested = poissonQuantile95(in.jobNodes * in.repairH / in.nodeMtbfH);

    if (in.mode == Mode::Inference) {
        // A failure takes one replica out of service while a new one starts (weights and engine).
        r.restartS = in.restartS + storage.replicaStartS;
        r.goodput = 1.0 / (1.0 + r.restartS * in.nodesPerReplica / nodeMtbfS);
        r.expectedInterruptions = in.idealRunS / mtbfS;
        r.lostHours = in.idealRunS * (1.0 - r.goodput) / 3600.0;
        r.effectiveTimeToTrainS = in.idealRunS;
        return r;
    }

    const double delta = std::max(storage.checkpointBlockingS, kMinBlockingS);
    double tau = dalyInterval(delta, mtbfS);
    // An asynchronous save must finish draining before the next one starts.
    if (in.asyncCheckpoint && storage.checkpointWriteS > tau) {
        storage.drainLimited = true;
        tau = storage.checkpointWriteS;
    }
    // A run shorter than the interval checkpoints once, at its end.
    if (in.idealRunS > 0)
        tau = std::min(tau, in.idealRunS);
    r.checkpointIntervalS = tau;
    r.goodput = checkpointGoodput(tau, delta, r.restartS, mtbfS);
    r.unfinishable = r.goodput < 0.01;
    r.effectiveTimeToTrainS = in.idealRunS / r.goodput;
    r.lostHours = (r.effectiveTimeToTrainS - in.idealRunS) / 3600.0;
    r.expectedInterruptions = r.effectiveTimeToTrainS / mtbfS;
    return r;
}

} // namespace gpuplan

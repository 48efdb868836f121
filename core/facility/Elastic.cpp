// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/Elastic.h"

#include "facility/Reliability.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

double poissonCdf(int k, double lambda)
{
    if (k < 0)
        return 0.0;
    if (lambda <= 0)
        return 1.0;
    if (lambda > 50.0) {   // normal approximation with continuity correction, as poissonQuantile95
        const double z = (k + 0.5 - lambda) / std::sqrt(lambda);
        return std::clamp(0.5 * std::erfc(-z / std::sqrt(2.0)), 0.0, 1.0);
    }
    double term = std::exp(-lambda);
    double cdf = term;
    for (int i = 1; i <= k && i <= 1000; ++i) {
        term *= lambda / i;
        cdf += term;
    }
    return std::min(cdf, 1.0);
}

ElasticRange elasticRange(const Plan &plan, const Evaluation &evaluation)
{
    ElasticRange r;
    const ReliabilityAssumptions &a = plan.reliability;
    r.planNodes = std::max(evaluation.reliability.jobNodes, 1);
    r.minNodes = r.maxNodes = r.planNodes;
    if (!a.elastic || plan.workload.mode != Mode::Training)
        return r;
    r.nodesDownMean = a.nodeMtbfHours > 0 ? r.planNodes * a.repairHours / a.nodeMtbfHours : 0.0;
    const int spares = std::max(a.spareNodes, 0);
    r.spareNodes = spares;
    // Default floor: the nodes down at once at 95% (the quantile that sizes the spares), less the
    // spares that replace them, so that the job keeps running through 95% of the time.
    const int shortAt95 = std::max(poissonQuantile95(r.nodesDownMean) - spares, 0);
    r.minNodes = a.elasticMinNodes > 0 ? std::min(a.elasticMinNodes, r.planNodes)
                                       : std::max(r.planNodes - shortAt95, 1);
    r.maxNodes = std::max(a.elasticMaxNodes, r.planNodes);
    // Short of nodes when more are down than there are spares; stopped when more than the range
    // allows below the plan's size.
    const double covered = poissonCdf(spares, r.nodesDownMean);
    const double running = poissonCdf(spares + r.planNodes - r.minNodes, r.nodesDownMean);
    r.degradedFraction = std::max(running - covered, 0.0);
    r.fixedStoppedFraction = std::max(1.0 - covered, 0.0);
    r.stoppedFraction = std::max(1.0 - running, 0.0);
    return r;
}

} // namespace gpuplan

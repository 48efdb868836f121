// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/ExpertRouting.h"

#include <algorithm>

namespace gpuplan {

namespace {

// Probability that k distinct experts drawn uniformly from `pool` include none of `held`
// given ones: C(pool - held, k) / C(pool, k) as a product, which also takes a fractional
// `held` (experts not divisible by the node count).
double missProbability(double pool, double held, int k)
{
    double p = 1.0;
    for (int i = 0; i < k; ++i) {
        const double f = (pool - held - i) / (pool - i);
        if (f <= 0.0)
            return 0.0;
        p *= f;
    }
    return p;
}

} // namespace

double remoteNodesPerToken(int experts, int topK, int groups, int groupLimit, int nodes)
{
    if (nodes <= 1 || experts <= 0 || topK <= 0)
        return 0.0;
    const int k = std::min(topK, experts);
    const double E = experts, N = nodes;
    const bool limited = groups > 1 && groupLimit > 0 && groupLimit < groups && experts % groups == 0;
    double miss = 0.0;
    if (limited && groups % nodes == 0) {
        // q whole groups per node. DeepSeek-V3 ranks the groups by the sum of their two best
        // affinities, so each chosen group's best expert is (almost always) among the token's
        // top-k: every chosen group is reached (of min(M, k) groups when k < M), and a node is
        // missed when none of its q groups is chosen, C(G - q, M) / C(G, M).
        const int G = groups, q = groups / nodes, M = std::min(groupLimit, k);
        miss = 1.0;
        for (int i = 0; i < M; ++i)
            miss *= std::max(static_cast<double>(G - q - i), 0.0) / (G - i);
    } else if (limited && nodes % groups == 0) {
        // Each group spans nodes / groups nodes; a node's group is chosen with probability M / G.
        const double chosen = static_cast<double>(groupLimit) / groups;
        miss = (1.0 - chosen) + chosen * missProbability(groupLimit * E / groups, E / N, k);
    } else {
        miss = missProbability(E, E / N, k);
    }
    const double distinct = N * (1.0 - miss);
    return distinct * (N - 1.0) / N;
}

} // namespace gpuplan

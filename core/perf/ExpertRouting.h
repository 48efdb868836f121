// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Where a token's routed experts sit across the nodes of the expert-parallel group, for the
// inter-node part of the MoE all-to-all (perf/TrainingComm.cpp).
namespace gpuplan {

// Expected number of nodes other than its own that a token's top-k experts reach, with the
// routed experts laid out in order over `nodes` nodes (E / nodes each, as EP ranks hold
// consecutive experts) and the k experts distinct and uniform over those the router may pick.
//  - Unlimited routing: any of the E experts; a node is missed with probability
//    C(E - E/N, k) / C(E, k).
//  - Group-limited routing (DeepSeek-V3 §3.2.2, config.json n_group / topk_group): the experts
//    form `groups` consecutive groups, each token chooses `groupLimit` (M) of them by the sum of
//    each group's two best affinities and its k experts among theirs. With groups a multiple of
//    the node count (q = groups / N whole groups per node) every chosen group is reached (its
//    best expert is among the top-k; with i.i.d. affinities 3.97 of 4 groups are), so a node is
//    missed when none of its groups is chosen, C(G - q, M) / C(G, M). With the node count a
//    multiple of the groups a node lies in one group, chosen with probability M / G, and the k
//    experts are taken as uniform over the pool P = M x E / groups: missed then with
//    C(P - E/N, k) / C(P, k). A layout that aligns groups with neither falls back to unlimited.
// The token's own node is one of the N, each reached with the same probability, so the remote
// share of the expected distinct nodes D is D (N - 1) / N. 0 inside one node. Products of at
// most k terms; no allocation.
double remoteNodesPerToken(int experts, int topK, int groups, int groupLimit, int nodes);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// NCCL collectives with the alpha-beta model (docs/formulas.md §7; nccl-tests doc/PERFORMANCE.md).
// A group is split into the ranks that share a node and the nodes it spans; a collective that
// spans nodes is costed as the two-level (hierarchical) algorithm of docs/formulas.md §7.3, so a
// dimension is never pinned to one network tier. Shared by the training and inference models.
namespace gpuplan {

struct ResolvedPlan;

enum class Collective : unsigned char { AllReduce, ReduceScatter, AllGather, AllToAll };

// One network tier as a GPU sees it: achieved NCCL bus bandwidth (bytes/s, one direction) and
// the latency of one collective.
struct CommTier
{
    double busBw = 0;
    double latencyS = 0;
};

// The tiers a collective can use: inside a node (NVLink/NVSwitch, xGMI or PCIe) and between
// nodes (the GPU's share of its node's NICs, at 2 nodes).
struct CommNetwork
{
    CommTier intra;
    CommTier inter;
    double scaleLossPerDoubling = 0;   // inter-node bus bandwidth lost per doubling beyond 2 nodes
    int gpusPerNode = 8;
};

// Where the ranks of one group sit: ranksPerNode of them on each of `nodes` nodes.
struct CommGroup
{
    int ranks = 1;
    int ranksPerNode = 1;
    int nodes = 1;
};

// The group of `size` ranks whose members are `stride` apart in the global rank order. In the
// Megatron order (TP innermost, then CP, DP, PP) a TP group has stride 1, a CP group stride tp,
// a DP group stride tp*cp and a PP group stride tp*cp*dp.
CommGroup placeGroup(int size, int stride, int gpusPerNode);

// Time of one collective over the group. bytes is the full buffer of one rank: the unreduced
// input of an all-reduce or reduce-scatter, the gathered output of an all-gather, the send
// buffer of an all-to-all.
//  - inside one node (ring): alpha + c (n-1)/n S / busbw, c = 2 for all-reduce, 1 otherwise;
//  - across nodes (two-level): the intra-node phase over the g local ranks, then each local
//    rank runs the inter-node phase on S/g over its own share of the NICs:
//      alpha_intra + c (g-1)/g S / busbw_intra + alpha_inter(N) + c (N-1)/N (S/g) / busbw_inter(N);
//  - all-to-all: the node-local and the remote parts of the send buffer move at the same time.
double collectiveTime(Collective op, double bytes, const CommGroup &group, const CommNetwork &net);

// A group with its inter-node bus bandwidth and latency worked out once (interNodeBusBw and
// interNodeLatency at its node count, when it spans nodes), for several collectives over the same
// group: the same times as collectiveTime on the group, without the pow and log2 of each call.
struct CommPath
{
    CommGroup group;
    double interBusBw = 0;
    double interLatencyS = 0;
};
CommPath commPath(const CommGroup &group, const CommNetwork &net);
double collectiveTime(Collective op, double bytes, const CommPath &path, const CommNetwork &net);

// One point-to-point transfer between ranks `stride` apart (pipeline stages, CP ring steps).
double p2pTime(double bytes, int stride, const CommNetwork &net);

// Inter-node bus bandwidth and latency when a collective spans `nodes` nodes: bandwidth loses
// scaleLossPerDoubling per doubling beyond 2 nodes (docs/formulas.md §7.3), latency grows with the
// depth of NCCL's inter-node tree, log2(nodes).
double interNodeBusBw(const CommNetwork &net, int nodes);
double interNodeLatency(const CommNetwork &net, int nodes);

// The network of a resolved plan: node intra-node bandwidth x the GPU's NCCL efficiency, and
// the node's NICs shared by its GPUs x the fabric's achievable fraction.
CommNetwork commNetwork(const ResolvedPlan &plan);

} // namespace gpuplan

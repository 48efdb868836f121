// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/AttentionDp.h"

#include <algorithm>

namespace gpuplan {

AttentionDpLayout attentionDpLayout(const ResolvedPlan &plan, int tp)
{
    AttentionDpLayout g;
    g.gpus = std::max(tp, 1);
    if (!plan.plan)
        return g;
    const InferenceWorkload &w = plan.plan->workload.inference;
    if (w.attentionDp > 1 && g.gpus % w.attentionDp == 0)
        g.dp = w.attentionDp;
    const int experts = plan.shape.moeLayers > 0 ? plan.shape.experts : 0;
    // An expert TP that does not make up the replica with EP (expert TP x EP = TP) is not a layout
    // the engines run: served as tensor parallel (InferenceRowPlan reports it for rows).
    const bool covered = w.expertTp <= 0 || static_cast<long long>(w.expertTp) * w.ep == g.gpus;
    if (w.ep > 1 && experts > 0 && g.gpus % w.ep == 0 && experts % w.ep == 0 && covered)
        g.ep = w.ep;
    return g;
}

ForwardCostModel attentionDpModel(const ResolvedPlan &plan, const Layout &base, const AttentionDpLayout &g,
                                  ExpertExchange exchange)
{
    Layout l = base;
    l.tp = std::max(g.gpus, 1);
    l.pp = exchange == ExpertExchange::ReplicaAllReduce ? 1 : l.pp;
    l.dp = 1;
    l.ep = std::max(g.ep, 1);
    l.numGpus = l.tp * l.pp;
    ForwardCostModel m = buildForwardCost(plan, l);
    const int dp = std::clamp(g.dp, 1, l.tp);
    if (!m.valid || (dp <= 1 && g.ep <= 1))
        return m;
    if (exchange == ExpertExchange::ReplicaAllReduce) {
        // Each rank holds the attention weights of its TP group: dp times the worker-wide share;
        // MLA's latent KV (which tensor parallelism replicates) is split over the ranks.
        if (dp > 1) {
            m.qkv.n *= dp;
            m.attnOut.k *= dp;
            if (plan.shape.mla)
                m.kvBytesReadPerPosition /= dp;
        }
        return m;
    }
    // With tensor-parallel attention (dp = 1) every GPU holds every token after the attention's
    // all-reduce: expert-parallel MoE layers compute their own experts' tokens and the all-reduce
    // combines them, so the exchange (and the expected expert weights read, E / ep experts of
    // G / ep GPUs each) is that of the tensor-parallel replica.
    if (dp <= 1)
        return m;
    {
        // The attention of one rank: its TP group's weights and heads, its own requests. Per GPU
        // and per token of the worker's batch, the KV traffic is the rank's over dp.
        Layout rank = l;
        rank.tp = l.tp / dp;
        const ForwardCostModel a = buildForwardCost(plan, rank);
        m.qkv = a.qkv;
        m.attnOut = a.attnOut;
        m.attentionTokenShare = 1.0 / dp;
        m.kvBytesReadPerPosition = a.kvBytesReadPerPosition / dp;
        m.kvBytesPerToken = a.kvBytesPerToken / dp;
        m.qkvoBytesPerToken = a.qkvoBytesPerToken / dp;
        m.prefillAttnFlopsPerPair = a.prefillAttnFlopsPerPair / dp;
        m.decodeAttnFlopsPerPair = a.decodeAttnFlopsPerPair / dp;
        m.attnTpGroup = placeGroup(rank.tp, 1, plan.gpusPerNode);
    }
    if (m.moeLayers > 0 && g.ep > 1) {
        // Each token's hidden state goes from its rank to its top-k experts and comes back
        // (16-bit, as the activations); the EP ranks are gpus / ep GPUs apart. Without EP the
        // MoE layers are tensor parallel and the replica-wide all-reduces stand for the gather
        // and scatter around them.
        m.expertDispatchBytesPerToken = m.topK * m.hiddenBytesPerToken;
        m.epGroup = placeGroup(g.ep, l.tp / g.ep, plan.gpusPerNode);
    }
    return m;
}

ForwardCostModel servingForwardCost(const ResolvedPlan &plan, const Layout &layout)
{
    const AttentionDpLayout g = attentionDpLayout(plan, layout.tp);
    if (plainTensorParallel(g))
        return buildForwardCost(plan, layout);
    return attentionDpModel(plan, layout, g, ExpertExchange::AllToAll);
}

} // namespace gpuplan

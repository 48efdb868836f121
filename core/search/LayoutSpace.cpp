// SPDX-License-Identifier: GPL-3.0-or-later
// The layout space of the auto-planner. The rules and their sources are listed in docs/search.md;
// checkLayout() (core/eval/LayoutCheck.cpp) stays the judge of validity, so values that a model
// constraint may reject (TP not dividing the heads, EP not dividing the experts, a batch that does
// not split) are still enumerated here and counted as rejections.
#include "search/LayoutSpace.h"

#include "eval/ResolvedPlan.h"
#include "memory/ActivationMemory.h"
#include "search/LayoutSearch.h"

#include <algorithm>

namespace gpuplan {

void divisorsUpTo(long long n, long long limit, std::vector<int> &out)
{
    out.clear();
    if (n <= 0)
        return;
    for (long long d = 1; d * d <= n; ++d) {
        if (n % d == 0)
            out.push_back(static_cast<int>(d));
    }
    // The divisors above sqrt(n) pair with the ones below it, in reverse order.
    for (std::size_t i = out.size(); i-- > 0;) {
        const long long other = n / out[i];
        if (other != out[i])
            out.push_back(static_cast<int>(other));
    }
    out.erase(std::upper_bound(out.begin(), out.end(), limit, [](long long l, int v) { return l < v; }), out.end());
}

void powersOfTwoDividing(long long n, long long limit, std::vector<int> &out)
{
    out.clear();
    for (long long v = 1; v <= limit && v <= n && n % v == 0; v *= 2)
        out.push_back(static_cast<int>(v));
}

ShardingChoices shardingChoices(ShardingImpl planImpl, bool allImpls, bool allowOffload, int pp, int shardGroup,
                                int recomputeLevels)
{
    ShardingChoices out;
    auto add = [&](ShardingImpl impl, int zero, std::initializer_list<OffloadLevel> offloads) {
        ShardingChoice c;
        c.impl = impl;
        c.zero = zero;
        c.offloadCount = 0;
        for (const OffloadLevel o : offloads) {
            if (o == OffloadLevel::None || allowOffload)
                c.offloads[static_cast<std::size_t>(c.offloadCount++)] = o;
        }
        out.items[static_cast<std::size_t>(out.count++)] = c;
        out.cells += recomputeLevels * c.offloadCount;
    };
    const ShardingImpl order[] = {ShardingImpl::Megatron, ShardingImpl::DeepSpeed, ShardingImpl::Fsdp};
    bool first = true;
    for (const ShardingImpl impl : order) {
        if (!allImpls && impl != planImpl)
            continue;
        // Stage 0 (plain data parallelism) is the same layout in every implementation: once.
        if (first)
            add(impl, 0, {OffloadLevel::None});
        first = false;
        if (shardGroup <= 1)
            continue;   // sharding over one rank changes nothing
        switch (impl) {
        case ShardingImpl::Megatron:
            // --use-distributed-optimizer shards optimizer states and fp32 main weights (stage 1);
            // --optimizer-cpu-offload needs it.
            add(impl, 1, {OffloadLevel::None, OffloadLevel::Optimizer});
            break;
        case ShardingImpl::DeepSpeed:
            // ZeRO-Offload moves optimizer states at stages 1-3; parameter offload needs stage 3.
            // The pipeline engine refuses stages 2 and 3 (deepspeed/runtime/pipe/engine.py).
            add(impl, 1, {OffloadLevel::None, OffloadLevel::Optimizer});
            if (pp == 1) {
                add(impl, 2, {OffloadLevel::None, OffloadLevel::Optimizer});
                add(impl, 3, {OffloadLevel::None, OffloadLevel::Optimizer, OffloadLevel::OptimizerAndParams});
            }
            break;
        case ShardingImpl::Fsdp:
            // ShardingStrategy SHARD_GRAD_OP (stage 2) and FULL_SHARD (stage 3); CPUOffload moves
            // parameters, gradients and the optimizer step together.
            add(impl, 2, {OffloadLevel::None});
            add(impl, 3, {OffloadLevel::None, OffloadLevel::OptimizerAndParams});
            break;
        }
    }
    return out;
}

RecomputeLevels recomputeLevels(const ResolvedPlan &plan)
{
    const Plan &p = *plan.plan;
    RecomputeLevels out;
    auto offer = [&out](std::initializer_list<Recompute> policies) {
        for (const Recompute r : policies)
            out.items[static_cast<std::size_t>(out.count++)] = r;
    };
    switch (p.parallelism.framework) {
    case Framework::Generic:
    case Framework::Megatron:
    case Framework::DeepSpeed:
        // --recompute-granularity selective (attention core) or full; DeepSpeed's activation
        // checkpointing runs Megatron's.
        offer({Recompute::None, Recompute::Selective, Recompute::Full});
        break;
    case Framework::Fsdp2:
        // torchtitan activation_checkpoint.mode none / selective (selective_ac_option "op" or an
        // integer N) / full.
        offer({Recompute::None, Recompute::SelectiveOp, Recompute::EveryN, Recompute::Full});
        break;
    case Framework::Fsdp1:
    case Framework::Torchtune:
        // checkpoint_wrapper on every block, or on every N-th (torchtune ac_mode selective, ac_option N).
        offer({Recompute::None, Recompute::EveryN, Recompute::Full});
        break;
    case Framework::HfPeft:
        // gradient_checkpointing checkpoints every decoder layer.
        offer({Recompute::None, Recompute::Full});
        break;
    }
    // The walk needs the policies ordered by the activations they keep (the lighter setting keeps
    // more and runs faster): for this model and stack, per token of one layer.
    const ActivationConfig act = trainingActivationConfig(p, layoutFromPlan(p));
    std::array<double, kMaxRecomputeLevels> kept{};
    for (int i = 0; i < out.count; ++i)
        kept[static_cast<std::size_t>(i)] = layerBytesPerToken(plan.shape, act, out.items[static_cast<std::size_t>(i)]);
    for (int i = 1; i < out.count; ++i) {
        for (int j = i; j > 0 && kept[static_cast<std::size_t>(j)] > kept[static_cast<std::size_t>(j - 1)]; --j) {
            std::swap(kept[static_cast<std::size_t>(j)], kept[static_cast<std::size_t>(j - 1)]);
            std::swap(out.items[static_cast<std::size_t>(j)], out.items[static_cast<std::size_t>(j - 1)]);
        }
    }
    return out;
}

int recomputeRank(Recompute recompute)
{
    switch (recompute) {
    case Recompute::None: return 0;
    case Recompute::Selective: return 1;
    case Recompute::EveryN: return 2;
    case Recompute::SelectiveOp: return 3;
    case Recompute::Full: return 4;
    }
    return 4;
}

void setMemorySaving(Layout &l, const ShardingChoice &choice, Recompute recompute, int offloadIndex)
{
    l.sharding = choice.impl;
    l.zero = choice.zero;
    l.recompute = recompute;
    const OffloadLevel o = choice.offloads[static_cast<std::size_t>(offloadIndex)];
    l.offloadOptimizer = o == OffloadLevel::None ? Offload::None : Offload::Cpu;
    l.offloadParams = o == OffloadLevel::OptimizerAndParams ? Offload::Cpu : Offload::None;
}

TrainingSpace::TrainingSpace(const ResolvedPlan &plan, const SearchOptions &options, int numGpus)
    : m_plan(plan)
    , m_options(options)
    , m_numGpus(numGpus)
{
    m_base.numGpus = numGpus;
    m_base.flashAttention = plan.plan->parallelism.flashAttention;
    m_recompute = recomputeLevels(plan);
}

ShardingChoices TrainingSpace::choicesFor(int pp, int shardGroup) const
{
    return shardingChoices(m_plan.plan->parallelism.sharding, m_options.allShardings, m_options.allowOffload, pp, shardGroup,
                           m_recompute.count);
}

void TrainingSpace::tpCpLists()
{
    // TP: powers of two up to the query heads, inside one node unless allowed to span nodes.
    long long tpLimit = std::max(m_plan.shape.heads, 1);
    if (!m_options.tpBeyondNode)
        tpLimit = std::min<long long>(tpLimit, m_plan.gpusPerNode);
    if (m_plan.mig)
        tpLimit = 1;   // a MIG instance runs its model alone (eval/ResolvedPlan.cpp)
    powersOfTwoDividing(m_numGpus, tpLimit, m_tp);
    // CP: powers of two while every rank keeps minTokensPerCpRank tokens of the sequence.
    const long long seq = m_plan.plan->workload.training.seqLen;
    long long cpLimit = std::max(1, m_options.maxCp);
    cpLimit = std::min(cpLimit, std::max(1LL, seq / std::max(1, m_options.minTokensPerCpRank)));
    if (m_plan.mig)
        cpLimit = 1;
    powersOfTwoDividing(m_numGpus, cpLimit, m_cp);
}

void TrainingSpace::ppList(int gpusPerTpCp)
{
    const int layers = std::max(m_plan.shape.layers, 1);
    divisorsUpTo(m_plan.mig ? 1 : gpusPerTpCp, layers, m_pp);
    if (!m_options.unevenPipeline)
        std::erase_if(m_pp, [layers](int pp) { return layers % pp != 0; });
}

void TrainingSpace::vpList(int pp)
{
    const int layers = std::max(m_plan.shape.layers, 1);
    if (pp == 1 || layers % pp != 0) {
        m_vp.assign(1, 1);
        return;
    }
    // Interleaving splits each stage's layers into vp equal chunks (Megatron: layers per stage
    // divisible by the virtual stages).
    divisorsUpTo(layers / pp, layers, m_vp);
}

void TrainingSpace::epList(int expertGroup, int tp)
{
    m_etp.clear();
    if (m_plan.shape.experts <= 0 || m_plan.mig) {
        m_ep.assign(1, 1);
        m_etp.assign(1, 0);
        return;
    }
    // Experts split like the dense layers (expert TP = TP) are spread over (a divisor of) the
    // data x context parallel ranks.
    const int experts = std::max(m_plan.shape.experts, 1);
    powersOfTwoDividing(expertGroup, experts, m_ep);
    m_etp.assign(m_ep.size(), 0);
    if (tp > 1) {
        // MoE parallel folding (Megatron-Core --expert-tensor-parallel-size 1): whole experts per
        // rank, EP drawn from the data x context x tensor parallel ranks. Only the EP degrees the
        // data x context ranks alone cannot give, which keeps the search's size near what it was.
        std::vector<int> folded;
        powersOfTwoDividing(static_cast<long long>(expertGroup) * tp, experts, folded);
        const int widest = m_ep.back();
        for (const int ep : folded) {
            if (ep > widest) {
                m_ep.push_back(ep);
                m_etp.push_back(1);
            }
        }
    }
}

void TrainingSpace::microBatchList(int dp)
{
    const int batch = m_plan.plan->workload.training.globalBatch;
    if (batch % dp != 0) {
        m_mb.assign(1, 1);   // rejected by the layout check: the batch does not split over DP
        return;
    }
    divisorsUpTo(batch / dp, batch, m_mb);
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Layout.h"

#include <array>
#include <vector>

// The values each layout dimension takes in the auto-planner, and the rules that tie them
// together (docs/search.md "What is enumerated"). Small value types; no evaluation here.
namespace gpuplan {

struct ResolvedPlan;
struct SearchOptions;

// Ascending values of n's divisors that are <= limit.
void divisorsUpTo(long long n, long long limit, std::vector<int> &out);
// Ascending powers of two that divide n and are <= limit.
void powersOfTwoDividing(long long n, long long limit, std::vector<int> &out);

// What CPU offload a sharding choice can use, weakest first.
enum class OffloadLevel : unsigned char { None, Optimizer, OptimizerAndParams };

// One sharding implementation at one ZeRO stage, with the offload levels that implementation
// supports at that stage.
struct ShardingChoice
{
    ShardingImpl impl = ShardingImpl::Megatron;
    int zero = 0;
    std::array<OffloadLevel, 3> offloads{};
    int offloadCount = 1;
};

inline constexpr int kMaxRecomputeLevels = 4;
inline constexpr int kMaxShardingChoices = 8;
inline constexpr int kMaxCells = kMaxRecomputeLevels * 3;

// The activation-checkpointing policies the plan's training stack offers, the one that keeps the
// most activations first (docs/search.md "What is enumerated"): Megatron-LM and DeepSpeed none,
// selective (the attention core), full; torchtitan (FSDP2) none, op-level selective, every N-th
// layer, full; FSDP1 and torchtune none, every N-th layer, full; HF Transformers none, full
// (gradient checkpointing of every layer).
struct RecomputeLevels
{
    std::array<Recompute, kMaxRecomputeLevels> items{};
    int count = 0;
};
RecomputeLevels recomputeLevels(const ResolvedPlan &plan);
// Less recomputation first, for ranking ties: none, selective, every N-th layer, op-level, full.
int recomputeRank(Recompute recompute);

struct ShardingChoices
{
    std::array<ShardingChoice, kMaxShardingChoices> items{};
    int count = 0;
    int cells = 0;   // candidates per layout group: sum over choices of recompute levels x offload levels
};

// The sharding choices for a group with pipeline depth pp sharding over shardGroup ranks, each
// walked over recomputeLevels recompute policies.
ShardingChoices shardingChoices(ShardingImpl planImpl, bool allImpls, bool allowOffload, int pp, int shardGroup,
                                int recomputeLevels);

void setMemorySaving(Layout &layout, const ShardingChoice &choice, Recompute recompute, int offloadIndex);

// Enumerates the training layout groups of one GPU count: everything but the sharding choice,
// recompute and offload (which the search walks per group). Lists are reused between calls.
class TrainingSpace
{
public:
    TrainingSpace(const ResolvedPlan &plan, const SearchOptions &options, int numGpus);

    // visit(const Layout &group, const ShardingChoices &choices, bool newContext): newContext is
    // true on the first micro-batch of a (tp, cp, pp, vp, ep) combination; micro-batches follow in
    // ascending order. Returns false from visit to stop.
    template <typename Visit>
    bool forEachGroup(Visit &&visit);

    const RecomputeLevels &recompute() const { return m_recompute; }
    // During visit: the group's (EP, micro-batch) index among the groups of its (TP, CP, PP), the
    // same for every VP value (VP = 1 comes first), and how many there are. The search keeps its
    // VP-independent time bound per slot.
    int slot() const { return m_slot; }
    int slotCount() const { return m_slotCount; }

private:
    void tpCpLists();
    void ppList(int gpusPerTpCp);
    void vpList(int pp);
    void epList(int expertGroup, int tp);
    void microBatchList(int dp);
    ShardingChoices choicesFor(int pp, int shardGroup) const;

    const ResolvedPlan &m_plan;
    const SearchOptions &m_options;
    int m_numGpus;
    Layout m_base;            // fields the search does not vary (flash attention, ...)
    RecomputeLevels m_recompute;
    std::vector<int> m_tp, m_cp, m_pp, m_vp, m_ep, m_etp, m_mb;
    int m_slot = 0;
    int m_slotCount = 0;
};

template <typename Visit>
bool TrainingSpace::forEachGroup(Visit &&visit)
{
    tpCpLists();
    for (const int tp : m_tp) {
        for (const int cp : m_cp) {
            if (m_numGpus % (tp * cp) != 0)
                continue;
            ppList(m_numGpus / (tp * cp));
            for (const int pp : m_pp) {
                const int dp = m_numGpus / (tp * cp * pp);
                const ShardingChoices choices = choicesFor(pp, dp * cp);
                vpList(pp);
                epList(dp * cp, tp);
                microBatchList(dp);
                m_slotCount = static_cast<int>(m_ep.size() * m_mb.size());
                for (const int vp : m_vp) {
                    for (std::size_t e = 0; e < m_ep.size(); ++e) {
                        bool first = true;
                        for (std::size_t b = 0; b < m_mb.size(); ++b) {
                            const int mb = m_mb[b];
                            m_slot = static_cast<int>(e * m_mb.size() + b);
                            Layout l = m_base;
                            l.tp = tp;
                            l.cp = cp;
                            l.pp = pp;
                            l.dp = dp;
                            l.vp = vp;
                            l.ep = m_ep[e];
                            l.expertTp = m_etp[e];
                            l.microBatch = mb;
                            l.sp = tp > 1;
                            l.schedule = vp > 1 ? PipelineSchedule::Interleaved : PipelineSchedule::OneFOneB;
                            if (!visit(static_cast<const Layout &>(l), choices, first))
                                return false;
                            first = false;
                        }
                    }
                }
            }
        }
    }
    return true;
}

} // namespace gpuplan

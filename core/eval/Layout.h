// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

namespace gpuplan {

struct Plan;

// The parallel layout and memory-saving choices of one evaluation. The auto-planner varies these
// without touching the plan document (no allocation per candidate).
struct Layout
{
    int numGpus = 1;
    int tp = 1;
    int pp = 1;
    int dp = 1;
    int cp = 1;
    int ep = 1;
    int expertTp = 0;     // ranks splitting each expert; 0 = tp
    bool epOverlap = false;   // MoE all-to-all overlapped with another micro-batch's compute
    int vp = 1;
    bool sp = false;
    int microBatch = 1;
    int zero = 0;
    ShardingImpl sharding = ShardingImpl::DeepSpeed;
    int shardGroup = 0;
    Recompute recompute = Recompute::Selective;
    Offload offloadOptimizer = Offload::None;
    Offload offloadParams = Offload::None;
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    bool flashAttention = true;

    // Size of the group ZeRO/FSDP shards over: dp*cp (Megatron shards over DP x CP), or the
    // hybrid-shard group when one is set.
    int expertTpOrTp() const { return expertTp > 0 && expertTp < tp && tp % expertTp == 0 ? expertTp : tp; }
    int shardingGroup() const
    {
        const int full = dp * cp;
        return (shardGroup > 0 && shardGroup < full) ? shardGroup : full;
    }
    bool operator==(const Layout &) const = default;
};

// The plan's own layout, with dp derived (numGpus / (tp*pp*cp)) when the plan leaves it at 0.
Layout layoutFromPlan(const Plan &plan);
// The inverse: writes the layout's fields (GPU count, parallelism, micro-batch or concurrency,
// flash attention) into the plan. DP stays "derived" (0) when the layout's DP is what the GPU
// count gives anyway, so the plan keeps following GPU-count edits.
void writeLayout(const Layout &layout, Plan &plan);

} // namespace gpuplan

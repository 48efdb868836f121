// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/Layout.h"

#include "plan/Plan.h"

#include <algorithm>

namespace gpuplan {

Layout layoutFromPlan(const Plan &plan)
{
    const Parallelism &p = plan.parallelism;
    Layout l;
    l.numGpus = std::max(plan.hardware.numGpus, 1);
    l.tp = std::max(p.tp, 1);
    l.pp = std::max(p.pp, 1);
    l.cp = std::max(p.cp, 1);
    l.ep = std::max(p.ep, 1);
    l.vp = std::max(p.vp, 1);
    const int group = l.tp * l.pp * l.cp;
    l.dp = p.dp > 0 ? p.dp : std::max(l.numGpus / group, 1);
    l.sp = p.sp;
    l.microBatch = std::max(plan.workload.training.microBatch, 1);
    l.zero = p.zero;
    l.sharding = p.sharding;
    l.shardGroup = p.shardGroup;
    l.recompute = p.recompute;
    l.offloadOptimizer = p.offloadOptimizer;
    l.offloadParams = p.offloadParams;
    l.schedule = p.schedule;
    l.flashAttention = p.flashAttention;
    if (plan.workload.mode == Mode::Inference) {
        l.flashAttention = plan.workload.inference.flashAttention;
        l.microBatch = std::max(plan.workload.inference.concurrency, 1);
    }
    return l;
}

} // namespace gpuplan

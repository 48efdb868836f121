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
    l.expertTp = p.expertTp == l.tp ? 0 : p.expertTp;   // expert TP = TP is the default
    l.epOverlap = p.epOverlap;
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

// The layout fields of a plan, the inverse of layoutFromPlan(). DP stays "derived" (0) when the
// layout's DP is what the GPU count gives anyway, so the plan keeps following GPU-count edits.
void writeLayout(const Layout &l, Plan &plan)
{
    Parallelism &p = plan.parallelism;
    plan.hardware.numGpus = l.numGpus;
    p.tp = l.tp;
    p.pp = l.pp;
    p.cp = l.cp;
    p.ep = l.ep;
    p.expertTp = l.expertTp;
    p.epOverlap = l.epOverlap;
    p.vp = l.vp;
    const int group = l.tp * l.pp * l.cp;
    p.dp = (group > 0 && l.dp * group == l.numGpus) ? 0 : l.dp;
    p.sp = l.sp;
    p.zero = l.zero;
    p.sharding = l.sharding;
    p.shardGroup = l.shardGroup;
    p.recompute = l.recompute;
    p.offloadOptimizer = l.offloadOptimizer;
    p.offloadParams = l.offloadParams;
    p.schedule = l.schedule;
    if (plan.workload.mode == Mode::Training) {
        plan.workload.training.microBatch = l.microBatch;
        p.flashAttention = l.flashAttention;
    } else {
        plan.workload.inference.concurrency = l.microBatch;
        plan.workload.inference.flashAttention = l.flashAttention;
    }
}

} // namespace gpuplan

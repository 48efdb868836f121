// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Pipeline.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Model chunks per GPU: a virtual pipeline size above 1 means the interleaved schedule (as in
// Megatron-LM); GPipe has no chunks.
int chunks(PipelineSchedule schedule, int vp)
{
    if (schedule == PipelineSchedule::GPipe || schedule == PipelineSchedule::DualPipe)
        return 1;   // DualPipe's two stages per rank each see a micro-batch once
    return std::max(vp, 1);
}

} // namespace

double bubbleFraction(PipelineSchedule schedule, int pp, int vp, double microBatches, double backwardShare,
                      double weightGradShare)
{
    if (pp <= 1 || microBatches <= 0)
        return 0.0;
    if (schedule == PipelineSchedule::DualPipe) {
        // Micro-batches enter from both ends, so the fill and drain span half the stages; the
        // weight gradients (W) of the drain fill the remaining gaps. Each rank holds two
        // stages, so p is even (an odd p is read as the next lower even one).
        const double halfStages = std::floor(pp / 2.0) - 1.0;
        const double idle = std::max(1.0 + backwardShare - 3.0 * weightGradShare, 0.0);
        return std::max(halfStages, 0.0) * idle / microBatches;
    }
    return (pp - 1.0) / (chunks(schedule, vp) * microBatches);
}

double pipelineTransfersPerMicroBatch(PipelineSchedule schedule, int pp, int vp)
{
    if (pp <= 1)
        return 0.0;
    return 2.0 * chunks(schedule, vp);
}

} // namespace gpuplan

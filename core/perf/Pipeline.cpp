// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Pipeline.h"

#include <algorithm>

namespace gpuplan {

namespace {

// Model chunks per GPU: a virtual pipeline size above 1 means the interleaved schedule (as in
// Megatron-LM); GPipe has no chunks.
int chunks(PipelineSchedule schedule, int vp)
{
    return schedule == PipelineSchedule::GPipe ? 1 : std::max(vp, 1);
}

} // namespace

double bubbleFraction(PipelineSchedule schedule, int pp, int vp, double microBatches)
{
    if (pp <= 1 || microBatches <= 0)
        return 0.0;
    return (pp - 1.0) / (chunks(schedule, vp) * microBatches);
}

double pipelineTransfersPerMicroBatch(PipelineSchedule schedule, int pp, int vp)
{
    if (pp <= 1)
        return 0.0;
    return 2.0 * chunks(schedule, vp);
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

// Pipeline schedules (Narayanan et al. 2021, arXiv 2104.04473 §2.2): the idle time of a step
// as a fraction of its ideal (bubble-free) time, and the stage-to-stage transfers per
// micro-batch.
namespace gpuplan {

// GPipe and 1F1B: (p - 1) / m; interleaved 1F1B with v model chunks per GPU: (p - 1) / (v m).
// 0 without pipelining.
double bubbleFraction(PipelineSchedule schedule, int pp, int vp, double microBatches);

// Activation sends forward plus gradient sends backward per micro-batch on one stage: 2, and
// 2 v with interleaving (each chunk boundary is a stage boundary).
double pipelineTransfersPerMicroBatch(PipelineSchedule schedule, int pp, int vp);

} // namespace gpuplan

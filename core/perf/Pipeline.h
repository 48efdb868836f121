// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

// Pipeline schedules (Narayanan et al. 2021, arXiv 2104.04473 §2.2; DeepSeek-V3 report,
// arXiv 2412.19437 §3.2.1): the idle time of a step as a fraction of its ideal (bubble-free)
// time, and the stage-to-stage transfers per micro-batch.
namespace gpuplan {

// GPipe and 1F1B: (p - 1) / m; interleaved 1F1B with v model chunks per GPU: (p - 1) / (v m).
// DualPipe (Table 2 of the DeepSeek-V3 report): (p/2 - 1)(F&B + B - 3W) against 1F1B's
// (p - 1)(F + B), with F&B (a forward and a backward chunk run together, their communication
// hidden) taken as F + B. In units of one micro-batch's F + B: `backwardShare` = B / (F + B)
// and `weightGradShare` = W / (F + B), W being the backward's weight-gradient GEMMs; the
// defaults are the FLOP shares of a GEMM-bound layer (B twice F, W half of B).
// 0 without pipelining.
double bubbleFraction(PipelineSchedule schedule, int pp, int vp, double microBatches, double backwardShare = 2.0 / 3.0,
                      double weightGradShare = 1.0 / 3.0);

// Activation sends forward plus gradient sends backward per micro-batch on one stage: 2, and
// 2 v with interleaving (each chunk boundary is a stage boundary).
double pipelineTransfersPerMicroBatch(PipelineSchedule schedule, int pp, int vp);

} // namespace gpuplan

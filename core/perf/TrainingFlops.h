// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

// FLOP counts and throughput figures of a training step (docs/conventions.md, "FLOPs, MFU and
// HFU"). Model FLOPs follow Megatron-LM's num_floating_point_operations: 3 x (2 x active matmul
// parameters + non-causal attention) per token, no recomputation. Hardware FLOPs add what
// recomputation executes again, counted the same way: a whole forward pass for full recompute
// (HFU = 4/3 MFU), the attention core for selective recompute.
namespace gpuplan {

double trainingModelFlopsPerStep(const ResolvedPlan &plan);
double trainingHardwareFlopsPerStep(const ResolvedPlan &plan, const Layout &layout);

// The dense peak MFU and HFU are relative to: the compute format's, or FP4's where the nvfp4
// recipe runs the GEMMs in FP4 (0: the GPU has no peak for the format).
double trainingPeakFlops(const ResolvedPlan &plan);

// Fills tokens, throughput, FLOPs, MFU/HFU, time to train and the error band of a result
// whose stepTimeS is set.
void fillThroughput(TrainingResult &result, const ResolvedPlan &plan, const Layout &layout);

} // namespace gpuplan

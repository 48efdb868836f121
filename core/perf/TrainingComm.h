// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/Collectives.h"

// Communication volumes of a training step per parallel dimension (docs/formulas.md §7.2) and their
// times on the plan's network. Which of them overlaps with compute is decided by the step
// assembly (perf/TrainingTime.cpp).
namespace gpuplan {

struct Layout;
struct LayerDims;
struct ModelShape;

// Collectives of one pass (forward or backward) of one micro-batch through one layer.
struct LayerComm
{
    double tpS = 0;         // TP: 2 all-reduces of tokens x hidden, or with SP 2 all-gathers + 2 reduce-scatters
    double tpKernels = 0;
    double epS = 0;         // MoE layers: all-to-all dispatch + combine of tokens x top-k x hidden (= epFwdS)
    double epFwdS = 0;      // forward: dispatch (fp8 in fp8 runs) + combine, and the expert TP gather/scatter
    double epBwdS = 0;      // backward: the two transfers of gradients, 16-bit
    double cpS = 0;         // context parallel ring: (cp-1) K/V chunk exchanges (forward; the backward doubles it)
};

LayerComm layerComm(const ModelShape &shape, const LayerDims &d, const Layout &layout, const CommNetwork &net,
                    bool moe);

// One activation (or gradient) transfer between adjacent pipeline stages. Each TP rank sends
// its 1/tp slice and the receiver all-gathers it over the intra-node tier (the scatter-gather
// of Narayanan et al. 2021 §4.1; also DeepSpeed's partitioned pipeline sends).
double pipelineTransferS(const ModelShape &shape, const LayerDims &d, const Layout &layout, const CommNetwork &net);

// Gradient reduction and parameter gathering over the data-parallel group (DP x CP; experts
// over DP x CP / EP).
struct GradientSync
{
    double perMicroBatchS = 0;   // ZeRO-2 reduce-scatter, ZeRO-3 gathers + reduce-scatter
    double reduceS = 0;          // once per step: all-reduce (ZeRO-0), reduce-scatter (ZeRO-1), hybrid-shard replica all-reduce
    double gatherS = 0;          // once per step: all-gather of the updated shards (ZeRO-1/2)
    double optimizerShard = 1;   // the optimizer step runs over 1/optimizerShard of the local parameters
};

// denseParams / expertParams: parameters held by this GPU before any ZeRO sharding (its
// pipeline stage, divided by TP, and for experts by EP). gradBytes / weightBytes: bytes per
// gradient element reduced and per parameter element gathered.
GradientSync gradientSync(double denseParams, double expertParams, double gradBytes, double weightBytes,
                          const Layout &layout, const CommNetwork &net);

} // namespace gpuplan

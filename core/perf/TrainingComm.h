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
    double epFwdS = 0;      // forward: dispatch + combine, and the expert TP gather/scatter
    double epBwdS = 0;      // backward: the gradients' two transfers (dispatch direction, combine direction)
    double cpS = 0;         // context parallel ring: (cp-1) K/V chunk exchanges (forward; the backward doubles it)
};

// Bytes per element of the four all-to-alls of an MoE layer, by direction (DeepSeek-V3 report §3.3,
// "Low-precision communication"). The dispatch direction carries what the experts' FP8 GEMMs
// consume: the activation before the up-projections (forward dispatch) and the activation gradient
// before the down-projections (the backward of the combine), quantized to FP8 with a scale per 128
// elements; the combine direction (forward combine, backward of the dispatch) stays 16-bit, as the
// report keeps both combine components in BF16. A plan with FP8 activations (the report's recipe)
// sends both dispatch-direction transfers in FP8; FP8 GEMMs with 16-bit activations quantize the
// forward dispatch only (DeepEP/HybridEP fp8 dispatch, Transformer Engine's quantized dispatch),
// the gradients going back through Megatron-Core's fused all-to-all in 16 bits.
struct ExpertExchangeBytes
{
    double forwardDispatch = 2;
    double backwardDispatch = 2;   // the backward of the combine: output gradients to the experts
    double combine = 2;            // forward combine and the backward of the dispatch
};
ExpertExchangeBytes expertExchangeBytes(const LayerDims &d);

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

// SPDX-License-Identifier: GPL-3.0-or-later
// The training-step fixture shared by tst_trainingtime and tst_moetrainingtime: DGX A100-like
// hand-made GPU, node and fabric specs and GPT-3 175B as trained by Megatron-LM.
#pragma once

#include "catalog/FabricSpec.h"
#include "catalog/GpuSpec.h"
#include "catalog/NodeSpec.h"
#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "perf/TrainingTime.h"

namespace gpuplan::test {

// DGX A100-like hardware: A100 datasheet (312 TFLOP/s dense fp16/bf16, 2.039 TB/s), NVSwitch
// 600 GB/s bidirectional per GPU, 8 x 200 Gb/s HDR per node.
struct TrainingFixture
{
    Plan plan;
    GpuSpec gpu;
    NodeSpec node;
    FabricSpec fabric;
    ResolvedPlan rp;

    TrainingFixture()
    {
        gpu.id = "test-a100";
        gpu.memoryBandwidth = 2.039e12;
        gpu.peakFlops[static_cast<int>(Dtype::BF16)] = 312e12;
        gpu.peakFlops[static_cast<int>(Dtype::FP16)] = 312e12;
        gpu.pcieBandwidth = 32e9;
        GpuEfficiency &e = gpu.efficiency;
        e.matmulMaxFraction = 0.7;
        e.matmulHalfFlops = 5e9;
        e.attentionMaxFraction = 0.4;
        e.hbmMaxFraction = 0.75;
        e.kernelFloorS = 5e-6;
        e.hostLaunchS = 30e-6;
        e.microBatchOverheadS = 1e-3;
        e.residualMape = 8.0;
        e.fitted = true;
        node.gpusPerNode = 8;
        node.intraBandwidth = 300e9;
        node.nicsPerNode = 8;
        node.nicGbps = 200;
        fabric.latencyS = 20e-6;
        fabric.busBwFraction = 0.96;

        // GPT-3 175B (Brown et al. 2020 Table 2.1) as trained by Megatron-LM.
        ModelArch &m = plan.model;
        m.layers = 96;
        m.hidden = 12288;
        m.heads = 96;
        m.vocab = 51200;
        m.bias = true;
        m.norm = NormKind::LayerNorm;
        m.position = PositionKind::Learned;
        m.tiedEmbeddings = true;
        plan.workload.training.seqLen = 2048;
        plan.workload.training.globalBatch = 1536;
        plan.workload.training.microBatch = 1;
        plan.workload.training.tokens = 300e9;
        plan.hardware.numGpus = 1024;
        plan.parallelism.tp = 8;
        plan.parallelism.pp = 16;
        plan.parallelism.dp = 8;
        plan.parallelism.recompute = Recompute::Full;
        plan.precision.compute = Dtype::FP16;
        plan.precision.weights = Dtype::FP16;
        plan.precision.activations = Dtype::FP16;
        plan.precision.gradients = Dtype::FP16;
    }

    TrainingResult run()
    {
        rp = ResolvedPlan{};
        rp.plan = &plan;
        rp.gpu = &gpu;
        rp.node = &node;
        rp.fabric = &fabric;
        rp.gpusPerNode = node.gpusPerNode;
        rp.shape = computeModelShape(plan.model, plan.workload.training.seqLen);
        return estimateTrainingTime(rp, layoutFromPlan(plan));
    }
};

} // namespace gpuplan::test

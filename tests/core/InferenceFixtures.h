// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hand-made GPUs, engines and models for the inference time tests, independent of the bundled
// catalogs (which are fitted and may change). Each figure names its source.
#include "catalog/EnginePreset.h"
#include "catalog/GpuSpec.h"
#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "model/ModelShape.h"
#include "perf/ForwardCost.h"
#include "plan/Plan.h"
#include "support/ModelArchs.h"
#include "support/Near.h"

#include <cmath>

namespace gpuplan::test {

// H100 SXM5 80GB: 989.4 TFLOPS dense BF16/FP16, 1978.9 dense FP8, 3.35 TB/s HBM3, NVLink4
// 450 GB/s per direction (NVIDIA H100 Tensor Core GPU datasheet).
inline GpuSpec h100()
{
    GpuSpec g;
    g.id = "test-h100";
    g.memoryBytes = 80e9;
    g.memoryBandwidth = 3.35e12;
    g.peakFlops[static_cast<int>(Dtype::BF16)] = 989.4e12;
    g.peakFlops[static_cast<int>(Dtype::FP16)] = 989.4e12;
    g.peakFlops[static_cast<int>(Dtype::FP8)] = 1978.9e12;
    g.scaleUpBandwidth = 450e9;
    g.pcieBandwidth = 64e9;
    return g;
}

// An engine whose kernels reach the stated fractions, with every latency and overhead switched
// off unless a test sets them: the model then reduces to the formulas the tests check.
inline EnginePreset idealEngine()
{
    EnginePreset e;
    e.id = "test-engine";
    e.decodeBwFraction = 1.0;
    e.prefillFlopsFraction = 1.0;
    e.attentionFlopsFraction = 1.0;
    e.kernelLatencyS = 0;
    e.extraKernelsPerLayer = 0;
    e.elementwiseHiddenPasses = 0;
    e.elementwiseFfnPasses = 0;
    e.gqaKvReuse = 1.0;
    e.allReduceLatencyS = 0;
    e.allReduceBusFraction = 1.0;
    e.stepOverheadS = 0;
    e.prefillOverheadS = 0;
    return e;
}

// Llama-2 architecture (Meta config.json): 7B = 32 layers, hidden 4096, 32 heads, FFN 11008;
// 70B = 80 layers, hidden 8192, 64 heads, 8 KV heads, FFN 28672; vocabulary 32000, SwiGLU, RMSNorm.
inline ModelArch llama2(bool seventy)
{
    return seventy ? denseArch(80, 8192, 64, 8, 28672, 32000) : denseArch(32, 4096, 32, 32, 11008, 32000);
}

// One inference plan on a hand-made GPU and engine, resolved without a catalog.
struct InferenceSetup
{
    Plan plan;
    GpuSpec gpu = h100();
    EnginePreset engine = idealEngine();
    Layout layout;

    explicit InferenceSetup(const ModelArch &arch)
    {
        plan.model = arch;
        plan.workload.mode = Mode::Inference;
        plan.hardware.numGpus = 1;
        plan.precision.weights = plan.precision.compute = plan.precision.kvCache = plan.precision.activations =
            Dtype::FP16;
    }

    ResolvedPlan resolved() const
    {
        ResolvedPlan r;
        r.plan = &plan;
        r.gpu = &gpu;
        r.engine = &engine;
        r.gpusPerNode = 8;
        r.shape = computeModelShape(plan.model, plan.workload.inference.promptLen + plan.workload.inference.outputLen);
        return r;
    }

    ForwardCostModel cost() const { return buildForwardCost(resolved(), layout); }
};

} // namespace gpuplan::test

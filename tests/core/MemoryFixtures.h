// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The training plans the memory tests build (tst_memorytimeline, tst_trainingmemory,
// tst_frameworkmemory, tst_activationmemory): one model, two recipes, and the GPT-3 shape of
// Korthikanti et al. for the per-layer formulas. Memory-specific; general helpers live elsewhere.
#include "catalog/GpuSpec.h"
#include "catalog/NodeSpec.h"
#include "eval/ResolvedPlan.h"
#include "memory/ActivationMemory.h"
#include "memory/MemoryModel.h"
#include "memory/MemoryTimeline.h"
#include "model/ModelShape.h"
#include "plan/FrameworkPresets.h"
#include "plan/Plan.h"

#include <cmath>

namespace gpuplan::test {

// Llama 3.1 8B (config.json of meta-llama/Llama-3.1-8B: 32 layers, hidden 4096, 32 heads, 8 KV
// heads, SwiGLU 14336, vocabulary 128256) on 8 GPUs of data parallelism. The resolved plan points
// into the fixture, so it is neither copied nor moved; every query re-resolves it first.
struct MemoryPlanFixture
{
    Plan plan;
    GpuSpec gpu;
    NodeSpec node;   // ramBytes 0: no host-memory check unless a test sets it
    ResolvedPlan rp;

    MemoryPlanFixture()
    {
        ModelArch &a = plan.model;
        a.layers = 32;
        a.hidden = 4096;
        a.heads = 32;
        a.kvHeads = 8;
        a.ffnHidden = 14336;
        a.gatedMlp = true;
        a.vocab = 128256;
        plan.hardware.numGpus = 8;
        plan.parallelism.dp = 8;
        gpu.id = "test-gpu";
        refresh();
    }
    MemoryPlanFixture(const MemoryPlanFixture &) = delete;
    MemoryPlanFixture &operator=(const MemoryPlanFixture &) = delete;

    void refresh()
    {
        rp.plan = &plan;
        rp.gpu = &gpu;
        rp.node = &node;
        rp.gpusPerNode = 8;
        rp.shape = computeModelShape(plan.model, plan.workload.training.seqLen);
    }

    MemoryResult run()
    {
        refresh();
        return estimateTrainingMemory(rp, layoutFromPlan(plan));
    }

    MemoryTimeline timeline()
    {
        refresh();
        return trainingMemoryTimeline(rp, layoutFromPlan(plan));
    }

    ActivationConfig activations()
    {
        refresh();
        return trainingActivationConfig(plan, layoutFromPlan(plan));
    }
};

// Megatron-LM with the distributed optimizer (ZeRO-1), 4096 tokens, 64 sequences of one per
// micro-batch per step.
struct MegatronFixture : MemoryPlanFixture
{
    MegatronFixture(Recompute recompute, double memoryBytes)
    {
        plan.workload.training.seqLen = 4096;
        plan.workload.training.globalBatch = 64;
        plan.workload.training.microBatch = 1;
        plan.parallelism.zero = 1;
        plan.parallelism.sharding = ShardingImpl::Megatron;
        plan.parallelism.framework = Framework::Megatron;
        plan.parallelism.recompute = recompute;
        gpu.memoryBytes = memoryBytes;
        refresh();
    }
};

// The MTT24-01 configuration (torchtitan FSDP2 at 8k tokens, local batch 2, one step of 16
// sequences) under a stack's preset, on a 96 GB GPU of a node with 2 TB of RAM.
struct Mtt24Fixture : MemoryPlanFixture
{
    explicit Mtt24Fixture(Framework framework = Framework::Fsdp2)
    {
        plan.workload.training.seqLen = 8192;
        plan.workload.training.globalBatch = 16;
        plan.workload.training.microBatch = 2;
        plan.parallelism.zero = 3;
        plan.parallelism.recompute = Recompute::Selective;
        applyFrameworkPreset(plan, framework);
        gpu.memoryBytes = 96e9;
        node.ramBytes = 2e12;
        refresh();
    }
};

// GPT-3 175B (Brown et al. 2020 Table 2.1): the shape Korthikanti et al. evaluate. MHA, f = 4h,
// plain GeLU MLP.
inline ModelShape gpt3Shape()
{
    ModelArch a;
    a.layers = 96;
    a.hidden = 12288;
    a.heads = 96;
    a.vocab = 51200;
    a.norm = NormKind::LayerNorm;
    a.bias = true;
    return computeModelShape(a, 2048);
}

// Korthikanti's activation setting: 2048 tokens, one sequence, 16-bit activations.
inline ActivationConfig gpt3Activations(int tp, bool sp, bool flash = false)
{
    ActivationConfig c;
    c.seq = 2048;
    c.microBatch = 1;
    c.tp = tp;
    c.sp = sp;
    c.flash = flash;
    c.bytes = 2.0;
    return c;
}

// Relative closeness for computed byte counts.
inline bool nearRel(double a, double b, double rel = 1e-9)
{
    return std::fabs(a - b) <= rel * std::fabs(b);
}

} // namespace gpuplan::test

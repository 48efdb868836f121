// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

#include <string_view>

// Framework presets (docs/memory.md §9): what a training stack means by its words and what it does
// when a setting is not given. The validation readers take a blank cell as these defaults, and
// applyFrameworkPreset() sets a plan's dependent fields when a user picks a stack. Each default
// names its source in FrameworkPresets.cpp.
namespace gpuplan {

struct Plan;

struct FrameworkDefaults
{
    ShardingImpl sharding;     // who shards model states over the data-parallel group
    Recompute selective;       // what the stack's "selective" activation checkpointing is
    bool packed;               // samples packed to seq_len unless stated
    bool fp32ParamsAsMaster;   // mixed precision keeps fp32 parameters (FSDP/AMP) instead of 16-bit weights + fp32 master
    // Micro-batches per step when a pipeline runs without a stated micro-batch: 0 = one sequence per
    // micro-batch (Megatron, DeepSpeed), otherwise one micro-batch per pipeline stage (torchtitan's
    // pipeline_parallel_microbatches default).
    bool microBatchesFromStages;
    // Activation checkpointing when a run does not state it: on one GPU and with the model states
    // sharded over several (LitGPT checkpoints every block only under FSDP).
    Recompute checkpointing;
    Recompute checkpointingSharded;
    LossKernel loss;           // the loss the stack's recipes compute unless told otherwise
    bool compile;              // torch.compile on by default
    // No fp32 master copy unless asked for (torchtune dtype bf16, LitGPT precision "bf16-true").
    bool pureHalfPrecision;
    const char *what;          // one line for docs and reports
    // ZeRO stage of a run that does not state it: what the stack shards when nothing is asked for
    // (torchtitan's data_parallel_shard_degree -1: FSDP over all ranks; NeMo's recipes: the
    // distributed optimizer).
    int zero = 0;
    // Megatron sequence parallelism with TP > 1 when a run does not state it (NeMo's recipes turn
    // it on; Megatron-LM's --sequence-parallel is off unless given).
    bool sequenceParallel = false;
};

const FrameworkDefaults &frameworkDefaults(Framework framework);

// The defaults of a stack named as a run or plan names it ("litgpt", "ms-swift", "nemo-automodel"
// are stacks built on one of the Framework values with defaults of their own); any other name: the
// framework's.
const FrameworkDefaults &frameworkDefaults(Framework framework, std::string_view stackName);

// The activation checkpointing for a run that does not state it, on numGpus GPUs.
Recompute defaultCheckpointing(const FrameworkDefaults &defaults, int numGpus);

// Sets the plan's sharding implementation and, when its recompute is a "selective" one, the
// stack's meaning of it; keeps everything else.
void applyFrameworkPreset(Plan &plan, Framework framework);

} // namespace gpuplan

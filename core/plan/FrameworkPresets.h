// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

// Framework presets (docs/memory.md §9): what a training stack means by its words and what it does
// when a setting is not given. The validation readers take a blank cell as these defaults, and
// applyFrameworkPreset() sets a plan's dependent fields when a user picks a stack.
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
    const char *what;          // one line for docs and reports
};

const FrameworkDefaults &frameworkDefaults(Framework framework);

// Sets the plan's sharding implementation and, when its recompute is a "selective" one, the
// stack's meaning of it; keeps everything else.
void applyFrameworkPreset(Plan &plan, Framework framework);

} // namespace gpuplan

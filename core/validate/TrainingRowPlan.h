// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

#include <cstdint>
#include <string>
#include <string_view>

// One row of a training validation CSV (training_public.csv schema) as a plan: the common
// columns (RowPlan) plus the training rules of docs/performance-model.md §"Validation rows".
// Only configuration columns are read; measured_* columns never are.
namespace gpuplan {

class Catalog;
class CsvTable;

// Sequences per micro-batch when a row leaves micro_batch blank (Megatron's default --micro-batch-size).
inline constexpr int kDefaultMicroBatch = 1;

struct TrainingRowPlan
{
    Plan plan;
    std::string group;       // rows ranked together: source + model size, e.g. "VT-M 175B"
};

// Returns false with a reason (for a skipped row) when the row cannot be turned into a plan.
bool trainingRowPlan(const CsvTable &table, std::size_t row, const Catalog &catalog, TrainingRowPlan &out,
                     std::string &skipReason);

// What a row's stack does for the time model's fields unless the row configures otherwise, from
// the framework column. A named stack (a Framework name or alias, common/EnumNames.cpp) takes its
// sharding, its ZeRO stage for a blank zero cell and its sequence parallelism for a blank sp cell
// from its preset (plan/FrameworkPresets.h: FSDP for llm-foundry, torchtitan, NeMo AutoModel,
// torchtune and HF; the distributed optimizer and SP with TP > 1 for NeMo 2.0);
// a blank, "other" or unknown stack is costed with Megatron's collectives and nothing sharded.
// DeepSpeed reduces gradients after the backward unless ZeRO-3 (zero_optimization.overlap_comm
// defaults to true for stage 3 only); Megatron-DeepSpeed also runs Megatron's unfused attention
// (FlashAttention needs --use-flash-attn) and never overlaps (BLOOM-era ZeRO-0/1 runs).
// Everything else: fused attention and gradient reduction overlapped with the backward
// (Megatron-Core --overlap-grad-reduce, FSDP/DDP buckets). Optional columns flash_attention and
// overlap_grad_reduce (0/1) override these.
struct TrainingStackDefaults
{
    bool flashAttention = true;
    bool overlapGradReduce = true;
    bool overlapOnlyWithZero3 = false;     // DeepSpeed: overlap_comm's default follows the stage
    ShardingImpl sharding = ShardingImpl::Megatron;
    int defaultZero = 0;                   // ZeRO stage when the zero column is blank
    bool sequenceParallelWithTp = false;   // sp blank and tp > 1: sequence parallelism on
};
TrainingStackDefaults trainingStackDefaults(std::string_view framework);

// Deterministic half of a row for fit-on-half/test-on-half: FNV-1a of the id, 0 = fit, 1 = test.
int validationHalf(std::string_view id);

} // namespace gpuplan

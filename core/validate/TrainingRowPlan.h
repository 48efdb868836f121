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

// What a framework does unless a run configures otherwise, from the framework column:
//  - megatron-deepspeed: Megatron's unfused attention (FlashAttention needs --use-flash-attn)
//    and gradients reduced after the backward (DeepSpeed ZeRO-0/1 default overlap_comm=false);
//  - megatron, llm-foundry and any other name: fused attention, gradient reduction overlapped
//    with the backward (Megatron-Core --overlap-grad-reduce, FSDP/DDP buckets);
//  - nemo (NeMo 2.0 on Megatron-Core): as megatron, with the distributed optimizer (ZeRO-1)
//    when the zero column is blank and sequence parallelism when sp is blank and tp > 1;
//  - nemo-automodel, torchtitan, llm-foundry: sharded by PyTorch FSDP.
// Optional columns flash_attention and overlap_grad_reduce (0/1) override these.
struct FrameworkDefaults
{
    bool flashAttention = true;
    bool overlapGradReduce = true;
    ShardingImpl sharding = ShardingImpl::Megatron;
    int defaultZero = 0;     // ZeRO stage when the zero column is blank
    bool sequenceParallelWithTp = false;   // sp blank and tp > 1: sequence parallelism on
};
FrameworkDefaults frameworkDefaults(std::string_view framework);

// Deterministic half of a row for fit-on-half/test-on-half: FNV-1a of the id, 0 = fit, 1 = test.
int validationHalf(std::string_view id);

} // namespace gpuplan

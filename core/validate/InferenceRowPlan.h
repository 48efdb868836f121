// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"
#include "validate/EngineLookup.h"

#include <cstdint>
#include <string>
#include <string_view>

// One row of an inference validation CSV (inference_public.csv schema) as a plan and an engine
// preset. Only configuration columns are read; measured_* columns never are.
namespace gpuplan {

class Catalog;
class CsvTable;
struct EnginePreset;

// Which metrics a row is predicted for. It follows from the configuration alone:
//  - output_len == 1: a prefill-only run (first-token latency): ttft_ms;
//  - output_len >= 2: a generation run: output_tokens_per_s_per_gpu, ttft_ms and
//    decode_ms_per_token, whichever of them the source printed.
enum InferenceMetric : std::uint8_t { kMetricThroughput = 1, kMetricTtft = 2, kMetricDecode = 4 };

struct InferenceRowPlan
{
    Plan plan;                          // workload.inference: prompt, output, concurrency = batch
    const EnginePreset *engine = nullptr;
    std::string engineColumn;           // the engine column as written (engine is the preset it maps to)
    unsigned metrics = 0;               // InferenceMetric bits
    // batch_size blank: the engine chose the concurrency (offline max throughput with in-flight
    // batching); plan.workload.inference.concurrency is then a placeholder.
    bool saturated = false;
    // How the requests reached the engine (`load` column; blank: static with a batch_size, max
    // without); plan.workload.inference.load holds the same.
    ServingLoad load = ServingLoad::Static;
    // serving_mode = disaggregated: the prefill and decode pools (prefill_* / decode_* columns) are
    // in plan.workload.inference (serving_mode, prefill, decode): a worker of the columns' attention
    // TP x DP ranks is the plan's tp, its batch per rank x the ranks the plan's batch per worker.
    bool disaggregated = false;
    // Independent instances sharing the row's load (`replicas`; blank: as many as num_gpus holds):
    // the router spreads the requests in flight (or the arrivals of request_rate) evenly over them.
    int replicas = 1;
    std::string group;                  // rows ranked together: model and GPU
};

// findEnginePreset (validate/EngineLookup.h) picks the row's engine preset.

// Returns false with a reason (for a skipped row) when the row cannot be turned into a plan.
// Rules (docs/accuracy.md "Inference"):
//  - precision fp16/bf16: 16-bit weights, KV and compute; fp8: FP8 weights, activations into the
//    GEMMs and KV cache (16-bit elsewhere); int8/int4: weight-only quantization; blank: fp16;
//  - the run is a fixed-length benchmark: batch_size requests of exactly output_len tokens, run
//    as one batch to completion (static batching) unless a `batching` column says otherwise;
//  - batch_size blank: the engine saturated with its own batching (saturated = true);
//  - kv_cache_dtype (optional): the KV cache's dtype where it differs from precision;
//  - load (optional): static, concurrency (closed loop of batch_size requests in flight), rate
//    (open loop at request_rate) or max; blank: static with a batch_size (concurrency for a
//    disaggregated row), max without;
//  - replicas (optional): num_gpus = replicas x the GPUs of one instance (tp x pp x dp, or both
//    pools of a disaggregated deployment); batch_size and request_rate are the whole row's;
//  - head_dim, moe_ffn_hidden, moe_shared_experts, moe_dense_layers and the mla_* columns
//    (optional): the architecture where it is not the plain one the common columns describe.
bool inferenceRowPlan(const CsvTable &table, std::size_t row, const Catalog &catalog, InferenceRowPlan &out,
                      std::string &skipReason);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"
#include "common/Enums.h"

#include <string>
#include <vector>

namespace gpuplan {

// A serving engine as a preset of efficiency and batching behaviour (catalogs/engines.json).
// Every number is a physical quantity of the engine's kernels and scheduler on the GPU it runs
// on; the inference time model (core/perf/ForwardCost.*) owns their interpretation, documented in
// docs/performance-model.md ("Engine parameters"), and catalogs/engines.json says how each value
// was obtained. Engine versions with different kernels are separate entries ("tensorrt-llm@0.6").
struct EnginePreset
{
    std::string id;                     // "vllm", "tgi", "tensorrt-llm", "tensorrt-llm@0.6", ...
    std::vector<std::string> aliases;
    std::string name;
    ServingEngine engine = ServingEngine::Generic;
    // The most capable batching the engine offers; a plan asking for more gets this one.
    Batching defaultBatching = Batching::Continuous;

    // Kernel efficiency.
    double decodeBwFraction = 0.7;      // achieved fraction of HBM bandwidth when streaming weights/KV
    double prefillFlopsFraction = 0.6;  // achieved fraction of the dense peak in large GEMMs
    double attentionFlopsFraction = 0.4;  // fused attention kernels, fraction of the 16-bit dense peak
    double kernelLatencyS = 8e-6;       // fixed cost of every kernel: launch, ramp-up and tail
    int extraKernelsPerLayer = 4;       // non-GEMM, non-attention kernels per layer (norms, activation, ...)
    double elementwiseHiddenPasses = 8; // bytes moved by those kernels per token, in units of hidden x act bytes
    double elementwiseFfnPasses = 3;    // ... and of the per-GPU MLP width x act bytes
    // Fraction of the repeated KV reads of a grouped-query (GQA/MQA) group that the decode
    // attention kernel avoids: 1 = each KV head is read once per step, 0 = once per query head.
    double gqaKvReuse = 1.0;

    // Tensor-parallel all-reduce inside a node.
    double allReduceLatencyS = 20e-6;   // per call: launch + synchronization
    double allReduceBusFraction = 0.5;  // achieved bus bandwidth / scale-up bandwidth (one direction)

    // Scheduler.
    double stepOverheadS = 1e-3;        // host work per forward pass (scheduling, sampling, launch)
    double prefillOverheadS = 1e-3;     // set-up of a prefill pass: input packing, KV allocation, first sampling
    double residualMape = 20.0;         // % spread of the validation residuals: the error band

    // Memory (read by the memory model).
    double memoryReserveGiB = 1.0;      // engine workspace beyond weights and KV
    bool pagedKv = true;
    int kvBlockTokens = 16;

    // In-flight batching limits and KV-cache sizing: what decides the concurrency the engine runs
    // when it is saturated (offline max throughput) or no concurrency is given.
    // KV pool = kvMemoryFraction x (HBM - weights - temporaries) when kvFractionOfFree (TensorRT-LLM
    // kv_cache_free_gpu_mem_fraction), else kvMemoryFraction x HBM - weights - temporaries (vLLM
    // gpu_memory_utilization, SGLang mem_fraction_static).
    double kvMemoryFraction = 0.9;
    bool kvFractionOfFree = false;
    // With a fraction of the whole HBM: true when the fraction holds the pass temporaries too, so
    // the pool is what the profiling pass leaves (vLLM gpu_memory_utilization); false when it holds
    // weights and KV only and the temporaries live in the rest of the HBM (SGLang
    // mem_fraction_static: pool = fraction x HBM - weights - what the process already holds).
    bool kvFractionCoversTemporaries = true;
    // true: a request is admitted only when blocks for its prompt and its whole output are free
    // (TensorRT-LLM GUARANTEED_NO_EVICT); false: blocks are taken as the context grows and a full
    // cache preempts (vLLM, SGLang), so the pool holds requests at their mean occupancy.
    bool kvReserveWholeRequest = false;
    int maxBatch = 256;                 // sequences in flight (max_num_seqs, max_batch_size)
    int maxTokensPerStep = 8192;        // tokens of one forward pass: decodes plus prefill chunks
    double sequenceStepOverheadS = 0;   // host work per sequence per step (sampling, bookkeeping)
    // true: a pass carries the running decodes and prefill chunks together (TensorRT-LLM and vLLM V1
    // chunked prefill); false: a pass with prefill work runs prefills only and the decodes wait
    // (SGLang without --enable-mixed-chunk), which keeps a closed loop's requests in one wave.
    bool mixedPrefill = true;
    // CUDA graphs: a pass of decodes only, at most this many sequences, replays a graph captured at
    // start-up for the next captured batch size (1, 2, 4, 8, then multiples of 8; the batch padded
    // up to it), so each kernel costs graphKernelLatencyS instead of kernelLatencyS (no host launch
    // per kernel). Passes with prompt tokens and larger batches run eagerly. 0: no graphs.
    int cudaGraphMaxBatch = 0;
    double graphKernelLatencyS = 2e-6;
    // Start-up of a replica beyond reading its weights: process and distributed set-up, kernel
    // compilation, CUDA graph capture and the profiling pass that sizes the KV pool.
    double engineStartS = 60;
    ProvenanceMap sources;
};

} // namespace gpuplan

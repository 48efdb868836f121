// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/CapacityResult.h"
#include "eval/Diagnostics.h"
#include "eval/FacilityResults.h"
#include "eval/Layout.h"
#include "eval/PlanValidity.h"
#include "model/ModelShape.h"

#include <array>

// Everything one evaluation of a plan produces. Plain values with fixed-size arrays: evaluating
// allocates nothing. Units: bytes, seconds, watts, USD (docs/conventions.md). JSON names are in
// evaluator/EvaluationJson.cpp and docs/cli.md.
namespace gpuplan {

// Bytes on the most-loaded GPU, by component.
struct MemoryBreakdown
{
    double weights = 0;
    double gradients = 0;
    double optimizerStates = 0;
    double masterWeights = 0;
    double activations = 0;
    double logitsLoss = 0;
    double commBuffers = 0;
    double kvCache = 0;           // inference
    double workspace = 0;         // inference temporaries / ZeRO-3 gathered working set
    double cudaContext = 0;       // framework overhead: context + library workspaces
    double allocatorSlack = 0;    // framework overhead: caching-allocator fragmentation

    double total() const
    {
        return weights + gradients + optimizerStates + masterWeights + activations + logitsLoss + commBuffers + kvCache
               + workspace + cudaContext + allocatorSlack;
    }
};

struct MemoryResult
{
    MemoryBreakdown breakdown;
    double perGpuBytes = 0;           // breakdown.total()
    double capacityBytes = 0;         // GPU memory the plan may use (training: CUDA-reported total less
                                      // the CUDA context; inference: x memoryUtilization)
    double deviceTotalBytes = 0;      // device total as CUDA reports it (catalog), or as sold where unknown
    double soldBytes = 0;             // the GPU's memory as sold (catalog: GB x 1e9), for comparison
    // Verdict with the memory model's error band: Fits when even perGpuBytes x (1 + band) is within
    // capacity (GPU and host), DoesNotFit when perGpuBytes x (1 - band) is not, Borderline between.
    MemoryVerdict verdict = MemoryVerdict::DoesNotFit;
    double bandFraction = 0;          // the band: residual spread of the memory model (fraction)
    bool fits = false;                // verdict != DoesNotFit
    // Host memory of one node (bytes): offloaded states, pinned staging buffers, offloaded
    // activations and data-loader workers of its GPUs, against the node's RAM (0 = unknown).
    double hostBytesPerNode = 0;
    double hostCapacityBytes = 0;
    bool hostFits = true;
    double offloadedCpuBytes = 0;     // per GPU, held in host memory
    double offloadedNvmeBytes = 0;    // per GPU, held on NVMe
    // Of perGpuBytes, the part the framework's caching allocator never sees (CUDA context, NCCL
    // buffers, paged optimizer states): torch.cuda memory counters exclude it, nvidia-smi does not.
    double outsideAllocatorBytes = 0;
    // Inference only.
    double kvBytesPerSequence = 0;    // at prompt + output length, per GPU
    int maxConcurrency = 0;           // sequences whose KV cache fits per replica
    int minTpThatFits = 0;            // smallest TP (1,2,4,8,...) that holds weights + one sequence; 0 = none
};

struct StepBreakdown
{
    double compute = 0;       // forward + backward on the busiest stage
    double recompute = 0;
    double tpComm = 0;        // exposed (not overlapped) communication, per parallel dimension
    double cpComm = 0;
    double epComm = 0;
    double ppComm = 0;
    double dpComm = 0;
    double bubble = 0;        // pipeline fill and drain
    double optimizer = 0;
    double offload = 0;       // CPU/NVMe transfers not hidden
    double other = 0;         // host launch bound, framework work per micro-batch and step, waiting for data

    double total() const
    {
        return compute + recompute + tpComm + cpComm + epComm + ppComm + dpComm + bubble + optimizer + offload + other;
    }
};

struct TrainingResult
{
    bool valid = false;
    double stepTimeS = 0;
    StepBreakdown breakdown;
    int microBatchesPerStep = 0;     // per pipeline (gradient accumulation steps)
    double bubbleFraction = 0;
    double tokensPerStep = 0;
    double tokensPerS = 0;
    double tokensPerSPerGpu = 0;
    double modelFlopsPerStep = 0;    // Megatron convention, no recompute (MFU numerator)
    double hardwareFlopsPerStep = 0; // including recompute (HFU numerator)
    double mfu = 0;
    double hfu = 0;
    double tflopsPerGpu = 0;         // achieved model TFLOP/s per GPU
    double timeToTrainS = 0;         // plan's token budget at this throughput (before reliability losses)
    double gpuHours = 0;
    double errorBand = 0;            // relative +/- from validation residuals
    // The GPUs' own pace: the time model's step and what it gives. The data loaders prefetch ahead, so
    // a run goes at the slower of this step and the step the data path allows (facility/DataPath.h);
    // when the data path is slower (dataPace > 1), stepTimeS, the rates, MFU/HFU, time to train and
    // GPU-hours above are the run as delivered at the data path's step, and the wait is in breakdown.other.
    double gpuStepTimeS = 0;
    double gpuTokensPerS = 0;
    double gpuMfu = 0;
    double gpuTimeToTrainS = 0;
    double dataPace = 1;             // stepTimeS / gpuStepTimeS: 1 while the GPUs set the pace
};

struct ConcurrencyPoint
{
    double concurrency = 0;           // requests in flight (the marked capacity point's is a mean)
    double outputTokensPerSPerGpu = 0;
    double tpotMs = 0;
    double ttftMs = 0;
};

struct GpuSpec;

// One pool of a disaggregated deployment as evaluated (perf/DisaggregatedPlan.h).
struct DisaggregatedPoolResult
{
    const GpuSpec *gpu = nullptr;   // the pool's GPU type (workload.inference.prefill_gpu for the prefill pool)
    int workers = 0;
    int gpusPerWorker = 0;   // the worker's TP degree
    int attentionDp = 1;     // attention ranks of a worker as served (1 where the plan's does not divide tp)
    int ep = 1;              // expert-parallel ranks as served
    double batch = 0;        // per worker: prompts a prefill pass (within the token budget), requests decoding
    int gpus = 0;            // workers x gpusPerWorker
    // One GPU of a worker (memory/DisaggregatedMemory.h): bytes in all and by part, against the capacity.
    double perGpuBytes = 0;
    double weightBytes = 0;
    double kvCacheBytes = 0;
    double capacityBytes = 0;
    int requestsThatFit = 0;   // per worker: prompts (prefill) or requests (decode) whose KV fits
    bool fits = false;
};

struct DisaggregatedResult
{
    bool active = false;   // workload.inference.serving_mode = disaggregated
    DisaggregatedPoolResult prefill;
    DisaggregatedPoolResult decode;
    int gpus = 0;   // both pools
    KvTransferPath kvTransfer = KvTransferPath::Network;
    double kvBytesPerRequest = 0;   // one prompt's KV cache, all layers, one copy
    double kvTransferMs = 0;        // to send it from a prefill worker to a decode worker
    double prefillPassMs = 0;       // one pass of a prefill worker
    double runningRequests = 0;     // requests the decode pool runs at the plan's concurrency
};

struct InferenceResult
{
    bool valid = false;
    int gpusPerReplica = 1;
    // The replica's layout as served (perf/AttentionDp.h): attention ranks of attentionTp GPUs,
    // routed experts over expertParallel ranks of expertTp GPUs; 1, tp, 1, tp: tensor parallel.
    int attentionDp = 1;
    int attentionTp = 1;
    int expertParallel = 1;
    int expertTp = 1;
    Batching batchingUsed = Batching::Continuous;  // the plan's batching as far as the engine offers it
    // At the evaluated concurrency (layout.microBatch capped by maxConcurrency), replica kept full:
    double ttftMs = 0;                    // time to first token, waiting for a batch slot included
    double decodeMsPerToken = 0;          // mean over the response of the time per output token
    double e2eLatencyMs = 0;              // ttft + the sum of the per-token times
    double outputTokensPerSPerGpu = 0;
    double outputTokensPerSPerReplica = 0;
    double requestsPerSPerReplica = 0;
    int maxConcurrency = 0;
    int sizingConcurrency = 0;            // largest concurrency meeting the latency targets; 0 = none does
    int replicasNeeded = 0;               // capacity.replicas: for the request rate at the P99 targets
    bool meetsTtft = true;
    bool meetsTpot = true;
    // Throughput of the same replica under static, dynamic and continuous batching.
    std::array<double, 3> batchingTokensPerSPerGpu{};
    // Ten log-spaced concurrencies from 1 to maxConcurrency and the marked points (the evaluated
    // concurrency, the saturated point, capacity.sloLimited), in increasing concurrency.
    std::array<ConcurrencyPoint, 13> curve{};
    int curveCount = 0;
    // Validation bands (catalogs/error_bands.json) as fractions: throughput (and so cost per token),
    // time to first token, time per output token.
    double errorBand = 0;
    double ttftErrorBand = 0;
    double tpotErrorBand = 0;
    // Saturated serving (offline max throughput): the concurrency the engine itself runs, as many
    // requests as its KV pool and max batch hold (0: not even one fits), and that point.
    int saturatedConcurrency = 0;
    double saturatedTokensPerSPerGpu = 0;
    double saturatedTtftMs = 0;
    double saturatedTpotMs = 0;
    // Percentiles of TTFT and TPOT over the requests at the plan's load (perf/SteadyLoad.h).
    double ttftP50Ms = 0, ttftP90Ms = 0, ttftP99Ms = 0;
    double tpotP50Ms = 0, tpotP90Ms = 0, tpotP99Ms = 0;
    // Requests waiting for admission (KV cache or batch slots full) at the plan's load.
    double queuedRequests = 0;
    // The load the figures above are at (workload.inference.load, perf/SteadyLoad.h): an open
    // loop's rate per replica (loadRequestsPerS; 0 for the other kinds), and whether that rate is
    // beyond what the replica serves (overloaded: the queue grows without bound, the figures are
    // those at its capacity, capacityRequestsPerS).
    ServingLoad load = ServingLoad::Concurrency;
    double loadRequestsPerS = 0;
    bool overloaded = false;
    double capacityRequestsPerS = 0;
    // Replicas for the plan's request rate under the P99 latency targets with queueing
    // (perf/Capacity.h); replicasNeeded is capacity.replicas.
    CapacityResult capacity;
    // serving_mode = disaggregated: the pools, the KV transfer and per-pool memory. The figures
    // above are then the whole deployment's (one "replica" of gpusPerReplica = both pools' GPUs);
    // the percentiles are the prefill pool's queue (TTFT) and the decode workers' batches (TPOT) of
    // perf/Disaggregated.h; the capacity plan stays 0.
    DisaggregatedResult disaggregated;
};

struct ScalingPoint
{
    int gpus = 0;
    bool feasible = false;
    double tokensPerS = 0;
    double tokensPerSPerGpu = 0;
    double idealTokensPerS = 0;     // linear scaling from the baseline point (best tokens/s per GPU)
    double efficiency = 0;          // tokensPerS / idealTokensPerS, at most 1
    Layout layout;                  // best layout at this count
};

struct ScalingResult
{
    static constexpr int kMaxPoints = 16;
    std::array<ScalingPoint, kMaxPoints> points{};
    int count = 0;
    bool weak = false;              // weak scaling: global batch grows with the GPU count
    int baselineGpus = 0;           // the count whose tokens/s per GPU the ideal line extends; 0 = none feasible
};

struct Evaluation
{
    Diagnostics diagnostics;
    PlanValidity validity;   // from the error diagnostics: read it before any time or cost
    ModelShape shape;
    Layout layout;
    MemoryResult memory;
    TrainingResult training;
    InferenceResult inference;
    PowerResult power;
    CoolingResult cooling;
    StorageResult storage;
    DataPathResult dataPath;
    ReliabilityResult reliability;
    CostResult cost;
    BillOfMaterials bom;
    DeployedResult deployed;  // the GPUs, nodes and replicas cost, power and racks are of
};

// The GPUs a plan deploys: deployed.gpus, the layout's count where the facility model has not run
// (an evaluation without facility, as the layout search makes).
inline int deployedGpus(const Evaluation &e)
{
    return e.deployed.gpus > 0 ? e.deployed.gpus : e.layout.numGpus;
}

} // namespace gpuplan

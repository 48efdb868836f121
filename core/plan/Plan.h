// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"
#include "plan/FacilityAssumptions.h"
#include "plan/ReportBranding.h"

#include <cstdint>
#include <string>

// The plan document: everything a user chooses. Plain values; the file format (docs/plan-format.md)
// maps one JSON field to one member here through the field registry (plan/PlanFields.h), which also
// holds each field's bounds. Zero in a "0 = derived/auto" field means "work it out".
namespace gpuplan {

inline constexpr int kPlanFormatVersion = 1;

// Transformer architecture. Either a catalog preset (model.preset) or explicit fields; explicit
// fields given in a file override the preset's values.
struct ModelArch
{
    std::string preset;          // model preset id from catalogs/models.json; empty = explicit only
    std::string name;            // display name
    int layers = 32;
    int hidden = 4096;
    int heads = 32;              // query heads
    int kvHeads = 0;             // 0 = heads (MHA); 1 = MQA; in between = GQA
    int headDim = 0;             // 0 = hidden / heads
    int ffnHidden = 0;           // dense MLP intermediate size; 0 = 4 * hidden
    bool gatedMlp = false;       // SwiGLU/GeGLU: three h x f matrices
    int vocab = 32000;
    bool tiedEmbeddings = false;
    bool bias = false;           // linear-layer biases (GPT-2, BLOOM, OPT)
    NormKind norm = NormKind::RmsNorm;
    PositionKind position = PositionKind::Rope;
    int maxPositions = 0;        // learned position table size; 0 = training sequence length

    // Mixture of experts (moeExperts == 0: dense model).
    int moeExperts = 0;          // routed experts per MoE layer
    int moeTopK = 0;             // routed experts per token
    int moeSharedExperts = 0;    // always-active shared experts
    int moeFfnHidden = 0;        // routed/shared expert intermediate size; 0 = ffnHidden
    int moeDenseLayers = 0;      // leading layers that stay dense (DeepSeek-V3: 3)
    double moeCapacityFactor = 1.0;
    // Group-limited routing (DeepSeek-V3 §3.2.2; HF config n_group / topk_group): the routed
    // experts form moeGroups consecutive groups and a token's top-k come from at most
    // moeTopKGroups of them. 0 = no limit.
    int moeGroups = 0;
    int moeTopKGroups = 0;

    // Multi-head latent attention (DeepSeek-V2/V3); mlaKvLoraRank == 0: standard attention.
    int mlaQLoraRank = 0;        // 0 = no query compression
    int mlaKvLoraRank = 0;
    int mlaQkNopeDim = 0;
    int mlaQkRopeDim = 0;
    int mlaVDim = 0;

    int slidingWindow = 0;       // tokens; 0 = full attention everywhere
    int slidingWindowLayers = 0; // how many layers use the window (0 with a window = all)
    int mtpLayers = 0;           // multi-token-prediction modules (DeepSeek-V3: 1)
    // Dropout trains with p > 0 (GPT-style recipes). false: every dropout has p = 0, which
    // PyTorch's dropout returns as its input (no mask is made or saved); DeepSeek-V3 and the
    // Llama family define no hidden dropout and an attention dropout of 0.
    bool dropout = true;
};

struct TrainingWorkload
{
    int seqLen = 4096;
    int globalBatch = 1024;      // sequences per optimizer step
    int microBatch = 1;          // sequences per micro-batch per data-parallel rank
    double tokens = 1e12;        // tokens to train
    FineTune fineTune = FineTune::None;
    int loraRank = 16;
    bool loraAllLinear = true;   // adapters on every linear layer (false: attention projections only)
    LossKernel loss = LossKernel::Standard;
    int lossChunks = 8;          // chunked loss: chunks of tokens (torchtune CEWithChunkedOutputLoss: 8)
    bool packed = true;          // samples packed to seq_len; false: padded to the longest in the batch
    // Padded (unpacked) batches: the fraction of seq_len the longest sample of a batch fills,
    // which is what a padded batch computes on.
    double paddedFill = 0.1;
};

struct InferenceWorkload
{
    int promptLen = 1024;
    int outputLen = 256;
    int concurrency = 32;            // sequences decoded together per replica (batch)
    double requestRate = 0.0;        // target requests per second for the whole deployment; 0 = none
    double ttftTargetMs = 0.0;       // 0 = no target
    double tpotTargetMs = 0.0;       // 0 = no target
    // Share of each replica's saturated throughput kept spare at the target rate (a planning
    // choice: room for bursts the Poisson arrivals do not cover and for a replica lost).
    double headroom = 0.2;
    // Daily load profile: request_rate is the peak; the mean over the day sets the autoscaler's
    // floor (0 = a flat load at request_rate).
    double averageRequestRate = 0.0;
    int scaleUpQueue = 0;            // requests waiting per replica that trigger a scale-up; 0 = on utilization
    double scaleCooldownS = 300;     // the load must stay low this long before a replica is removed
    ServingEngine engine = ServingEngine::Vllm;
    Batching batching = Batching::Continuous;
    int kvBlockTokens = 16;          // paged-KV block size (vLLM default 16)
    double memoryUtilization = 0.9;  // fraction of HBM the engine may use (vLLM gpu_memory_utilization)
    bool flashAttention = true;
    // How the requests reach each replica (perf/SteadyLoad.h): `concurrency` requests in flight at
    // all times (closed loop), arrivals at request_rate / replicas (open loop, Poisson), one static
    // batch of `concurrency`, or the engine's own batch (offline maximum throughput).
    ServingLoad load = ServingLoad::Concurrency;
    // Share of each prompt found in the engine's prefix cache (not prefilled again); 0 = off.
    double prefixCacheHitRate = 0.0;
    // Speculative decoding (MTP, EAGLE): draft tokens per step and the chance each is accepted
    // (given the previous one was); 0 draft tokens = off.
    int speculativeTokens = 0;
    double speculativeAcceptance = 0.7;
    // MoE serving with attention data parallelism (SGLang --enable-dp-attention, TensorRT-LLM
    // enable_attention_dp): the tp GPUs of a replica run attention as attentionDp ranks of
    // tp / attentionDp GPUs, each on its own requests, and the MoE layers' experts are sharded
    // over ep ranks of expertTp GPUs (0: tp / ep) with an all-to-all per layer (perf/AttentionDp.h).
    // 1, 1: plain tensor parallelism.
    int attentionDp = 1;
    int ep = 1;
    int expertTp = 0;
    // Disaggregated serving (perf/DisaggregatedPlan.h): a pool of prefill workers hands each
    // prompt's KV cache to a pool of decode workers, all on hardware.gpu. A worker of either pool
    // is `tp` GPUs running attention as `attentionDp` ranks of tp / attentionDp GPUs (attentionDp
    // divides tp) with the MoE layers' experts over `ep` ranks; `batch` is per worker: the prompts
    // one prefill worker prefills together, the requests one decode worker decodes together. The
    // pools' GPUs (workers x tp, both pools) must fit in hardware.num_gpus; they are what the plan
    // deploys.
    ServingMode servingMode = ServingMode::Aggregated;
    struct Pool
    {
        int workers = 1;
        int tp = 1;
        int attentionDp = 1;
        int ep = 1;
        int batch = 1;
    };
    Pool prefill;
    Pool decode{1, 1, 1, 1, 32};
    KvTransferPath kvTransfer = KvTransferPath::Network;
    // The prefill pool's GPU type (a catalog id or alias; blank = hardware.gpu, which the decode
    // pool always runs): prompts on compute-rich GPUs, decodes on memory-rich ones.
    std::string prefillGpu;
};

// GPUs of a disaggregated pool, and of both pools together.
inline int poolGpus(const InferenceWorkload::Pool &pool)
{
    return pool.workers * pool.tp;
}

inline int disaggregatedGpus(const InferenceWorkload &w)
{
    return poolGpus(w.prefill) + poolGpus(w.decode);
}

struct Workload
{
    Mode mode = Mode::Training;
    TrainingWorkload training;
    InferenceWorkload inference;
};

struct Hardware
{
    std::string gpu = "H100-SXM-80GB";   // GPU id or alias from catalogs/gpus.json
    int numGpus = 8;
    std::string node;                    // node id; empty = the GPU's default node
    std::string fabric;                  // scale-out fabric id; empty = the node's default
    // Multi-Instance GPU profile of every GPU ("1g.10gb"); empty = whole GPUs. With a profile,
    // numGpus counts instances and gpusPerNode stays whole GPUs (catalog/MigInstance.h).
    std::string migProfile;
    int gpusPerNode = 0;                 // 0 = from the node type
    // Scale-out bandwidth of one node, all its NICs together, one direction (Gb/s); 0 = the node
    // type's NICs x line rate. Clusters often have fewer or slower NICs than the reference design.
    double nodeNetworkGbps = 0;
};

struct Parallelism
{
    int tp = 1;
    int pp = 1;
    int dp = 0;                  // 0 = derived: numGpus / (tp * pp * cp)
    int cp = 1;
    int ep = 1;                  // expert parallel, carved out of dp * cp (* tp)
    // Expert tensor parallelism (Megatron-Core --expert-tensor-parallel-size): how many ranks
    // split each expert; 0 = tp. Below tp the experts' groups fold the remaining TP ranks into
    // EP x expert-DP (MoE parallel folding).
    int expertTp = 0;
    // The MoE dispatch/combine all-to-all of one micro-batch runs while another micro-batch
    // computes (DeepSeek-V3's DualPipe, Megatron-Core --overlap-moe-expert-parallel-comm,
    // DeepEP's hook-based overlap); false: the all-to-all waits on the layer's own compute.
    bool epOverlap = false;
    bool sp = false;             // Megatron sequence parallelism inside the TP group
    int vp = 1;                  // virtual pipeline stages per GPU (interleaving); 1 = none
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    int zero = 0;                // 0 none, 1 optimizer, 2 + gradients, 3 + parameters
    ShardingImpl sharding = ShardingImpl::DeepSpeed;
    int shardGroup = 0;          // FSDP HYBRID_SHARD group size; 0 = whole data-parallel group
    Recompute recompute = Recompute::Selective;
    Offload offloadOptimizer = Offload::None;
    Offload offloadParams = Offload::None;
    bool flashAttention = true;
    // Gradient reduction overlapped with the backward pass (Megatron --overlap-grad-reduce,
    // DDP/FSDP buckets); false: reduced after the backward (DeepSpeed ZeRO-0/1 default).
    bool overlapGradReduce = true;
    bool optimizerInBackward = false;    // optimizer step fused into the backward: gradients freed per tensor
    // The training stack (megatron, deepspeed, fsdp1, fsdp2 (torchtitan), torchtune, hf, generic):
    // gradient lifetime, loss kernel upcasts, what "selective" saves and the caching allocator's
    // reserved-vs-allocated gap (docs/memory.md §9).
    Framework framework = Framework::Generic;
    int recomputeEvery = 2;              // Recompute::EveryN: every N-th layer is fully checkpointed
    bool activationOffload = false;      // saved activations moved to host memory during the forward
    bool compile = false;                // torch.compile (or graph compilation) of the layers
    int loaderWorkers = 4;               // data-loader worker processes per GPU (host memory)
    // Recompute::Selective: the modules re-run in the backward (plan/RecomputeModules.h bits,
    // Megatron-Core --recompute-modules); 0 = the stack's default (the attention core).
    std::uint32_t recomputeModules = 0;
};

struct Precision
{
    Dtype weights = Dtype::BF16;
    Dtype compute = Dtype::BF16;
    Dtype gradients = Dtype::FP32;       // gradient accumulation buffer (Megatron main grads: fp32)
    bool masterWeights = true;           // fp32 master copy of the weights (mixed precision)
    Dtype optimizerStates = Dtype::FP32;
    Dtype kvCache = Dtype::BF16;
    Dtype activations = Dtype::BF16;     // stored activations (fp8 training still keeps most in bf16)
    Optimizer optimizer = Optimizer::AdamW;
    // Scaling of the fp8 GEMMs (compute = fp8); nvfp4 runs the layers' GEMMs in FP4.
    Fp8Recipe fp8Recipe = Fp8Recipe::Delayed;
};

// Memory assumptions that no formula can derive. Negative = use the catalog/engine default.
struct MemoryOverheads
{
    double cudaContextGiB = -1.0;        // CUDA/ROCm context + library workspaces (cuBLAS, NCCL)
    double allocatorSlack = -1.0;        // fraction of allocated bytes lost to fragmentation/caching
    double commBufferGiB = -1.0;         // NCCL/bucket buffers; negative = derived from the layout
};

struct Plan
{
    int version = kPlanFormatVersion;
    std::string name = "Untitled plan";
    std::string notes;
    std::string preparedBy;
    ReportBranding report;               // organisation and logo on the PDF
    ModelArch model;
    Workload workload;
    Hardware hardware;
    Parallelism parallelism;
    Precision precision;
    MemoryOverheads overheads;
    FacilityAssumptions facility;
    CostAssumptions cost;
    StorageAssumptions storage;
    DataAssumptions data;
    ReliabilityAssumptions reliability;
    // The file's "extensions" object (tool-specific data such as GUI state), kept verbatim as
    // JSON text so that loading and saving never drops it.
    std::string extensions;
};

} // namespace gpuplan

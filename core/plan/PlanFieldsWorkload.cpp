// SPDX-License-Identifier: GPL-3.0-or-later
// Plan fields: training and inference workloads.
#include "plan/PlanFieldMacros.h"

namespace gpuplan {
namespace {

const FieldSpec kWorkloadFields[] = {
    GP_FIELD_ENUM("workload.mode", workload.mode, Mode, modeNames, "training or inference"),
    GP_FIELD_INT("workload.training.seq_len", workload.training.seqLen, 1, 10000000, "tokens", "Training sequence length"),
    GP_FIELD_INT("workload.training.global_batch", workload.training.globalBatch, 1, 100000000, "sequences",
                 "Sequences per optimizer step"),
    GP_FIELD_INT("workload.training.micro_batch", workload.training.microBatch, 1, 65536, "sequences",
                 "Sequences per micro-batch per data-parallel rank"),
    GP_FIELD_REAL("workload.training.tokens", workload.training.tokens, 1, 1e17, "tokens", "Tokens to train"),
    GP_FIELD_ENUM("workload.training.finetune", workload.training.fineTune, FineTune, fineTuneNames,
                  "Full training, LoRA or QLoRA"),
    GP_FIELD_INT("workload.training.lora_rank", workload.training.loraRank, 1, 4096, "", "LoRA adapter rank"),
    GP_FIELD_BOOL("workload.training.lora_all_linear", workload.training.loraAllLinear,
                  "Adapters on every linear layer (otherwise attention only)"),
    GP_FIELD_ENUM("workload.training.loss", workload.training.loss, LossKernel, lossKernelNames,
                  "Loss kernel: standard (fp32 logits), chunked or fused linear + cross-entropy"),
    GP_FIELD_INT("workload.training.loss_chunks", workload.training.lossChunks, 1, 1024, "chunks",
                 "Chunks of tokens of a chunked loss"),
    GP_FIELD_BOOL("workload.training.packed", workload.training.packed,
                  "Samples packed to the sequence length (otherwise padded to the longest in the batch)"),
    GP_FIELD_REAL("workload.training.padded_fill", workload.training.paddedFill, 0.001, 1, "fraction",
                  "Unpacked batches: fraction of the sequence length the longest sample fills"),
    GP_FIELD_INT("workload.inference.prompt_len", workload.inference.promptLen, 1, 10000000, "tokens", "Prompt length"),
    GP_FIELD_INT("workload.inference.output_len", workload.inference.outputLen, 1, 10000000, "tokens",
                 "Generated tokens per request"),
    GP_FIELD_INT("workload.inference.concurrency", workload.inference.concurrency, 1, 1000000, "sequences",
                 "Sequences decoded together per replica"),
    GP_FIELD_REAL("workload.inference.request_rate", workload.inference.requestRate, 0, 1e7, "requests/s",
                  "Target request rate of the deployment (0 = none)"),
    GP_FIELD_REAL("workload.inference.ttft_target_ms", workload.inference.ttftTargetMs, 0, 1e7, "ms",
                  "Time-to-first-token target (0 = none)"),
    GP_FIELD_REAL("workload.inference.tpot_target_ms", workload.inference.tpotTargetMs, 0, 1e6, "ms",
                  "Time-per-output-token target (0 = none)"),
    GP_FIELD_REAL("workload.inference.headroom", workload.inference.headroom, 0, 0.9, "fraction",
                  "Share of each replica's saturated throughput kept spare at the target rate"),
    GP_FIELD_REAL_OR("workload.inference.average_request_rate", workload.inference.averageRequestRate, 0, 1e7, 0,
                     "the peak all day", "requests/s", "Mean request rate over the day, the autoscaler's floor"),
    GP_FIELD_INT_OR("workload.inference.scale_up_queue", workload.inference.scaleUpQueue, 1, 100000, 0,
                    "scale on the requests in service", "requests",
                    "Requests waiting per replica that trigger a scale-up"),
    GP_FIELD_REAL("workload.inference.scale_cooldown_s", workload.inference.scaleCooldownS, 0, 86400, "s",
                  "Time the load must stay low before a replica is removed"),
    GP_FIELD_ENUM("workload.inference.engine", workload.inference.engine, ServingEngine, engineNames, "Serving engine"),
    GP_FIELD_ENUM("workload.inference.batching", workload.inference.batching, Batching, batchingNames,
                  "static, dynamic or continuous batching"),
    GP_FIELD_INT("workload.inference.kv_block_tokens", workload.inference.kvBlockTokens, 1, 1024, "tokens",
                 "Paged-KV block size"),
    GP_FIELD_REAL("workload.inference.memory_utilization", workload.inference.memoryUtilization, 0.05, 1, "fraction",
                  "Fraction of GPU memory the engine may use"),
    GP_FIELD_BOOL("workload.inference.flash_attention", workload.inference.flashAttention, "Fused attention kernels"),
    GP_FIELD_ENUM("workload.inference.load", workload.inference.load, ServingLoad, servingLoadNames,
                  "static, concurrency (closed loop), rate (open loop) or max (offline)"),
    GP_FIELD_REAL("workload.inference.prefix_cache_hit_rate", workload.inference.prefixCacheHitRate, 0, 0.99,
                  "fraction", "Share of each prompt served from the prefix cache (0 = off)"),
    GP_FIELD_INT("workload.inference.speculative_tokens", workload.inference.speculativeTokens, 0, 16, "tokens",
                 "Draft tokens per decode step of speculative decoding (0 = off)"),
    GP_FIELD_REAL("workload.inference.speculative_acceptance", workload.inference.speculativeAcceptance, 0, 0.99,
                  "fraction", "Chance a draft token is accepted, given the one before it was"),
    GP_FIELD_INT("workload.inference.attention_dp", workload.inference.attentionDp, 1, 1024, "ranks",
                 "Attention data-parallel ranks per replica, each on its own requests (must divide the TP degree)"),
    GP_FIELD_INT("workload.inference.ep", workload.inference.ep, 1, 1024, "ranks",
                 "Expert-parallel ranks of the MoE layers per replica (must divide the TP degree and the experts)"),
    GP_FIELD_INT_OR("workload.inference.expert_tp", workload.inference.expertTp, 1, 1024, 0, "TP / EP", "GPUs",
                    "GPUs splitting each expert (expert TP x EP = TP)"),
};

} // namespace

std::span<const FieldSpec> workloadFields()
{
    return kWorkloadFields;
}

} // namespace gpuplan

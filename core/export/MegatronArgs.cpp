// SPDX-License-Identifier: GPL-3.0-or-later
// Megatron-LM (Megatron-Core `pretrain_gpt.py`) arguments for a plan's layout, model and batch.
#include "export/LaunchContext.h"

#include "common/EnumNames.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::launch {

namespace {

void add(std::vector<std::string> &a, const char *flag, long long value)
{
    a.push_back(flag);
    a.push_back(std::to_string(value));
}

void modelShapeArguments(Context &c, std::vector<std::string> &a)
{
    const ModelArch &m = c.plan.model;
    const ModelShape &s = c.evaluation.shape;
    const int seqLen = c.plan.workload.training.seqLen;
    add(a, "--num-layers", s.layers);
    add(a, "--hidden-size", s.hidden);
    add(a, "--ffn-hidden-size", s.ffn);
    add(a, "--num-attention-heads", s.heads);
    if (s.kvHeads > 0 && s.kvHeads < s.heads) {
        a.push_back("--group-query-attention");
        add(a, "--num-query-groups", s.kvHeads);
    }
    if (s.hidden > 0 && s.heads > 0 && s.headDim != s.hidden / s.heads && !s.mla)
        add(a, "--kv-channels", s.headDim);
    add(a, "--seq-length", seqLen);
    add(a, "--max-position-embeddings", std::max(m.maxPositions, seqLen));
    if (m.gatedMlp)
        a.push_back("--swiglu");
    a.push_back("--normalization");
    a.push_back(m.norm == NormKind::RmsNorm ? "RMSNorm" : "LayerNorm");
    switch (m.position) {
    case PositionKind::Rope: a.insert(a.end(), {"--position-embedding-type", "rope"}); break;
    case PositionKind::Learned: a.insert(a.end(), {"--position-embedding-type", "learned_absolute"}); break;
    case PositionKind::None: a.insert(a.end(), {"--position-embedding-type", "none"}); break;
    case PositionKind::Alibi: c.notes.push_back("Megatron-LM has no ALiBi position embedding; the plan's model uses it."); break;
    }
    if (!m.bias)
        a.push_back("--disable-bias-linear");
    if (!m.tiedEmbeddings)
        a.push_back("--untie-embeddings-and-output-weights");
    if (s.experts > 0) {
        add(a, "--num-experts", s.experts);
        add(a, "--moe-router-topk", s.topK);
        add(a, "--moe-ffn-hidden-size", s.expertFfn);
        if (s.sharedExperts > 0)
            add(a, "--moe-shared-expert-intermediate-size", static_cast<long long>(s.sharedExperts) * s.expertFfn);
        if (m.moeDenseLayers > 0) {
            // A Python list expression: the first layers dense (0), the rest MoE (1).
            a.push_back("--moe-layer-freq");
            a.push_back("([0]*" + std::to_string(m.moeDenseLayers) + "+[1]*" +
                        std::to_string(std::max(s.layers - m.moeDenseLayers, 0)) + ")");
        }
    }
    if (s.mla) {
        a.push_back("--multi-latent-attention");
        if (m.mlaQLoraRank > 0)
            add(a, "--q-lora-rank", m.mlaQLoraRank);
        add(a, "--kv-lora-rank", m.mlaKvLoraRank);
        add(a, "--qk-head-dim", m.mlaQkNopeDim);
        add(a, "--qk-pos-emb-head-dim", m.mlaQkRopeDim);
        add(a, "--v-head-dim", m.mlaVDim);
    }
    if (m.mtpLayers > 0)
        add(a, "--mtp-num-layers", m.mtpLayers);
    if (m.slidingWindow > 0)
        c.notes.push_back("The model uses sliding-window attention (" + std::to_string(m.slidingWindow) +
                          " tokens); set Megatron-LM's --window-size for the layers that use it.");
}

void parallelArguments(Context &c, std::vector<std::string> &a)
{
    const Layout &l = c.layout;
    add(a, "--tensor-model-parallel-size", l.tp);
    add(a, "--pipeline-model-parallel-size", l.pp);
    if (l.vp > 1 && l.pp > 1)
        add(a, "--num-layers-per-virtual-pipeline-stage", c.evaluation.shape.layers / (l.pp * l.vp));
    add(a, "--context-parallel-size", l.cp);
    if (c.evaluation.shape.experts > 0)
        add(a, "--expert-model-parallel-size", l.ep);
    if (l.sp && l.tp > 1)
        a.push_back("--sequence-parallel");
    if (l.schedule == PipelineSchedule::GPipe && l.pp > 1)
        c.notes.push_back("Megatron-LM runs 1F1B (or interleaved) pipelines; the plan's GPipe schedule is not available.");
}

void batchArguments(Context &c, std::vector<std::string> &a)
{
    const TrainingWorkload &w = c.plan.workload.training;
    add(a, "--micro-batch-size", c.layout.microBatch);
    add(a, "--global-batch-size", w.globalBatch);
    // The plan's token budget in optimizer steps, and the checkpoint interval the reliability
    // model found optimal (Daly 2006) in steps.
    const double tokensPerStep = static_cast<double>(w.globalBatch) * w.seqLen;
    if (tokensPerStep > 0 && w.tokens > 0)
        add(a, "--train-iters", static_cast<long long>(std::ceil(w.tokens / tokensPerStep)));
    const double step = c.evaluation.training.stepTimeS;
    const double interval = c.evaluation.reliability.checkpointIntervalS;
    if (step > 0 && interval > 0 && std::isfinite(interval / step))
        add(a, "--save-interval", std::max<long long>(1, std::llround(interval / step)));
}

void memoryArguments(Context &c, std::vector<std::string> &a, bool distributedOptimizer)
{
    const Layout &l = c.layout;
    switch (l.recompute) {
    case Recompute::None: break;
    case Recompute::Selective: a.insert(a.end(), {"--recompute-granularity", "selective"}); break;
    case Recompute::Full:
        a.insert(a.end(), {"--recompute-granularity", "full", "--recompute-method", "uniform", "--recompute-num-layers", "1"});
        break;
    case Recompute::EveryN:
        // Megatron's block method checkpoints the first k layers of each stage: one in N of them.
        a.insert(a.end(), {"--recompute-granularity", "full", "--recompute-method", "block", "--recompute-num-layers",
                           std::to_string(std::max(1, c.plan.model.layers / std::max(l.pp, 1)
                                                          / std::max(c.plan.parallelism.recomputeEvery, 1)))});
        break;
    case Recompute::SelectiveOp:
        // Megatron has no op-level policy; its selective recompute is the nearest.
        a.insert(a.end(), {"--recompute-granularity", "selective"});
        c.notes.push_back("Megatron-LM has no op-level selective checkpointing; --recompute-granularity selective "
                          "(attention core only) is written instead.");
        break;
    }
    if (distributedOptimizer && l.zero >= 1) {
        a.push_back("--use-distributed-optimizer");
        if (l.zero >= 3)
            c.notes.push_back("Megatron-LM's distributed optimizer shards optimizer states and master weights (ZeRO-1); "
                              "for the plan's ZeRO-3 use --use-torch-fsdp2 instead.");
    }
    if (c.plan.parallelism.overlapGradReduce && l.dp * l.cp > 1) {
        a.push_back("--overlap-grad-reduce");
        if (distributedOptimizer && l.zero >= 1)
            a.push_back("--overlap-param-gather");
    }
    if (l.offloadOptimizer == Offload::Cpu)
        a.insert(a.end(), {"--optimizer-cpu-offload", "--use-precision-aware-optimizer"});
    else if (l.offloadOptimizer != Offload::None || l.offloadParams != Offload::None)
        c.notes.push_back("Megatron-LM offloads only optimizer states, and only to CPU memory; the plan's other "
                          "offload settings have no Megatron-LM argument.");
    if (l.flashAttention)
        a.push_back("--use-flash-attn");
}

void precisionArguments(Context &c, std::vector<std::string> &a)
{
    const Precision &p = c.plan.precision;
    switch (p.compute) {
    case Dtype::BF16: a.push_back("--bf16"); break;
    case Dtype::FP16: a.push_back("--fp16"); break;
    case Dtype::FP8: a.insert(a.end(), {"--bf16", "--fp8-format", "hybrid"}); break;
    default: break;
    }
    if (p.gradients == Dtype::BF16 && (p.compute == Dtype::BF16 || p.compute == Dtype::FP8))
        a.push_back("--grad-reduce-in-bf16");
    switch (p.optimizer) {
    case Optimizer::AdamW: a.insert(a.end(), {"--optimizer", "adam"}); break;
    case Optimizer::Sgd:
    case Optimizer::SgdMomentum: a.insert(a.end(), {"--optimizer", "sgd"}); break;
    default:
        c.notes.push_back(std::string("Megatron-LM has no ") + nameOf(optimizerNames(), p.optimizer) +
                          " optimizer; the script's default (Adam) applies.");
        break;
    }
    if (c.plan.workload.training.fineTune != FineTune::None)
        c.notes.push_back("Megatron-LM has no LoRA/QLoRA adapters; fine-tune with NeMo or PEFT instead.");
}

} // namespace

std::vector<std::string> megatronArguments(Context &c, bool distributedOptimizer)
{
    std::vector<std::string> a;
    parallelArguments(c, a);
    batchArguments(c, a);
    modelShapeArguments(c, a);
    memoryArguments(c, a, distributedOptimizer);
    precisionArguments(c, a);
    return a;
}

} // namespace gpuplan::launch

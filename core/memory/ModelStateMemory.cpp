// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/ModelStateMemory.h"

#include "catalog/GpuSpec.h"
#include "common/Dtype.h"
#include "memory/FrameworkMemory.h"
#include "memory/LowPrecisionMemory.h"
#include "memory/MemoryAssumptions.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Layers on the first stage: the ceiling when the layers do not split evenly (the first stage then
// carries the extra layers, the layout check warns).
double firstStageLayers(const ModelShape &s, const Layout &l)
{
    const int p = std::clamp(l.pp, 1, std::max(s.layers, 1));
    return std::ceil(static_cast<double>(s.layers) / p);
}

double lastStageLayers(const ModelShape &s, const Layout &l)
{
    const int p = std::clamp(l.pp, 1, std::max(s.layers, 1));
    if (p == 1)
        return s.layers;
    return std::max(1.0, s.layers - (p - 1) * firstStageLayers(s, l));
}

// Dense-MLP layers among the stage's `layers` layers that begin at layer `begin`: an MoE model's
// dense layers lead (model.moe_dense_layers, DeepSeek-V3's first_k_dense_replace = 3 in its
// config.json: layers 0-2 have a dense MLP), so they sit on the first stage(s); a dense model's
// layers are all dense.
double denseLayersOnStage(const ModelShape &s, double begin, double layers)
{
    if (s.moeLayers <= 0)
        return layers;
    return std::clamp(s.denseLayers - begin, 0.0, layers);
}

StageParams stageParams(const ModelShape &s, const Layout &l, double begin, double layers, bool hasEmbedding,
                        bool hasOutput)
{
    const double t = std::max(l.tp, 1);
    const double e = std::max(l.ep, 1);
    // Per layer: matmul weights (TP-split), norms (replicated over TP), routed experts (EP x expert
    // TP: Megatron-Core's --expert-tensor-parallel-size splits each expert, TP when not set);
    // a dense layer has the dense MLP, an MoE layer the shared experts, the router and the routed
    // experts. The stage holds its own layers' kinds.
    const double dense = denseLayersOnStage(s, begin, layers);
    const double moe = std::max(layers - dense, 0.0);
    const double denseMatmul = s.attnParams + s.denseMlpParams;
    const double moeMatmul = s.attnParams + s.moeMlpParams - s.routedExpertParams;

    StageParams st;
    st.layers = layers;
    st.denseLayers = dense;
    st.matmul = (dense * denseMatmul + moe * moeMatmul) / t;
    st.expert = moe * s.routedExpertParams / (e * std::max(l.expertTpOrTp(), 1));
    st.other = layers * s.normParamsPerLayer;
    // A ZeRO-3/FSDP unit: the stage's average layer.
    const double perLayer = std::max(layers, 1.0);
    st.layerMatmul = st.matmul / perLayer;
    st.layerParams = st.layerMatmul + s.normParamsPerLayer + st.expert / perLayer;
    if (hasEmbedding) {
        // Vocabulary-parallel embedding; a learned position table is replicated over TP (Megatron).
        st.other += s.embeddingParams / t + s.positionParams;
        st.embeddingUnit = s.embeddingParams / t;
        st.vocabMatrices = 1;
    }
    if (hasOutput) {
        // The last stage holds the output layer; with tied embeddings and pp > 1 it holds a copy of
        // the embedding for the logits (Megatron's embedding group).
        const double output = s.outputParams > 0 ? s.outputParams : (hasEmbedding ? 0.0 : s.embeddingParams);
        // The MTP module is one more layer (ModelShape.cpp: a layer, the 2h -> h projection, two
        // norms); a MoE layer's routed experts are split over EP like the stage's own.
        const double mtpLayer = s.attnParams + s.normParamsPerLayer + (s.moeLayers > 0 ? s.moeMlpParams : s.denseMlpParams)
                                + 2.0 * s.hidden * s.hidden + 2.0 * s.normParamsPerVector * s.hidden;
        const double mtpExperts = s.mtpParams > 0 && s.moeLayers > 0 && mtpLayer > 0
                                      ? s.mtpParams * s.routedExpertParams / mtpLayer : 0.0;
        st.other += output / t + s.finalNormParams + (s.mtpParams - mtpExperts) / t + mtpExperts / (e * t);
        st.embeddingUnit = std::max(st.embeddingUnit, output / t);
        st.vocabMatrices += output > 0 ? 1 : 0;
    }
    return st;
}

bool isHalfOrFull(Dtype d)
{
    return d == Dtype::BF16 || d == Dtype::FP16 || d == Dtype::FP32 || d == Dtype::TF32;
}

} // namespace

StageParams firstStageParams(const ModelShape &shape, const Layout &layout)
{
    return stageParams(shape, layout, 0.0, firstStageLayers(shape, layout), true, layout.pp <= 1);
}

StageParams lastStageParams(const ModelShape &shape, const Layout &layout)
{
    const double layers = lastStageLayers(shape, layout);
    return stageParams(shape, layout, std::max(shape.layers - layers, 0.0), layers, layout.pp <= 1, true);
}

StageParams middleStageParams(const ModelShape &shape, const Layout &layout, int stage)
{
    const double layers = firstStageLayers(shape, layout);
    const double begin = std::min(static_cast<double>(std::max(stage, 0)) * layers, static_cast<double>(shape.layers));
    return stageParams(shape, layout, begin, std::min(layers, shape.layers - begin), false, false);
}

int dualPipeMiddleStage(const Layout &layout)
{
    if (layout.schedule != PipelineSchedule::DualPipe || layout.pp < 4)
        return -1;
    return layout.pp / 2 - 1;
}

StageParams combinedStageParams(const StageParams &a, const StageParams &b)
{
    StageParams c;
    c.layers = a.layers + b.layers;
    c.denseLayers = a.denseLayers + b.denseLayers;
    c.matmul = a.matmul + b.matmul;
    c.expert = a.expert + b.expert;
    c.other = a.other + b.other;
    c.layerParams = std::max(a.layerParams, b.layerParams);
    c.layerMatmul = std::max(a.layerMatmul, b.layerMatmul);
    c.embeddingUnit = std::max(a.embeddingUnit, b.embeddingUnit);
    c.vocabMatrices = a.vocabMatrices + b.vocabMatrices;
    return c;
}

StageParams rankStageParams(const ModelShape &shape, const Layout &layout, bool first)
{
    if (layout.schedule == PipelineSchedule::DualPipe && layout.pp > 1)
        return combinedStageParams(firstStageParams(shape, layout), lastStageParams(shape, layout));
    return first ? firstStageParams(shape, layout) : lastStageParams(shape, layout);
}

bool anyLayoutFp8Gemm(const GpuSpec *gpu)
{
    return gpu && gpu->fp4DenseFlops > 0;
}

double loraParamsPerLayer(const ModelShape &s, int rank, bool allLinear, int tp)
{
    // Each adapted matrix W (in x out) gets A (in x r) and B (r x out): r * (in + out) parameters.
    const double r = std::max(rank, 0);
    const double h = s.hidden;
    const double kvEach = s.kvProjWidth / 2.0;
    double params = r * ((h + s.qWidth) + 2.0 * (h + kvEach) + (s.vWidth + h));
    if (allLinear) {
        const double mats = s.gated ? 3.0 : 2.0;
        const double L = std::max(s.layers, 1);
        // Dense MLPs and shared experts; routed experts are rarely adapted and are left out.
        params += r * mats * (h + s.ffn) * s.denseLayers / L;
        params += r * mats * (h + s.expertFfn) * s.sharedExperts * s.moeLayers / L;
    }
    return params / std::max(tp, 1);
}

double halfPrecisionBytes(const Precision &p)
{
    // Compute-precision copy: fp8 training keeps bf16 master-side weights, fp32 training stays fp32.
    if (p.compute == Dtype::FP32 || p.compute == Dtype::TF32)
        return 4.0;
    return 2.0;
}

double optimizerStateBytesPerParam(Optimizer optimizer, Dtype stateDtype)
{
    const double e = bytesPerElement(stateDtype);
    switch (optimizer) {
    case Optimizer::AdamW: return 2.0 * e;                   // first and second moment
    case Optimizer::Adam8bit: return memassume::kAdam8bitBytesPerParam;
    case Optimizer::Adam4bit: return memassume::kAdam4bitBytesPerParam;
    case Optimizer::SgdMomentum: return e;                   // momentum buffer
    case Optimizer::Lion: return e;                          // one momentum buffer (Chen et al. 2023)
    case Optimizer::Adafactor: return e;                     // per element only for vectors; see below
    case Optimizer::Sgd: return 0.0;
    }
    return 2.0 * e;
}

double adafactorStateBytes(const ModelShape &s, const StageParams &stage, int tp, Dtype stateDtype)
{
    // Factored second moment (Shazeer & Stern 2018): a row and a column vector per matrix, full
    // size for vectors. Per GPU the matrices are the TP shards.
    const double t = std::max(tp, 1);
    const double h = s.hidden;
    const double mats = s.gated ? 3.0 : 2.0;
    const double L = std::max(s.layers, 1);
    double perLayer = (h + s.qWidth / t) + 2.0 * (h + s.kvProjWidth / (2.0 * t)) + (s.vWidth / t + h);
    perLayer += mats * (h + s.ffn / t) * s.denseLayers / L;
    perLayer += mats * (h + s.expertFfn / t) * (s.experts + s.sharedExperts) * s.moeLayers / L;
    perLayer += s.normParamsPerLayer;
    // The V/t x h embedding and output matrices on the stage.
    return bytesPerElement(stateDtype) * (stage.layers * perLayer + stage.vocabMatrices * (s.vocab / t + h));
}

ModelStateBytes modelStateBytes(const Plan &plan, const ModelShape &shape, const Layout &layout,
                                const StageParams &stage, bool anyLayoutFp8Gemm)
{
    const Precision &pr = plan.precision;
    const TrainingWorkload &tw = plan.workload.training;
    const bool lora = tw.fineTune != FineTune::None;
    const double half = halfPrecisionBytes(pr);
    const int zero = std::clamp(layout.zero, 0, 3);
    const double d = std::max(layout.shardingGroup(), 1);
    // Expert data-parallel group: the TP x DP x CP ranks over expert TP x EP (MoE parallel folding);
    // d / EP when expert TP = TP.
    const double tpOverEtp = static_cast<double>(std::max(layout.tp, 1)) / std::max(layout.expertTpOrTp(), 1);
    const double dExpert = std::max(d * tpOverEtp / std::max(layout.ep, 1), 1.0);
    const bool paramOffload = layout.offloadParams == Offload::Cpu || layout.offloadParams == Offload::Nvme;
    const ShardingImpl impl = layout.sharding;

    // Bytes for a group of dense + expert parameters, divided by the sharding group when sharded.
    auto sharded = [&](double bytesPerParam, double dense, double expert, bool on) {
        return bytesPerParam * (on ? dense / d + expert / dExpert : dense + expert);
    };

    // Base weights: matmul (and expert) weights in the storage format, with its block scales;
    // embeddings, norms and the output layer stay 16-bit when the matmuls are quantized.
    Dtype base = pr.weights;
    if (tw.fineTune == FineTune::Qlora && bytesPerElement(base) > 0.5)
        base = Dtype::NF4;
    const double wMatmul = quantizedBytesPerElement(base);
    const double wOther = isHalfOrFull(base) ? bytesPerElement(base) : half;
    const double denseBase = stage.matmul * wMatmul + stage.other * wOther;
    const double expertBase = stage.expert * wMatmul;

    ModelStateBytes m;
    const bool shardWeights = zero >= 3;
    const bool shardGrads = zero >= 2;
    const bool shardStates = zero >= 1;

    // Trainable parameters and the bytes of their compute copy.
    double trainDense = 0, trainExpert = 0, trainBytes = half;
    if (lora) {
        trainDense = stage.layers * loraParamsPerLayer(shape, tw.loraRank, tw.loraAllLinear, layout.tp);
        trainBytes = isHalfOrFull(pr.weights) ? bytesPerElement(pr.weights) : half;
    } else {
        trainDense = stage.matmul + stage.other;
        trainExpert = stage.expert;
        trainBytes = bytesPerElement(pr.weights);
    }
    const double trainable = trainDense + trainExpert;

    // Weights. FSDP FULL_SHARD with an fp32 master keeps only the fp32 shard as the parameter and
    // casts on all-gather, so no persistent 16-bit copy exists.
    const bool fsdpMasterIsParam = !lora && impl == ShardingImpl::Fsdp && shardWeights && pr.masterWeights;
    if (!fsdpMasterIsParam) {
        m.weights = (shardWeights ? denseBase / d + expertBase / dExpert : denseBase + expertBase);
        if (lora)
            m.weights += sharded(trainBytes, trainDense, 0, shardWeights);
    }
    // Transformer Engine keeps quantized copies (and transposes) of the matmul weights next to them,
    // in the recipe's format (FP8, blockwise FP8, MXFP8, NVFP4 with their scales:
    // LowPrecisionMemory.h); torchao's float8 (FSDP2, torchtune) casts each layer's weights in its
    // forward instead, a transient inside the gathered unit.
    const FrameworkMemoryTraits &fw = frameworkMemoryTraits(plan.parallelism.framework);
    double fp8Cache = 0;
    if (pr.compute == Dtype::FP8 && isHalfOrFull(base) && fw.persistentFp8Weights) {
        const double copy = lowPrecisionWeightCopyBytes(pr.fp8Recipe, anyLayoutFp8Gemm);
        fp8Cache = copy * (stage.matmul + stage.expert);
        m.weights += sharded(copy, stage.matmul, stage.expert, shardWeights);
    }
    // What ZeRO 0-2 would keep of the weights (for the gather cap below).
    const double unshardedWeights = denseBase + expertBase + (lora ? trainDense * trainBytes : 0.0) + fp8Cache;

    // Gradients of the trainable parameters. DeepSpeed reduces in the 16-bit dtype and converts its
    // optimizer partition to fp32 (2P + 18P/N for ZeRO-2, DeepSpeed PR #5099); the others hold one
    // gradient buffer in precision.gradients (Megatron main_grad fp32, FSDP reduce dtype).
    const double gradBytes = bytesPerElement(pr.gradients);
    double fp32GradCopy = 0;
    if (impl == ShardingImpl::DeepSpeed && gradBytes > trainBytes) {
        m.gradients = sharded(trainBytes, trainDense, trainExpert, shardGrads);
        fp32GradCopy = sharded(gradBytes, trainDense, trainExpert, shardStates);
    } else {
        m.gradients = sharded(gradBytes, trainDense, trainExpert, shardGrads);
    }

    // Optimizer in the backward (torchtune optimizer_in_bwd, LOMO): each gradient is applied and
    // freed as soon as it is complete, so only the largest single gradient tensor is ever held.
    if (plan.parallelism.optimizerInBackward) {
        const double t = std::max(layout.tp, 1);
        const double largestMatrix = shape.hidden * std::max({static_cast<double>(shape.ffn), shape.qWidth,
                                                              static_cast<double>(shape.expertFfn)}) / t;
        const double largestTensor = lora ? tw.loraRank * (shape.hidden + shape.ffn) / t
                                          : std::max(largestMatrix, stage.embeddingUnit);
        m.gradients = std::min(largestTensor, trainable) * std::max(gradBytes, trainBytes);
        fp32GradCopy = 0;
    }

    // Master weights and optimizer states, sharded from ZeRO-1 (and Megatron's distributed optimizer) on.
    if (pr.masterWeights && trainBytes < 4.0)
        m.masterWeights = sharded(4.0, trainDense, trainExpert, shardStates);
    if (pr.optimizer == Optimizer::Adafactor) {
        const double perStage = lora ? bytesPerElement(pr.optimizerStates) * trainable / std::max(tw.loraRank, 1)
                                     : adafactorStateBytes(shape, stage, layout.tp, pr.optimizerStates);
        m.optimizerStates = shardStates ? perStage / d : perStage;
    } else {
        m.optimizerStates = sharded(optimizerStateBytesPerParam(pr.optimizer, pr.optimizerStates), trainDense,
                                    trainExpert, shardStates);
    }

    // Offload. Parameter offload (ZeRO-Infinity, FSDP CPUOffload) moves every persistent state to
    // the host and runs the optimizer there; optimizer offload (ZeRO-Offload) moves the states, the
    // master copy and the fp32 gradients, and with ZeRO-2/3 the 16-bit gradients stream out too.
    double off = 0;
    if (paramOffload) {
        off = m.weights + m.gradients + fp32GradCopy + m.masterWeights + m.optimizerStates;
        m.weights = m.gradients = m.masterWeights = m.optimizerStates = 0;
        fp32GradCopy = 0;
    } else if (layout.offloadOptimizer == Offload::Cpu || layout.offloadOptimizer == Offload::Nvme) {
        off = fp32GradCopy + m.masterWeights + m.optimizerStates;
        m.masterWeights = m.optimizerStates = 0;
        fp32GradCopy = 0;
        if (shardGrads) {
            off += m.gradients;
            m.gradients = 0;
        }
    } else if (layout.offloadOptimizer == Offload::Paged) {
        m.pagedStates = m.masterWeights + m.optimizerStates;
        m.masterWeights = m.optimizerStates = 0;
    }
    m.gradients += fp32GradCopy;
    // A unit's trainable parameters: one layer's adapters, or the larger of a layer and the
    // embedding/output matrix.
    const double unitTrainable = lora ? loraParamsPerLayer(shape, tw.loraRank, tw.loraAllLinear, layout.tp)
                                      : std::max(stage.layerParams, stage.embeddingUnit);
    if (!shardGrads)
        m.unitGradients = std::min(m.gradients, unitTrainable * std::max(gradBytes, trainBytes));
    const Offload target = paramOffload ? layout.offloadParams : layout.offloadOptimizer;
    (target == Offload::Nvme ? m.offloadedNvme : m.offloadedCpu) = off;

    // Gathered working set when weights are sharded over more than one GPU or streamed from the
    // host. A unit is one layer or the embedding/output matrix, gathered in the compute dtype (a
    // frozen quantized base in its storage format). Resident and gathered weights together never
    // exceed what an unsharded GPU keeps, so sharding or offloading more never needs more memory
    // (models of one or two units would otherwise hold a shard next to the whole model).
    const double gatherMatmul = lora ? wMatmul : half;
    const double gatherOther = lora ? wOther : half;
    const double expertPerLayer = stage.layers > 0 ? stage.expert / stage.layers : 0.0;
    const double normsPerLayer = stage.layerParams - stage.layerMatmul - expertPerLayer;
    const double unitLayer = (stage.layerMatmul + expertPerLayer) * gatherMatmul + normsPerLayer * gatherOther;
    const double unit = std::max(unitLayer, stage.embeddingUnit * gatherOther);
    const double notResident = std::max(0.0, unshardedWeights - m.weights);   // after offload
    // FSDP with an fp32 master casts each unit to the compute dtype even without sharding.
    if ((shardWeights && (d > 1 || fsdpMasterIsParam)) || paramOffload) {
        // FSDP holds the unit being computed and the prefetched next one: the largest unit and its
        // neighbour, which is a layer (the embedding and the output layer are never adjacent).
        const double gathered = impl == ShardingImpl::DeepSpeed
                                    ? memassume::kDeepSpeedZero3BytesPerLargestLayerParam / 2.0 * unit   // params + grads
                                    : unit + (memassume::kFsdpGatheredUnits - 1.0) * unitLayer;
        m.gathered = std::min(gathered, notResident);
    }

    // FSDP with pipeline parallelism: the stage's parameters stay unsharded in the compute dtype
    // between micro-batches (reshard_after_forward=False) and their gradients accumulate unsharded
    // in the fp32 reduce dtype until the last micro-batch's backward reduce-scatters them
    // (torchtitan pipelining + FSDP2: set_requires_gradient_sync on the last backward only), with
    // gradient sharding (ZeRO-2) as with full sharding.
    if (fw.fsdpUnshardedWithPp && impl == ShardingImpl::Fsdp && shardGrads && layout.pp > 1 && d > 1 && !paramOffload) {
        m.gathered = std::max(m.gathered, unshardedWeights - m.weights);
        m.gradients += std::max(0.0, 4.0 * trainable - m.gradients);
        return m;
    }

    // Gradient communication buffers inside the allocator.
    if (d > 1 && impl == ShardingImpl::DeepSpeed && zero <= 2)
        m.commBuffers = std::min(memassume::kDeepSpeedBucketElements, trainable) * trainBytes;
    if (impl == ShardingImpl::Fsdp && (shardGrads || paramOffload)) {
        // A unit's unsharded gradient before its reduce-scatter (or its copy to the host), at most
        // what sharding or offload took off the gradient buffer.
        const double saved = std::max(0.0, gradBytes * trainable - m.gradients);
        m.commBuffers = std::min(unitTrainable * half, saved);
    }
    return m;
}

} // namespace gpuplan

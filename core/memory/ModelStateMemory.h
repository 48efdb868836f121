// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Layout.h"
#include "model/ModelShape.h"
#include "plan/Plan.h"

// Weights, gradients, optimizer states and master weights of one GPU (docs/formulas.md §2): the
// parameters a pipeline stage holds after tensor/expert partitioning, then the bytes per parameter
// of the training recipe, sharded over the data-parallel group by ZeRO/FSDP/the distributed optimizer
// and possibly offloaded. docs/memory.md §2.
namespace gpuplan {

struct GpuSpec;

// Parameters one GPU of a pipeline stage holds (after TP and EP splitting).
struct StageParams
{
    double layers = 0;         // transformer layers on the stage
    double denseLayers = 0;    // of them, layers with a dense MLP (the model's leading dense layers)
    double matmul = 0;         // non-expert matmul weights of those layers (quantizable, LoRA-adaptable)
    double expert = 0;         // routed-expert weights (sharded over the expert data-parallel group)
    double other = 0;          // embeddings, output layer, norms, position table: kept in 16-bit
    double layerParams = 0;    // one layer on this GPU (matmul + experts + norms): a ZeRO-3/FSDP unit
    double layerMatmul = 0;    // of layerParams, the non-expert matmul weights
    double embeddingUnit = 0;  // the embedding or output layer on this GPU, the other gathered unit; 0 if none
    int vocabMatrices = 0;     // V x h matrices on the stage: the embedding and/or an output layer

    double total() const { return matmul + expert + other; }
};

// First stage: embedding (+ position table) and its layers; when pp = 1 also the output layer.
StageParams firstStageParams(const ModelShape &shape, const Layout &layout);
// Last stage: its layers, the final norm, the output layer (or the tied embedding copy), MTP modules.
StageParams lastStageParams(const ModelShape &shape, const Layout &layout);
// A stage between the two ends (0 < stage < pp - 1): its ceil(L/pp) layers from layer
// stage x ceil(L/pp), without the embedding or the output layer.
StageParams middleStageParams(const ModelShape &shape, const Layout &layout, int stage);

// LoRA adapter parameters of one layer per GPU: rank r on Q, K, V, O (and the MLP matrices when
// allLinear), A: in x r and B: r x out, split by TP.
double loraParamsPerLayer(const ModelShape &shape, int rank, bool allLinear, int tp);

// Bytes per element of the 16-bit copy frameworks keep for non-quantized parameters and adapters.
double halfPrecisionBytes(const Precision &precision);

// Optimizer state bytes per trainable parameter (no master copy), and per stage for Adafactor,
// whose factored second moment grows with rows + columns of each matrix.
double optimizerStateBytesPerParam(Optimizer optimizer, Dtype stateDtype);
double adafactorStateBytes(const ModelShape &shape, const StageParams &stage, int tp, Dtype stateDtype);

struct ModelStateBytes
{
    double weights = 0;
    double gradients = 0;
    double optimizerStates = 0;
    double masterWeights = 0;
    double gathered = 0;         // ZeRO-3/FSDP/offload gathered working set (weights of units in use)
    double commBuffers = 0;      // gradient buckets / unsharded unit gradients inside the allocator
    // The gradient of one unit (a layer or the embedding/output matrix) as the gradient buffer keeps
    // it when gradients are not sharded: what the first backward has made once it finishes a unit
    // where no gradient existed before it (FSDP NO_SHARD after zero_grad(set_to_none=True)).
    double unitGradients = 0;
    double pagedStates = 0;      // optimizer + master bytes in paged (unified) memory; placed later
    double offloadedCpu = 0;
    double offloadedNvme = 0;
};

// Model states of one GPU that holds `stage`. anyLayoutFp8Gemm: the GPU's FP8 GEMMs take operands
// in any layout (Blackwell), so per-tensor-scaled FP8 needs no cached transpose of the weights;
// false: Hopper's TN-only FP8 GEMMs.
ModelStateBytes modelStateBytes(const Plan &plan, const ModelShape &shape, const Layout &layout,
                                const StageParams &stage, bool anyLayoutFp8Gemm = false);

// Both pipeline stages a DualPipe rank holds (stage i and stage pp - 1 - i, DeepSeek-V3 report
// arXiv 2412.19437 §3.2.1): their parameters added, one unit the larger of the two.
StageParams combinedStageParams(const StageParams &a, const StageParams &b);

// The parameters one rank of the first (first = true) or the last pipeline stage holds, as the
// training memory model counts them: under DualPipe (pp > 1) the ranks at both ends hold stage 0
// and stage pp - 1 together. The memory explanation reads the same figures (core/explain).
StageParams rankStageParams(const ModelShape &shape, const Layout &layout, bool first);

// The middle rank of a DualPipe pipeline (pp >= 4) that the training memory model evaluates next to
// the end rank: it holds stage dualPipeMiddleStage and stage pp - 1 - dualPipeMiddleStage, the
// stages furthest from the leading dense layers; -1 when there is none.
int dualPipeMiddleStage(const Layout &layout);

// Blackwell's FP8 GEMMs take any operand layout (the GPUs with FP4 tensor cores), Hopper's only
// TN: per-tensor FP8 needs its cached transpose there (LowPrecisionMemory.h). False without a GPU.
bool anyLayoutFp8Gemm(const GpuSpec *gpu);

} // namespace gpuplan

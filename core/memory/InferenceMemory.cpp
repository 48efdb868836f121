// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/InferenceMemory.h"

#include "catalog/EnginePreset.h"
#include "common/Dtype.h"
#include "common/Units.h"
#include "memory/DisaggregatedMemory.h"
#include "memory/FrameworkOverhead.h"
#include "memory/MemoryAssumptions.h"
#include "memory/MemoryModel.h"
#include "memory/MemoryTimeline.h"
#include "memory/ModelStateMemory.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

bool isIntegerQuantized(Dtype d)
{
    return d == Dtype::INT8 || d == Dtype::INT4 || d == Dtype::NF4;
}

double roundUpToBlock(double tokens, int block)
{
    if (block <= 1)
        return std::ceil(tokens);
    return std::ceil(tokens / block) * block;
}

int blockTokens(const Plan &plan, const EnginePreset *engine)
{
    if (engine && !engine->pagedKv)
        return 1;
    return plan.workload.inference.kvBlockTokens;
}

} // namespace

double kvBytesPerTokenPerLayer(const ModelShape &s, int tp, Dtype kvDtype)
{
    const double bytes = quantizedBytesPerElement(kvDtype);
    if (s.mla)
        return s.kvElementsPerToken * bytes;
    // g / min(t, g) heads per rank (docs/formulas.md §4); uneven splits give the busiest rank the ceiling.
    const double t = std::max(tp, 1);
    const double headsPerGpu = std::ceil(s.kvHeads / std::min<double>(t, s.kvHeads));
    return 2.0 * headsPerGpu * s.headDim * bytes;
}

double kvBytesPerSequence(const ModelShape &s, int tp, int pp, Dtype kvDtype, double contextTokens, int block)
{
    const int p = std::clamp(pp, 1, std::max(s.layers, 1));
    const double stageLayers = std::ceil(static_cast<double>(s.layers) / p);
    const double L = std::max(s.layers, 1);
    const double full = roundUpToBlock(contextTokens, block);
    double tokens = full;
    if (s.slidingWindow > 0 && s.slidingLayers > 0) {
        const double windowed = std::min<double>(s.slidingLayers, L) / L;
        const double window = roundUpToBlock(std::min<double>(contextTokens, s.slidingWindow), block);
        tokens = (1.0 - windowed) * full + windowed * window;
    }
    return stageLayers * tokens * kvBytesPerTokenPerLayer(s, tp, kvDtype);
}

double inferenceWeightBytes(const Plan &plan, const ModelShape &s, const Layout &l)
{
    const Dtype w = plan.precision.weights;
    const double wMatmul = quantizedBytesPerElement(w);
    const double wOther = (w == Dtype::FP32 || w == Dtype::TF32) ? 4.0 : 2.0;
    auto bytes = [&](const StageParams &st) { return (st.matmul + st.expert) * wMatmul + st.other * wOther; };
    const double first = bytes(firstStageParams(s, l));
    return l.pp > 1 ? std::max(first, bytes(lastStageParams(s, l))) : first;
}

int pagedBlockTokens(const Plan &plan, const EnginePreset *engine)
{
    return blockTokens(plan, engine);
}

AttentionDpMemory attentionDpMemory(const Plan &plan, const ModelShape &s, const Layout &l, double contextTokens,
                                    int block)
{
    return attentionDpMemory(plan, s, l, contextTokens, block, plan.workload.inference.attentionDp);
}

AttentionDpMemory attentionDpMemory(const Plan &plan, const ModelShape &s, const Layout &l, double contextTokens,
                                    int block, int asked)
{
    AttentionDpMemory r;
    const int tp = std::max(l.tp, 1);
    r.dp = asked > 1 && tp % asked == 0 ? asked : 1;
    r.attentionTp = tp / r.dp;
    const double wMatmul = quantizedBytesPerElement(plan.precision.weights);
    const double stageLayers = std::ceil(static_cast<double>(s.layers) / std::clamp(l.pp, 1, std::max(s.layers, 1)));
    r.attentionWeightBytes = stageLayers * s.attnParams / r.attentionTp * wMatmul;
    r.expertWeightBytes = stageLayers * s.expertParamsTotal / std::max(s.layers, 1) / tp * wMatmul;
    r.kvBytesPerRequest =
        kvBytesPerSequence(s, r.attentionTp, l.pp, plan.precision.kvCache, contextTokens, block) / r.dp;
    // inferenceWeightBytes splits the attention over all tp GPUs; a rank holds tp / dp's share.
    r.weightBytes = inferenceWeightBytes(plan, s, l);
    if (r.dp > 1)
        r.weightBytes += r.attentionWeightBytes - stageLayers * s.attnParams / tp * wMatmul;
    return r;
}

namespace {

// Temporaries of one forward step of stepTokens tokens over sequences sequences whose attention
// reads `keys` positions each, with the engine's reserve (docs/memory.md §6).
double stepWorkspaceBytes(const Plan &plan, const ModelShape &s, const Layout &l, const EnginePreset *engine,
                          double sequences, double stepTokens, double keys)
{
    const InferenceWorkload &w = plan.workload.inference;
    const double q = bytesPerElement(plan.precision.activations);
    const double t = std::max(l.tp, 1);
    const double h = s.hidden;
    const double b = std::max(sequences, 1.0);

    // Per token per layer: residual, norm output and layer output (h), Q/K/V and the attention
    // output (split by TP), and the MLP intermediates (gate, up and product; or fc1 and GeLU).
    const double f = s.moeLayers > 0 ? s.expertFfn * (s.topK + s.sharedExperts) : s.ffn;
    const double perToken = q * (3.0 * h + (s.qWidth + s.kvProjWidth + s.vWidth) / t + (s.gated ? 3.0 : 2.0) * f / t);
    double ws = memassume::kInferenceLayersOfTemporaries * stepTokens * perToken;

    // Eager attention materializes the scores and the softmax of one layer: step tokens x keys x heads.
    if (!l.flashAttention)
        ws += stepTokens * keys * s.heads / t * 2.0 * q;

    // Logits of the last position of every sequence, fp32.
    ws += b * s.vocab / t * 4.0;

    // Weight-only quantized matmuls dequantize one matrix at a time to 16-bit.
    if (isIntegerQuantized(plan.precision.weights))
        ws += h * std::max({s.ffn, s.expertFfn, static_cast<int>(s.qWidth)}) / t * 2.0;

    // Integer-quantized KV is dequantized one layer at a time (unsloth PR #9525: "scratch").
    if (isIntegerQuantized(plan.precision.kvCache)) {
        const double context = std::max(w.promptLen, 1) + std::max(w.outputLen, 0);
        ws += b * context * kvBytesPerTokenPerLayer(s, l.tp, Dtype::BF16);
    }

    if (engine)
        ws += engine->memoryReserveGiB * units::kGiB;
    return ws;
}

// Tokens of one step: engines with paged KV run chunks of at most the chunk size (prefill chunks
// and decodes alike), the others the whole batch.
double stepTokensCapped(const EnginePreset *engine, double tokens)
{
    const bool chunked = !engine || engine->pagedKv;
    return chunked ? std::min(tokens, memassume::kPrefillChunkTokens) : tokens;
}

} // namespace

double inferenceWorkspaceBytes(const Plan &plan, const ModelShape &s, const Layout &l, const EnginePreset *engine,
                               double sequences)
{
    const double prompt = std::max(plan.workload.inference.promptLen, 1);
    const double b = std::max(sequences, 1.0);
    return stepWorkspaceBytes(plan, s, l, engine, sequences, stepTokensCapped(engine, b * prompt), prompt);
}

double inferenceDecodeWorkspaceBytes(const Plan &plan, const ModelShape &s, const Layout &l, const EnginePreset *engine,
                                     double sequences)
{
    const InferenceWorkload &w = plan.workload.inference;
    const double context = std::max(w.promptLen, 1) + std::max(w.outputLen, 0);
    const double b = std::max(sequences, 1.0);
    return stepWorkspaceBytes(plan, s, l, engine, sequences, stepTokensCapped(engine, b), context);
}

MemoryResult estimateInferenceMemory(const ResolvedPlan &plan, const Layout &layout)
{
    if (plan.plan->workload.inference.servingMode == ServingMode::Disaggregated)
        return disaggregatedMemory(plan, layout).binding;
    const Plan &p = *plan.plan;
    const ModelShape &s = plan.shape;
    const InferenceWorkload &w = p.workload.inference;
    const double context = static_cast<double>(w.promptLen) + w.outputLen;
    const int block = blockTokens(p, plan.engine);
    // The engine's share of what CUDA reports as the device total (vLLM's gpu_memory_utilization is a
    // fraction of torch.cuda.mem_get_info's total), as training and the KV pool (kvPool) take it; the
    // breakdown holds the CUDA context, NCCL and the engine reserve.
    const double capacity = (plan.gpu ? deviceTotalBytes(*plan.gpu) : 0.0) * w.memoryUtilization;
    const FrameworkOverhead overhead = frameworkOverhead(p.overheads, (layout.tp > 1) + (layout.pp > 1));
    // The layout carries the concurrency being evaluated (layoutFromPlan: the plan's; the
    // concurrency curve and the search vary it).
    const double concurrency = std::max(layout.microBatch, 1);
    const double band = memoryErrorBand(plan);

    // Bytes with `sequences` KV caches, overheads included.
    auto withSequences = [&](const Layout &l, double sequences, MemoryResult &r) {
        r = MemoryResult{};
        // Attention DP: the rank's attention weights and its share of the requests' KV.
        const AttentionDpMemory dp = attentionDpMemory(p, s, l, context, block);
        r.breakdown.weights = dp.dp > 1 ? dp.weightBytes : inferenceWeightBytes(p, s, l);
        // The larger of a prefill chunk's and a decode step's temporaries (the decode's only where
        // eager attention scores a long context for a short prompt).
        r.breakdown.workspace = std::max(inferenceWorkspaceBytes(p, s, l, plan.engine, sequences),
                                         inferenceDecodeWorkspaceBytes(p, s, l, plan.engine, sequences));
        r.kvBytesPerSequence =
            dp.dp > 1 ? dp.kvBytesPerRequest : kvBytesPerSequence(s, l.tp, l.pp, p.precision.kvCache, context, block);
        r.breakdown.kvCache = sequences * r.kvBytesPerSequence;
        finishMemoryResult(r, overhead, 0.0, capacity, band);
    };

    MemoryResult m;
    withSequences(layout, 1.0, m);
    const bool modelFits = m.fits;
    int maxConcurrency = 0;
    if (modelFits) {
        // Sequences whose KV cache fits. The free capacity over one sequence's KV (with its slack)
        // bounds it from above; the temporaries grow with the batch too, so the largest count that
        // still fits is found by bisection below that bound.
        const double perSequence = m.kvBytesPerSequence * (1.0 + overhead.allocatorSlack);
        const double free = capacity - (m.perGpuBytes - perSequence);
        const int hi = perSequence > 0 ? static_cast<int>(std::min(free / perSequence, 1e9)) : 1000000000;
        MemoryResult probe;
        maxConcurrency = largestCountThatFits(hi, [&](int count) {
            withSequences(layout, count, probe);
            return probe.fits;
        });
    }
    const double held = modelFits ? std::min<double>(concurrency, maxConcurrency) : 1.0;
    withSequences(layout, held, m);
    m.maxConcurrency = maxConcurrency;
    m.deviceTotalBytes = plan.gpu ? deviceTotalBytes(*plan.gpu) : 0.0;
    m.soldBytes = plan.gpu ? plan.gpu->memoryBytes : 0.0;
    // fits: the model and one sequence within the engine's share of the GPU, exactly (what the
    // concurrency above and the serving model rely on); the verdict, from the final breakdown, allows
    // for the model's error band like training's.
    m.fits = modelFits;

    // Smallest power-of-two TP that holds the weights and one sequence (the same PP).
    Layout trial = layout;
    MemoryResult probe;
    for (int tp = 1; tp <= 4096; tp *= 2) {
        trial.tp = tp;
        withSequences(trial, 1.0, probe);
        if (probe.fits) {
            m.minTpThatFits = tp;
            break;
        }
    }
    return m;
}

MemoryTimeline inferenceMemoryTimeline(const ResolvedPlan &plan, const Evaluation &e)
{
    MemoryTimeline t;
    const MemoryBreakdown &peak = e.memory.breakdown;
    MemoryPhase serving;
    serving.kind = MemoryPhaseKind::Serving;
    serving.timeFraction = 0.5;
    serving.bytes = peak;
    if (!plan.plan) {
        addMemoryPhase(t, serving);
        t.peak = 0;
        return t;
    }
    const Plan &p = *plan.plan;
    const Layout &l = e.layout;
    const FrameworkOverhead overhead = frameworkOverhead(p.overheads, (l.tp > 1) + (l.pp > 1));
    // The sequences whose KV the evaluation holds at the load.
    const double sequences = e.memory.kvBytesPerSequence > 0 ? peak.kvCache / e.memory.kvBytesPerSequence : 1.0;

    // Started: the weights and what the engine reserves before any request (its workspace
    // reserve, CUDA graphs' pools), with the context and NCCL buffers.
    MemoryPhase start;
    start.kind = MemoryPhaseKind::EngineStart;
    start.bytes.weights = peak.weights;
    start.bytes.workspace = plan.engine ? plan.engine->memoryReserveGiB * units::kGiB : 0.0;
    addMemoryOverheads(start.bytes, overhead, 0.0);

    // A decode step of every sequence: the same KV cache, one token per sequence in flight.
    MemoryPhase decode;
    decode.kind = MemoryPhaseKind::Decode;
    decode.timeFraction = 1.0;
    decode.bytes.weights = peak.weights;
    decode.bytes.kvCache = peak.kvCache;
    decode.bytes.workspace = inferenceDecodeWorkspaceBytes(p, plan.shape, l, plan.engine, sequences);
    addMemoryOverheads(decode.bytes, overhead, 0.0);

    addMemoryPhase(t, start);
    addMemoryPhase(t, serving);
    addMemoryPhase(t, decode);
    t.peak = largestMemoryPhase(t);
    return t;
}

KvPool kvPool(const ResolvedPlan &plan, const Layout &layout, double promptLen, double outputLen)
{
    KvPool pool;
    if (!plan.plan || !plan.gpu || !plan.engine)
        return pool;
    const Plan &p = *plan.plan;
    const EnginePreset &e = *plan.engine;
    const ModelShape &s = plan.shape;
    const double hbm = plan.gpu->softwareVisibleBytes();
    const double passSequences = std::clamp(e.maxTokensPerStep / std::max(promptLen, 1.0), 1.0,
                                            static_cast<double>(std::max(e.maxBatch, 1)));
    const double context = e.kvReserveWholeRequest ? promptLen + outputLen : promptLen + 0.5 * outputLen;
    const AttentionDpMemory dp = attentionDpMemory(p, s, layout, context, blockTokens(p, plan.engine));
    const double weights = dp.dp > 1 ? dp.weightBytes : inferenceWeightBytes(p, s, layout);
    const FrameworkOverhead overhead = frameworkOverhead(p.overheads, (layout.tp > 1) + (layout.pp > 1));
    const double fraction = p.workload.inference.memoryUtilization;
    if (e.kvFractionOfFree) {
        // TensorRT-LLM: a fraction of what is free after the weights, the warm-up pass's
        // temporaries, the engine reserve, the CUDA context, NCCL and the allocator's slack.
        MemoryResult r;
        r.breakdown.weights = weights;
        r.breakdown.workspace = inferenceWorkspaceBytes(p, s, layout, plan.engine, passSequences);
        finishMemoryResult(r, overhead, 0.0, hbm, memoryErrorBand(plan));
        pool.poolBytes = e.kvMemoryFraction * (hbm - r.perGpuBytes);
    } else if (!e.kvFractionCoversTemporaries) {
        // SGLang (model_runner.py profile_max_num_token): the memory free after the weights less
        // (1 - mem_fraction_static) x the memory free before them, both read after the CUDA
        // context and NCCL are set up: fraction x (HBM - context - NCCL) - weights. The weights
        // are counted as loaded, without an allocator slack; the pass temporaries and CUDA graphs
        // live in the (1 - fraction) left outside.
        pool.poolBytes = fraction * (hbm - overhead.cudaContextBytes - overhead.ncclBytes) - weights;
    } else {
        // vLLM (gpu_worker.py determine_available_memory): gpu_memory_utilization x HBM less what
        // the profiling pass measured beyond the start-up snapshot: the weights, the peak of the
        // allocated temporaries (allocated bytes, so no allocator slack) and the memory outside
        // PyTorch that grew since (NCCL). The CUDA context, made before the snapshot, is not in it.
        pool.poolBytes = fraction * hbm - weights - inferenceWorkspaceBytes(p, s, layout, plan.engine, passSequences) -
                         overhead.ncclBytes;
    }
    if (pool.poolBytes <= 0)
        return pool;
    pool.bytesPerRequest = dp.dp > 1 ? dp.kvBytesPerRequest
                                     : kvBytesPerSequence(s, layout.tp, layout.pp, p.precision.kvCache, context,
                                                          blockTokens(p, plan.engine));
    if (pool.bytesPerRequest > 0)
        pool.requests = static_cast<int>(std::min(std::floor(pool.poolBytes / pool.bytesPerRequest), 1e9));
    return pool;
}

int saturatedConcurrency(const ResolvedPlan &plan, const Layout &layout, double promptLen, double outputLen)
{
    const KvPool pool = kvPool(plan, layout, promptLen, outputLen);
    return plan.engine ? std::min(pool.requests, plan.engine->maxBatch) : pool.requests;
}

} // namespace gpuplan

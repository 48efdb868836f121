// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/ForwardCost.h"

#include "common/Dtype.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

double sixteenBitPeak(const GpuSpec &gpu)
{
    const double p = std::max(gpu.peak(Dtype::BF16), gpu.peak(Dtype::FP16));
    return p > 0 ? p : std::max(gpu.peak(Dtype::TF32), gpu.peak(Dtype::FP32));
}

// `kernel` is the fixed cost of one kernel: m.kernelLatency when launched from the host,
// m.graphKernelLatency when replayed in a CUDA graph.
double gemmTime(const ForwardCostModel &m, double kernel, double tokens, const GemmShape &g, double rate,
                double weightBytes)
{
    if (g.k <= 0 || g.n <= 0 || tokens <= 0)
        return 0;
    const double flops = 2.0 * tokens * g.k * g.n;
    const double bytes = g.k * g.n * weightBytes + tokens * (g.k + g.n) * m.actBytes;
    return std::max(flops / rate, bytes / m.memoryBw) + kernel;
}

// Routed experts of one MoE layer: each token visits topK experts; the weights read are those of
// the experts at least one token visits, E x (1 - (1 - k/E)^tokens) in expectation (uniform routing).
double routedExpertTime(const ForwardCostModel &m, double kernel, double tokens)
{
    if (m.routedExperts <= 0 || tokens <= 0)
        return 0;
    const double touched = m.routedExperts * (1.0 - std::pow(1.0 - m.topK / m.routedExperts, tokens));
    const double flops = tokens * m.topK * m.expertFlopsPerToken;
    const double bytes = touched * m.expertWeightsPerGpu * m.weightBytes + 2.0 * tokens * m.topK * m.hiddenBytesPerToken;
    return std::max(flops / m.gemmFlopRate, bytes / m.memoryBw) + 2.0 * kernel;
}

double attentionTime(const ForwardCostModel &m, double kernel, double flops, double bytes)
{
    return std::max(flops / m.attentionFlopRate, bytes / m.memoryBw) + kernel;
}

// Causal (query, key) pairs of one sequence of s tokens when each query sees at most w keys.
double causalPairs(double s, double w)
{
    if (w <= 0 || s <= w)
        return 0.5 * s * (s + 1.0);
    return 0.5 * w * (w + 1.0) + (s - w) * w;
}

// Everything in a layer except the attention core, for `tokens` tokens; the attention core is
// added by the callers (prefill and decode differ there).
double layersWithoutAttention(const ForwardCostModel &m, double kernel, double tokens)
{
    const double layers = m.denseLayers + m.moeLayers;
    // An attention rank projects its own requests' tokens with its whole share of the weights.
    const double attnTokens = tokens * m.attentionTokenShare;
    double common = gemmTime(m, kernel, attnTokens, m.qkv, m.gemmFlopRate, m.weightBytes) +
                    gemmTime(m, kernel, attnTokens, m.attnOut, m.gemmFlopRate, m.weightBytes) + m.extraKernels * kernel;
    if (m.tp > 1)
        common += 2.0 * collectiveTime(Collective::AllReduce, tokens * m.hiddenBytesPerToken, m.tpGroup, m.net);
    const double dense = gemmTime(m, kernel, tokens, m.mlpUp, m.gemmFlopRate, m.weightBytes) +
                         gemmTime(m, kernel, tokens, m.mlpDown, m.gemmFlopRate, m.weightBytes) +
                         tokens * m.elementwiseBytesDense / m.memoryBw;
    double moe = 0;
    if (m.moeLayers > 0)
        moe = gemmTime(m, kernel, tokens, m.router, m.gemmFlopRate, m.actBytes) +
              gemmTime(m, kernel, tokens, m.sharedUp, m.gemmFlopRate, m.weightBytes) +
              gemmTime(m, kernel, tokens, m.sharedDown, m.gemmFlopRate, m.weightBytes) + routedExpertTime(m, kernel, tokens) +
              tokens * m.elementwiseBytesMoe / m.memoryBw;
    if (m.moeLayers > 0 && m.expertDispatchBytesPerToken > 0) {
        // Expert parallelism: each GPU sends its tokens' hidden states to their experts and gets
        // the results back (two all-to-alls); the attention ranks reduce over their own TP group
        // only. These replace the two replica-wide all-reduces counted in `common`.
        const double perGpuTokens = tokens / std::max(m.tp, 1);
        moe += 2.0 * collectiveTime(Collective::AllToAll, perGpuTokens * m.expertDispatchBytesPerToken, m.epGroup, m.net);
        if (m.attnTpGroup.ranks > 1)
            moe += collectiveTime(Collective::AllReduce, attnTokens * m.hiddenBytesPerToken, m.attnTpGroup, m.net);
        if (m.tp > 1)
            moe -= 2.0 * collectiveTime(Collective::AllReduce, tokens * m.hiddenBytesPerToken, m.tpGroup, m.net);
    }
    return layers * common + m.denseLayers * dense + m.moeLayers * moe;
}

// Logits of `rows` tokens, pipeline hops of `tokens` activations, and the per-pass host work.
double passEnvelope(const ForwardCostModel &m, double kernel, double rows, double tokens)
{
    double t = gemmTime(m, kernel, rows, m.logits, m.logitFlopRate, m.logitWeightBytes) + m.stepOverhead;
    if (m.pp > 1)
        t += (m.pp - 1) * p2pTime(tokens * m.hiddenBytesPerToken, m.tp, m.net);
    return t;
}

} // namespace

ForwardCostModel buildForwardCost(const ResolvedPlan &plan, const Layout &layout)
{
    ForwardCostModel m;
    if (!plan.gpu || !plan.engine || !plan.plan)
        return m;
    const GpuSpec &gpu = *plan.gpu;
    const EnginePreset &e = *plan.engine;
    const Precision &pr = plan.plan->precision;
    const ModelShape &s = plan.shape;
    const double t = std::max(layout.tp, 1);
    m.tp = std::max(layout.tp, 1);
    m.pp = std::max(layout.pp, 1);

    // Rates. Attention kernels and the output layer stay in 16-bit in the engines modelled (FP8
    // attention kernels are not modelled).
    const double peak16 = sixteenBitPeak(gpu);
    // A GPU without a rate for the compute format runs it at its 16-bit rate (the layout check
    // reports NoFlopsForDtype).
    const double peak = gpu.peak(pr.compute) > 0 ? gpu.peak(pr.compute) : peak16;
    const bool narrowCompute = bytesPerElement(pr.compute) < 2.0;
    m.gemmFlopRate = peak * e.prefillFlopsFraction;
    m.logitFlopRate = (narrowCompute ? peak16 : peak) * e.prefillFlopsFraction;
    m.attentionFlopRate = peak16 * e.attentionFlopsFraction;
    m.memoryBw = gpu.memoryBandwidth * e.decodeBwFraction;
    m.kernelLatency = e.kernelLatencyS;
    if (m.gemmFlopRate <= 0 || m.attentionFlopRate <= 0 || m.memoryBw <= 0)
        return m;

    m.weightBytes = quantizedBytesPerElement(pr.weights);
    m.logitWeightBytes = std::max(2.0, bytesPerElement(pr.weights));
    m.actBytes = bytesPerElement(pr.activations);
    const double kvBytes = quantizedBytesPerElement(pr.kvCache);
    const double h = s.hidden;
    m.hiddenBytesPerToken = h * m.actBytes;

    m.denseLayers = s.denseLayers;
    m.moeLayers = s.moeLayers;
    m.windowLayers = std::min(s.slidingLayers, s.layers);
    m.fullAttentionLayers = s.layers - m.windowLayers;
    m.window = s.slidingWindow;

    // Attention projections per GPU. KV heads are split over TP ranks, or replicated once TP
    // exceeds their number (docs/formulas.md §4).
    const double qHeads = s.heads / t;
    const double kvHeads = std::max(s.kvHeads / t, 1.0);
    const double d = s.headDim;
    if (s.mla) {
        const double outParams = s.vWidth * h;
        m.qkv = {h, (s.attnParams - outParams) / h / t};
        const double latent = s.kvElementsPerToken;   // r_kv + d_rope
        const double rkv = plan.plan->model.mlaKvLoraRank;
        m.decodeAttnFlopsPerPair = 2.0 * qHeads * (latent + rkv);
        m.kvBytesReadPerPosition = latent * kvBytes;   // the latent is read once for all heads
        m.kvBytesPerToken = latent * kvBytes;
        m.qkvoBytesPerToken = (s.qWidth / t + latent + s.vWidth / t) * m.actBytes;
    } else {
        m.qkv = {h, s.qWidth / t + 2.0 * kvHeads * d};
        m.decodeAttnFlopsPerPair = 2.0 * (s.qWidth + s.vWidth) / t;
        // Query heads sharing one KV head re-read it unless the kernel reuses the read.
        const double queriesPerKv = std::max(qHeads / kvHeads, 1.0);
        const double reads = 1.0 + (queriesPerKv - 1.0) * (1.0 - e.gqaKvReuse);
        m.kvBytesPerToken = 2.0 * kvHeads * d * kvBytes;
        m.kvBytesReadPerPosition = m.kvBytesPerToken * reads;
        m.qkvoBytesPerToken = (s.qWidth / t + 2.0 * kvHeads * d + s.vWidth / t) * m.actBytes;
    }
    m.prefillAttnFlopsPerPair = 2.0 * (s.qWidth + s.vWidth) / t;
    m.attnOut = {s.vWidth / t, h};

    // MLPs per GPU.
    const double upWidth = s.gated ? 2.0 : 1.0;
    m.mlpUp = {h, upWidth * s.ffn / t};
    m.mlpDown = {s.ffn / t, h};
    if (s.moeLayers > 0) {
        m.router = {h, static_cast<double>(s.experts)};
        if (s.sharedExperts > 0) {
            m.sharedUp = {h, upWidth * s.sharedExperts * s.expertFfn / t};
            m.sharedDown = {s.sharedExperts * s.expertFfn / t, h};
        }
        m.routedExperts = s.experts;
        m.topK = s.topK;
        m.expertWeightsPerGpu = s.oneExpertParams / t;
        m.expertFlopsPerToken = 2.0 * s.oneExpertParams / t;
    }
    m.logits = {h, s.vocab / t};

    // Elementwise traffic: norms, residual adds, activation function, quantization, rotary.
    m.elementwiseBytesDense = (e.elementwiseHiddenPasses * h + e.elementwiseFfnPasses * upWidth * s.ffn / t) * m.actBytes;
    m.elementwiseBytesMoe =
        (e.elementwiseHiddenPasses * h + e.elementwiseFfnPasses * upWidth * (s.topK + s.sharedExperts) * s.expertFfn / t) *
        m.actBytes;
    m.extraKernels = e.extraKernelsPerLayer;

    // Tensor-parallel all-reduce: alpha + 2(t-1)/t x bytes / bus bandwidth inside a node, two-level
    // across nodes (docs/formulas.md §7.1, §7.3). Inside a node the engine's achieved bus fraction and
    // latency replace the GPU's large-message NCCL figures: TP messages are 10 KB to 100 MB, far
    // below the sizes where NCCL reaches its peak.
    m.net = commNetwork(plan);
    const double gpuFraction = gpu.efficiency.intraBusBwFraction;
    if (gpuFraction > 0)
        m.net.intra.busBw *= e.allReduceBusFraction / gpuFraction;
    m.net.intra.latencyS = e.allReduceLatencyS;
    m.tpGroup = placeGroup(m.tp, 1, plan.gpusPerNode);
    m.stepOverhead = e.stepOverheadS;
    m.graphMaxBatch = std::max(e.cudaGraphMaxBatch, 0);
    m.graphKernelLatency = e.graphKernelLatencyS;
    m.prefillOverhead = e.prefillOverheadS;
    m.maxTokensPerStep = std::max(e.maxTokensPerStep, 1);
    m.sequenceStepOverhead = e.sequenceStepOverheadS;
    m.valid = true;
    return m;
}

double prefillPassTime(const ForwardCostModel &m, double sequences, double promptLen)
{
    const double k = m.kernelLatency;
    const double tokens = sequences * promptLen;
    const double perToken = m.qkvoBytesPerToken + m.kvBytesPerToken;
    const double full =
        attentionTime(m, k, sequences * causalPairs(promptLen, 0) * m.prefillAttnFlopsPerPair, tokens * perToken);
    const double windowed =
        m.windowLayers > 0
            ? attentionTime(m, k, sequences * causalPairs(promptLen, m.window) * m.prefillAttnFlopsPerPair, tokens * perToken)
            : 0.0;
    return layersWithoutAttention(m, k, tokens) + m.fullAttentionLayers * full + m.windowLayers * windowed +
           passEnvelope(m, k, sequences, tokens);
}

double decodePassTime(const ForwardCostModel &m, double sequences, double context)
{
    const double k = m.kernelLatency;
    auto attention = [&](double c) {
        return attentionTime(m, k, sequences * c * m.decodeAttnFlopsPerPair,
                             sequences * (c * m.kvBytesReadPerPosition + m.qkvoBytesPerToken + m.kvBytesPerToken));
    };
    const double windowed = m.windowLayers > 0 ? attention(std::min(context, m.window)) : 0.0;
    return layersWithoutAttention(m, k, sequences) + m.fullAttentionLayers * attention(context) +
           m.windowLayers * windowed + passEnvelope(m, k, sequences, sequences);
}

double graphBatch(const ForwardCostModel &m, double decoding)
{
    const double d = std::ceil(decoding - 1e-9);
    if (d < 1 || d > m.graphMaxBatch)
        return 0;
    const double captured = d <= 8 ? std::exp2(std::ceil(std::log2(d))) : 8.0 * std::ceil(d / 8.0);
    return std::min(captured, m.graphMaxBatch);
}

namespace {

double mixedPass(const ForwardCostModel &m, double kernel, double decoding, double context, double prefillTokens,
                 double promptLen, double firstTokens)
{
    const double tokens = decoding + prefillTokens;
    if (tokens <= 0)
        return 0;
    // Decode attention reads each sequence's KV; a prefill token attends to the prompt tokens
    // before it, (promptLen + 1) / 2 on average over a prompt, and writes its K and V.
    auto attention = [&](double decodeContext, double pairsPerPrefillToken) {
        const double flops = decoding * decodeContext * m.decodeAttnFlopsPerPair +
                             prefillTokens * pairsPerPrefillToken * m.prefillAttnFlopsPerPair;
        const double bytes = decoding * (decodeContext * m.kvBytesReadPerPosition + m.qkvoBytesPerToken + m.kvBytesPerToken) +
                             prefillTokens * (m.qkvoBytesPerToken + m.kvBytesPerToken);
        return attentionTime(m, kernel, flops, bytes);
    };
    const double prompt = std::max(promptLen, 1.0);
    const double meanPairs = prompt > 0 ? causalPairs(prompt, 0) / prompt : 0.0;
    double t = layersWithoutAttention(m, kernel, tokens) + m.fullAttentionLayers * attention(context, meanPairs);
    if (m.windowLayers > 0)
        t += m.windowLayers * attention(std::min(context, m.window), causalPairs(prompt, m.window) / prompt);
    return t + passEnvelope(m, kernel, decoding + firstTokens, tokens);
}

} // namespace

double mixedPassTime(const ForwardCostModel &m, double decoding, double context, double prefillTokens,
                     double promptLen, double firstTokens)
{
    return mixedPass(m, m.kernelLatency, decoding, context, prefillTokens, promptLen, firstTokens);
}

double decodeOnlyStepTime(const ForwardCostModel &m, double decoding, double context, double tokensPerDecode,
                          double promptLen)
{
    if (!m.valid || decoding <= 0)
        return 0;
    // Within the captured sizes the pass replays the graph of the next captured batch: padded to
    // it, each kernel at the replay cost; outside them it runs eagerly at the real batch.
    const double captured = graphBatch(m, decoding);
    const double batch = captured > 0 ? captured : decoding;
    const double kernel = captured > 0 ? m.graphKernelLatency : m.kernelLatency;
    // The pipeline's micro-batches: up to pp groups, each stage busy with one group at a time; a
    // sequence (or fewer) on average per worker still runs a pass of one.
    const double groups = std::min(static_cast<double>(m.pp), batch);
    const double drafts = std::max(batch * std::max(tokensPerDecode, 1.0) - batch, 0.0);
    // Host work per sequence is for the sequences really there, not the padding.
    return mixedPass(m, kernel, batch / groups, context, drafts / groups, promptLen, 0.0) +
           m.sequenceStepOverhead * decoding;
}

} // namespace gpuplan

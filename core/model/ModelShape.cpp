// SPDX-License-Identifier: GPL-3.0-or-later
#include "model/ModelShape.h"

#include <algorithm>

namespace gpuplan {

double ModelShape::attentionFlopsPerTokenFwd(double s, bool causal) const
{
    // QK^T: 2*s*a*d_qk, AV: 2*s*a*d_v per token per layer (docs/formulas.md §5). Sliding-window layers
    // attend to at most the window.
    const double perPosition = 2.0 * qWidth + 2.0 * vWidth;
    const int windowed = std::min(slidingLayers, layers);
    const double sWindow = slidingWindow > 0 ? std::min(s, static_cast<double>(slidingWindow)) : s;
    double flops = perPosition * (s * (layers - windowed) + sWindow * windowed);
    if (causal)
        flops *= 0.5;
    return flops;
}

double ModelShape::trainingModelFlopsPerToken(double s) const
{
    return 3.0 * (matmulFlopsPerTokenFwd + attentionFlopsPerTokenFwd(s, false));
}

ModelShape computeModelShape(const ModelArch &a, int seqLen)
{
    ModelShape m;
    m.layers = std::max(a.layers, 1);
    m.hidden = std::max(a.hidden, 1);
    m.heads = std::max(a.heads, 1);
    m.kvHeads = a.kvHeads > 0 ? a.kvHeads : m.heads;
    m.headDim = a.headDim > 0 ? a.headDim : std::max(m.hidden / m.heads, 1);
    m.ffn = a.ffnHidden > 0 ? a.ffnHidden : 4 * m.hidden;
    m.vocab = std::max(a.vocab, 1);
    m.gated = a.gatedMlp;
    m.mla = a.mlaKvLoraRank > 0;
    m.normParamsPerVector = a.norm == NormKind::LayerNorm ? 2.0 : 1.0;
    m.slidingWindow = a.slidingWindow;
    m.slidingLayers = a.slidingWindow > 0 ? (a.slidingWindowLayers > 0 ? a.slidingWindowLayers : m.layers) : 0;

    const double h = m.hidden;
    const double nh = m.heads;
    const double biasOn = a.bias ? 1.0 : 0.0;
    const double normVec = m.normParamsPerVector * h;

    // Attention projections.
    if (m.mla) {
        const double rq = a.mlaQLoraRank;
        const double rkv = a.mlaKvLoraRank;
        const double dNope = a.mlaQkNopeDim > 0 ? a.mlaQkNopeDim : m.headDim;
        const double dRope = a.mlaQkRopeDim;
        const double dv = a.mlaVDim > 0 ? a.mlaVDim : m.headDim;
        const double qPart = rq > 0 ? rq * (h + nh * (dNope + dRope)) + m.normParamsPerVector * rq
                                    : h * nh * (dNope + dRope);
        const double kvPart = rkv * (h + nh * (dNope + dv)) + m.normParamsPerVector * rkv + h * dRope;
        const double oPart = nh * dv * h;
        m.attnParams = qPart + kvPart + oPart;
        m.mlaUpProjParams = (rq > 0 ? rq * nh * (dNope + dRope) : 0.0) + rkv * nh * (dNope + dv);
        m.qWidth = nh * (dNope + dRope);
        m.vWidth = nh * dv;
        m.kvElementsPerToken = rkv + dRope;
        m.kvProjWidth = nh * (dNope + dv);
    } else {
        const double q = nh * m.headDim;
        const double kv = static_cast<double>(m.kvHeads) * m.headDim;
        m.attnParams = h * q + 2.0 * h * kv + q * h + biasOn * (q + 2.0 * kv + h);
        m.qWidth = q;
        m.vWidth = q;
        m.kvElementsPerToken = 2.0 * kv;
        m.kvProjWidth = 2.0 * kv;
    }
    m.normParamsPerLayer = 2.0 * normVec;

    // MLPs: a gated MLP has three h x f matrices, a plain one two (docs/formulas.md §1, gamma = 3/2).
    const double mats = m.gated ? 3.0 : 2.0;
    m.denseMlpParams = mats * h * m.ffn + biasOn * ((m.gated ? 2.0 : 1.0) * m.ffn + h);

    const bool moe = a.moeExperts > 0;
    if (moe) {
        m.experts = a.moeExperts;
        m.topK = std::clamp(a.moeTopK > 0 ? a.moeTopK : 1, 1, a.moeExperts);
        m.sharedExperts = std::max(a.moeSharedExperts, 0);
        m.expertGroups = std::max(a.moeGroups, 0);
        m.expertGroupLimit = std::max(a.moeTopKGroups, 0);
        m.expertFfn = a.moeFfnHidden > 0 ? a.moeFfnHidden : m.ffn;
        m.oneExpertParams = mats * h * m.expertFfn;
        const double router = h * m.experts;
        m.routedExpertParams = m.experts * m.oneExpertParams;
        m.moeMlpParams = m.routedExpertParams + m.sharedExperts * m.oneExpertParams + router;
        m.moeActiveMlpParams = (m.topK + m.sharedExperts) * m.oneExpertParams + router;
        m.denseLayers = std::clamp(a.moeDenseLayers, 0, m.layers);
        m.moeLayers = m.layers - m.denseLayers;
    } else {
        m.denseLayers = m.layers;
        m.moeLayers = 0;
    }

    const double denseLayer = m.attnParams + m.normParamsPerLayer + m.denseMlpParams;
    const double moeLayer = m.attnParams + m.normParamsPerLayer + m.moeMlpParams;
    const double moeLayerActive = m.attnParams + m.normParamsPerLayer + m.moeActiveMlpParams;

    m.transformerParams = m.denseLayers * denseLayer + m.moeLayers * moeLayer;
    m.expertParamsTotal = m.moeLayers * m.routedExpertParams;
    m.embeddingParams = static_cast<double>(m.vocab) * h;
    m.outputParams = a.tiedEmbeddings ? 0.0 : static_cast<double>(m.vocab) * h;
    m.rope = a.position == PositionKind::Rope;
    if (a.position == PositionKind::Learned)
        m.positionParams = static_cast<double>(a.maxPositions > 0 ? a.maxPositions : std::max(seqLen, 1)) * h;
    m.finalNormParams = normVec;
    // A DeepSeek-V3 MTP module: one transformer layer (MoE when the model is), a 2h -> h
    // projection and two norms; it shares the embedding and the output head.
    if (a.mtpLayers > 0)
        m.mtpParams = a.mtpLayers * ((moe ? moeLayer : denseLayer) + 2.0 * h * h + 2.0 * normVec);

    m.totalParams = m.transformerParams + m.embeddingParams + m.outputParams + m.positionParams + m.finalNormParams
                    + m.mtpParams;
    m.activeParams = m.denseLayers * denseLayer + m.moeLayers * moeLayerActive + m.embeddingParams + m.outputParams
                     + m.positionParams + m.finalNormParams;
    m.largestLayerParams = std::max({moe ? moeLayer : denseLayer, denseLayer, m.embeddingParams});

    // Matmul FLOPs: every active weight matrix once (2 FLOPs per weight per token), plus the
    // logit layer V*h (tied or not); norms, biases and the embedding lookup are not matmuls.
    const double attnMatmul = m.mla ? m.attnParams - m.normParamsPerVector * (a.mlaQLoraRank + a.mlaKvLoraRank)
                                    : m.attnParams - biasOn * (m.qWidth + m.kvProjWidth + h);
    const double denseMlpMatmul = mats * h * m.ffn;
    const double moeMlpMatmul = moe ? (m.topK + m.sharedExperts) * m.oneExpertParams + h * m.experts : 0.0;
    m.matmulFlopsPerTokenFwd = 2.0 * (m.layers * attnMatmul + m.denseLayers * denseMlpMatmul
                                      + m.moeLayers * moeMlpMatmul + static_cast<double>(m.vocab) * h);
    return m;
}

} // namespace gpuplan

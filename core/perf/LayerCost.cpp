// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/LayerCost.h"

#include "model/ModelShape.h"

#include <algorithm>

namespace gpuplan {

namespace {

// The memory passes around a weight GEMM: FP8 casts of its operands, and for NF4 (QLoRA) weights
// the dequantization before the forward and the backward GEMM.
void addCastAndDequantize(LayerWork &w, double m, double n, double k, const LayerDims &d, const ComputeRates &r,
                          double groups)
{
    if (r.fp8) {
        w.forward.add(memoryTime(fp8CastBytesForward(m, n, k, groups, r.castBytesPerElement), r));
        w.backward.add(memoryTime(fp8CastBytesBackward(m, n, k, groups, r.castBytesPerElement), r));
    }
    if (d.dequantize) {
        // NF4 weights (0.5 B) read, 16-bit copy written, before the forward and the backward GEMM.
        const double bytes = groups * k * n * (0.5 + 2.0);
        w.forward.add(memoryTime(bytes, r));
        w.backward.add(memoryTime(bytes, r));
    }
}

// A weight GEMM of the layer: forward C[m x n] = A[m x k] W[k x n]; the backward computes the
// input gradient (m x k from m x n and n x k) and, unless the weights are frozen, the weight
// gradient (k x n from k x m and m x n): the same FLOPs, different shapes.
double weightGemm(LayerWork &w, double m, double n, double k, const LayerDims &d, const ComputeRates &r,
                  double groups = 1.0)
{
    if (m <= 0 || n <= 0 || k <= 0)
        return 0.0;
    w.forward.add(gemmTime(m, n, k, r, groups));
    w.backward.add(gemmTime(m, k, n, r, groups));
    const double wgrad = d.weightGrads ? gemmTime(k, n, m, r, groups) : 0.0;
    if (d.weightGrads) {
        w.backward.add(wgrad);
        w.weightGradS += wgrad;
    }
    addCastAndDequantize(w, m, n, k, d, r, groups);
    return wgrad;
}

// The local experts' GEMMs as one grouped kernel per pass: `groups` experts of m token rows
// each, their token dimension padded to the kernel's tiles (groupedGemmTime).
void expertGemm(LayerWork &w, double m, double n, double k, const LayerDims &d, const ComputeRates &r, double groups)
{
    if (m <= 0 || n <= 0 || k <= 0)
        return;
    w.forward.add(groupedGemmTime(m, n, k, r, groups));
    w.backward.add(groupedGemmTime(m, k, n, r, groups));
    if (d.weightGrads) {
        const double wgrad = groupedGemmTime(k, n, m, r, groups, true);
        w.backward.add(wgrad);
        w.weightGradS += wgrad;
    }
    addCastAndDequantize(w, m, n, k, d, r, groups);
}

bool recomputes(const LayerDims &d, std::uint32_t module)
{
    return (d.recomputeModules & module) != 0;
}

// What `w`'s forward gained since `before`, scaled by `share`, added to the modules a selective
// recompute re-runs.
void selectSince(LayerWork &w, const PassCost &before, double share = 1.0)
{
    w.selected.add(PassCost{w.forward.gpuS - before.gpuS, w.forward.kernels - before.kernels}, share);
}

// Memory-bound kernel moving `fwdBytes` in the forward; its backward reads the saved input and
// the incoming gradient and writes the outgoing one: twice the traffic, in two kernels.
void elementwise(LayerWork &w, double fwdBytes, const ComputeRates &r)
{
    const double t = memoryTime(fwdBytes, r);
    w.forward.add(t);
    w.backward.add(2.0 * t, 2.0);
}

void attentionCore(LayerWork &w, const ModelShape &s, const LayerDims &d, const ComputeRates &r)
{
    const double tp = d.tp;
    if (d.flash) {
        // FlashAttention executes the causal half; its backward recomputes the scores: 2.5x the
        // forward FLOPs (Dao 2023, FlashAttention-2 §3.1: 5 matmuls vs 2).
        const double perToken = s.attentionFlopsPerTokenFwd(d.seqLen, true) / std::max(s.layers, 1);
        const double flops = d.tokens * perToken / tp;
        w.attentionCore.add(fusedAttentionTime(flops, r));
        w.attentionBackwardS = fusedAttentionTime(2.5 * flops, r);
        w.backward.add(w.attentionBackwardS);
    } else {
        // Megatron's legacy path: batched GEMMs over the full s x s score matrix, fused
        // scale-mask-softmax and attention dropout (mask kept in one byte per element).
        const double q = d.actBytes;
        const double heads = std::max(s.heads / tp, 1.0 / tp);
        const double groups = d.microBatch * heads;
        const double sq = d.tokens / std::max(d.microBatch, 1.0);
        const double dqk = s.qWidth / std::max(s.heads, 1);
        const double dv = s.vWidth / std::max(s.heads, 1);
        const double elems = groups * sq * d.seqLen;
        const double qk = gemmTime(sq, d.seqLen, dqk, r, groups);
        const double av = gemmTime(sq, dv, d.seqLen, r, groups);
        w.attentionCore.add(qk + av, 2.0);
        w.attentionCore.add(memoryTime(2.0 * q * elems, r));            // softmax
        w.attentionCore.add(memoryTime((2.0 * q + 1.0) * elems, r));    // dropout
        const double bwd = 2.0 * (qk + av) + memoryTime(3.0 * q * elems, r) + memoryTime((2.0 * q + 1.0) * elems, r);
        w.attentionBackwardS = bwd;
        w.backward.add(bwd, 6.0);
    }
    w.forward.add(w.attentionCore);
}

} // namespace

LayerWork attentionWork(const ModelShape &s, const LayerDims &d, const ComputeRates &r)
{
    LayerWork w;
    const double T = d.tokens;
    const double h = s.hidden;
    const double tp = d.tp;
    // Attention projections: everything but the output projection feeds from h.
    const double inWidth = std::max(s.attnParams - s.vWidth * h, 0.0) / h;
    const PassCost beforeProj = w.forward;
    w.tpBackwardWindowS += weightGemm(w, T, inWidth / tp, h, d, r);
    // MLA's up-projections (Q and KV from their latents) are timed within the projections' GEMM;
    // recomputing them re-runs their share of its FLOPs.
    if (s.mla && inWidth > 0 && recomputes(d, recompute_module::kMlaUpProj))
        selectSince(w, beforeProj, std::min(s.mlaUpProjParams / (inWidth * h), 1.0));
    attentionCore(w, s, d, r);
    if (recomputes(d, recompute_module::kCoreAttn))
        w.selected.add(w.attentionCore);
    weightGemm(w, T, h, s.vWidth / tp, d, r);
    return w;
}

void addMlpWork(LayerWork &w, const ModelShape &s, const LayerDims &d, bool moe, const ComputeRates &r)
{
    const double T = d.tokens;
    const double h = s.hidden;
    const double tp = d.tp;
    const double q = d.actBytes;
    // Norms, dropout and residual adds are replicated across the TP group unless sequence
    // parallelism splits them (Korthikanti et al. 2022 §4.2.2).
    const double splitNorms = d.sp ? tp : 1.0;

    const double up = s.gated ? 2.0 : 1.0;
    const double act = (s.gated ? 3.0 : 2.0) * q;
    namespace rm = recompute_module;
    const PassCost beforeMlp = w.forward;
    if (moe) {
        const double experts = std::max(s.experts, 1);
        const double local = experts / std::max(d.ep, 1);
        // Token copies this GPU's experts compute on: with sequence parallelism (or expert TP
        // below TP) each rank dispatches its 1/tp of the tokens, and the expert-TP group gathers
        // what its etp ranks received; experts are split etp ways.
        const double etp = std::max(d.expertTp, 1);
        const double routed = T * s.topK * (d.sp || etp < tp ? etp / tp : 1.0);
        // The router scores the tokens this rank dispatches: its 1/tp under sequence parallelism
        // (Megatron-Core routes after the sequence-parallel scatter), all of them otherwise.
        weightGemm(w, d.sp ? T / tp : T, experts, h, d, r);                          // router
        const double before = w.forward.gpuS + w.backward.gpuS;
        expertGemm(w, routed / local, up * s.expertFfn / etp, h, d, r, local);      // local experts
        expertGemm(w, routed / local, h, s.expertFfn / etp, d, r, local);
        double sharedS = 0;
        if (s.sharedExperts > 0) {
            const double sharedBefore = w.forward.gpuS + w.backward.gpuS;
            const PassCost sharedForward = w.forward;
            const double f = s.sharedExperts * s.expertFfn;
            weightGemm(w, T, up * f / tp, h, d, r);
            weightGemm(w, T, h, f / tp, d, r);
            elementwise(w, act * T * f / tp, r);
            sharedS = w.forward.gpuS + w.backward.gpuS - sharedBefore;
            if (recomputes(d, rm::kSharedExperts) && !recomputes(d, rm::kMoe))
                selectSince(w, sharedForward);
        }
        const PassCost beforeAct = w.forward;
        elementwise(w, act * routed * s.expertFfn / etp, r);
        if (recomputes(d, rm::kMoeAct) && !recomputes(d, rm::kMoe))
            selectSince(w, beforeAct);
        elementwise(w, 2.0 * 2.0 * q * routed * h, r);   // token permute and unpermute around the experts
        w.expertS = w.forward.gpuS + w.backward.gpuS - before - sharedS;
        if (recomputes(d, rm::kMoe)) {
            selectSince(w, beforeMlp);
            w.selectedMoeBlock = true;
        }
    } else {
        w.tpBackwardWindowS += weightGemm(w, T, up * s.ffn / tp, h, d, r);
        weightGemm(w, T, h, s.ffn / tp, d, r);
        elementwise(w, act * T * s.ffn / tp, r);
        if (recomputes(d, rm::kMlp))
            selectSince(w, beforeMlp);
    }
    const PassCost beforeNorms = w.forward;
    elementwise(w, 2.0 * q * T * h / splitNorms, r);            // input norm
    elementwise(w, 2.0 * q * T * h / splitNorms, r);            // post-attention norm
    if (recomputes(d, rm::kLayernorm))
        selectSince(w, beforeNorms);
    elementwise(w, (3.0 * q + 1.0) * T * h / splitNorms, r);    // bias + dropout + residual
    elementwise(w, (3.0 * q + 1.0) * T * h / splitNorms, r);
}

LayerWork layerWork(const ModelShape &s, const LayerDims &d, bool moe, const ComputeRates &r)
{
    LayerWork w = attentionWork(s, d, r);
    addMlpWork(w, s, d, moe, r);
    return w;
}

LayerWork embeddingWork(const ModelShape &s, const LayerDims &d, const ComputeRates &r)
{
    LayerWork w;
    const double bytes = d.actBytes * d.tokens * s.hidden;
    w.forward.add(memoryTime(2.0 * bytes, r));        // gather (+ position add)
    w.backward.add(memoryTime(3.0 * bytes, r));       // scatter-add into the table gradient
    return w;
}

LayerWork logitsWork(const ModelShape &s, const LayerDims &d, const ComputeRates &r)
{
    LayerWork w;
    const double T = d.tokens;
    const double vocabShard = static_cast<double>(s.vocab) / d.tp;
    elementwise(w, 2.0 * d.actBytes * T * s.hidden / (d.sp ? d.tp : 1.0), r);   // final norm
    weightGemm(w, T, vocabShard, s.hidden, d, r);
    // Vocabulary-parallel cross-entropy in fp32: max, exp-sum and loss passes over the logits
    // shard forward, softmax minus one-hot backward.
    const double elems = T * vocabShard;
    w.forward.add(memoryTime((d.actBytes + 8.0) * elems, r), 3.0);
    w.backward.add(memoryTime((4.0 + d.actBytes) * elems, r), 2.0);
    return w;
}

void addMtpHeadWork(LayerWork &w, const ModelShape &s, const LayerDims &d, const ComputeRates &r)
{
    const double T = d.tokens;
    const double splitNorms = d.sp ? d.tp : 1.0;
    elementwise(w, 2.0 * 2.0 * d.actBytes * T * s.hidden / splitNorms, r);   // two RMSNorms
    weightGemm(w, T, s.hidden / d.tp, 2.0 * s.hidden, d, r);                 // projection of the concatenation
}

} // namespace gpuplan

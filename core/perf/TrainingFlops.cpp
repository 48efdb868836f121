// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/TrainingFlops.h"

#include "common/Dtype.h"
#include "common/Units.h"
#include "memory/FrameworkMemory.h"
#include "memory/MemoryAssumptions.h"
#include "plan/RecomputeModules.h"

#include <algorithm>

namespace gpuplan {

namespace {

double tokensPerStep(const Plan &plan)
{
    return static_cast<double>(plan.workload.training.globalBatch) * plan.workload.training.seqLen;
}

// LoRA trains adapters only: the frozen weights get no weight gradient, so a token costs the
// forward and the input-gradient pass, 2/3 of full training.
double fineTuneShare(const Plan &plan)
{
    return plan.workload.training.fineTune == FineTune::None ? 1.0 : 2.0 / 3.0;
}

// FLOPs per token a selective recompute re-runs: the modules the plan names (the attention core
// when none, or when the stack does not follow Megatron-Core's --recompute-modules; LayerCost.h).
// The norms and the SwiGLU are memory-bound and count no FLOPs.
double selectiveRecomputeFlopsPerToken(const ResolvedPlan &rp, double seq)
{
    const Plan &plan = *rp.plan;
    const ModelShape &s = rp.shape;
    namespace rm = recompute_module;
    std::uint32_t modules = rm::kCoreAttn;
    if (plan.parallelism.recomputeModules != 0 && frameworkMemoryTraits(plan.parallelism.framework).korthikantiAccounting)
        modules = plan.parallelism.recomputeModules & rm::kAll;
    const auto has = [modules](std::uint32_t bit) { return (modules & bit) != 0; };
    double flops = has(rm::kCoreAttn) ? s.attentionFlopsPerTokenFwd(seq, false) : 0.0;
    if (has(rm::kMlaUpProj) && s.mla)
        flops += 2.0 * s.mlaUpProjParams * s.layers;
    if (has(rm::kMlp))
        flops += 2.0 * s.denseMlpParams * s.denseLayers;
    if (has(rm::kMoe))
        flops += 2.0 * s.moeActiveMlpParams * s.moeLayers;
    else if (has(rm::kSharedExperts))
        flops += 2.0 * s.sharedExperts * s.oneExpertParams * s.moeLayers;
    return flops;
}

} // namespace

double trainingModelFlopsPerStep(const ResolvedPlan &rp)
{
    const Plan &plan = *rp.plan;
    return rp.shape.trainingModelFlopsPerToken(plan.workload.training.seqLen) * fineTuneShare(plan) *
           tokensPerStep(plan);
}

double trainingHardwareFlopsPerStep(const ResolvedPlan &rp, const Layout &l)
{
    const Plan &plan = *rp.plan;
    const double seq = plan.workload.training.seqLen;
    double recomputed = 0;
    if (l.recompute == Recompute::Full)
        recomputed = rp.shape.matmulFlopsPerTokenFwd + rp.shape.attentionFlopsPerTokenFwd(seq, false);
    else if (l.recompute == Recompute::Selective)
        recomputed = selectiveRecomputeFlopsPerToken(rp, seq);
    else if (l.recompute == Recompute::EveryN)
        recomputed = (rp.shape.matmulFlopsPerTokenFwd + rp.shape.attentionFlopsPerTokenFwd(seq, false))
                     / std::max(plan.parallelism.recomputeEvery, 1);
    else if (l.recompute == Recompute::SelectiveOp)
        recomputed = memassume::kSelectiveOpRecomputedShare * rp.shape.matmulFlopsPerTokenFwd;
    return trainingModelFlopsPerStep(rp) + recomputed * tokensPerStep(plan);
}

double trainingPeakFlops(const ResolvedPlan &rp)
{
    if (!rp.gpu || !rp.plan)
        return 0.0;
    const Precision &p = rp.plan->precision;
    if (p.compute == Dtype::FP8 && p.fp8Recipe == Fp8Recipe::Nvfp4 && rp.gpu->fp4DenseFlops > 0)
        return rp.gpu->fp4DenseFlops;
    return rp.gpu->peak(p.compute);
}

void fillThroughput(TrainingResult &out, const ResolvedPlan &rp, const Layout &l)
{
    const Plan &plan = *rp.plan;
    // Per-GPU figures over the GPUs the step runs on: a layout that needs more GPUs than the plan
    // has (flagged by the layout check) is still timed on tp x pp x dp x cp of them.
    const double layoutGpus = static_cast<double>(std::max(l.tp, 1)) * std::max(l.pp, 1) * std::max(l.dp, 1) * std::max(l.cp, 1);
    const double gpus = std::max<double>(l.numGpus, layoutGpus);
    const double peak = trainingPeakFlops(rp);
    out.tokensPerStep = tokensPerStep(plan);
    out.modelFlopsPerStep = trainingModelFlopsPerStep(rp);
    out.hardwareFlopsPerStep = trainingHardwareFlopsPerStep(rp, l);
    if (out.stepTimeS <= 0)
        return;
    out.tokensPerS = out.tokensPerStep / out.stepTimeS;
    out.tokensPerSPerGpu = out.tokensPerS / gpus;
    const double perGpuFlopRate = out.modelFlopsPerStep / (out.stepTimeS * gpus);
    out.tflopsPerGpu = perGpuFlopRate / units::kTFLOPS;
    if (peak > 0) {
        out.mfu = perGpuFlopRate / peak;
        out.hfu = out.hardwareFlopsPerStep / (out.stepTimeS * gpus) / peak;
    }
    out.timeToTrainS = plan.workload.training.tokens > 0 ? plan.workload.training.tokens / out.tokensPerS : 0.0;
    out.gpuHours = out.timeToTrainS * gpus / units::kHour;
    // The validation error of the plan's regime (catalogs/error_bands.json); the GPU's residual
    // spread where no regime of the table applies.
    out.errorBand = rp.gpu ? rp.gpu->efficiency.residualMape / 100.0 : 0.0;
    if (rp.gpu && rp.catalog) {
        const RegimeKey key = regimeKey(BandMetric::TrainingTime, *rp.gpu, static_cast<int>(plan.parallelism.framework),
                                        rp.shape.moeLayers > 0);
        if (const ErrorBandEntry *band = findErrorBand(rp.catalog->errorBands, key))
            out.errorBand = band->mapePct / 100.0;
    }
}

} // namespace gpuplan

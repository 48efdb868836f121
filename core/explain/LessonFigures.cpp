// SPDX-License-Identifier: GPL-3.0-or-later
#include "explain/LessonFigures.h"

#include "procure/Procurement.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace gpuplan {

FloatFormatRange floatFormatRange(int exponentBits, int mantissaBits)
{
    FloatFormatRange r;
    r.exponentBits = exponentBits;
    r.mantissaBits = mantissaBits;
    const int bias = (1 << (exponentBits - 1)) - 1;
    r.maxFinite = (2.0 - std::ldexp(1.0, -mantissaBits)) * std::ldexp(1.0, bias);
    r.minNormal = std::ldexp(1.0, 1 - bias);
    r.minSubnormal = std::ldexp(1.0, 1 - bias - mantissaBits);
    r.epsilon = std::ldexp(1.0, -mantissaBits);
    return r;
}

FloatFormatRange fp16Range()
{
    return floatFormatRange(5, 10);
}

FloatFormatRange bf16Range()
{
    return floatFormatRange(8, 7);
}

DataParallelTraffic dataParallelTraffic(double weightBytes, double gradientBytes, int gpus)
{
    DataParallelTraffic t;
    t.gpus = std::max(gpus, 1);
    t.weightBytes = weightBytes;
    t.gradientBytes = gradientBytes;
    const double n = t.gpus;
    t.dataParallelGpu0Bytes = (n - 1) * (weightBytes + gradientBytes);
    t.ddpPerGpuBytes = 2.0 * (n - 1) / n * gradientBytes;
    return t;
}

CorePeaks corePeaks(const GpuSpec &gpu)
{
    auto source = [&gpu](const char *field) {
        const auto it = gpu.sources.find(field);
        return it != gpu.sources.end() && !it->second.source.empty() ? it->second.source : std::string();
    };
    CorePeaks p;
    p.fp32Flops = gpu.peak(Dtype::FP32);
    p.tf32Flops = gpu.peak(Dtype::TF32);
    p.tensorIsBf16 = gpu.peak(Dtype::BF16) > 0;
    p.tensor16Flops = p.tensorIsBf16 ? gpu.peak(Dtype::BF16) : gpu.peak(Dtype::FP16);
    p.fp32Source = source("tflops.fp32");
    p.tensorSource = source(p.tensorIsBf16 ? "tflops.bf16" : "tflops.fp16");
    return p;
}

double mfuAgainstTensor16Peak(const GpuSpec &gpu, Dtype compute, double mfu)
{
    const double own = gpu.peak(compute);
    const double tensor16 = corePeaks(gpu).tensor16Flops;
    return own > 0 && tensor16 > own ? mfu * own / tensor16 : 0.0;
}

double trainingFlops(const ResolvedPlan &plan)
{
    return 6.0 * plan.shape.activeParams * plan.plan->workload.training.tokens;
}

std::vector<GpuValue> gpuValueForPlan(const ResolvedPlan &plan, const Evaluation &evaluation, const Catalog &catalog)
{
    std::vector<GpuValue> out;
    const Plan &p = *plan.plan;
    if (p.workload.mode != Mode::Training || !(evaluation.reliability.effectiveTimeToTrainS > 0))
        return out;
    ProcureRequest request;
    // Bought like the plan: done by the plan's own finish day, the same procurement and installation
    // weeks first (procure holds the deadline to finish_days).
    request.deadlineDays = evaluation.reliability.effectiveTimeToTrainS / 86400.0 +
                           7.0 * (p.facility.procurementWeeks + p.facility.installWeeks);
    for (const GpuSpec &g : catalog.gpus)
        if (g.priceUsd > 0)
            request.gpus.push_back(g.id);
    ProcureResult result;
    std::string error;
    if (request.gpus.empty() || !procure(p, catalog, request, result, error))
        return out;
    // The cheapest bought option of each GPU that finishes by the plan's own time.
    std::map<std::string, const ProcureOption *> cheapest;
    for (const ProcureOption &o : result.options) {
        if (o.acquisition != Acquisition::Buy || !o.feasible || !(o.cashUsd > 0))
            continue;
        const ProcureOption *&best = cheapest[o.gpu];
        if (!best || o.cashUsd < best->cashUsd)
            best = &o;
    }
    const double tokens = p.workload.training.tokens;
    for (const auto &[id, o] : cheapest) {
        const GpuSpec *g = catalog.findGpu(id);
        if (!g)
            continue;
        out.push_back({g->id, g->name, g->priceUsd, o->numGpus, o->cashUsd, o->cashUsd / tokens * 1e6,
                       o->timeToTrainDays});
    }
    std::sort(out.begin(), out.end(),
              [](const GpuValue &a, const GpuValue &b) { return a.usdPerMillionTokens < b.usdPerMillionTokens; });
    return out;
}

} // namespace gpuplan

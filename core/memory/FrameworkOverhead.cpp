// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/FrameworkOverhead.h"

#include "catalog/ErrorBand.h"
#include "common/Units.h"
#include "eval/ResolvedPlan.h"
#include "memory/FrameworkMemory.h"
#include "memory/MemoryAssumptions.h"

#include <algorithm>

namespace gpuplan {

FrameworkOverhead frameworkOverhead(const MemoryOverheads &o, int communicators, Framework framework, bool training)
{
    FrameworkOverhead f;
    f.cudaContextBytes = (o.cudaContextGiB >= 0 ? o.cudaContextGiB : memassume::kCudaContextGiB) * units::kGiB;
    const double stackGap = frameworkMemoryTraits(framework).reservedGap;
    f.allocatorSlack = o.allocatorSlack >= 0 ? o.allocatorSlack : (stackGap >= 0 ? stackGap : memassume::kAllocatorSlack);
    const FrameworkMemoryTraits &fw = frameworkMemoryTraits(framework);
    f.slackSkipsModelStates = training && !fw.stateBlocksReallocated;
    f.ncclBytes = communicators * memassume::kNcclGiBPerCommunicator * units::kGiB;
    if (o.commBufferGiB >= 0)
        f.commOverrideBytes = o.commBufferGiB * units::kGiB;
    return f;
}

double addMemoryOverheads(MemoryBreakdown &b, const FrameworkOverhead &f, double extraOutsideBytes, double steadyBytes)
{
    double nccl = f.ncclBytes;
    if (f.commOverrideBytes >= 0) {
        // A user figure for all communication buffers; it is taken as allocator-visible.
        b.commBuffers = f.commOverrideBytes;
        nccl = 0;
    }
    b.cudaContext = f.cudaContextBytes;
    b.allocatorSlack = 0;
    // Fragmentation comes from what is allocated and freed during a step; states allocated once
    // as whole segments add none.
    const double buffers =
        f.slackSkipsModelStates ? b.weights + b.gradients + b.optimizerStates + b.masterWeights : 0.0;
    const double inside = std::max(0.0, b.total() - b.cudaContext - extraOutsideBytes - buffers - steadyBytes);
    b.allocatorSlack = f.allocatorSlack * inside;
    b.commBuffers += nccl;
    return b.cudaContext + nccl + extraOutsideBytes;
}

void finishMemoryResult(MemoryResult &m, const FrameworkOverhead &f, double extraOutsideBytes, double capacityBytes,
                        double band)
{
    MemoryBreakdown &b = m.breakdown;
    m.outsideAllocatorBytes = addMemoryOverheads(b, f, extraOutsideBytes);
    m.perGpuBytes = b.total();
    m.capacityBytes = capacityBytes;
    m.fits = capacityBytes > 0 && m.perGpuBytes <= capacityBytes;
    setMemoryVerdict(m, band);
}

double memoryErrorBand(const ResolvedPlan &plan)
{
    if (!plan.gpu || !plan.catalog || !plan.plan)
        return memassume::kMemoryVerdictBand;
    // The key the memory validation gives its rows (validate/MemoryValidation.cpp): the plan's
    // framework, serving plans included.
    const RegimeKey key = regimeKey(BandMetric::Memory, *plan.gpu, static_cast<int>(plan.plan->parallelism.framework),
                                    plan.shape.moeLayers > 0);
    const ErrorBandEntry *band = findErrorBand(plan.catalog->errorBands, key);
    return band ? band->mapePct / 100.0 : memassume::kMemoryVerdictBand;
}

void setMemoryVerdict(MemoryResult &m)
{
    setMemoryVerdict(m, memassume::kMemoryVerdictBand);
}

void setMemoryVerdict(MemoryResult &m, double band)
{
    // The band is the memory model's validation error in the plan's regime: a plan whose estimate
    // is within it of the capacity may or may not fit in practice. Kept below 1 so that the low end
    // of the estimate stays positive.
    band = std::clamp(band, 0.0, 0.99);
    m.bandFraction = band;
    auto over = [](double need, double have) { return have > 0 && need > have; };
    const bool gpuKnown = m.capacityBytes > 0;
    const bool surelyOver = !gpuKnown || over(m.perGpuBytes * (1.0 - band), m.capacityBytes)
                            || over(m.hostBytesPerNode * (1.0 - band), m.hostCapacityBytes);
    const bool maybeOver = over(m.perGpuBytes * (1.0 + band), m.capacityBytes)
                           || over(m.hostBytesPerNode * (1.0 + band), m.hostCapacityBytes);
    m.hostFits = !over(m.hostBytesPerNode * (1.0 - band), m.hostCapacityBytes);
    m.verdict = surelyOver ? MemoryVerdict::DoesNotFit : maybeOver ? MemoryVerdict::Borderline : MemoryVerdict::Fits;
}

MemoryVerdict gpuMemoryVerdict(const MemoryResult &m)
{
    const double band = m.bandFraction;
    if (m.capacityBytes <= 0 || m.perGpuBytes * (1.0 - band) > m.capacityBytes)
        return MemoryVerdict::DoesNotFit;
    // Serving's strict fit (an engine allocates its share up front): a result that does not fit
    // while the host does failed on the GPU, whatever the band says.
    if (!m.fits && m.hostFits)
        return MemoryVerdict::DoesNotFit;
    return m.perGpuBytes * (1.0 + band) > m.capacityBytes ? MemoryVerdict::Borderline : MemoryVerdict::Fits;
}

MemoryVerdictBand memoryVerdictBand(const MemoryResult &m)
{
    MemoryVerdictBand b;
    if (m.capacityBytes <= 0)
        return b;
    const double band = std::clamp(m.bandFraction, 0.0, 0.99);
    b.fitsUpToBytes = m.capacityBytes / (1.0 + band);
    b.doesNotFitAboveBytes = m.capacityBytes / (1.0 - band);
    return b;
}

const char *memoryVerdictText(MemoryVerdict verdict)
{
    switch (verdict) {
    case MemoryVerdict::Fits: return "fits";
    case MemoryVerdict::Borderline: return "borderline";
    case MemoryVerdict::DoesNotFit: return "does not fit";
    }
    return "does not fit";
}

} // namespace gpuplan

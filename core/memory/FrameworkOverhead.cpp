// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/FrameworkOverhead.h"

#include "common/Units.h"
#include "memory/MemoryAssumptions.h"

namespace gpuplan {

FrameworkOverhead frameworkOverhead(const MemoryOverheads &o, int communicators)
{
    FrameworkOverhead f;
    f.cudaContextBytes = (o.cudaContextGiB >= 0 ? o.cudaContextGiB : memassume::kCudaContextGiB) * units::kGiB;
    f.allocatorSlack = o.allocatorSlack >= 0 ? o.allocatorSlack : memassume::kAllocatorSlack;
    f.ncclBytes = communicators * memassume::kNcclGiBPerCommunicator * units::kGiB;
    if (o.commBufferGiB >= 0)
        f.commOverrideBytes = o.commBufferGiB * units::kGiB;
    return f;
}

void finishMemoryResult(MemoryResult &m, const FrameworkOverhead &f, double extraOutsideBytes, double capacityBytes)
{
    MemoryBreakdown &b = m.breakdown;
    double nccl = f.ncclBytes;
    if (f.commOverrideBytes >= 0) {
        // A user figure for all communication buffers; it is taken as allocator-visible.
        b.commBuffers = f.commOverrideBytes;
        nccl = 0;
    }
    b.cudaContext = f.cudaContextBytes;
    b.allocatorSlack = 0;
    const double inside = b.total() - b.cudaContext - extraOutsideBytes;
    b.allocatorSlack = f.allocatorSlack * inside;
    b.commBuffers += nccl;
    m.outsideAllocatorBytes = b.cudaContext + nccl + extraOutsideBytes;
    m.perGpuBytes = b.total();
    m.capacityBytes = capacityBytes;
    m.fits = capacityBytes > 0 && m.perGpuBytes <= capacityBytes;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "memory/MemoryCounter.h"

namespace gpuplan {

double bytesSeenBy(const MemoryResult &m, MemoryCounter counter)
{
    switch (counter) {
    case MemoryCounter::Allocated: return m.perGpuBytes - m.outsideAllocatorBytes - m.breakdown.allocatorSlack;
    case MemoryCounter::Reserved: return m.perGpuBytes - m.outsideAllocatorBytes;
    case MemoryCounter::Device: return m.perGpuBytes;
    }
    return m.perGpuBytes;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"

// Which memory counter a measurement reads (docs/memory.md §7). The same run shows three different
// peaks: torch.cuda.max_memory_allocated (live tensors), max_memory_reserved (plus the caching
// allocator's slack) and the device view of nvidia-smi/NVML (plus the CUDA context, NCCL buffers
// and unified memory, which the allocator never sees).
namespace gpuplan {

enum class MemoryCounter { Allocated, Reserved, Device };

// The part of an estimate a counter shows.
double bytesSeenBy(const MemoryResult &memory, MemoryCounter counter);

} // namespace gpuplan

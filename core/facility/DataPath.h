// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/FacilityInputs.h"
#include "plan/FacilityAssumptions.h"

// The data path of a training step (docs/facility-and-cost.md "Data path"): the samples per second
// the GPUs consume, the bytes the loaders read and the CPU time they spend decoding, against the
// loaders' storage tier (aggregate cap), the nodes' links to it (per-node rate), the nodes' CPU
// cores and RAM. The verdict names the slowest: storage, network, host CPU or the GPUs.
namespace gpuplan {

// One sample of a data kind, with the plan's own figures where it states them.
struct DataSampleFigures
{
    double bytes = 0;          // read from storage
    double decodedBytes = 0;   // in host memory after decoding
    double decodeCpuS = 0;     // host CPU-seconds to decode and augment
};

// Presets (all ESTIMATES, not measured and not in the reference data; docs/facility-and-cost.md "Data path"
// gives how each was made; a plan replaces them with data.bytes_per_sample and data.decode_cpu_ms_per_sample):
// - tokens: seq_len x bytes per token read (memory-mapped token files), no decode; int64 ids in memory.
// - images: a JPEG of resolution^2 x 3 bytes at 10:1; decode, crop and augment 2 ms + 15 ms per megapixel.
// - video: a clip of frames x resolution^2 x 3 bytes at 50:1 (H.264); seek 5 ms + 8 ms per decoded megapixel.
inline constexpr double kJpegCompression = 10.0;
inline constexpr double kVideoCompression = 50.0;
inline constexpr double kImageDecodeFixedS = 2e-3;
inline constexpr double kImageDecodePerMegapixelS = 15e-3;
inline constexpr double kVideoSeekS = 5e-3;
inline constexpr double kVideoDecodePerMegapixelS = 8e-3;
// Each GPU's training process keeps one core busy (launching kernels, the Python loop): ESTIMATE.
inline constexpr double kTrainerCoresPerGpu = 1.0;

DataSampleFigures dataSampleFigures(const DataAssumptions &data, double seqLen, double bytesPerToken);

DataPathResult computeDataPath(const FacilityInputs &in, const StorageResult &storage);

} // namespace gpuplan

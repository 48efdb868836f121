// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/DataPath.h"

#include "common/Units.h"
#include "memory/MemoryAssumptions.h"

#include <algorithm>

namespace gpuplan {

DataSampleFigures dataSampleFigures(const DataAssumptions &data, double seqLen, double bytesPerToken)
{
    DataSampleFigures f;
    const double pixels = double(data.resolutionPx) * data.resolutionPx;
    switch (data.kind) {
    case DataKind::Tokens:
        f.bytes = seqLen * bytesPerToken;
        f.decodedBytes = seqLen * 8.0;   // int64 token ids (torch.long)
        f.decodeCpuS = 0.0;
        break;
    case DataKind::Images:
        f.decodedBytes = pixels * 3.0;   // 8-bit RGB
        f.bytes = f.decodedBytes / kJpegCompression;
        f.decodeCpuS = kImageDecodeFixedS + kImageDecodePerMegapixelS * pixels / 1e6;
        break;
    case DataKind::Video:
        f.decodedBytes = data.clipFrames * pixels * 3.0;
        f.bytes = f.decodedBytes / kVideoCompression;
        f.decodeCpuS = kVideoSeekS + kVideoDecodePerMegapixelS * data.clipFrames * pixels / 1e6;
        break;
    }
    if (data.bytesPerSample > 0)
        f.bytes = data.bytesPerSample;
    if (data.decodeCpuMsPerSample >= 0)
        f.decodeCpuS = data.decodeCpuMsPerSample / 1000.0;
    return f;
}

DataPathResult computeDataPath(const FacilityInputs &in, const StorageResult &storage)
{
    DataPathResult r;
    if (in.mode != Mode::Training || in.tokensPerS <= 0 || in.seqLen <= 0 || in.globalBatch <= 0)
        return r;
    r.known = true;
    const double nodes = std::max(in.jobNodes, 1.0);
    const double gpusOnNode = std::min(in.gpusPerNode, std::max(in.jobGpus, 1.0));
    r.samplesPerS = in.tokensPerS / in.seqLen;
    r.samplesPerSPerNode = r.samplesPerS / nodes;
    r.bytesPerSample = in.bytesPerSample > 0 ? in.bytesPerSample : in.seqLen * in.bytesPerToken;
    r.decodeCpuSPerSample = in.decodeCpuS;
    const double stepS = in.globalBatch / r.samplesPerS;
    r.gpuStepS = stepS + in.gpuDecodeS * in.globalBatch / std::max(in.jobGpus, 1.0);

    // Storage and the nodes' links: the tier the loaders read (the cache, else the data tier).
    const double bytesPerStep = storage.requiredReadGBps * units::kGB * stepS;
    const TierInputs &tier = tierOf(in, storage.separateCache ? StorageRole::Cache : StorageRole::Data);
    if (tier.known) {
        r.networkStepS = tier.readPerNode > 0 ? bytesPerStep / (tier.readPerNode * nodes) : 0.0;
        r.storageStepS = tier.aggregateRead > 0 ? bytesPerStep / tier.aggregateRead : 0.0;
    }

    // Host CPU: each worker process decodes on one core at most, in parallel with the GPUs' step;
    // the training processes keep their cores. Without workers (num_workers=0) each training process
    // decodes its own samples between steps, so the decode adds to the GPU step instead of hiding
    // behind it.
    const double workers = in.loaderWorkersPerGpu * gpusOnNode;
    const double freeCores = in.nodeCores > 0 ? std::max(in.nodeCores - kTrainerCoresPerGpu * gpusOnNode, 1.0) : workers;
    r.coresPerNode = in.nodeCores;
    r.decodeCoresPerNode = workers > 0 ? std::min(workers, freeCores) : gpusOnNode;
    r.coresNeededPerNode = r.samplesPerSPerNode * in.decodeCpuS;
    const double decodeS = in.globalBatch / nodes * in.decodeCpuS / r.decodeCoresPerNode;
    r.hostCpuStepS = workers > 0 || decodeS <= 0 ? decodeS : r.gpuStepS + decodeS;

    // Host memory of the loaders: each worker's interpreter and its prefetched batches.
    r.nodeRamBytes = in.nodeRamBytes;
    r.loaderRamBytesPerNode =
        workers * (memassume::kLoaderWorkerGiB * units::kGiB + in.prefetchFactor * in.microBatch * in.decodedBytesPerSample);
    r.ramShort = in.nodeRamBytes > 0 && r.loaderRamBytesPerNode > in.nodeRamBytes;

    r.stepS = r.gpuStepS;
    const auto slower = [&r](double s, DataLimit limit) {
        if (s > r.stepS) {
            r.stepS = s;
            r.limit = limit;
        }
    };
    slower(r.storageStepS, DataLimit::Storage);
    slower(r.networkStepS, DataLimit::Network);
    slower(r.hostCpuStepS, DataLimit::HostCpu);
    // Exactly 1 unless something is slower than the time model's step: tokenized text, GPU-bound,
    // leaves every time and cost of the run untouched.
    if (r.stepS > stepS) {
        r.pace = r.stepS / stepS;
        r.gpuBusyShare = r.gpuStepS / r.stepS;
    }
    return r;
}

} // namespace gpuplan

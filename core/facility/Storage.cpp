// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/Storage.h"

#include "common/Units.h"

#include <algorithm>

namespace gpuplan {

double tierBandwidth(double perNode, double aggregate, double nodes)
{
    const double scaled = perNode * nodes;
    return aggregate > 0 ? std::min(scaled, aggregate) : scaled;
}

StorageResult computeStorage(const FacilityInputs &in)
{
    StorageResult s;
    s.bytesPerParam = in.checkpointBytesPerParam;
    s.checkpointBytes = in.checkpointParams * in.checkpointBytesPerParam;
    s.datasetBytes = in.datasetBytes;
    s.capacityBytes = in.checkpointsKept * s.checkpointBytes + in.datasetBytes;
    if (in.mode == Mode::Training)
        s.requiredReadGBps = in.tokensPerS * in.bytesPerToken * in.readAmplification / units::kGB;

    // Every node of the job reads and writes its share in parallel (sharded checkpoints).
    const double read = in.hasTier ? tierBandwidth(in.tierReadPerNode, in.tierAggregateRead, in.jobNodes) : 0.0;
    const double write = in.hasTier ? tierBandwidth(in.tierWritePerNode, in.tierAggregateWrite, in.jobNodes) : 0.0;
    s.tierReadGBps = read / units::kGB;
    s.tierWriteGBps = write / units::kGB;
    s.checkpointWriteS = write > 0 ? s.checkpointBytes / write : 0.0;
    s.restoreS = read > 0 ? s.checkpointBytes / read : 0.0;
    if (in.mode == Mode::Training) {
        // Asynchronous saves block only for the copy of each GPU's shard to host memory; the write
        // to the tier drains in the background (Reliability checks it fits in the interval).
        const double hostCopyS = in.hostCopyPerGpu > 0 ? s.checkpointBytes / in.jobGpus / in.hostCopyPerGpu : 0.0;
        // Without a tier only the copy-out is known (MissingInput::StorageTier says so).
        s.checkpointBlockingS = in.checkpointOverheadS + (in.asyncCheckpoint || write <= 0 ? hostCopyS : s.checkpointWriteS);
        s.starved = in.hasTier && s.requiredReadGBps > s.tierReadGBps;
    }
    return s;
}

} // namespace gpuplan

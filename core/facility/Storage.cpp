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

namespace {

StorageRoleResult roleResult(const TierInputs &t, double nodes)
{
    StorageRoleResult r;
    r.tier = t.id;
    if (t.known) {
        r.readGBps = tierBandwidth(t.readPerNode, t.aggregateRead, nodes) / units::kGB;
        r.writeGBps = tierBandwidth(t.writePerNode, t.aggregateWrite, nodes) / units::kGB;
    }
    return r;
}

} // namespace

StorageResult computeStorage(const FacilityInputs &in)
{
    StorageResult s;
    s.bytesPerParam = in.checkpointBytesPerParam;
    s.checkpointBytes = in.checkpointParams * in.checkpointBytesPerParam;
    s.datasetBytes = in.datasetBytes;
    if (in.mode == Mode::Training)
        s.requiredReadGBps = (in.bytesPerSample > 0 ? in.tokensPerS / in.seqLen * in.bytesPerSample
                                                    : in.tokensPerS * in.bytesPerToken) *
                             in.readAmplification / units::kGB;

    // Every node of the job reads and writes its share in parallel (sharded checkpoints and data).
    for (std::size_t role = 0; role < s.roles.size(); ++role)
        s.roles[role] = roleResult(in.tiers[role], in.jobNodes);
    StorageRoleResult &data = s.roles[static_cast<std::size_t>(StorageRole::Data)];
    StorageRoleResult &cache = s.roles[static_cast<std::size_t>(StorageRole::Cache)];
    StorageRoleResult &checkpoint = s.roles[static_cast<std::size_t>(StorageRole::Checkpoint)];
    StorageRoleResult &archive = s.roles[static_cast<std::size_t>(StorageRole::Archive)];

    // Milestones go to the archive; without one they stay next to the retained checkpoints.
    const double retained = in.checkpointsKept - in.milestoneCheckpoints;
    data.bytes = in.datasetBytes;
    checkpoint.bytes = (archive.tier >= 0 ? retained : in.checkpointsKept) * s.checkpointBytes;
    archive.bytes = archive.tier >= 0 ? in.milestoneCheckpoints * s.checkpointBytes : 0.0;
    // A cache on the data's own tier is no cache: the loaders read the data tier.
    s.separateCache = cache.tier >= 0 && cache.tier != data.tier;
    cache.bytes = s.separateCache ? in.datasetBytes : 0.0;
    const bool cacheShared = s.separateCache && !tierOf(in, StorageRole::Cache).nodeLocal;
    s.capacityBytes = in.checkpointsKept * s.checkpointBytes + in.datasetBytes + (cacheShared ? cache.bytes : 0.0);

    const StorageRoleResult &loaders = s.separateCache ? cache : data;
    s.tierReadGBps = loaders.readGBps;
    s.tierWriteGBps = checkpoint.writeGBps;
    // The dataset is staged into the cache before the run, as fast as the slower side allows.
    const double stagingGBps = std::min(data.readGBps, cache.writeGBps);
    s.cacheStagingS = s.separateCache && stagingGBps > 0 ? in.datasetBytes / (stagingGBps * units::kGB) : 0.0;

    const double write = checkpoint.writeGBps * units::kGB;
    const double read = checkpoint.readGBps * units::kGB;
    s.checkpointWriteS = write > 0 ? s.checkpointBytes / write : 0.0;
    s.restoreS = read > 0 ? s.checkpointBytes / read : 0.0;
    if (in.mode == Mode::Inference && read > 0) {
        // A new replica (scale-up or replacement) reads the whole model from the checkpoint tier
        // (where the weights are kept) over its own nodes, each GPU copying its shard in over PCIe;
        // the tier's per-node rate or the copy limits it.
        const TierInputs &weights = tierOf(in, StorageRole::Checkpoint);
        const double replicaRead = std::min(tierBandwidth(weights.readPerNode, weights.aggregateRead, in.nodesPerReplica),
                                            in.hostCopyPerGpu * in.gpusPerReplica);
        s.replicaWeightsLoadS = replicaRead > 0 ? s.checkpointBytes / replicaRead : 0.0;
    }
    if (in.mode == Mode::Inference) {
        s.replicaEngineStartS = in.engineStartS;
        s.replicaStartS = s.replicaWeightsLoadS + in.engineStartS;
    }
    if (in.mode == Mode::Training) {
        // Asynchronous saves block only for the copy of each GPU's shard to host memory; the write
        // to the tier drains in the background (Reliability checks it fits in the interval).
        const double hostCopyS = in.hostCopyPerGpu > 0 ? s.checkpointBytes / in.jobGpus / in.hostCopyPerGpu : 0.0;
        // Without a tier only the copy-out is known (MissingInput::StorageTier says so).
        s.checkpointBlockingS = in.checkpointOverheadS + (in.asyncCheckpoint || write <= 0 ? hostCopyS : s.checkpointWriteS);
        s.starved = s.tierReadGBps > 0 && s.requiredReadGBps > s.tierReadGBps;
    }
    return s;
}

} // namespace gpuplan

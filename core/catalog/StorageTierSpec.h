// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"

#include <string>
#include <vector>

namespace gpuplan {

// A storage tier for training data and checkpoints (catalogs/storage_tiers.json).
// Bandwidths are bytes/s; "per node" figures scale with the node count up to the aggregate cap.
struct StorageTierSpec
{
    std::string id;                     // "local_nvme", "sata_ssd", "nas_nfs", "parallel_fs", "object_store"
    std::vector<std::string> aliases;
    std::string name;
    double readPerNode = 0;             // bytes/s one node can read
    double writePerNode = 0;            // bytes/s one node can write
    double aggregateRead = 0;           // bytes/s for the whole system; 0 = no cap (node-local)
    double aggregateWrite = 0;
    double firstByteLatencyS = 0;
    double usdPerTbMonth = -1;          // cloud/managed price; negative = unknown
    bool nodeLocal = false;             // lives in the nodes (no shared capacity)
    ProvenanceMap sources;
};

} // namespace gpuplan

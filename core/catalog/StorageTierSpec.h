// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"

#include <string>
#include <vector>

namespace gpuplan {

// A storage tier for training data, its cache, checkpoints or the archive (catalogs/storage_tiers.json).
// Bandwidths are bytes/s; "per node" figures scale with the node count up to the aggregate cap.
// A shared tier is bought by capacity (usdPerTb) and, for a parallel file system, also by the
// bandwidth it delivers (usdPerGBps: storage servers, network and licences sized for performance).
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
    double usdPerTb = -1;               // capex per TB of capacity; negative = unknown (node-local: in the node)
    double usdPerGBps = 0;              // capex per GB/s of aggregate bandwidth; 0 = priced by capacity only
    double usdPerTbMonth = -1;          // cloud/managed price; negative = unknown
    bool nodeLocal = false;             // lives in the nodes (no shared capacity)
    ProvenanceMap sources;
};

} // namespace gpuplan

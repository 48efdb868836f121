// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "portfolio/Portfolio.h"

#include <string>
#include <vector>

// How the pools of a portfolio become nodes, names and MIG partitions, shared by the Slurm and
// Kubernetes files (internal to core/export; the public entry is export/ClusterConfig.h).
namespace gpuplan::cluster {

// GPUs of a node partitioned into instances of one MIG profile.
struct MigSlice
{
    std::string profile;
    int gpus = 0;
    int instancesPerGpu = 1;
    int instances() const { return gpus * instancesPerGpu; }
};

// Consecutive nodes of a pool laid out alike: nodes [first, first + count), each with the MIG
// slices in order on its first GPUs and wholeGpus unpartitioned GPUs after them.
struct NodeGroup
{
    int first = 0;
    int count = 0;
    std::vector<MigSlice> mig;
    int wholeGpus = 0;
    std::string migConfig;   // mig-parted configuration name: "all-disabled", "all-3g.40gb", ...
};

struct PoolLayout
{
    const PoolResult *pool = nullptr;
    const NodeSpec *node = nullptr;   // the pool's node type (null when the catalog lacks it)
    std::string name;                 // partition, label value and host prefix: "h100-sxm-80gb"
    std::string gresType;             // Slurm GRES type of a whole GPU: "h100_sxm_80gb"
    std::vector<NodeGroup> groups;
    bool hasMig() const;
};

// The pools in the portfolio's order.
std::vector<PoolLayout> poolLayouts(const PortfolioResult &portfolio, const Catalog &catalog);

// A name per job, unique across the portfolio, from its plan file's name without folder and
// extension, as an RFC 1123 label ("llama3-70b-training", "llama3-70b-training-2").
// names[pool][job].
std::vector<std::vector<std::string>> jobNames(const PortfolioResult &portfolio);

// A MIG profile as a Slurm GRES type and in a Kubernetes resource name ("3g.40gb"): the
// characters [A-Za-z0-9._-] only (a user catalog may name a profile otherwise).
std::string migTypeName(const std::string &profile);

// Where the schedule placed a pool's job (a default placement where it has none).
JobPlacement placementOf(const PoolResult &pool, std::size_t job);

// Host names of a pool's nodes: "h100-sxm-80gb-001"; a range as a Slurm host list,
// "h100-sxm-80gb-[001-002]", and as a printf format for seq(1), "h100-sxm-80gb-%03g".
std::string hostName(const PoolLayout &pool, int index);
std::string hostList(const PoolLayout &pool, int first, int count);
std::string hostFormat(const PoolLayout &pool);

// A string as a double-quoted YAML scalar (JSON string syntax, which YAML 1.2 reads the same).
std::string yamlQuoted(const std::string &text);

// "190.3": a time in days with one decimal, for comments (counts in comments: grouped() of
// common/Format.h, "1,024").
std::string dayText(double seconds);

// Comment lines ("# " prefix) naming the generator and the portfolio: one per pool.
std::string commentHeader(const std::vector<PoolLayout> &pools, const std::string &generator, const std::string &what);

} // namespace gpuplan::cluster

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "portfolio/Portfolio.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The cluster operator's view of the shared cluster a portfolio sizes (docs/exports.md, "Cluster
// configuration"): for Slurm, gres.conf, the slurm.conf node and partition lines of each pool and
// the sbatch resource lines of each job; for Kubernetes with the NVIDIA GPU Operator, the MIG
// strategy and mig-parted configuration, node labels per pool and a Namespace with a
// ResourceQuota per job. Pure text from the portfolio result and the node catalog: the caller
// writes the files.
namespace gpuplan {

enum class ClusterConfigFormat : unsigned char { Slurm, Kubernetes };

// "slurm", "k8s" (or "kubernetes"), any case.
std::optional<ClusterConfigFormat> parseClusterConfigFormat(std::string_view name);
inline constexpr const char *kClusterConfigFormatNames = "slurm|k8s";

struct ClusterConfigFile
{
    std::string fileName;   // plain name, no folder: "slurm.conf", "llama3-70b-training.sbatch"
    std::string text;
};

// The files of one format, in the order they are best read. generator names the program in each
// file's header ("gpuplan 0.1.0"). Pools are as the portfolio sized them: every job's GPUs or MIG
// instances are the counts it assigns. A MIG fleet's GPUs are partitioned on the first nodes of
// its pool (several fleets of a pool one after another), the other GPUs stay whole.
std::vector<ClusterConfigFile> clusterConfigFiles(const PortfolioResult &portfolio, const Catalog &catalog,
                                                  ClusterConfigFormat format, const std::string &generator);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/ClusterConfig.h"
#include "export/ClusterLayout.h"

// The files of each cluster configuration format (internal to core/export; the public entry is
// clusterConfigFiles in export/ClusterConfig.h).
namespace gpuplan::cluster {

std::vector<ClusterConfigFile> slurmFiles(const PortfolioResult &portfolio, const Catalog &catalog,
                                          const std::string &generator);
std::vector<ClusterConfigFile> kubernetesFiles(const PortfolioResult &portfolio, const Catalog &catalog,
                                               const std::string &generator);

} // namespace gpuplan::cluster

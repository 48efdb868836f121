// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/ClusterConfig.h"

#include "export/ClusterFiles.h"

#include <algorithm>
#include <cctype>

namespace gpuplan {

std::optional<ClusterConfigFormat> parseClusterConfigFormat(std::string_view name)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (lower == "slurm")
        return ClusterConfigFormat::Slurm;
    if (lower == "k8s" || lower == "kubernetes")
        return ClusterConfigFormat::Kubernetes;
    return std::nullopt;
}

std::vector<ClusterConfigFile> clusterConfigFiles(const PortfolioResult &portfolio, const Catalog &catalog,
                                                  ClusterConfigFormat format, const std::string &generator)
{
    return format == ClusterConfigFormat::Slurm ? cluster::slurmFiles(portfolio, catalog, generator)
                                                : cluster::kubernetesFiles(portfolio, catalog, generator);
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// Kubernetes files of a shared cluster with the NVIDIA GPU Operator: the ClusterPolicy's MIG
// strategy and the MIG Manager's mig-parted configurations, node labels per pool, and a Namespace
// with a ResourceQuota per job (docs.nvidia.com/datacenter/cloud-native/gpu-operator, "GPU
// Operator with MIG"; kubernetes.io, "Resource Quotas", extended resources).
#include "export/ClusterFiles.h"

#include "export/TextEscape.h"

#include <algorithm>
#include <cstdio>

namespace gpuplan::cluster {

namespace {

constexpr const char *kMigConfigMap = "gpuplan-mig-config";
constexpr const char *kPoolLabel = "gpuplan/pool";

bool anyMig(const std::vector<PoolLayout> &pools)
{
    for (const PoolLayout &l : pools) {
        if (l.hasMig())
            return true;
    }
    return false;
}

std::string indexList(int first, int count)
{
    std::string out = "[";
    for (int i = first; i < first + count; ++i)
        out += (i == first ? "" : ", ") + std::to_string(i);
    return out + "]";
}

// One mig-parted configuration per node layout, under "mig-configs:" (indented for the ConfigMap's
// block scalar).
std::string migConfigs(const std::vector<PoolLayout> &pools)
{
    std::string out = "    version: v1\n    mig-configs:\n      all-disabled:\n        - devices: all\n"
                      "          mig-enabled: false\n";
    std::vector<std::string> written = {"all-disabled"};
    for (const PoolLayout &l : pools) {
        for (const NodeGroup &g : l.groups) {
            if (g.mig.empty() || std::find(written.begin(), written.end(), g.migConfig) != written.end())
                continue;
            written.push_back(g.migConfig);
            out += "      " + yamlQuoted(g.migConfig) + ":\n";
            int gpu = 0;
            for (const MigSlice &s : g.mig) {
                out += "        - devices: " + (g.mig.size() == 1 && g.wholeGpus == 0 ? "all" : indexList(gpu, s.gpus)) +
                       "\n          mig-enabled: true\n          mig-devices:\n            " + yamlQuoted(s.profile) +
                       ": " + std::to_string(s.instancesPerGpu) + "\n";
                gpu += s.gpus;
            }
            if (g.wholeGpus > 0)
                out += "        - devices: " + indexList(gpu, g.wholeGpus) + "\n          mig-enabled: false\n";
        }
    }
    return out;
}

std::string operatorFile(const std::vector<PoolLayout> &pools, const std::string &generator)
{
    std::string out = commentHeader(pools, generator, "NVIDIA GPU Operator settings for the shared cluster");
    const bool mig = anyMig(pools);
    out += "# ClusterPolicy excerpt: merge these values into the cluster's ClusterPolicy (the GPU Operator's\n"
           "# Helm chart creates it; the chart's values mig.strategy and migManager.config.name are the same).\n";
    if (mig)
        out += "# Strategy mixed: each MIG profile is a resource of its own, nvidia.com/mig-<profile>, next to\n"
               "# nvidia.com/gpu for whole GPUs (single would count instances as nvidia.com/gpu and needs one\n"
               "# profile on every GPU of a node).\n";
    else
        out += "# No pool uses MIG: strategy single (the default), every GPU is one nvidia.com/gpu.\n";
    out += "apiVersion: nvidia.com/v1\nkind: ClusterPolicy\nmetadata:\n  name: cluster-policy\nspec:\n  mig:\n"
           "    strategy: " + std::string(mig ? "mixed" : "single") + "\n";
    if (!mig)
        return out;
    out += "  migManager:\n    enabled: true\n    config:\n      name: " + std::string(kMigConfigMap) + "\n";
    out += "---\n# The MIG Manager's mig-parted configurations: each node takes the one its nvidia.com/mig.config\n"
           "# label names (node-labels.sh). The namespace is the GPU Operator's (gpu-operator by default).\n"
           "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + std::string(kMigConfigMap) +
           "\n  namespace: gpu-operator\ndata:\n  config.yaml: |\n" + migConfigs(pools);
    return out;
}

std::string labelsScript(const std::vector<PoolLayout> &pools, const std::string &generator)
{
    std::string out = "#!/bin/sh\n" + commentHeader(pools, generator, "Node labels of the shared cluster's pools");
    out += "# gpuplan/pool names a node's pool: keep a job's pods on it with nodeSelector gpuplan/pool: POOL.\n"
           "# nvidia.com/mig.config names the node's mig-parted configuration (gpu-operator.yaml), which the\n"
           "# MIG Manager applies. GPU Feature Discovery labels each node nvidia.com/gpu.product with the name\n"
           "# the driver reports: check that each pool's nodes show its GPU with\n"
           "#   kubectl get nodes -L gpuplan/pool -L nvidia.com/gpu.product -L nvidia.com/mig.config\n"
           "# Node names follow the pools (POOL-001, POOL-002, ...): rename them to your nodes.\n"
           "set -e\n";
    for (const PoolLayout &l : pools) {
        const bool mig = l.hasMig();
        for (const NodeGroup &g : l.groups) {
            std::string labels = std::string(kPoolLabel) + "=" + l.name;
            if (mig)
                labels += " nvidia.com/mig.config=" + shellQuote(g.migConfig);
            out += "for node in $(seq -f " + shellQuote(hostFormat(l)) + " " + std::to_string(g.first + 1) + " " +
                   std::to_string(g.first + g.count) + "); do\n  kubectl label node \"$node\" --overwrite " + labels +
                   "\ndone\n";
        }
    }
    return out;
}

std::string quotasFile(const PortfolioResult &portfolio, const std::vector<PoolLayout> &pools,
                       const std::string &generator)
{
    const auto names = jobNames(portfolio);
    std::string out = commentHeader(pools, generator, "A Namespace and a ResourceQuota per job of the shared cluster");
    out += "# The quota caps the GPUs (or MIG instances) the job's pods request at once at what the portfolio\n"
           "# assigns it. nvidia.com/gpu counts whole GPUs of every type: keep a job on its pool with\n"
           "# nodeSelector gpuplan/pool: POOL.\n";
    for (std::size_t p = 0; p < pools.size(); ++p) {
        const PoolResult &pool = *pools[p].pool;
        for (std::size_t j = 0; j < pool.jobs.size(); ++j) {
            const PortfolioJob &job = pool.jobs[j];
            const std::string &name = names[p][j];
            const bool mig = !job.migProfile.empty();
            const JobPlacement at = placementOf(pool, j);
            out += "---\n# " + commentText(job.plan) + ": " +
                   (job.serving ? "serving fleet, always on"
                                : "training job, days " + dayText(at.startS) + " to " + dayText(at.endS) +
                                      " of the portfolio's schedule") +
                   "; pool " + pools[p].name + ".\n";
            // Names are RFC 1123 labels, which YAML may still read as a boolean, null or number.
            out += "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + yamlScalar(name) + "\n  labels:\n    " +
                   kPoolLabel + ": " + yamlScalar(pools[p].name) +
                   "\n---\napiVersion: v1\nkind: ResourceQuota\nmetadata:\n  name: gpus\n  namespace: " +
                   yamlScalar(name) + "\nspec:\n  hard:\n    requests.nvidia.com/" +
                   (mig ? "mig-" + migTypeName(job.migProfile) : std::string("gpu")) + ": \"" +
                   std::to_string(mig ? job.migInstances : job.gpus) + "\"\n";
        }
    }
    return out;
}

} // namespace

std::vector<ClusterConfigFile> kubernetesFiles(const PortfolioResult &portfolio, const Catalog &catalog,
                                               const std::string &generator)
{
    const std::vector<PoolLayout> pools = poolLayouts(portfolio, catalog);
    return {{"gpu-operator.yaml", operatorFile(pools, generator)},
            {"node-labels.sh", labelsScript(pools, generator)},
            {"quotas.yaml", quotasFile(portfolio, pools, generator)}};
}

} // namespace gpuplan::cluster

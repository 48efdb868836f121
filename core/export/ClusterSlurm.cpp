// SPDX-License-Identifier: GPL-3.0-or-later
// Slurm files of a shared cluster: gres.conf, the slurm.conf node and partition lines, and each
// job's sbatch resource lines (slurm.schedmd.com: gres.conf(5), slurm.conf(5), sbatch(1)).
#include "common/Format.h"
#include "export/ClusterFiles.h"

#include "export/TextEscape.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace gpuplan::cluster {

namespace {

// Share of the node catalog's RAM given to Slurm as RealMemory: a node reporting less memory
// than RealMemory is drained, and the operating system keeps some.
constexpr double kRealMemoryShare = 0.95;

std::string deviceFiles(int gpus)
{
    return gpus <= 1 ? "/dev/nvidia0" : "/dev/nvidia[0-" + std::to_string(gpus - 1) + "]";
}

// "gpu:3g.40gb:10,gpu:h100_sxm_80gb:3"
std::string nodeGres(const PoolLayout &pool, const NodeGroup &g)
{
    std::string out;
    for (const MigSlice &s : g.mig)
        out += (out.empty() ? "gpu:" : ",gpu:") + s.profile + ":" + std::to_string(s.instances());
    if (g.wholeGpus > 0)
        out += (out.empty() ? "gpu:" : ",gpu:") + pool.gresType + ":" + std::to_string(g.wholeGpus);
    return out;
}

std::string gresConf(const std::vector<PoolLayout> &pools, const std::string &generator)
{
    std::string out = commentHeader(pools, generator, "Slurm gres.conf for the shared cluster");
    out += "# Node names follow the pools (POOL-001, POOL-002, ...): rename them to your hosts here and in\n"
           "# slurm.conf.\n";
    for (const PoolLayout &l : pools) {
        for (const NodeGroup &g : l.groups) {
            const std::string nodes = hostList(l, g.first, g.count);
            if (g.mig.empty()) {
                out += "NodeName=" + nodes + " Name=gpu Type=" + l.gresType + " File=" + deviceFiles(g.wholeGpus) + "\n";
                continue;
            }
            // MIG device files (nvidia-caps) depend on the instances the driver creates, so they are
            // left to NVML; the types it reports must be the ones slurm.conf names.
            out += "# " + nodes + ": MIG instances (" + g.migConfig + ") found by NVML autodetection (Slurm built\n"
                   "# with NVML). Check with `slurmd -G` on such a node that the GRES types it reports are the\n"
                   "# slurm.conf ones (" + nodeGres(l, g) + "); rename them there if not.\n";
            out += "NodeName=" + nodes + " AutoDetect=nvml\n";
        }
    }
    return out;
}

std::string slurmConf(const std::vector<PoolLayout> &pools, const std::string &generator)
{
    std::string out = commentHeader(pools, generator, "Slurm slurm.conf lines for the shared cluster: add them to slurm.conf");
    out += "# CPUs are the node catalog's physical cores: with simultaneous multithreading on, `slurmd -C`\n"
           "# on a node reports twice as many; use the line it prints. RealMemory is 95% of the catalog's RAM\n"
           "# in MiB, leaving the rest to the operating system: a node with less than RealMemory is drained.\n"
           "GresTypes=gpu\n";
    for (const PoolLayout &l : pools) {
        std::string resources;
        if (l.node && l.node->cpuCores > 0)
            resources += " CPUs=" + std::to_string(l.node->cpuCores);
        if (l.node && l.node->ramBytes > 0)
            resources += " RealMemory=" +
                         std::to_string(static_cast<long long>(std::floor(l.node->ramBytes * kRealMemoryShare / 1048576.0)));
        if (!l.node || l.node->cpuCores <= 0 || l.node->ramBytes <= 0)
            out += "# " + l.name + ": the node catalog has no CPU count or RAM for this node type; take them from\n"
                   "# `slurmd -C` on a node.\n";
        if (l.node && l.node->rackScale)
            out += "# " + l.name + ": the catalog describes " + commentText(l.node->name, 80) +
                   " per rack; Slurm sees each compute\n# tray as a node: split the GPUs, CPUs and memory per tray.\n";
        for (const NodeGroup &g : l.groups)
            out += "NodeName=" + hostList(l, g.first, g.count) + resources + " Gres=" + nodeGres(l, g) + " State=UNKNOWN\n";
        out += "PartitionName=" + l.name + " Nodes=" + hostList(l, 0, l.pool->clusterNodes) + " State=UP\n";
    }
    return out;
}

// sbatch --time: days-hours:minutes:seconds, rounded up to the minute.
std::string timeLimit(double seconds)
{
    const long long minutes = std::max(1LL, static_cast<long long>(std::ceil(seconds / 60.0 - 1e-9)));
    char text[48];
    std::snprintf(text, sizeof text, "%lld-%02lld:%02lld:00", minutes / 1440, minutes / 60 % 24, minutes % 60);
    return text;
}

// sbatch --deadline, counted from submission: whole days where the deadline is, else minutes
// (rounded down, so the job is not kept past the portfolio's deadline).
std::string deadline(double seconds)
{
    const double days = seconds / 86400.0;
    if (std::fabs(days - std::round(days)) < 1e-9)
        return "now+" + std::to_string(static_cast<long long>(std::round(days))) + "days";
    return "now+" + std::to_string(std::max(1LL, static_cast<long long>(std::floor(seconds / 60.0 + 1e-9)))) + "minutes";
}

std::string sbatchLines(const PoolLayout &l, const PortfolioJob &j, const JobPlacement &at, const std::string &name,
                        const std::string &generator)
{
    const bool mig = !j.migProfile.empty();
    const std::string type = mig ? migTypeName(j.migProfile) : l.gresType;
    const int count = mig ? j.migInstances : j.gpus;
    const int perNode = l.pool->gpusPerNode * (mig ? std::max(j.migInstancesPerGpu, 1) : 1);
    const int nodes = std::max(1, (count + perNode - 1) / perNode);
    const std::string unit = mig ? "MIG instances (" + commentText(j.migProfile, 40) + ")" : "GPUs";

    std::string out = "#!/bin/bash\n# sbatch resource lines of " + commentText(j.plan) + " on the shared cluster, pool " +
                      l.name + "\n# Generated by " + commentText(generator) + " (gpuplan-cli portfolio).\n";
    if (j.serving) {
        out += "# Serving fleet of " + grouped(count) + " " + unit + ", always on: no --time (the partition's\n"
               "# MaxTime applies).\n";
    } else {
        out += "# Training job on " + grouped(count) + " " + unit + " for " + dayText(j.durationS) +
               " days (time to train with failures);\n# the portfolio's schedule runs it from day " + dayText(at.startS) +
               " to day " + dayText(at.endS) + ", earliest deadline first" +
               (j.deadlineS >= 0 ? ", deadline day " + dayText(j.deadlineS) : std::string()) +
               (at.late ? " (late: no pool size meets it)" : "") + ".\n";
    }
    out += "#SBATCH --job-name=" + name + "\n#SBATCH --partition=" + l.name + "\n#SBATCH --nodes=" + std::to_string(nodes) + "\n";
    // --gres counts per node; a count that does not split evenly over the nodes is given for the job.
    if (count % nodes == 0)
        out += "#SBATCH --gres=gpu:" + type + ":" + std::to_string(count / nodes) + "\n";
    else
        out += "#SBATCH --gpus=" + type + ":" + std::to_string(count) + "\n";
    if (!j.serving) {
        out += "#SBATCH --time=" + timeLimit(j.durationS) + "\n";
        if (j.deadlineS >= 0) {
            out += "# --deadline counts from submission: submit the portfolio's jobs together for its schedule.\n";
            out += "#SBATCH --deadline=" + deadline(j.deadlineS) + "\n";
        }
    }
    out += "# The job's commands follow these lines; for a training plan, gpuplan-cli export PLAN --launch slurm\n"
           "# writes them, and for a serving plan --launch vllm.\n";
    return out;
}

} // namespace

std::vector<ClusterConfigFile> slurmFiles(const PortfolioResult &portfolio, const Catalog &catalog,
                                          const std::string &generator)
{
    const std::vector<PoolLayout> pools = poolLayouts(portfolio, catalog);
    const auto names = jobNames(portfolio);
    std::vector<ClusterConfigFile> files = {{"gres.conf", gresConf(pools, generator)},
                                            {"slurm.conf", slurmConf(pools, generator)}};
    for (std::size_t p = 0; p < pools.size(); ++p) {
        const PoolResult &pool = *pools[p].pool;
        for (std::size_t j = 0; j < pool.jobs.size(); ++j)
            files.push_back({names[p][j] + ".sbatch", sbatchLines(pools[p], pool.jobs[j], placementOf(pool, j), names[p][j], generator)});
    }
    return files;
}

} // namespace gpuplan::cluster

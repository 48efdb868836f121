// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/ClusterLayout.h"

#include "common/Format.h"
#include "export/TextEscape.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>

namespace gpuplan::cluster {

namespace {

bool sameLayout(const NodeGroup &a, const NodeGroup &b)
{
    if (a.wholeGpus != b.wholeGpus || a.mig.size() != b.mig.size())
        return false;
    for (std::size_t i = 0; i < a.mig.size(); ++i) {
        if (a.mig[i].profile != b.mig[i].profile || a.mig[i].gpus != b.mig[i].gpus)
            return false;
    }
    return true;
}

// A mig-parted configuration name (a node label value: [A-Za-z0-9._-], at most 63 characters).
std::string migConfigName(const NodeGroup &g)
{
    if (g.mig.empty())
        return "all-disabled";
    if (g.mig.size() == 1 && g.wholeGpus == 0)
        return safeName("all-" + g.mig.front().profile, "all-mig", 63);
    std::string name;
    for (const MigSlice &s : g.mig)
        name += (name.empty() ? "" : "_") + s.profile + "-x" + std::to_string(s.gpus);
    if (g.wholeGpus > 0)
        name += "_whole-x" + std::to_string(g.wholeGpus);
    return safeName(name, "mixed-mig", 63);
}

// The MIG fleets' GPUs per profile, in the order the jobs name them.
std::vector<MigSlice> migDemand(const PoolResult &pool)
{
    std::vector<MigSlice> demand;
    for (const PortfolioJob &j : pool.jobs) {
        if (j.migProfile.empty())
            continue;
        auto it = std::find_if(demand.begin(), demand.end(), [&](const MigSlice &s) { return s.profile == migTypeName(j.migProfile); });
        if (it == demand.end())
            demand.push_back({migTypeName(j.migProfile), j.gpus, std::max(j.migInstancesPerGpu, 1)});
        else
            it->gpus += j.gpus;
    }
    return demand;
}

// The pool's nodes with the MIG GPUs on the first ones, grouped where consecutive nodes agree.
std::vector<NodeGroup> nodeGroups(const PoolResult &pool)
{
    std::vector<MigSlice> demand = migDemand(pool);
    std::size_t next = 0;
    std::vector<NodeGroup> groups;
    for (int n = 0; n < pool.clusterNodes; ++n) {
        NodeGroup node;
        node.first = n;
        node.count = 1;
        int free = pool.gpusPerNode;
        while (free > 0 && next < demand.size()) {
            MigSlice &d = demand[next];
            const int take = std::min(free, d.gpus);
            node.mig.push_back({d.profile, take, d.instancesPerGpu});
            d.gpus -= take;
            free -= take;
            if (d.gpus == 0)
                ++next;
        }
        node.wholeGpus = free;
        if (!groups.empty() && sameLayout(groups.back(), node)) {
            ++groups.back().count;
        } else {
            node.migConfig = migConfigName(node);
            groups.push_back(std::move(node));
        }
    }
    return groups;
}

std::string gresTypeName(const std::string &gpu)
{
    std::string out;
    for (char c : gpu) {
        if (c >= 'A' && c <= 'Z')
            out += static_cast<char>(c - 'A' + 'a');
        else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
            out += c;
        else if (!out.empty() && out.back() != '_')
            out += '_';
    }
    while (!out.empty() && out.back() == '_')
        out.pop_back();
    return out.empty() ? "gpu" : out;
}

int hostDigits(const PoolLayout &pool)
{
    return std::max(3, static_cast<int>(std::to_string(std::max(pool.pool->clusterNodes, 1)).size()));
}

std::string padded(int value, int digits)
{
    std::string s = std::to_string(value);
    return std::string(static_cast<std::size_t>(std::max(0, digits - static_cast<int>(s.size()))), '0') + s;
}

// The plan file's name without folder and extension.
std::string planStem(const std::string &plan)
{
    const std::size_t slash = plan.find_last_of("/\\");
    std::string stem = slash == std::string::npos ? plan : plan.substr(slash + 1);
    const std::string extension = ".gpuplan";
    if (stem.size() > extension.size() && stem.compare(stem.size() - extension.size(), extension.size(), extension) == 0)
        stem.resize(stem.size() - extension.size());
    return stem;
}

} // namespace

bool PoolLayout::hasMig() const
{
    return std::any_of(groups.begin(), groups.end(), [](const NodeGroup &g) { return !g.mig.empty(); });
}

std::vector<PoolLayout> poolLayouts(const PortfolioResult &portfolio, const Catalog &catalog)
{
    std::vector<PoolLayout> out;
    for (const PoolResult &p : portfolio.pools) {
        PoolLayout layout;
        layout.pool = &p;
        // The node type of the largest node among the pool's plans: the unit the pool grows by.
        for (const PortfolioJob &j : p.jobs) {
            if (j.gpusPerNode == p.gpusPerNode && !j.node.empty()) {
                layout.node = catalog.findNode(j.node);
                break;
            }
        }
        layout.name = kubernetesName(p.gpu, "gpu");
        layout.gresType = gresTypeName(p.gpu);
        layout.groups = nodeGroups(p);
        out.push_back(std::move(layout));
    }
    return out;
}

std::vector<std::vector<std::string>> jobNames(const PortfolioResult &portfolio)
{
    std::vector<std::vector<std::string>> names;
    std::vector<std::string> taken;
    for (const PoolResult &p : portfolio.pools) {
        names.emplace_back();
        for (const PortfolioJob &j : p.jobs) {
            const std::string base = kubernetesName(planStem(j.plan), "job");
            std::string name = base;
            for (int k = 2; std::find(taken.begin(), taken.end(), name) != taken.end(); ++k) {
                const std::string suffix = "-" + std::to_string(k);
                name = kubernetesName(base.substr(0, 63 - suffix.size()) + suffix, "job");
            }
            taken.push_back(name);
            names.back().push_back(name);
        }
    }
    return names;
}

std::string migTypeName(const std::string &profile)
{
    return safeName(profile, "mig", 63);
}

JobPlacement placementOf(const PoolResult &pool, std::size_t job)
{
    return job < pool.schedule.placements.size() ? pool.schedule.placements[job] : JobPlacement{};
}

std::string hostName(const PoolLayout &pool, int index)
{
    return pool.name + "-" + padded(index + 1, hostDigits(pool));
}

std::string hostList(const PoolLayout &pool, int first, int count)
{
    if (count <= 1)
        return hostName(pool, first);
    const int digits = hostDigits(pool);
    return pool.name + "-[" + padded(first + 1, digits) + "-" + padded(first + count, digits) + "]";
}

std::string hostFormat(const PoolLayout &pool)
{
    return pool.name + "-%0" + std::to_string(hostDigits(pool)) + "g";
}

std::string yamlQuoted(const std::string &text)
{
    return jsonForYaml(nlohmann::json(text).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
}

std::string dayText(double seconds)
{
    return formatFixed(seconds / 86400.0, 1);
}

std::string commentHeader(const std::vector<PoolLayout> &pools, const std::string &generator, const std::string &what)
{
    std::string out = "# " + commentText(what) + "\n";
    out += "# Generated by " + commentText(generator) + " from a shared cluster (gpuplan-cli portfolio): " +
           std::to_string(pools.size()) + (pools.size() == 1 ? " pool" : " pools") + ".\n";
    for (const PoolLayout &l : pools) {
        const PoolResult &p = *l.pool;
        out += "# Pool " + l.name + ": " + grouped(p.clusterNodes) + (p.clusterNodes == 1 ? " node" : " nodes") +
               " of " + std::to_string(p.gpusPerNode) + " x " + commentText(p.gpu, 80) +
               (l.node ? " (" + commentText(l.node->name, 80) + ")" : std::string()) + ", " + grouped(p.clusterGpus) +
               " GPUs; " + std::to_string(p.jobs.size()) + (p.jobs.size() == 1 ? " job" : " jobs") + ".\n";
    }
    return out;
}

} // namespace gpuplan::cluster

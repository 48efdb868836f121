// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/MigInstance.h"

#include <algorithm>
#include <cctype>

namespace gpuplan {

namespace {

bool sameName(std::string_view a, std::string_view b)
{
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
               return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
}

} // namespace

const MigProfile *findMigProfile(const GpuSpec &gpu, std::string_view name)
{
    for (const MigProfile &p : gpu.migProfiles)
        if (sameName(p.name, name))
            return &p;
    return nullptr;
}

std::string migProfileNames(const GpuSpec &gpu)
{
    std::string out;
    for (const MigProfile &p : gpu.migProfiles)
        out += (out.empty() ? "" : ", ") + p.name;
    return out.empty() ? std::string("none") : out;
}

GpuSpec migInstanceSpec(const GpuSpec &parent, const MigProfile &profile)
{
    GpuSpec g = parent;
    g.id = parent.id + "/" + profile.name;
    g.aliases.clear();
    g.name = parent.name + " · MIG " + profile.name;
    const double compute = static_cast<double>(profile.computeSlices) / std::max(parent.migComputeSlices, 1);
    const double memory = static_cast<double>(profile.memorySlices) / std::max(parent.migMemorySlices, 1);
    const double share = 1.0 / std::max(profile.instancesPerGpu, 1);
    for (double &f : g.peakFlops)
        f *= compute;
    g.memoryBandwidth = parent.memoryBandwidth * memory;
    g.memoryBytes = profile.memoryBytes;
    g.cudaTotalBytes = parent.cudaTotalBytes > 0 ? std::min(parent.cudaTotalBytes * memory, profile.memoryBytes) : 0.0;
    g.tdpW = parent.tdpW * share;
    g.priceUsd = parent.priceUsd * share;
    g.pcieBandwidth = parent.pcieBandwidth * share;
    g.scaleUpBandwidth = 0;
    g.scaleUpKind = "none";
    g.migProfiles.clear();
    return g;
}

} // namespace gpuplan

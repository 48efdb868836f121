// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/GpuComparison.h"

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

// Distance between two GPUs for comparison purposes: a doubling of memory counts as much as
// seven years of generation difference; another vendor adds a little.
double distance(const GpuSpec &a, const GpuSpec &b)
{
    const double memory = std::fabs(std::log2(a.memoryBytes / b.memoryBytes));
    const double years = (a.launchYear > 0 && b.launchYear > 0) ? std::abs(a.launchYear - b.launchYear) / 7.0 : 0.5;
    const double vendor = a.vendor == b.vendor ? 0.0 : 0.3;
    return memory + years + vendor;
}

bool sameCapacity(double a, double b)
{
    return std::fabs(a - b) <= 0.03 * std::max(a, b);
}

} // namespace

std::vector<const GpuSpec *> comparableGpus(const Catalog &catalog, const GpuSpec &planGpu, int count)
{
    std::vector<const GpuSpec *> candidates;
    if (count <= 0 || planGpu.memoryBytes <= 0)
        return candidates;
    for (const GpuSpec &g : catalog.gpus) {
        if (&g != &planGpu && g.id != planGpu.id && g.memoryBytes > 0)
            candidates.push_back(&g);
    }
    std::stable_sort(candidates.begin(), candidates.end(), [&](const GpuSpec *a, const GpuSpec *b) {
        return distance(*a, planGpu) < distance(*b, planGpu);
    });

    // The memory a plan needs does not depend on the GPU, so GPUs of the same capacity would draw
    // the same bar: prefer one GPU per capacity, then fill up with the rest.
    const std::size_t wanted = std::min<std::size_t>(candidates.size(), static_cast<std::size_t>(count));
    std::vector<const GpuSpec *> chosen;
    std::vector<double> capacities{planGpu.memoryBytes};
    for (const GpuSpec *g : candidates) {
        if (chosen.size() == wanted)
            break;
        if (std::none_of(capacities.begin(), capacities.end(), [&](double c) { return sameCapacity(c, g->memoryBytes); })) {
            chosen.push_back(g);
            capacities.push_back(g->memoryBytes);
        }
    }
    for (const GpuSpec *g : candidates) {
        if (chosen.size() == wanted)
            break;
        if (std::find(chosen.begin(), chosen.end(), g) == chosen.end())
            chosen.push_back(g);
    }

    // "Would it fit on a bigger GPU?" needs a bigger GPU in the list when the catalog has one.
    const auto larger = [&](const GpuSpec *g) { return g->memoryBytes > planGpu.memoryBytes * 1.03; };
    if (!chosen.empty() && std::none_of(chosen.begin(), chosen.end(), larger)) {
        const auto next = std::find_if(candidates.begin(), candidates.end(), larger);
        if (next != candidates.end())
            chosen.back() = *next;
    }
    std::sort(chosen.begin(), chosen.end(), [](const GpuSpec *a, const GpuSpec *b) {
        return a->memoryBytes != b->memoryBytes ? a->memoryBytes < b->memoryBytes : a->name < b->name;
    });
    return chosen;
}

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "portfolio/Portfolio.h"

#include "common/Units.h"

#include <algorithm>
#include <iterator>
#include <limits>
#include <numeric>

namespace gpuplan {

namespace {

struct Running
{
    double endS;
    int gpus;
};

int roundUpToNodes(long long gpus, int gpusPerNode)
{
    const long long nodes = std::max(1LL, (gpus + gpusPerNode - 1) / gpusPerNode);
    return static_cast<int>(nodes * gpusPerNode);
}

int servingGpusOf(const std::vector<PortfolioJob> &jobs)
{
    int n = 0;
    for (const PortfolioJob &j : jobs)
        n += j.serving ? j.gpus : 0;
    return n;
}

// GPU-hours the jobs keep busy in [0, windowS]: serving fleets throughout, training jobs while they run.
double busyGpuHours(const std::vector<PortfolioJob> &jobs, const PoolSchedule &s, double windowS)
{
    double gpuSeconds = 0;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        const JobPlacement &p = s.placements[i];
        const double seconds = jobs[i].serving ? windowS : std::max(0.0, std::min(p.endS, windowS) - p.startS);
        gpuSeconds += jobs[i].gpus * seconds;
    }
    return gpuSeconds / units::kHour;
}

// Serving fleets plus the training jobs running at once, at the moment that sum is largest (a
// job's power starts with it, so the maximum is at some job's start).
double peakFacilityKw(const std::vector<PortfolioJob> &jobs, const PoolSchedule &s)
{
    double serving = 0;
    for (const PortfolioJob &j : jobs)
        serving += j.serving ? j.facilityKw : 0;
    double peakTraining = 0;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (jobs[i].serving)
            continue;
        const double t = s.placements[i].startS;
        double sum = 0;
        for (std::size_t k = 0; k < jobs.size(); ++k)
            if (!jobs[k].serving && s.placements[k].startS <= t && t < s.placements[k].endS)
                sum += jobs[k].facilityKw;
        peakTraining = std::max(peakTraining, sum);
    }
    return serving + peakTraining;
}

} // namespace

bool scheduleOnPool(const std::vector<PortfolioJob> &jobs, int poolGpus, PoolSchedule &out)
{
    out = PoolSchedule{};
    out.poolGpus = poolGpus;
    out.placements.assign(jobs.size(), JobPlacement{});
    int free = poolGpus - servingGpusOf(jobs);
    std::vector<std::size_t> pending;
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        if (jobs[i].serving)
            continue;
        if (jobs[i].gpus > free)
            return false;
        pending.push_back(i);
    }
    // Earliest deadline first; jobs without a deadline after all others; ties keep the input order.
    const auto deadlineOf = [&](std::size_t i) {
        return jobs[i].deadlineS < 0 ? std::numeric_limits<double>::infinity() : jobs[i].deadlineS;
    };
    std::stable_sort(pending.begin(), pending.end(),
                     [&](std::size_t a, std::size_t b) { return deadlineOf(a) < deadlineOf(b); });

    std::vector<Running> running;
    double now = 0;
    while (!pending.empty()) {
        for (auto it = pending.begin(); it != pending.end();) {
            const PortfolioJob &job = jobs[*it];
            if (job.gpus > free) {
                ++it;
                continue;
            }
            JobPlacement &p = out.placements[*it];
            p.startS = now;
            p.endS = now + job.durationS;
            p.late = job.deadlineS >= 0 && p.endS > job.deadlineS;
            free -= job.gpus;
            running.push_back({p.endS, job.gpus});
            it = pending.erase(it);
        }
        if (pending.empty())
            break;
        // The next moment GPUs free up; every job ending then gives its GPUs back.
        now = std::min_element(running.begin(), running.end(),
                               [](const Running &a, const Running &b) { return a.endS < b.endS; })->endS;
        for (auto it = running.begin(); it != running.end();) {
            if (it->endS <= now) {
                free += it->gpus;
                it = running.erase(it);
            } else {
                ++it;
            }
        }
    }
    for (std::size_t i = 0; i < jobs.size(); ++i) {
        out.makespanS = std::max(out.makespanS, out.placements[i].endS);
        out.meetsDeadlines = out.meetsDeadlines && !out.placements[i].late;
    }
    return true;
}

PoolResult planPool(const std::string &gpu, const std::vector<PortfolioJob> &jobs)
{
    PoolResult r;
    r.gpu = gpu;
    r.jobs = jobs;
    long long trainingSum = 0;
    int largestJob = 0;
    int largestNode = 1;
    for (const PortfolioJob &j : jobs) {
        largestNode = std::max(largestNode, j.gpusPerNode);
        if (!j.serving) {
            trainingSum += j.gpus;
            largestJob = std::max(largestJob, j.gpus);
        }
    }
    r.gpusPerNode = largestNode;
    r.servingGpus = servingGpusOf(jobs);
    const int node = largestNode;
    const int lower = roundUpToNodes(static_cast<long long>(r.servingGpus) + largestJob, node);
    const int upper = roundUpToNodes(static_cast<long long>(r.servingGpus) + trainingSum, node);
    const int candidates = (upper - lower) / node;
    const int strideNodes = std::max(1, (candidates + kMaxPoolSizesTried - 1) / kMaxPoolSizesTried);

    bool found = false;
    for (int size = lower; size < upper; size += strideNodes * node) {
        ++r.sizesTried;
        if (scheduleOnPool(jobs, size, r.schedule) && r.schedule.meetsDeadlines) {
            found = true;
            break;
        }
    }
    if (!found) {   // every job at once: the earliest each can finish, deadlines met or not
        ++r.sizesTried;
        scheduleOnPool(jobs, upper, r.schedule);
    }
    r.clusterGpus = r.schedule.poolGpus;
    r.clusterNodes = r.clusterGpus / node;

    const double pool = r.clusterGpus;
    r.utilizationFirstWeek = busyGpuHours(jobs, r.schedule, kPortfolioWeekS) / (pool * kPortfolioWeekS / units::kHour);
    r.utilizationOverall = r.schedule.makespanS > 0
                               ? busyGpuHours(jobs, r.schedule, r.schedule.makespanS) /
                                     (pool * r.schedule.makespanS / units::kHour)
                               : r.servingGpus / pool;
    r.peakFacilityKw = peakFacilityKw(jobs, r.schedule);
    r.totalCostUsd = std::accumulate(jobs.begin(), jobs.end(), 0.0,
                                     [](double sum, const PortfolioJob &j) { return sum + j.costUsd; });
    return r;
}

std::vector<UtilizationStep> utilizationProfile(const PoolResult &pool, double windowS)
{
    // Every start and end inside the window is a moment the busy count may change.
    std::vector<double> moments{0.0};
    for (std::size_t i = 0; i < pool.jobs.size(); ++i) {
        if (pool.jobs[i].serving)
            continue;
        for (const double t : {pool.schedule.placements[i].startS, pool.schedule.placements[i].endS})
            if (t > 0 && t < windowS)
                moments.push_back(t);
    }
    std::sort(moments.begin(), moments.end());
    moments.erase(std::unique(moments.begin(), moments.end()), moments.end());
    std::vector<UtilizationStep> steps;
    for (const double t : moments) {
        int busy = 0;
        for (std::size_t i = 0; i < pool.jobs.size(); ++i) {
            const JobPlacement &p = pool.schedule.placements[i];
            if (pool.jobs[i].serving || (p.startS <= t && t < p.endS))
                busy += pool.jobs[i].gpus;
        }
        if (steps.empty() || steps.back().busyGpus != busy)
            steps.push_back({t, busy});
    }
    return steps;
}

PortfolioResult planPortfolio(const std::vector<PortfolioJob> &jobs)
{
    std::vector<std::string> gpus;
    for (const PortfolioJob &j : jobs)
        if (std::find(gpus.begin(), gpus.end(), j.gpu) == gpus.end())
            gpus.push_back(j.gpu);
    PortfolioResult result;
    for (const std::string &gpu : gpus) {
        std::vector<PortfolioJob> ofGpu;
        std::copy_if(jobs.begin(), jobs.end(), std::back_inserter(ofGpu),
                     [&](const PortfolioJob &j) { return j.gpu == gpu; });
        result.pools.push_back(planPool(gpu, ofGpu));
    }
    return result;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "portfolio/PortfolioJson.h"

#include "common/Units.h"
#include "facility/FacilityNames.h"
#include "common/Format.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace gpuplan {

using Json = nlohmann::ordered_json;

namespace {

Json num(double v)
{
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

// Serving fleets have no end, deadline or time to train: null rather than a made-up number.
Json days(double seconds, bool present)
{
    return present ? num(seconds / units::kDay) : Json(nullptr);
}

const char *modeName(const PortfolioJob &job)
{
    return job.serving ? "inference" : "training";
}

Json jobJson(const PortfolioJob &job, const JobPlacement &p)
{
    const bool training = !job.serving;
    return {{"plan", job.plan},
            {"mode", modeName(job)},
            {"gpus", job.gpus},
            {"start_days", days(p.startS, true)},
            {"end_days", days(p.endS, training)},
            {"deadline_days", days(job.deadlineS, training && job.deadlineS >= 0)},
            {"time_to_train_days", days(job.durationS, training)},
            {"gpu_hours", training ? num(job.gpuHours) : Json(nullptr)},
            {"facility_kw", num(job.facilityKw)},
            {"cost_usd", num(job.costUsd)},
            {"cost_basis", costBasisName(job.costBasis)},
            {"late", p.late}};
}

std::string daysText(double seconds)
{
    return formatFixed(seconds / units::kDay, 1);
}


} // namespace

Json portfolioToJson(const PortfolioResult &result)
{
    Json pools = Json::array();
    for (const PoolResult &pool : result.pools) {
        Json jobs = Json::array();
        for (std::size_t i = 0; i < pool.jobs.size(); ++i)
            jobs.push_back(jobJson(pool.jobs[i], pool.schedule.placements[i]));
        pools.push_back({{"gpu", pool.gpu},
                         {"cluster_gpus", pool.clusterGpus},
                         {"cluster_nodes", pool.clusterNodes},
                         {"gpus_per_node", pool.gpusPerNode},
                         {"serving_gpus", pool.servingGpus},
                         {"makespan_days", num(pool.schedule.makespanS / units::kDay)},
                         {"utilization_first_week", num(pool.utilizationFirstWeek)},
                         {"utilization_overall", num(pool.utilizationOverall)},
                         {"peak_facility_kw", num(pool.peakFacilityKw)},
                         {"total_cost_usd", num(pool.totalCostUsd)},
                         {"meets_deadlines", pool.schedule.meetsDeadlines},
                         {"sizes_tried", pool.sizesTried},
                         {"jobs", jobs}});
    }
    return {{"pools", pools}};
}

std::string portfolioTextReport(const PortfolioResult &result)
{
    std::string out;
    char line[512];
    for (const PoolResult &pool : result.pools) {
        out += "Pool of " + pool.gpu + ": " + counted(pool.clusterGpus, "GPU", "GPUs") + " (" +
               counted(pool.clusterNodes, "node", "nodes") + " of " + std::to_string(pool.gpusPerNode) + "), " +
               grouped(pool.servingGpus) + " of them serving\n";
        out += "  every deadline met: " + std::string(pool.schedule.meetsDeadlines ? "yes" : "NO") +
               "; training done after " + daysText(pool.schedule.makespanS) + " days\n";
        out += "  utilization: first week " + formatPercent(pool.utilizationFirstWeek) + ", whole schedule " +
               formatPercent(pool.utilizationOverall) + "\n";
        out += "  peak facility power " + formatPower(pool.peakFacilityKw * 1e3) + "; total cost " +
               formatUsd(pool.totalCostUsd) + "\n";
        std::snprintf(line, sizeof line, "  %-9s %7s %8s %8s %8s %8s %9s %10s  %s\n", "mode", "GPUs", "start d", "end d",
                      "deadline", "train d", "kW", "cost", "plan");
        out += line;
        for (std::size_t i = 0; i < pool.jobs.size(); ++i) {
            const PortfolioJob &j = pool.jobs[i];
            const JobPlacement &p = pool.schedule.placements[i];
            const bool training = !j.serving;
            const std::string deadline = training && j.deadlineS >= 0 ? daysText(j.deadlineS) : "-";
            std::snprintf(line, sizeof line, "  %-9s %7s %8s %8s %8s %8s %9s %10s  ", modeName(j),
                          grouped(j.gpus).c_str(), daysText(p.startS).c_str(), training ? daysText(p.endS).c_str() : "-",
                          deadline.c_str(), training ? daysText(j.durationS).c_str() : "always on", formatFixed(j.facilityKw, 0).c_str(),
                          formatUsd(j.costUsd).c_str());
            out += line + j.plan + (p.late ? "  LATE\n" : "\n");
        }
    }
    out += "Pools are the smallest whole-node size at which earliest-deadline-first list scheduling meets every\n"
           "deadline (a heuristic, not an optimal schedule; docs/cli.md).\n";
    return out;
}

} // namespace gpuplan

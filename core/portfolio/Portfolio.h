// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"

#include <string>
#include <vector>

// A shared cluster: several plans (training jobs and serving fleets) placed on one pool of GPUs
// per GPU type (docs/cli.md, "portfolio"). Serving fleets hold their GPUs all the time; training jobs
// run at their fixed size on the rest, earliest deadline first (greedy list scheduling), and the
// pool is the smallest whole number of nodes at which every job meets its deadline. Pure
// functions on plain values: the jobs come from evaluated plans (portfolio/PortfolioJobs.h) or,
// in the tests, are written by hand. Not the per-slider evaluate path.
namespace gpuplan {

// Documented bounds (docs/cli.md, portfolio): out of bounds is refused, not clamped.
inline constexpr int kMaxPortfolioPlans = 64;
inline constexpr double kMinPortfolioDeadlineDays = 0.01;
inline constexpr double kMaxPortfolioDeadlineDays = 36500;
// Pool sizes tried per pool; a larger range is scanned in steps of several nodes (the size found
// may then exceed the smallest feasible one by less than one step).
inline constexpr int kMaxPoolSizesTried = 20000;
// The window of the first-week utilization.
inline constexpr double kPortfolioWeekS = 168.0 * 3600.0;

struct PortfolioJob
{
    std::string plan;            // the plan file as given
    std::string gpu;             // catalog GPU id: the pool the job runs in
    int gpusPerNode = 8;         // of the plan's node type
    bool serving = false;        // serving fleet (always on) rather than a training job
    int gpus = 0;                // training: hardware.num_gpus; serving: replicas needed x GPUs per replica
    double durationS = 0;        // training: time to train with failures and restarts; serving: 0
    double deadlineS = -1;       // training: from the start of the schedule; negative = none
    double gpuHours = 0;         // training: gpus x durationS; serving: 0 (always on)
    double facilityKw = 0;       // facility power while it runs (IT x PUE)
    double costUsd = 0;          // training: the run; serving: its cost horizon (cost.horizon_months)
    CostBasis costBasis = CostBasis::Cloud;   // which way of paying costUsd is (the cheaper one)
    std::string node;            // catalog node id of the plan's node type (cluster configuration files)
    // A MIG fleet: its profile, the instances it runs and how many one GPU holds; gpus above counts
    // the whole GPUs they fill. Empty profile = the job runs on whole GPUs.
    std::string migProfile;
    int migInstances = 0;
    int migInstancesPerGpu = 0;
};

struct JobPlacement
{
    double startS = 0;           // serving: 0
    double endS = 0;             // serving: 0 (always on; the JSON writes null)
    bool late = false;           // training: ends after its deadline
};

// One schedule of a pool's jobs on poolGpus GPUs. placements[i] belongs to jobs[i].
struct PoolSchedule
{
    int poolGpus = 0;
    std::vector<JobPlacement> placements;
    double makespanS = 0;        // end of the last training job; 0 with serving only
    bool meetsDeadlines = true;
};

struct PoolResult
{
    std::string gpu;
    int gpusPerNode = 8;         // the largest node of the pool's plans: the pool grows by whole nodes of it
    int servingGpus = 0;
    int clusterGpus = 0;
    int clusterNodes = 0;
    int sizesTried = 0;          // pool sizes scheduled by the search
    std::vector<PortfolioJob> jobs;
    PoolSchedule schedule;
    double utilizationFirstWeek = 0;  // busy GPU-hours / (clusterGpus x 168 h)
    double utilizationOverall = 0;    // busy GPU-hours / (clusterGpus x makespan); serving only: servingGpus / clusterGpus
    double peakFacilityKw = 0;        // serving fleets plus the training jobs running at once, at most
    double totalCostUsd = 0;          // sum of the jobs' costs
};

struct PortfolioResult
{
    std::vector<PoolResult> pools;    // one per GPU type, in the order the plans name them
};

// Schedules the jobs (all of one pool) on poolGpus GPUs: serving fleets reserve theirs, training
// jobs are taken earliest deadline first (no deadline last, ties in input order) and each starts
// at the first moment enough GPUs are free; whenever GPUs free up the list is scanned again from
// its head, so a later job that fits starts before an earlier one that does not (list
// scheduling). False when poolGpus cannot hold the serving fleets plus the largest job.
bool scheduleOnPool(const std::vector<PortfolioJob> &jobs, int poolGpus, PoolSchedule &out);

// The smallest pool of whole nodes whose schedule meets every deadline: sizes are tried upward
// from the serving fleets plus the largest job, and every size is scheduled in full (EDF list
// scheduling is not monotone in the pool size, so no bisection). Where no size meets the
// deadlines (a job alone takes longer than its deadline), the pool that runs every job at once.
PoolResult planPool(const std::string &gpu, const std::vector<PortfolioJob> &jobs);

// The pool's busy GPUs over [0, windowS] as a step function: step i holds busyGpus from startS
// until the next step's start (the last one until windowS). Serving fleets are busy throughout,
// training jobs from their start to their end. Its mean over the window, divided by the pool's
// GPUs, is utilizationFirstWeek when windowS is kPortfolioWeekS (the schedule chart draws it).
struct UtilizationStep
{
    double startS = 0;
    int busyGpus = 0;
};
std::vector<UtilizationStep> utilizationProfile(const PoolResult &pool, double windowS);

// Groups the jobs by GPU type and plans each pool.
PortfolioResult planPortfolio(const std::vector<PortfolioJob> &jobs);

} // namespace gpuplan

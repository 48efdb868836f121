// SPDX-License-Identifier: GPL-3.0-or-later
#include "portfolio/PortfolioJobs.h"

#include "catalog/MigInstance.h"

#include "common/Units.h"
#include "evaluator/Evaluator.h"

#include <cmath>
#include <vector>

namespace gpuplan {

namespace {

// The largest GPU count a plan may have (hardware.num_gpus, docs/plan-format.md).
constexpr long long kMaxFleetGpus = 1000000;

JobProblem evaluatePlan(const Plan &plan, const Catalog &catalog, ResolvedPlan &resolved, Evaluation &evaluation,
                        std::string &error)
{
    std::vector<ResolveError> errors;
    if (!resolvePlan(plan, catalog, resolved, errors)) {
        error = errors.empty() ? "cannot be resolved against the catalog" : errors.front().field + ": " + errors.front().message;
        return JobProblem::BadInput;
    }
    evaluation = evaluate(resolved);
    if (!evaluation.validity.valid()) {
        error = describeValidity(evaluation.validity);
        return JobProblem::InvalidPlan;
    }
    return JobProblem::None;
}

void takeFacilityAndCost(const Evaluation &e, PortfolioJob &job)
{
    job.facilityKw = e.power.facilityKw;
    job.costUsd = e.cost.perRunUsd;
    job.costBasis = e.cost.cheaper;
}

// The job in the plan's own devices: GPUs, or MIG instances for a plan with a MIG profile.
JobProblem jobInDevices(const std::string &name, const Plan &plan, const Catalog &catalog, double deadlineDays,
                        PortfolioJob &out, std::string &error)
{
    ResolvedPlan resolved;
    Evaluation evaluation;
    if (const JobProblem p = evaluatePlan(plan, catalog, resolved, evaluation, error); p != JobProblem::None)
        return p;
    out = PortfolioJob{};
    out.plan = name;
    out.gpu = resolved.gpu->id;
    out.gpusPerNode = resolved.gpusPerNode;
    out.node = resolved.node ? resolved.node->id : std::string();
    out.serving = plan.workload.mode == Mode::Inference;

    if (!out.serving) {
        const ReliabilityResult &r = evaluation.reliability;
        if (r.unfinishable || !std::isfinite(r.effectiveTimeToTrainS) || r.effectiveTimeToTrainS <= 0) {
            error = r.unfinishable ? "the run cannot finish: failures come faster than it progresses (goodput below 1%)"
                                   : "no time to train (the GPU has no FLOP rate in the catalog)";
            return JobProblem::InvalidPlan;
        }
        out.gpus = plan.hardware.numGpus;
        out.durationS = r.effectiveTimeToTrainS;
        out.deadlineS = deadlineDays < 0 ? -1.0 : deadlineDays * units::kDay;
        out.gpuHours = out.gpus * out.durationS / units::kHour;
        takeFacilityAndCost(evaluation, out);
        return JobProblem::None;
    }

    // A fleet without a request rate is the plan's own GPUs; with one, the replicas it needs.
    const InferenceResult &inf = evaluation.inference;
    if (plan.workload.inference.requestRate <= 0) {
        out.gpus = plan.hardware.numGpus;
        takeFacilityAndCost(evaluation, out);
        return JobProblem::None;
    }
    if (inf.replicasNeeded <= 0) {
        error = "no concurrency meets the latency targets, so no number of replicas serves the request rate";
        return JobProblem::InvalidPlan;
    }
    const long long fleet = static_cast<long long>(inf.replicasNeeded) * inf.gpusPerReplica;
    if (fleet > kMaxFleetGpus) {
        error = "the request rate needs " + std::to_string(fleet) + " GPUs, more than the " +
                std::to_string(kMaxFleetGpus) + " a plan may have";
        return JobProblem::InvalidPlan;
    }
    // The fleet as deployed, the one the evaluation's power and cost are of (Evaluation::deployed).
    out.gpus = evaluation.deployed.gpus;
    takeFacilityAndCost(evaluation, out);
    return JobProblem::None;
}

} // namespace

// A MIG plan's instances take whole GPUs of the pool of their GPU type: a GPU holds
// instances_per_gpu of them (a partly used GPU is still taken), and the pool grows by whole nodes.
JobProblem portfolioJob(const std::string &name, const Plan &plan, const Catalog &catalog, double deadlineDays,
                        PortfolioJob &out, std::string &error)
{
    const JobProblem p = jobInDevices(name, plan, catalog, deadlineDays, out, error);
    if (p != JobProblem::None || plan.hardware.migProfile.empty())
        return p;
    const GpuSpec *gpu = catalog.findGpu(plan.hardware.gpu);
    const MigProfile *mig = gpu ? findMigProfile(*gpu, plan.hardware.migProfile) : nullptr;
    if (!mig)
        return p;   // resolved above, so not reached
    const int perGpu = std::max(mig->instancesPerGpu, 1);
    const double instanceHours = out.gpuHours;
    out.migProfile = mig->name;
    out.migInstances = out.gpus;
    out.migInstancesPerGpu = perGpu;
    out.gpu = gpu->id;
    out.gpusPerNode = std::max(out.gpusPerNode / perGpu, 1);
    out.gpus = (out.gpus + perGpu - 1) / perGpu;
    out.gpuHours = instanceHours / perGpu;
    return p;
}

} // namespace gpuplan

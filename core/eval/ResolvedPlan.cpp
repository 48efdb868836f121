// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/ResolvedPlan.h"

#include "catalog/MigInstance.h"

#include "common/EnumNames.h"

#include <algorithm>

namespace gpuplan {

namespace {

std::string knownIds(const auto &items)
{
    std::string s;
    for (std::size_t i = 0; i < items.size() && i < 12; ++i)
        s += (i ? ", " : "") + items[i].id;
    if (items.size() > 12)
        s += ", ...";
    return s;
}

} // namespace

bool offerCanHost(const CloudOffer &offer, int numGpus, int gpusPerNode)
{
    return numGpus <= offer.gpusPerInstance || offer.gpusPerInstance >= std::min(gpusPerNode, 8);
}

namespace {

// A MIG plan: the profile must be one of the GPU's, and each instance runs its model alone
// (instances have no NVLink or peer-to-peer path between them, and NCCL does not span them), so
// tensor, pipeline, context and expert parallelism stay 1, and a training plan is one instance.
void resolveMig(const Plan &plan, const GpuSpec &gpu, ResolvedPlan &out, std::vector<ResolveError> &errors)
{
    const std::string &name = plan.hardware.migProfile;
    out.mig = findMigProfile(gpu, name);
    if (!out.mig) {
        errors.push_back({"hardware.mig_profile", "\"" + name + "\" is not a MIG profile of " + gpu.name +
                                                      "; allowed: " + migProfileNames(gpu) + ", or empty for whole GPUs"});
        return;
    }
    const Parallelism &par = plan.parallelism;
    const std::pair<const char *, int> degrees[] = {
        {"parallelism.tp", par.tp}, {"parallelism.pp", par.pp}, {"parallelism.cp", par.cp}, {"parallelism.ep", par.ep}};
    for (const auto &[field, value] : degrees) {
        if (value != 1)
            errors.push_back({field, "is " + std::to_string(value) + "; a MIG instance (hardware.mig_profile \"" + name +
                                         "\") runs its model alone: allowed 1"});
    }
    if (plan.workload.mode == Mode::Training && plan.hardware.numGpus != 1)
        errors.push_back({"hardware.num_gpus", "is " + std::to_string(plan.hardware.numGpus) +
                                                   "; training on MIG instances (hardware.mig_profile \"" + name +
                                                   "\") uses one instance: NCCL does not run between instances; allowed 1"});
    out.instancesPerGpu = std::max(out.mig->instancesPerGpu, 1);
    out.migInstance = std::make_shared<const GpuSpec>(migInstanceSpec(gpu, *out.mig));
    out.gpu = out.migInstance.get();
}

} // namespace

namespace {

// workload.inference.prefill_gpu, looked up and checked as hardware.gpu is; the same GPU as the
// plan's (or blank) leaves the pool on the plan's GPU.
void resolvePrefillGpu(const Plan &plan, const Catalog &catalog, ResolvedPlan &out, std::vector<ResolveError> &errors)
{
    const std::string &id = plan.workload.inference.prefillGpu;
    if (id.empty())
        return;
    const GpuSpec *gpu = catalog.findGpu(id);
    if (!gpu) {
        errors.push_back({"workload.inference.prefill_gpu",
                          "unknown GPU \"" + id + "\"; known: " + knownIds(catalog.gpus) + " (blank: hardware.gpu)"});
        return;
    }
    if (gpu == out.physicalGpu)
        return;
    out.prefillGpu = gpu;
    out.prefillNode = catalog.findNode(gpu->defaultNode);
    if (!out.prefillNode)
        errors.push_back({"workload.inference.prefill_gpu", "GPU \"" + gpu->id + "\" names default node \"" +
                                                                gpu->defaultNode + "\", which is not in the catalog"});
}

}   // namespace

ResolvedPlan prefillPoolPlan(const ResolvedPlan &plan)
{
    ResolvedPlan p = plan;
    if (!plan.prefillGpu)
        return p;
    p.gpu = plan.prefillGpu;
    p.physicalGpu = plan.prefillGpu;
    p.mig = nullptr;
    p.instancesPerGpu = 1;
    p.node = plan.prefillNode;
    const int listed = plan.plan ? plan.plan->hardware.gpusPerNode : 0;
    p.gpusPerNode = std::max(listed > 0 ? listed : (p.node ? p.node->gpusPerNode : 8), 1);
    return p;
}

bool resolvePlan(const Plan &plan, const Catalog &catalog, ResolvedPlan &out, std::vector<ResolveError> &errors)
{
    const std::size_t before = errors.size();
    out = ResolvedPlan{};
    out.plan = &plan;
    out.catalog = &catalog;

    out.gpu = catalog.findGpu(plan.hardware.gpu);
    if (!out.gpu)
        errors.push_back({"hardware.gpu", "unknown GPU \"" + plan.hardware.gpu + "\"; known: " + knownIds(catalog.gpus)});
    out.physicalGpu = out.gpu;
    if (out.gpu && plan.workload.mode == Mode::Training && plan.precision.compute == Dtype::FP8 &&
        plan.precision.fp8Recipe == Fp8Recipe::Nvfp4 && out.gpu->fp4DenseFlops <= 0)
        errors.push_back({"precision.fp8_recipe", "nvfp4 needs FP4 tensor cores; \"" + out.gpu->id +
                                                      "\" has no fp4_dense_tflops in the catalog (allowed here: delayed, "
                                                      "tensorwise, blockwise, mxfp8)"});
    if (plan.parallelism.schedule == PipelineSchedule::DualPipe && plan.parallelism.pp > 1 && plan.parallelism.pp % 2 != 0)
        errors.push_back({"parallelism.schedule", "dualpipe places two stages on each rank: parallelism.pp = " +
                                                      std::to_string(plan.parallelism.pp) + " must be 1 or even"});
    if (out.gpu && !plan.hardware.migProfile.empty())
        resolveMig(plan, *out.gpu, out, errors);

    if (!plan.hardware.node.empty()) {
        out.node = catalog.findNode(plan.hardware.node);
        if (!out.node)
            errors.push_back({"hardware.node", "unknown node type \"" + plan.hardware.node + "\"; known: " + knownIds(catalog.nodes)});
    } else if (out.gpu) {
        out.node = catalog.findNode(out.gpu->defaultNode);
        if (!out.node)
            errors.push_back({"hardware.node", "GPU \"" + out.gpu->id + "\" names default node \"" + out.gpu->defaultNode +
                                                   "\", which is not in the catalog; set hardware.node"});
    }

    if (!plan.hardware.fabric.empty()) {
        out.fabric = catalog.findFabric(plan.hardware.fabric);
        if (!out.fabric)
            errors.push_back({"hardware.fabric", "unknown fabric \"" + plan.hardware.fabric + "\"; known: " + knownIds(catalog.fabrics)});
    } else if (out.node) {
        out.fabric = catalog.findFabric(out.node->defaultFabric);
        if (!out.fabric)
            errors.push_back({"hardware.fabric", "node \"" + out.node->id + "\" names default fabric \"" + out.node->defaultFabric +
                                                     "\", which is not in the catalog; set hardware.fabric"});
    }

    out.engine = catalog.findEngine(nameOf(engineNames(), plan.workload.inference.engine));
    if (!out.engine && plan.workload.mode == Mode::Inference)
        errors.push_back({"workload.inference.engine", std::string("no engine preset \"") +
                                                           nameOf(engineNames(), plan.workload.inference.engine) +
                                                           "\" in the catalog"});

    if (!plan.cost.cloudOffer.empty()) {
        out.cloud = catalog.findCloud(plan.cost.cloudOffer);
        if (!out.cloud)
            errors.push_back({"cost.cloud_offer", "unknown cloud offer \"" + plan.cost.cloudOffer + "\"; known: " + knownIds(catalog.clouds)});
    } else if (out.gpu) {
        // Cheapest on-demand offer that can host the plan: a plan larger than one instance needs
        // multi-GPU instances (the node's GPU count), which is what clusters are rented as;
        // single-GPU and serverless offers only serve plans that fit in one instance.
        const int gpusPerNode = plan.hardware.gpusPerNode > 0 ? plan.hardware.gpusPerNode : (out.node ? out.node->gpusPerNode : 1);
        // A MIG plan rents whole GPUs: its instances over the instances one GPU holds.
        const auto offers = catalog.offersFor(*out.physicalGpu);
        const int wholeGpus = (plan.hardware.numGpus + out.instancesPerGpu - 1) / out.instancesPerGpu;
        for (const CloudOffer *o : offers) {
            if (offerCanHost(*o, wholeGpus, gpusPerNode)) {
                out.cloud = o;
                break;
            }
        }
        if (!out.cloud && !offers.empty())
            out.cloud = offers.front();
    }

    // Optional: without a catalog entry the facility model reports the storage figures as unknown.
    out.storageTier = catalog.findStorageTier(nameOf(storageTierNames(), plan.storage.tier));
    for (int role = 0; role < static_cast<int>(StorageRole::Count); ++role) {
        StorageTier tier{};
        const bool has = storageTierOf(plan.storage, static_cast<StorageRole>(role), tier);
        out.roleTierIds[static_cast<std::size_t>(role)] = has ? static_cast<int>(tier) : -1;
        out.roleTiers[static_cast<std::size_t>(role)] = has ? catalog.findStorageTier(nameOf(storageTierNames(), tier)) : nullptr;
    }

    out.gpusPerNode = plan.hardware.gpusPerNode > 0 ? plan.hardware.gpusPerNode : (out.node ? out.node->gpusPerNode : 8);
    out.gpusPerNode = std::max(out.gpusPerNode, 1) * out.instancesPerGpu;
    resolvePrefillGpu(plan, catalog, out, errors);
    out.shape = computeModelShape(plan.model, plan.workload.training.seqLen);
    return errors.size() == before;
}

} // namespace gpuplan

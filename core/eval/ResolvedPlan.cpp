// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/ResolvedPlan.h"

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

bool resolvePlan(const Plan &plan, const Catalog &catalog, ResolvedPlan &out, std::vector<ResolveError> &errors)
{
    const std::size_t before = errors.size();
    out = ResolvedPlan{};
    out.plan = &plan;
    out.catalog = &catalog;

    out.gpu = catalog.findGpu(plan.hardware.gpu);
    if (!out.gpu)
        errors.push_back({"hardware.gpu", "unknown GPU \"" + plan.hardware.gpu + "\"; known: " + knownIds(catalog.gpus)});

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
        const auto offers = catalog.offersFor(*out.gpu);
        for (const CloudOffer *o : offers) {
            if (offerCanHost(*o, plan.hardware.numGpus, gpusPerNode)) {
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
    out.gpusPerNode = std::max(out.gpusPerNode, 1);
    out.shape = computeModelShape(plan.model, plan.workload.training.seqLen);
    return errors.size() == before;
}

} // namespace gpuplan

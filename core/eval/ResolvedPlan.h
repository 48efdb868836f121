// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "model/ModelShape.h"
#include "plan/Plan.h"

#include <array>
#include <memory>
#include <string>
#include <vector>

namespace gpuplan {

// A plan with its catalog references looked up and its model shape computed: everything the
// evaluation path needs, so that path does no lookups, allocation or string work.
struct ResolvedPlan
{
    const Plan *plan = nullptr;
    const Catalog *catalog = nullptr;
    ModelShape shape;
    const GpuSpec *gpu = nullptr;            // the device the models run on: a MIG instance for a MIG plan
    // Multi-Instance GPU (hardware.mig_profile): the whole GPU, the profile and how many instances
    // one GPU holds; physicalGpu == gpu and instancesPerGpu == 1 otherwise. migInstance owns the
    // instance's spec (shared, so a copied ResolvedPlan keeps a valid gpu).
    const GpuSpec *physicalGpu = nullptr;
    const MigProfile *mig = nullptr;
    int instancesPerGpu = 1;
    std::shared_ptr<const GpuSpec> migInstance;
    const NodeSpec *node = nullptr;
    const FabricSpec *fabric = nullptr;
    const EnginePreset *engine = nullptr;    // inference plans
    const CloudOffer *cloud = nullptr;       // cheapest (or chosen) offer; may be null
    const StorageTierSpec *storageTier = nullptr; // plan's storage.tier; null when the catalog lacks it
    // Each storage role's tier (StorageRole order) and its StorageTier value: roleTierIds is -1 for
    // a role without a tier ("none"); roleTiers is null then and when the catalog lacks the tier.
    std::array<const StorageTierSpec *, static_cast<int>(StorageRole::Count)> roleTiers{};
    std::array<int, static_cast<int>(StorageRole::Count)> roleTierIds{};
    int gpusPerNode = 8;                     // devices per node: MIG instances for a MIG plan
    // A disaggregated plan's prefill pool on another GPU type (workload.inference.prefill_gpu) and
    // that GPU's default node; null: the pool runs the plan's gpu and node.
    const GpuSpec *prefillGpu = nullptr;
    const NodeSpec *prefillNode = nullptr;
};

// The plan as its prefill pool runs it: the prefill GPU, its node and GPUs per node in place of
// the plan's (a whole GPU: MIG is the plan's GPU's); the plan itself where the pool runs the
// plan's GPU. No allocation (the copy shares the MIG instance's spec).
ResolvedPlan prefillPoolPlan(const ResolvedPlan &plan);

struct ResolveError
{
    std::string field;     // plan JSON path, e.g. "hardware.gpu"
    std::string message;
};

// Whether renting `numGpus` GPUs as this offer's instances makes a cluster of the plan's nodes: a
// plan larger than one instance needs multi-GPU instances (the node's GPU count, up to 8), which is
// what clusters are rented as; single-GPU and serverless offers only serve plans that fit in one.
bool offerCanHost(const CloudOffer &offer, int numGpus, int gpusPerNode);

// Looks up the plan's GPU, node, fabric, engine and cloud offer (the model preset was expanded
// into plan.model when the plan was loaded). On failure returns
// false and fills errors; out is then unusable. The plan and catalog must outlive out.
bool resolvePlan(const Plan &plan, const Catalog &catalog, ResolvedPlan &out, std::vector<ResolveError> &errors);

} // namespace gpuplan

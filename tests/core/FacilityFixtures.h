// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// Hand-made catalog entries and plans for the facility and cost tests, independent of the bundled
// catalogs. Each figure names its source; prices are illustrative test inputs, not catalog data.
#include "catalog/Catalog.h"
#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "facility/FacilityInputs.h"
#include "facility/FacilityModel.h"
#include "model/ModelShape.h"

#include <memory>

namespace gpuplan::test {

// H100 SXM: 700 W TDP, 989.4 TFLOPS dense BF16 (NVIDIA H100 Tensor Core GPU datasheet), PCIe Gen5 x16.
inline GpuSpec h100()
{
    GpuSpec g;
    g.id = "test-h100";
    g.name = "H100 SXM (test)";
    g.memoryBytes = 80e9;
    g.memoryBandwidth = 3.35e12;
    g.peakFlops[static_cast<int>(Dtype::BF16)] = 989.4e12;
    g.tdpW = 700;
    g.pcieBandwidth = 64e9;
    g.priceUsd = 30000;   // test price
    return g;
}

// DGX H100: 8 GPUs, 10.2 kW maximum (NVIDIA DGX H100/H200 User Guide: 6 x 3.3 kW PSUs, 4+2),
// 8U, 8 x ConnectX-7 400 Gb/s (DGX SuperPOD H100 RA); air-cooled (DGX H100/H200 User Guide).
inline NodeSpec dgxH100()
{
    NodeSpec n;
    n.id = "test-dgx-h100";
    n.gpusPerNode = 8;
    n.nicsPerNode = 8;
    n.nicGbps = 400;
    n.maxPowerW = 10200;
    n.rackUnits = 8;
    n.cooling = Cooling::Air;
    n.priceUsd = 400000;      // test price, GPUs included
    n.priceIncludesGpus = true;
    return n;
}

// GB200 NVL72: one rack of 72 GPUs at about 120 kW, direct liquid cooling mandatory
// (docs/references.md §3: introl.com, ServeTheHome via nybreaking.com).
inline NodeSpec gb200Nvl72()
{
    NodeSpec n;
    n.id = "test-nvl72";
    n.gpusPerNode = 72;
    n.nicsPerNode = 72;
    n.maxPowerW = 120000;
    n.rackScale = true;
    n.cooling = Cooling::Liquid;
    return n;
}

// NDR InfiniBand with 64-port switches (NVIDIA QM9700 class); prices are test inputs.
inline FabricSpec ndr()
{
    FabricSpec f;
    f.id = "test-ndr";
    f.switchRadix = 64;
    f.railOptimized = true;
    f.switchPriceUsd = 30000;
    f.switchPowerW = 1000;
    f.nicPriceUsd = 1500;
    f.cablePriceUsd = 800;
    return f;
}

inline CloudOffer offer(double onDemand)
{
    CloudOffer o;
    o.id = "test-offer";
    o.onDemandPerGpuHour = onDemand;
    return o;
}

// 40 GB/s aggregate shared file system with 5 GB/s per node (docs/formulas.md §12 example tier).
inline StorageTierSpec parallelFs()
{
    StorageTierSpec t;
    t.id = "parallel_fs";
    t.readPerNode = 10e9;
    t.writePerNode = 5e9;
    t.aggregateRead = 80e9;
    t.aggregateWrite = 40e9;
    t.usdPerTb = 150;   // the bundled catalog's planning figure (ESTIMATE)
    return t;
}

// A plan with everything resolved against the fixtures above; members keep the pointers valid.
struct Fixture
{
    Plan plan;
    GpuSpec gpu = h100();
    NodeSpec node = dgxH100();
    FabricSpec fabric = ndr();
    CloudOffer cloud = offer(3.0);
    StorageTierSpec tier = parallelFs();
    ResolvedPlan resolved;
    Evaluation evaluation;
    Layout layout;

    Fixture()
    {
        plan.model.layers = 80;     // Llama-3-70B shape (Meta model card)
        plan.model.hidden = 8192;
        plan.model.heads = 64;
        plan.model.kvHeads = 8;
        plan.model.ffnHidden = 28672;
        plan.model.gatedMlp = true;
        plan.model.vocab = 128256;
        plan.workload.training.seqLen = 8192;
        plan.workload.training.tokens = 15e12;
        plan.hardware.numGpus = 1024;
    }

    // Re-resolves after the test changed the plan or the specs; runs the facility model with a
    // training result of `timeToTrainS` (0 = no time-model result: the MFU fallback is used).
    void run(double timeToTrainS = 0.0, bool withFabric = true, bool withTier = true, bool withCloud = true)
    {
        resolved = ResolvedPlan{};
        resolved.plan = &plan;
        resolved.gpu = &gpu;
        resolved.node = &node;
        resolved.fabric = withFabric ? &fabric : nullptr;
        resolved.cloud = withCloud ? &cloud : nullptr;
        resolved.storageTier = withTier ? &tier : nullptr;
        // Every role the plan gives a tier is on the one fixture tier.
        for (std::size_t role = 0; role < resolved.roleTiers.size(); ++role) {
            StorageTier t{};
            const bool has = storageTierOf(plan.storage, static_cast<StorageRole>(role), t);
            resolved.roleTierIds[role] = has ? static_cast<int>(t) : -1;
            resolved.roleTiers[role] = has && withTier ? &tier : nullptr;
        }
        resolved.gpusPerNode = plan.hardware.gpusPerNode > 0 ? plan.hardware.gpusPerNode : node.gpusPerNode;
        resolved.shape = computeModelShape(plan.model, plan.workload.training.seqLen);
        layout = Layout{};
        layout.numGpus = plan.hardware.numGpus;
        evaluation = Evaluation{};
        if (timeToTrainS > 0) {
            evaluation.training.valid = true;
            evaluation.training.timeToTrainS = timeToTrainS;
            evaluation.training.tokensPerS = plan.workload.training.tokens / timeToTrainS;
        }
        estimateFacility(resolved, layout, evaluation);
        estimateCostSensitivity(resolved, layout, evaluation);
    }

    FacilityInputs inputs() const { return gatherFacilityInputs(resolved, layout, evaluation); }
};

} // namespace gpuplan::test

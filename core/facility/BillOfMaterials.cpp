// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/BillOfMaterials.h"

#include "common/Units.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Beyond this many tiers the model stops adding layers (radix 2 would otherwise loop long).
constexpr int kMaxTiers = 8;

void addLine(BillOfMaterials &bom, BomItem item, double quantity, double unitUsd, BomPricing pricing)
{
    if (quantity <= 0 || bom.count >= static_cast<int>(bom.lines.size()))
        return;
    BomLine &line = bom.lines[static_cast<std::size_t>(bom.count++)];
    line.item = item;
    line.quantity = quantity;
    line.unitUsd = unitUsd > 0 ? unitUsd : 0.0;
    line.pricing = pricing == BomPricing::Priced && unitUsd < 0 ? BomPricing::Unpriced : pricing;
    bom.capexUsd += line.totalUsd();
}

void addStorageLine(BillOfMaterials &bom, BomItem item, const TierInputs &tier, double bytes)
{
    if (tier.id < 0)
        return;
    addLine(bom, item, bytes / units::kTB, tier.usdPerTb,
            tier.nodeLocal ? BomPricing::InNodePrice : BomPricing::Priced);
}

// A parallel file system is bought for the bandwidth it delivers to the job as well as for its
// capacity; a tier serving several roles is one system, priced once.
void addStorageBandwidth(BillOfMaterials &bom, const FacilityInputs &in, const StorageResult &storage)
{
    double gbps = 0;
    double usd = 0;
    for (std::size_t role = 0; role < in.tiers.size(); ++role) {
        const TierInputs &t = in.tiers[role];
        bool seen = false;
        for (std::size_t before = 0; before < role; ++before)
            seen = seen || in.tiers[before].id == t.id;
        if (t.id < 0 || seen || !t.known || t.nodeLocal || t.usdPerGBps <= 0)
            continue;
        const StorageRoleResult &r = storage.roles[role];
        const double delivered = std::max(r.readGBps, r.writeGBps);
        gbps += delivered;
        usd += delivered * t.usdPerGBps;
    }
    if (gbps > 0)
        addLine(bom, BomItem::StorageBandwidth, gbps, usd / gbps, BomPricing::Priced);
}

} // namespace

FabricSize sizeFatTree(double nodes, double nicsPerNode, double radix, bool railOptimized)
{
    FabricSize f;
    if (nodes < 2 || nicsPerNode <= 0 || radix < 2)
        return f;   // a single node needs no scale-out switch
    f.endpoints = nodes * nicsPerNode;
    const double half = std::floor(radix / 2.0);
    if (f.endpoints <= radix) {
        f.tiers = 1;
        f.leaf = 1;
        f.cables = f.endpoints;
        return f;
    }
    f.tiers = 2;
    double reach = 2.0 * half * half;
    while (f.endpoints > reach && f.tiers < kMaxTiers) {
        ++f.tiers;
        reach *= half;
    }
    const double perLowerTier = std::ceil(f.endpoints / half);
    f.leaf = railOptimized && nicsPerNode > 1 ? nicsPerNode * std::ceil(nodes / half) : perLowerTier;
    const double top = std::ceil(f.endpoints / radix);
    if (f.tiers == 2) {
        f.spine = top;
    } else {
        f.spine = perLowerTier;
        f.core = perLowerTier * (f.tiers - 3) + top;
    }
    f.cables = f.endpoints * f.tiers;   // one NIC link plus one uplink per tier boundary per endpoint
    return f;
}

FabricSize fabricFor(const FacilityInputs &in)
{
    if (!in.hasFabric)
        return {};
    return sizeFatTree(totalNodes(in), in.nicsPerNode, in.switchRadix, in.railOptimized);
}

BillOfMaterials buildBom(const FacilityInputs &in, const FabricSize &fabric, int racks, const StorageResult &storage)
{
    BillOfMaterials bom;
    bom.fabricTiers = fabric.tiers;
    bom.endpoints = fabric.endpoints;
    const double nodes = totalNodes(in);
    addLine(bom, BomItem::Gpu, nodes * in.gpusPerNode, in.gpu.usd, in.gpu.pricing);
    addLine(bom, BomItem::Node, nodes, in.server.usd, in.server.pricing);
    addLine(bom, BomItem::Rack, racks, in.rackUsd, BomPricing::Priced);

    // A network price per GPU replaces the switch and cable lines (they stay as quantities).
    const bool override = in.networkPerGpuUsd >= 0;
    const BomPricing net = override ? BomPricing::InNetworkOverride : BomPricing::Priced;
    addLine(bom, BomItem::LeafSwitch, fabric.leaf, in.switchUsd, net);
    addLine(bom, BomItem::SpineSwitch, fabric.spine, in.switchUsd, net);
    addLine(bom, BomItem::CoreSwitch, fabric.core, in.switchUsd, net);
    // Servers are sold with their scale-out NICs (DGX/HGX configurations list them).
    addLine(bom, BomItem::Nic, fabric.endpoints, in.nicUsd, BomPricing::InNodePrice);
    addLine(bom, BomItem::Cable, fabric.cables, in.cableUsd, net);
    if (override)
        addLine(bom, BomItem::Network, nodes * in.gpusPerNode, in.networkPerGpuUsd, BomPricing::Priced);

    // Node-local tiers live on the servers' own drives.
    const BomItem items[] = {BomItem::Storage, BomItem::CacheStorage, BomItem::CheckpointStorage, BomItem::ArchiveStorage};
    for (std::size_t role = 0; role < in.tiers.size(); ++role)
        addStorageLine(bom, items[role], in.tiers[role], storage.roles[role].bytes);
    addStorageBandwidth(bom, in, storage);
    return bom;
}

} // namespace gpuplan

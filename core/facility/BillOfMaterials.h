// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/FacilityResults.h"
#include "facility/FacilityInputs.h"

// Switch counts of a non-blocking fat tree (folded Clos) and the bill of materials of the cluster.
namespace gpuplan {

struct FabricSize
{
    double endpoints = 0;   // NIC ports on the scale-out fabric
    int tiers = 0;          // 0: no switches; 1: one switch; 2: leaf + spine; 3+: with core tiers
    double leaf = 0;
    double spine = 0;
    double core = 0;        // all tiers above the spine
    double cables = 0;      // NIC-to-leaf plus switch-to-switch links
    double switches() const { return leaf + spine + core; }
};

// Non-blocking fat tree of `nodes` nodes with `nicsPerNode` ports each on switches of `radix` ports.
// Every switch below the top tier uses half its ports down and half up; the top tier uses all of
// them down. t tiers reach 2·(radix/2)^t endpoints (64 ports: 64, 2,048, 65,536). Rail-optimized:
// each leaf serves one rail (NIC index) of radix/2 nodes, as in NVIDIA's DGX SuperPOD design.
FabricSize sizeFatTree(double nodes, double nicsPerNode, double radix, bool railOptimized);

FabricSize fabricFor(const FacilityInputs &in);

// Storage: each role's capacity at its tier's price per TB (node-local tiers are in the node price),
// and the bandwidth of each performance-priced tier the roles use, counted once per tier.
BillOfMaterials buildBom(const FacilityInputs &in, const FabricSize &fabric, int racks, const StorageResult &storage);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"

#include <string>
#include <vector>

namespace gpuplan {

// A scale-out network fabric (InfiniBand, RoCE, Ethernet) or a scale-up fabric tier.
struct FabricSpec
{
    std::string id;
    std::vector<std::string> aliases;
    std::string name;
    std::string kind;                   // "infiniband", "roce", "ethernet", "nvlink", "pcie"
    double linkGbps = 400;              // per port line rate
    double latencyS = 5e-6;             // alpha per collective step (NCCL), seconds
    double busBwFraction = 0.92;        // achievable NCCL bus bandwidth / line rate at 2 nodes
    double scaleLossPerDoubling = 0.0;  // fractional bus-bandwidth loss per doubling of nodes
    bool railOptimized = true;
    int switchRadix = 64;               // ports per switch
    double switchPriceUsd = 0;
    double switchPowerW = 0;
    double nicPriceUsd = 0;
    double cablePriceUsd = 0;           // per link incl. transceivers
    ProvenanceMap sources;
};

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"
#include "common/Enums.h"

#include <string>
#include <vector>

namespace gpuplan {

// A server (or rack-scale system described per rack, e.g. GB200 NVL72 with 72 GPUs).
struct NodeSpec
{
    std::string id;
    std::vector<std::string> aliases;
    std::string name;
    std::vector<std::string> gpus;      // GPU ids this node type carries (first = typical)
    int gpusPerNode = 8;
    std::string intraFabric;            // "nvswitch", "nvlink-bridge", "pcie", "xgmi", "roce"
    double intraBandwidth = 0;          // per GPU, bytes/s one direction, inside the node
    int nicsPerNode = 8;                // scale-out (compute fabric) NICs
    double nicGbps = 400;               // per NIC line rate, Gb/s
    std::string defaultFabric;          // scale-out fabric id
    double maxPowerW = 0;               // PSU-limited maximum input power
    double typicalPowerW = 0;           // typical draw under training load; 0 = unknown
    double nonGpuPowerW = 0;            // CPUs, DRAM, NICs, fans, NVSwitch at load (derived if 0)
    std::string cpu;
    int cpuCores = 0;                   // physical cores of all CPUs; 0 = unknown (data-loader check skipped)
    double ramBytes = 0;
    double localNvmeBytes = 0;
    double localNvmeReadBw = 0;         // bytes/s aggregate
    double localNvmeWriteBw = 0;
    int rackUnits = 0;                  // 0 for rack-scale systems (a whole rack)
    bool rackScale = false;             // true: the "node" is a whole rack
    Cooling cooling = Cooling::Air;
    double weightKg = 0;
    double priceUsd = 0;                // whole node incl. GPUs; 0 = unknown
    bool priceIncludesGpus = true;
    ProvenanceMap sources;
};

} // namespace gpuplan

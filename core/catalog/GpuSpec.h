// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"
#include "common/Enums.h"

#include <array>
#include <string>
#include <vector>

namespace gpuplan {

// Fitted efficiency parameters of one GPU (physical quantities, not per-run constants).
// How each was obtained is recorded in fitNote and docs/accuracy.md. The training and
// inference time models (core/perf) own their interpretation.
struct GpuEfficiency
{
    double matmulMaxFraction = 0.80;    // achievable fraction of dense peak for very large GEMMs
    double matmulHalfFlops = 2e9;       // GEMM size (FLOPs) at which the fraction is half the maximum
    double hbmMaxFraction = 0.85;       // achievable fraction of HBM bandwidth for large transfers
    double hbmHalfBytes = 1e6;          // transfer size at which the fraction is half the maximum
    double kernelFloorS = 4e-6;         // minimum time of any kernel (launch + tail)
    double commComputeSlowdown = 0.0;   // compute slow-down while NCCL kernels share the SMs
    std::string fitNote;
};

struct GpuSpec
{
    std::string id;                     // e.g. "H100-SXM-80GB"
    std::vector<std::string> aliases;
    std::string name;                   // display name
    std::string vendor;
    std::string formFactor;             // SXM, OAM, PCIe, superchip
    int launchYear = 0;
    std::string memoryType;             // HBM3, GDDR6X, ...
    double memoryBytes = 0;             // capacity as sold (GB x 1e9; GiB for parts specified in GiB)
    double memoryBandwidth = 0;         // bytes/s
    std::array<double, static_cast<int>(Dtype::Count)> peakFlops{};  // dense FLOP/s by compute dtype; 0 = unsupported
    double tdpW = 0;
    double scaleUpBandwidth = 0;        // NVLink/xGMI per GPU, bytes/s ONE direction; 0 = none
    std::string scaleUpKind;            // "nvlink4", "xgmi", "pcie", ...
    double pcieBandwidth = 0;           // host link, bytes/s one direction
    double priceUsd = 0;                // street/list per GPU; 0 = unknown
    std::string defaultNode;            // node id used when the plan names none
    GpuEfficiency efficiency;
    ProvenanceMap sources;              // per field

    double peak(Dtype d) const { return peakFlops[static_cast<int>(d)]; }
};

} // namespace gpuplan

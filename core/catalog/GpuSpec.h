// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"
#include "common/Enums.h"

#include <array>
#include <string>
#include <vector>

namespace gpuplan {

// Efficiency parameters of one GPU for the time models: physical quantities (fractions of a
// peak, latencies, host overheads), never per-run constants. catalogs/gpu_efficiency.json holds
// them per GPU with how each set was obtained (fitted to published runs, or derived from a
// fitted GPU by a stated rule); docs/performance-model.md defines each one. The defaults below
// are the generation default used for a GPU that has no entry (a user-defined GPU): the values
// fitted for H100-SXM-80GB, with twice its error band (docs/performance-model.md, "GPUs without
// fitted values"). Keep them equal to that catalog entry.
struct GpuEfficiency
{
    // Dense matrix multiplies: time = FLOPs / (peak x matmulMaxFraction) + matmulHalfFlops /
    // (16-bit peak x matmulMaxFraction), i.e. the fraction reached by a GEMM of F FLOPs is
    // matmulMaxFraction x F / (F + matmulHalfFlops).
    double matmulMaxFraction = 0.7082;
    double matmulHalfFlops = 1e6;
    // Fused (Flash) attention kernels: fraction of the 16-bit dense peak (of the compute format's
    // peak when that is lower, e.g. fp32), forward and backward.
    double attentionMaxFraction = 0.1639;
    // Memory-bound kernels: time = bytes / (HBM bandwidth x hbmMaxFraction) + the same for
    // hbmHalfBytes (the transfer size that reaches half the maximum fraction).
    double hbmMaxFraction = 0.3984;
    double hbmHalfBytes = 1e6;
    double kernelFloorS = 6.871e-6;        // GPU-side duration of the shortest kernel
    double hostLaunchS = 5.907e-5;         // host time to issue one kernel (framework dispatch)
    double hostOverlapExponent = 3.102;    // pass = (gpu^k + host^k)^(1/k): how well the queue hides the host
    double microBatchOverheadS = 2.168e-3; // host work per micro-batch (batch fetch, loss, schedule)
    double stepOverheadS = 0.0;            // host work per optimizer step (scheduler, logging, syncs)
    // Communication hidden behind compute still slows it (NCCL kernels take SMs and HBM
    // bandwidth): this fraction of the hidden communication time is added to the step.
    double commOverlapPenalty = 0.4178;
    // NCCL inside a node: achieved bus bandwidth / per-GPU link bandwidth (one direction), and
    // the latency of one collective.
    double intraBusBwFraction = 0.82;
    double intraLatencyS = 1e-5;
    // Grouped GEMM of an MoE layer's local experts (one kernel over all of them): each expert's
    // token rows are computed in M tiles of groupedGemmTileM rows, so a partly filled last tile
    // costs a whole one, and each expert's GEMM has its own ramp, groupedGemmHalfFlops at the
    // 16-bit asymptotic rate (the per-expert counterpart of matmulHalfFlops).
    double groupedGemmTileM = 128;
    double groupedGemmHalfFlops = 0;
    double residualMape = 15.0;            // % spread of the validation residuals: the error band
    bool fitted = false;                   // fitted to measurements of this GPU
    std::string derivedFrom;               // fitted GPU the values were derived from; empty otherwise
    std::string fitNote;                   // how the values were obtained
};

// One Multi-Instance GPU profile ("1g.10gb"): a GPU split into isolated instances, each with its
// share of the compute slices (SMs) and of the memory slices (HBM capacity and bandwidth). The
// catalog states the profiles of a GPU that has them (mig_profiles in catalogs/gpus.json).
struct MigProfile
{
    std::string name;          // as nvidia-smi names it: "<compute>g.<memory>gb"
    int computeSlices = 1;     // of the GPU's migComputeSlices
    int memorySlices = 1;      // of the GPU's migMemorySlices
    double memoryBytes = 0;    // capacity of one instance as the profile names it (GB x 1e9)
    int instancesPerGpu = 1;   // how many of this profile one GPU holds
};

// One point of a GPU's measured serving power: the share of TDP one GPU draws, on average over a
// run, with `inFlight` requests in flight on its replica (serving_power_curve in catalogs/gpus.json).
struct ServingPowerPoint
{
    double inFlight = 1;
    double tdpFraction = 0.7;
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
    // Device total as CUDA reports it (cudaGetDeviceProperties totalGlobalMem, what
    // torch.cuda.mem_get_info returns): the ceiling of a process's allocations. 0 = not in the catalog.
    double cudaTotalBytes = 0;
    // What serving engines size their KV pool from; the capacity as sold stands in when the catalog has no CUDA total.
    double softwareVisibleBytes() const { return cudaTotalBytes > 0 ? cudaTotalBytes : memoryBytes; }
    double memoryBandwidth = 0;         // bytes/s
    std::array<double, static_cast<int>(Dtype::Count)> peakFlops{};  // dense FLOP/s by compute dtype; 0 = unsupported
    // Dense FP4 tensor rate (NVFP4 / MXFP4), FLOP/s; 0 = no FP4 tensor math or no figure in the
    // catalog (Hopper and older: FP4 is then "not supported"). peak(NVFP4) and peak(MXFP4) read it.
    // Blackwell Ultra's FP4 dense is not half its sparse figure.
    double fp4DenseFlops = 0;
    double tdpW = 0;
    double scaleUpBandwidth = 0;        // NVLink/xGMI per GPU, bytes/s ONE direction; 0 = none
    std::string scaleUpKind;            // "nvlink4", "xgmi", "pcie", ...
    double pcieBandwidth = 0;           // host link, bytes/s one direction
    double priceUsd = 0;                // street/list per GPU; 0 = unknown
    std::string defaultNode;            // node id used when the plan names none
    GpuEfficiency efficiency;
    // Multi-Instance GPU: the profiles (none = the GPU cannot be partitioned) and the slices they
    // count in (7 compute and 8 memory slices on A100, H100 and H200).
    std::vector<MigProfile> migProfiles;
    int migComputeSlices = 7;
    int migMemorySlices = 8;
    // Serving draw against load, in increasing inFlight; empty = no measured curve (serving then draws
    // the fixed busy fraction, facility.gpu_busy_power_fraction's serving default).
    std::vector<ServingPowerPoint> servingPowerCurve;
    ProvenanceMap sources;              // per field

    double peak(Dtype d) const
    {
        const double p = peakFlops[static_cast<int>(d)];
        return p == 0 && (d == Dtype::NVFP4 || d == Dtype::MXFP4) ? fp4DenseFlops : p;
    }
};

// The memory a process on this GPU can use in all (the CUDA context included): the CUDA-reported
// device total, or the capacity as sold where the catalog has no such figure.
inline double deviceTotalBytes(const GpuSpec &gpu)
{
    return gpu.cudaTotalBytes > 0 ? gpu.cudaTotalBytes : gpu.memoryBytes;
}

} // namespace gpuplan

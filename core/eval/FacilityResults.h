// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"
#include "plan/FacilityAssumptions.h"

#include <array>
#include <cstdint>

// Results of the facility and money models (core/facility, docs/facility-and-cost.md).
// Fixed-size, allocation-free. Units: watts, bytes, seconds, USD unless the name says otherwise.
namespace gpuplan {

// Where the run time that energy, reliability and cost build on came from.
enum class TimeSource : unsigned char {
    None,           // neither a time model nor the fallback could produce one (no FLOPs for the GPU)
    TimeModel,      // Evaluation::training / ::inference
    FallbackMfu,    // training: 6·P·D / (N · peak · MFU 0.4)
    FallbackDecode, // inference: memory-bound decode estimate
};

// Inputs the catalog or the plan did not provide; results that need them are understated and say so.
enum class MissingInput : std::uint16_t {
    None = 0,
    GpuPrice = 1 << 0,
    NodePrice = 1 << 1,
    NodePower = 1 << 2,      // node maximum power unknown: overhead from the BudSimulator split
    SwitchPrice = 1 << 3,
    SwitchPower = 1 << 4,
    CablePrice = 1 << 5,
    CloudPrice = 1 << 6,     // no offer and no cost.cloud_gpu_hour_usd: cloud figures are zero
    StorageTier = 1 << 7,    // no storage tier in the catalog: bandwidth checks skipped
    Fabric = 1 << 8,         // multi-node plan without a fabric: no switches in the BOM
    RunTime = 1 << 9,        // no run time: energy and cost per run are zero
    NodePriceBelowGpus = 1 << 10, // catalog node price (GPUs included) below its GPUs' price
};
inline constexpr int kMissingInputCount = 11;

// Where the GPUs' share of TDP while busy comes from (power.gpu_power_basis).
enum class GpuPowerBasis : unsigned char {
    TrainingFixed,     // training: the fixed busy fraction (an estimate; no measured curve by load)
    ServingFixed,      // serving on a GPU without a measured curve: the fixed busy fraction
    ServingCurve,      // serving: the GPU's serving_power_curve at the requests in flight per replica
    PlanSet,           // facility.gpu_busy_power_fraction set in the plan
};

// The cluster as deployed: the GPUs the facility model prices, powers and racks (the job's GPUs of
// facility/FacilityInputs.h). Training, and serving without a request rate: the plan's GPUs.
// Serving with a rate: the fleet the rate needs within the P99 targets (replicas x GPUs per
// replica), which the launch files start and the portfolio holds. Every view that says how many
// GPUs, nodes or replicas a plan deploys (key results, text report, PDF, JSON, launch files,
// portfolio) reads these, never the layout's count.
struct DeployedResult
{
    int gpus = 0;                 // GPUs running the job (spare nodes not counted)
    int nodes = 0;                // nodes holding them (spares not counted)
    int spareNodes = 0;
    int gpusPerReplica = 0;       // serving: GPUs of one replica (0 for training)
    int replicas = 0;             // serving: gpus / gpusPerReplica (0 for training)
    int planGpus = 0;             // the GPUs the plan lists (hardware.num_gpus as laid out)
    bool sizedByRate = false;     // serving: the request rate's replicas set gpus
};

struct PowerResult
{
    double gpuW = 0;              // all GPUs while the plan runs (training: busy; serving: at its load)
    double nodeOverheadW = 0;     // CPUs, memory, NICs, fans, NVSwitch of all nodes (spares included)
    double networkW = 0;          // scale-out switches
    double storageW = 0;          // shared storage system
    double itW = 0;               // IT load while the plan runs
    double itKw = 0;
    double facilityKw = 0;        // running: IT x PUE while the plan runs (energy, the bill)
    double peakItKw = 0;          // at node maximum power (sizing of racks, colocation contract)
    double peakFacilityKw = 0;    // peak IT x PUE: what the site must supply (procure's site limit)
    double gpuPowerFraction = 0;  // share of TDP a job GPU draws while busy
    GpuPowerBasis gpuPowerBasis = GpuPowerBasis::TrainingFixed;
    double gpuPowerInFlight = 0;  // ServingCurve: requests in flight per replica the curve was read at
    double averageItKw = 0;       // over a year at the cluster's utilization (annual energy)
    double energyMwh = 0;         // facility energy per training run (incl. reliability losses), or per
                                  // horizon of serving
    double energyPerYearMwh = 0;  // facility energy of a year at the cluster's utilization
    double co2Tonnes = 0;         // operational CO2 of energyMwh (embodied carbon excluded)
    double co2PerYearTonnes = 0;
    double energyPerMillionTokensKwh = 0; // energyMwh per million tokens trained or served
};

struct CoolingResult
{
    double heatKw = 0;            // = peak IT power: every watt of IT load becomes heat
    double heatBtuPerHour = 0;
    double tons = 0;              // refrigeration tons
    int racks = 0;                // compute + network racks
    int computeRacks = 0;
    int networkRacks = 0;
    int nodesPerRack = 0;
    double kwPerRack = 0;         // peak IT power of a full compute rack
    bool liquidRequired = false;
    bool liquidForcedByNode = false; // the node type itself is liquid-cooled (GB200 NVL72 class)
    bool nodeExceedsRack = false;
};

// One storage role as the job sees it.
struct StorageRoleResult
{
    int tier = -1;                      // StorageTier value; -1 = the role has no tier of its own
    double readGBps = 0;                // the tier for the job's nodes (0 = no or unknown tier)
    double writeGBps = 0;
    double bytes = 0;                   // capacity the role holds on its tier
};

struct StorageResult
{
    double checkpointBytes = 0;         // weights + optimizer states (training); weights (inference)
    double bytesPerParam = 0;           // in the checkpoint
    double requiredReadGBps = 0;        // to keep the GPUs fed (GB/s, 1e9 bytes)
    double tierReadGBps = 0;            // the tier the loaders read: the cache, else the data tier (0 = unknown)
    double tierWriteGBps = 0;           // the checkpoint tier
    std::array<StorageRoleResult, static_cast<int>(StorageRole::Count)> roles{}; // StorageRole order
    const StorageRoleResult &role(StorageRole r) const { return roles[static_cast<std::size_t>(r)]; }
    bool separateCache = false;         // the cache is on another tier than the data: staged before the run
    double cacheStagingS = 0;           // copying the dataset from the data tier into the cache
    double checkpointWriteS = 0;        // full write to the tier
    double checkpointBlockingS = 0;     // time the training loop stalls per checkpoint
    double restoreS = 0;                // reading the checkpoint back after a failure
    // Serving: one new replica reads its weights from the tier over its own nodes, then the engine
    // starts (compilation, CUDA graph capture, the KV pool's profiling pass).
    double replicaWeightsLoadS = 0;
    double replicaEngineStartS = 0;
    double replicaStartS = 0;           // weights load + engine start
    double datasetBytes = 0;
    double capacityBytes = 0;           // retained checkpoints + milestones + dataset
    bool starved = false;               // tier read bandwidth below the requirement
    bool drainLimited = false;          // async: the write takes longer than the optimal interval
};

// The data path of a training step: what the GPUs consume and what storage, the nodes' storage
// links and the loaders' CPU cores can deliver in one step's time (facility/DataPath.h).
struct DataPathResult
{
    bool known = false;                 // training with a step time
    double samplesPerS = 0;             // global batch / step time
    double samplesPerSPerNode = 0;
    double bytesPerSample = 0;          // read from storage
    double decodeCpuSPerSample = 0;     // host CPU-seconds (0 when decoded on the GPU)
    double gpuStepS = 0;                // the step's GPU time, GPU decode included
    double storageStepS = 0;            // one step's bytes at the loaders' tier's aggregate cap (0 = no cap)
    double networkStepS = 0;            // one step's bytes per node at the tier's per-node rate
    double hostCpuStepS = 0;            // one step's decode per node over the loaders' cores
    double coresNeededPerNode = 0;      // CPU cores that keep pace with the GPUs
    double coresPerNode = 0;            // the node catalog's; 0 = unknown (the CPU check assumes enough)
    double decodeCoresPerNode = 0;      // cores the loader workers can use
    double loaderRamBytesPerNode = 0;   // workers and their prefetched batches
    double nodeRamBytes = 0;            // 0 = unknown
    bool ramShort = false;              // the loaders alone need more host memory than the node has
    DataLimit limit = DataLimit::Gpu;
    double stepS = 0;                   // the slowest of the four: the step the run goes at
    // The loaders prefetch ahead of the GPUs, so the run goes at stepS, the slower of the GPUs' step
    // and the data's, not at their sum; the time model's step is what the GPUs alone would allow.
    double pace = 1;                    // stepS / the time model's step: 1 = the time model's pace
    double gpuBusyShare = 1;            // gpuStepS / stepS: the share of the run the GPUs compute
};

struct ReliabilityResult
{
    int jobNodes = 0;
    double mtbfHours = 0;               // whole job allocation (spares not counted)
    double checkpointIntervalS = 0;     // Daly optimum (training)
    double restartS = 0;                // restart + checkpoint restore per failure
    double expectedInterruptions = 0;
    double lostHours = 0;               // wall-clock hours lost to rework, restarts and checkpoint stalls
    double goodput = 0;                 // useful time / wall time (serving: available capacity)
    double idealTimeS = 0;              // run time without failures (training), serving horizon (inference)
    double effectiveTimeToTrainS = 0;   // idealTimeS / goodput (training)
    int sparesSuggested = 0;            // covers failures during the repair time at 95%
    bool unfinishable = false;          // failures come faster than the job can progress (goodput < 1%)
};

struct SensitivityEntry
{
    int assumption = 0;                 // index into sensitivityAssumptions()
    double lowUsd = 0;                  // total cost with the assumption at -20%
    double highUsd = 0;                 // ... at +20%
};

enum class CostBasis : unsigned char { Cloud, OnPrem };

struct CostResult
{
    TimeSource timeSource = TimeSource::None;
    double gpuHours = 0;                // GPU-hours of the run incl. reliability losses (serving: horizon)
    double tokens = 0;                  // tokens trained (training) or served over the horizon (inference)

    // Cloud: the plan's run (training) or its horizon (inference).
    double cloudPerGpuHourUsd = 0;      // price of the chosen purchase option, before overhead
    double cloudComputeUsd = 0;
    double cloudOverheadUsd = 0;        // storage, egress and services fraction
    double cloudTotalUsd = 0;           // the run's share: cash less the rest of a reservation term other work uses
    double cloudCashUsd = 0;            // billed for the horizon: reservation terms in full
    double cloudTermsBilled = 0;        // reservation terms paid for (0 for on-demand and spot)

    // On-prem: hardware capex and yearly cost of owning the cluster.
    double capexHardwareUsd = 0;        // GPUs, nodes, network, racks, storage
    double capexFacilityUsd = 0;        // own facility fit-out
    double onpremCapexUsd = 0;
    double capitalPerYearUsd = 0;       // depreciation (and financing), residual value deducted
    double energyPerYearUsd = 0;
    double coloPerYearUsd = 0;
    double supportPerYearUsd = 0;
    double staffPerYearUsd = 0;
    double staffFte = 0;
    double onpremOpexPerYearUsd = 0;    // energy + colocation + support + staff
    double onpremPerYearUsd = 0;        // capital + opex (TCO per year)
    double onpremPerGpuHourUsd = 0;     // per useful GPU-hour at the plan's on-prem utilization
    double onpremTotalUsd = 0;          // the run's share of the TCO (training) or the horizon's TCO

    // Cash view over the horizon (training: the run's wall time; serving: cost.horizon_months).
    double cashHorizonS = 0;
    double onpremOperationsUsd = 0;     // energy, colocation, support and staff during the horizon
    double onpremResaleUsd = 0;         // hardware's resale value at the end of the horizon
    double onpremCashUsd = 0;           // capex + operations - resale

    double cloudPerMonthUsd = 0;        // renting a month of the useful GPU-hours the owned cluster delivers
    double breakEvenMonths = 0;         // months of use until owning beats renting; 0 when never
    bool breakEvenNever = false;
    double breakEvenUtilization = 0;    // on-prem utilization at which both cost the same per useful hour
    bool breakEvenUtilizationNever = false;
    CostBasis cheaper = CostBasis::Cloud;
    double perRunUsd = 0;               // cheaper of cloud and on-prem for the run (or horizon)
    double perMillionTokensUsd = 0;     // perRunUsd per million tokens trained or served
    double perEffectiveGpuHourUsd = 0;  // perRunUsd per failure-free GPU-hour of work

    CostBasis sensitivityBasis = CostBasis::Cloud; // option whose total the tornado shows
    static constexpr int kMaxSensitivity = 16;
    std::array<SensitivityEntry, kMaxSensitivity> sensitivity{};
    int sensitivityCount = 0;

    std::uint16_t missing = 0;          // MissingInput bits
    bool isMissing(MissingInput m) const { return (missing & static_cast<std::uint16_t>(m)) != 0; }
};

// Storage lines follow the roles: the data (Storage), its cache, checkpoints, the archive, and the
// bandwidth a performance-priced tier (parallel file system) is bought for.
enum class BomItem : unsigned char {
    Gpu, Node, Rack, LeafSwitch, SpineSwitch, CoreSwitch, Nic, Cable, Network,
    Storage, CacheStorage, CheckpointStorage, ArchiveStorage, StorageBandwidth, Count
};

// How a BOM line's money enters the capex.
enum class BomPricing : unsigned char {
    Priced,            // quantity x unit price is part of the capex
    InNodePrice,       // included in the node price (GPUs in a DGX price, NICs in a server)
    InNetworkOverride, // replaced by cost.network_per_gpu_usd (the Network line)
    Unpriced,          // no price known; the capex is understated by this line
};

struct BomLine
{
    BomItem item = BomItem::Count;
    double quantity = 0;                // units; storage in TB, storage bandwidth in GB/s
    double unitUsd = 0;
    BomPricing pricing = BomPricing::Priced;
    double totalUsd() const { return pricing == BomPricing::Priced ? quantity * unitUsd : 0.0; }
};

struct BillOfMaterials
{
    std::array<BomLine, static_cast<int>(BomItem::Count)> lines{};
    int count = 0;
    int fabricTiers = 0;                // switch tiers of the scale-out fat tree (0 = no fabric, 1 = one switch)
    double endpoints = 0;               // scale-out NIC ports
    double capexUsd = 0;                // sum of the priced lines
};

} // namespace gpuplan

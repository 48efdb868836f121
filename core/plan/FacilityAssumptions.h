// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"

#include <string>

// Facility, money, storage and reliability assumptions of a plan. Every default below carries its
// source and date in docs/facility-and-cost.md ("Defaults"); ESTIMATE marks values that are rules of
// thumb or have no published figure. A negative price means "take it from the catalog" (GPU price
// from catalogs/gpus.json, node price from catalogs/nodes.json, cloud price from the chosen offer in
// catalogs/clouds.json).
namespace gpuplan {

struct FacilityAssumptions
{
    double pue = 1.3;                    // new colo / AI build (docs/references.md §2, Uptime 2024)
    double gpuUtilization = 0.7;         // share of hours GPUs run jobs / serving load (aiinframap, 2026)
    double gpuBusyPowerFraction = -1.0;  // busy draw / TDP; negative = by workload, see busyPowerFraction()
    double gpuIdlePowerFraction = 0.125; // idle draw / TDP (BudSimulator constants.py)
    double rackPowerLimitKw = 40.0;      // usable IT power per rack (ESTIMATE, §3)
    int rackUnits = 42;                  // full-height rack
    double airCoolingLimitKw = 40.0;     // above this per rack: direct liquid cooling (ESTIMATE, §3)
    double gridKgCo2PerKwh = 0.39;       // US grid 2022 (EIA: 0.86 lb CO2/kWh)
    // Lead times of the plan's timeline (PDF report): order to delivery, and delivery to a cluster
    // in service (racking, cabling, burn-in, acceptance).
    double procurementWeeks = 12.0;      // ESTIMATE (no published figure in the reference set)
    double installWeeks = 4.0;           // ESTIMATE (no published figure in the reference set)
};

// Share of TDP a GPU draws while it computes, when the plan does not state one. Training keeps the
// Tensor Cores and HBM saturated for the whole step: 0.9 (ESTIMATE; the only measured mean-to-peak
// ratio in the reference set is TPU v4's 170 W mean of 192 W maximum = 0.89, Google Cloud TPU v4
// documentation; the DGX H100's third-party typical 6.5-8.5 kW of its 10.2 kW maximum agrees).
// Serving alternates memory-bound decode steps with prefill: 0.7 (BudSimulator
// genz/serving/constants.py, "active 70%").
inline constexpr double kTrainingBusyPowerFraction = 0.9;
inline constexpr double kServingBusyPowerFraction = 0.7;

inline double busyPowerFraction(const FacilityAssumptions &f, bool training)
{
    if (f.gpuBusyPowerFraction >= 0)
        return f.gpuBusyPowerFraction;
    return training ? kTrainingBusyPowerFraction : kServingBusyPowerFraction;
}

struct CostAssumptions
{
    std::string currency = "USD";
    double usdToCurrency = 1.0;          // display rate; all catalog prices are USD
    std::string cloudOffer;              // offer id; empty = cheapest offer for the plan's GPU
    CloudPricing cloudPricing = CloudPricing::OnDemand;
    double cloudGpuHourUsd = -1.0;       // override of the offer's price per GPU-hour
    double cloudOverheadFraction = 0.3;  // storage, egress, services on top of GPU-hours (Mercatus 2026)
    double spotInterruptionPenalty = 0.15; // ESTIMATE: extra GPU-hours lost to spot reclaims
    double reserved1yDiscount = 0.41;    // used when the offer publishes no 1-year price (AWS P5 2023, ESTIMATE)
    double reserved3yDiscount = 0.56;    // used when the offer publishes no 3-year price (AWS P5 2023, published)
    double spotDiscount = 0.6;           // used when the offer publishes no spot price (technolynx 2026)
    double gpuPriceUsd = -1.0;
    double serverPriceUsd = -1.0;        // per node, without GPUs
    double networkPerGpuUsd = -1.0;      // negative = derived from the fabric BOM
    double rackPriceUsd = -1.0;          // cabinet + PDUs per rack; negative = not priced
    double storageUsdPerTb = -1.0;       // capacity price of every shared tier; negative = each tier's catalog price
    double electricityUsdPerKwh = 0.08;  // US industrial average 2023 (EIA)
    bool ownFacility = false;            // false: colocation priced per kW-month
    double coloUsdPerKwMonth = 184.06;   // CBRE NA H2 2024
    double facilityFitoutUsdPerKw = 10000.0; // ESTIMATE
    double facilityLifeYears = 15.0;     // ESTIMATE, amortization of an own facility's fit-out
    double depreciationYears = 5.0;      // hyperscaler 10-K filings (Amazon 2025: 5 years)
    double residualFraction = 0.1;       // ESTIMATE, extrapolated from 25-35% after 36 months
    double financingRate = 0.0;          // annual interest on capex
    double supportFraction = 0.12;       // of hardware capex per year (derived, see docs)
    double staffFte = -1.0;              // negative = 0.5 x (GPUs/8)^(2/3) (fit to two ESTIMATE points)
    double staffLoadedSalaryUsd = 200000.0; // deepiix 2025: 2 FTE ~ $400k/yr
    double onpremUtilization = 0.7;      // share of hours an owned cluster does paid-for work
    double horizonMonths = 36.0;         // SemiAnalysis TCO scenarios use 3 years
    // Share of the hours after the run (to the end of a reservation term) that other paid-for work
    // uses. 0: nothing else needs the capacity, so a reservation costs its whole contract and the
    // cost verdict rests on cash; above 0 it rests on the run's share (docs/facility-and-cost.md §7).
    double followonUtilization = 0.0;
};

struct StorageAssumptions
{
    StorageTier tier = StorageTier::ParallelFs; // every role marked "same" is on this tier
    RoleTier dataTier = RoleTier::Same;
    RoleTier cacheTier = RoleTier::Same;  // "same" as the data tier is no separate cache
    RoleTier checkpointTier = RoleTier::Same;
    RoleTier archiveTier = RoleTier::Same;
    double bytesPerToken = 0.0;          // 0 = from the vocabulary: 2 (uint16) or 4 (uint32)
    double readAmplification = 1.0;
    int checkpointsRetained = 3;
    int milestoneCheckpoints = 0;
    bool asyncCheckpoint = true;
    double checkpointOverheadS = 5.0;    // ESTIMATE: fixed stall per save (barrier, planning, metadata)
    double datasetTb = 0.0;              // 0 = tokens x bytes per token
    double powerWPerTb = 5.0;            // ESTIMATE, shared storage system draw per TB of capacity
};

// The tier a role is on; false when the role has none ("none").
inline bool storageTierOf(const StorageAssumptions &s, StorageRole role, StorageTier &tier)
{
    const RoleTier r = role == StorageRole::Data         ? s.dataTier
                       : role == StorageRole::Cache      ? s.cacheTier
                       : role == StorageRole::Checkpoint ? s.checkpointTier
                                                         : s.archiveTier;
    if (r == RoleTier::None)
        return false;
    tier = r == RoleTier::Same ? s.tier : static_cast<StorageTier>(static_cast<int>(r) - 2);
    return true;
}

// What one training sample is and what it costs to load (docs/facility-and-cost.md "Data path"); its
// kind (common/Enums.h) fills in the figures the plan leaves at their sentinels (facility/DataPath.h).

struct DataAssumptions
{
    DataKind kind = DataKind::Tokens;
    int resolutionPx = 224;               // images and video frames as stored: pixels per side
    int clipFrames = 16;                  // video: frames per clip
    double bytesPerSample = 0;            // 0 = from the kind (tokens: seq_len x storage.bytes_per_token)
    double decodeCpuMsPerSample = -1;     // CPU-ms to decode and augment one sample; negative = from the kind
    double gpuDecodeMsPerSample = 0;      // > 0: decoded on the GPU (nvJPEG, NVDEC) in this many GPU-ms instead
    int prefetchFactor = 2;               // batches each loader worker holds ready (PyTorch DataLoader default)
};

struct ReliabilityAssumptions
{
    double nodeMtbfHours = 6300.0;       // derived from Llama 3 (2024): 419 unexpected interruptions,
                                         // 54 days, 2,048 nodes
    double restartMinutes = 10.0;        // detection + rescheduling + warm-up, checkpoint load excluded
    int spareNodes = 0;
    bool elastic = false;
    double elasticRestartMinutes = 2.0;  // ESTIMATE: re-rendezvous on the remaining nodes
    int elasticMinNodes = 0;             // 0 = the job's nodes less those down at once at 95% (facility/Elastic.h)
    int elasticMaxNodes = 0;             // 0 = the job's nodes
    double repairHours = 24.0;           // ESTIMATE: node back in service (next-business-day support)
};

} // namespace gpuplan

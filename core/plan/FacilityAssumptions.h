// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>

// Facility, money, storage and reliability assumptions of a plan. Every default is an ESTIMATE
// with a source in docs/facility-and-cost.md; a negative value means "take it from the catalog"
// (GPU price from catalogs/gpus.json, node price from catalogs/nodes.json, cloud price from the
// chosen offer in catalogs/clouds.json).
namespace gpuplan {

enum class CloudPricing : unsigned char { OnDemand, Reserved1y, Reserved3y, Spot };
enum class StorageTier : unsigned char { LocalNvme, SataSsd, NasNfs, ParallelFs, ObjectStore };

struct FacilityAssumptions
{
    double pue = 1.3;                   // modern facility (power_cooling_cost.md §2)
    double gpuUtilization = 0.8;        // fraction of time the GPUs are busy
    double gpuBusyPowerFraction = 0.85; // busy draw / TDP
    double gpuIdlePowerFraction = 0.125;// idle draw / TDP (BudSimulator constants.py)
    double rackPowerLimitKw = 40.0;     // usable IT power per rack
    int rackUnits = 42;
    double airCoolingLimitKw = 40.0;    // above this per rack: direct liquid cooling
    double gridKgCo2PerKwh = 0.37;      // ESTIMATE, grid intensity
};

struct CostAssumptions
{
    std::string currency = "USD";
    double usdToCurrency = 1.0;          // display rate; all catalog prices are USD
    std::string cloudOffer;              // offer id; empty = cheapest offer for the plan's GPU
    CloudPricing cloudPricing = CloudPricing::OnDemand;
    double cloudGpuHourUsd = -1.0;       // override of the offer's price per GPU-hour
    double cloudOverheadFraction = 0.3;  // storage, egress, services on top of GPU-hours (Mercatus)
    double spotInterruptionPenalty = 0.15;
    double gpuPriceUsd = -1.0;
    double serverPriceUsd = -1.0;        // per node, without GPUs
    double networkPerGpuUsd = -1.0;      // negative = derived from the fabric BOM
    double storageUsdPerTb = 150.0;
    double electricityUsdPerKwh = 0.08;
    bool ownFacility = false;            // false: colocation priced per kW-month
    double coloUsdPerKwMonth = 184.06;   // CBRE NA H2 2024
    double facilityFitoutUsdPerKw = 10000.0;
    double depreciationYears = 5.0;
    double residualFraction = 0.1;
    double financingRate = 0.0;          // annual interest on capex
    double supportFraction = 0.1;        // of hardware capex per year
    double staffFte = -1.0;              // negative = derived from node count
    double staffLoadedSalaryUsd = 250000.0;
    double onpremUtilization = 0.7;      // share of hours the owned cluster does useful work
    double horizonMonths = 36.0;
};

struct StorageAssumptions
{
    StorageTier tier = StorageTier::ParallelFs;
    double bytesPerToken = 2.0;          // pre-tokenized uint16
    double readAmplification = 1.0;
    int checkpointsRetained = 3;
    int milestoneCheckpoints = 0;
    bool asyncCheckpoint = true;
    double datasetTb = 0.0;
};

struct ReliabilityAssumptions
{
    double nodeMtbfHours = 50000.0;      // ESTIMATE per node (formulas.md §11 example)
    double restartMinutes = 10.0;
    int spareNodes = 0;
    bool elastic = false;
};

} // namespace gpuplan

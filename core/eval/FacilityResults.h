// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <array>

// Results of the facility and money models (core/facility). Fixed-size, allocation-free.
namespace gpuplan {

struct PowerResult
{
    double gpuW = 0;              // all GPUs at the expected utilization
    double nodeOverheadW = 0;     // CPUs, memory, NICs, fans, NVSwitch
    double networkW = 0;          // switches
    double storageW = 0;
    double itW = 0;               // IT load
    double itKw = 0;
    double facilityKw = 0;        // IT x PUE
    double peakItKw = 0;          // at node maximum power (for sizing)
    double energyMwh = 0;         // per training run (training) or per year (inference)
    double energyPerYearMwh = 0;
    double co2Tonnes = 0;         // for the same period as energyMwh
};

struct CoolingResult
{
    double heatKw = 0;
    double heatBtuPerHour = 0;
    double tons = 0;              // refrigeration tons
    int racks = 0;
    int nodesPerRack = 0;
    double kwPerRack = 0;
    bool liquidRequired = false;
    bool nodeExceedsRack = false;
};

struct StorageResult
{
    double checkpointBytes = 0;         // weights + optimizer states
    double requiredReadGBps = 0;        // to keep the GPUs fed (GB/s, 1e9 bytes)
    double tierReadGBps = 0;
    double tierWriteGBps = 0;
    double checkpointWriteS = 0;
    double checkpointBlockingS = 0;     // time the training loop stalls per checkpoint
    double restoreS = 0;
    double capacityBytes = 0;           // retained checkpoints + dataset
    bool starved = false;               // tier read bandwidth below the requirement
};

struct ReliabilityResult
{
    double mtbfHours = 0;               // whole job allocation
    double checkpointIntervalS = 0;     // Young/Daly optimum
    double expectedInterruptions = 0;
    double lostHours = 0;               // rework + restart + checkpoint stalls over the run
    double goodput = 0;                 // useful time / wall time
    double effectiveTimeToTrainS = 0;
    int sparesSuggested = 0;
};

struct SensitivityEntry
{
    int assumption = 0;                 // index into sensitivityAssumptionNames()
    double lowUsd = 0;                  // total cost with the assumption at -20%
    double highUsd = 0;                 // ... at +20%
};

struct CostResult
{
    double cloudTotalUsd = 0;           // the plan's run (training) or horizon (inference) in the cloud
    double cloudPerGpuHourUsd = 0;
    double onpremCapexUsd = 0;
    double onpremOpexPerYearUsd = 0;
    double onpremTotalUsd = 0;          // over the same period, capex amortized
    double onpremPerGpuHourUsd = 0;
    double breakEvenMonths = 0;         // negative/inf-free: 0 when never
    bool breakEvenNever = false;
    double breakEvenUtilization = 0;
    double perRunUsd = 0;               // cheaper of cloud and on-prem for the plan's run
    double perMillionTokensUsd = 0;     // inference
    double perEffectiveGpuHourUsd = 0;
    std::array<SensitivityEntry, 12> sensitivity{};
    int sensitivityCount = 0;
};

enum class BomItem : unsigned char { Gpu, Node, Rack, LeafSwitch, SpineSwitch, CoreSwitch, Nic, Cable, Storage, Count };

struct BomLine
{
    BomItem item = BomItem::Count;
    double quantity = 0;
    double unitUsd = 0;
};

struct BillOfMaterials
{
    std::array<BomLine, static_cast<int>(BomItem::Count)> lines{};
    int count = 0;
};

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"
#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "plan/FacilityAssumptions.h"

#include <array>
#include <cstdint>

// Every number the facility and money models read, resolved once from the plan, the catalog and
// the time results: catalog-or-override prices picked, derived defaults filled in, unknowns marked
// in `missing`. Plain values only, so the sensitivity analysis perturbs a copy of this struct (a few
// hundred bytes on the stack) instead of the plan.
namespace gpuplan {

// A price that may be unknown (negative) or part of another line's price.
struct PriceInput
{
    double usd = -1.0;          // negative = unknown
    BomPricing pricing = BomPricing::Unpriced;
};

// One storage role's tier as the models read it.
struct TierInputs
{
    int id = -1;                     // StorageTier value; -1 = the role has no tier of its own
    bool known = false;              // the catalog has the tier (else its figures are unknown)
    bool nodeLocal = false;
    double readPerNode = 0;          // bytes/s
    double writePerNode = 0;
    double aggregateRead = 0;        // 0 = no cap
    double aggregateWrite = 0;
    double usdPerTb = -1;            // capacity price; negative = unknown
    double usdPerGBps = 0;           // performance price per GB/s delivered; 0 = by capacity only
};

struct FacilityInputs
{
    Mode mode = Mode::Training;

    // Cluster shape. Nodes are whole servers (or whole racks for rack-scale systems).
    double jobGpus = 0;              // GPUs the plan uses (Layout::numGpus)
    double gpusPerNode = 8;
    double jobNodes = 0;             // ceil(jobGpus / gpusPerNode)
    double spareNodes = 0;
    double gpuTdpW = 0;
    double nodeMaxW = 0;             // PSU-limited maximum of one node (sizing)
    double nodeOverheadW = 0;        // non-GPU draw of one node under load
    double nodeRackUnits = 0;        // 0 = unknown (space not checked)
    bool rackScale = false;          // the node is a whole rack (GB200 NVL72)
    bool nodeLiquidCooled = false;
    double nicsPerNode = 0;

    // Scale-out fabric.
    bool hasFabric = false;
    bool railOptimized = false;
    double switchRadix = 64;
    double switchPowerW = 0;
    double switchUsd = -1;
    double cableUsd = -1;            // per link incl. transceivers
    double nicUsd = -1;

    // Facility.
    double pue = 1.3;
    double gpuUtilization = 0.7;     // annual share of hours the GPUs run jobs
    double busyPowerFraction = 0.7;
    GpuPowerBasis powerBasis = GpuPowerBasis::TrainingFixed;
    double powerInFlight = 0;        // serving curve: requests in flight per replica it is read at
    double idlePowerFraction = 0.125;
    double trainingBusyShare = 1;    // share of a training run the GPUs compute; the rest they wait for data
    double rackLimitW = 40000;
    double rackUnits = 42;
    double airLimitW = 40000;
    double gridKgPerKwh = 0.39;

    // Storage and checkpoints: one tier per StorageRole (data, cache, checkpoint, archive).
    std::array<TierInputs, static_cast<int>(StorageRole::Count)> tiers{};
    double hostCopyPerGpu = 0;       // device-to-host bytes/s (async checkpoint copy-out)
    double checkpointParams = 0;     // parameters saved (LoRA: the adapters)
    double checkpointBytesPerParam = 0;
    double checkpointsKept = 1;      // retained + milestones
    double milestoneCheckpoints = 0; // of those, kept on the archive tier when the plan has one
    bool asyncCheckpoint = true;
    double checkpointOverheadS = 0;  // fixed stall per save
    double bytesPerToken = 2;
    double readAmplification = 1;
    double datasetBytes = 0;
    double storageWPerTb = 0;

    // Data path (training): one sample's size and cost, the loaders and the node's host.
    double seqLen = 0;               // tokens per sample
    double globalBatch = 0;          // samples per step
    double microBatch = 0;           // samples per batch a loader worker produces
    double bytesPerSample = 0;       // read from storage; 0 = tokens at bytesPerToken
    double decodedBytesPerSample = 0; // in host memory once decoded
    double decodeCpuS = 0;           // host CPU-seconds per sample
    double gpuDecodeS = 0;           // GPU-seconds per sample
    double loaderWorkersPerGpu = 0;
    double prefetchFactor = 2;
    double nodeCores = 0;            // CPU cores of one node; 0 = unknown
    double nodeRamBytes = 0;         // 0 = unknown

    // Work. Training: the failure-free run; inference: serving for the horizon.
    TimeSource timeSource = TimeSource::None;
    double idealRunS = 0;            // training: time to train without failures; inference: horizon
    double tokensPerS = 0;           // training: tokens consumed per second; inference: served per second
    double totalTokens = 0;          // training: the plan's token budget; inference: served over the horizon
    double servingLoad = 0;          // inference: average load / capacity
    // Inference: share of the time the job's GPUs draw busyPowerFraction (the rest idle). Negative:
    // servingLoad (a fixed fraction); 1 where a rate's load is already in the curve's in-flight count.
    double servingPowerShare = -1;
    double powerShare() const { return servingPowerShare >= 0 ? servingPowerShare : servingLoad; }
    double nodesPerReplica = 1;      // inference: nodes one failure takes out of service
    double gpusPerReplica = 1;       // inference: GPUs that copy a new replica's weights in
    double engineStartS = 0;         // inference: the engine preset's start-up beyond the weights

    // Reliability.
    double nodeMtbfH = 6300;
    double restartS = 600;           // elastic: the re-rendezvous time
    double repairH = 24;

    // On-prem money. Prices per unit; `pricing` says how a line enters the capex.
    PriceInput gpu;
    PriceInput server;               // node without GPUs
    double networkPerGpuUsd = -1;    // >= 0 replaces the switch, cable and NIC lines
    double rackUsd = -1;
    double electricityUsdPerKwh = 0.08;
    bool ownFacility = false;
    double coloUsdPerKwMonth = 184.06;
    double fitoutUsdPerKw = 10000;
    double facilityLifeYears = 15;
    double depreciationYears = 5;
    double residualFraction = 0.1;
    double financingRate = 0;
    double supportFraction = 0.12;
    double staffFte = 0;
    double staffSalaryUsd = 200000;
    double onpremUtilization = 0.7;
    double horizonMonths = 36;
    double followonUtilization = 0;  // share of the hours after the run that other work uses

    // Cloud money.
    CloudPricing pricing = CloudPricing::OnDemand;
    double cloudGpuHourUsd = -1;     // of the chosen purchase option; negative = unknown
    double cloudOverheadFraction = 0.3;
    double spotPenalty = 0.15;

    std::uint16_t missing = 0;       // MissingInput bits
};

// Bytes of one checkpoint per parameter for a training plan's precision and optimizer
// (docs/formulas.md §12: w + K, e.g. 2 + 12 = 14 for mixed-precision AdamW).
double trainingCheckpointBytesPerParam(const Plan &plan);

// Price per GPU-hour of an offer under a purchase option: the published price, else on-demand less
// the plan's discount for that option; negative when neither is known.
double offerGpuHourUsd(const CloudOffer &offer, CloudPricing pricing, const CostAssumptions &cost);

// Requests per second a serving fleet serves over the day: the daily profile's average
// (workload.inference.average_request_rate) when set, else the peak request_rate; 0 without a rate.
// The fleet is sized for the peak; tokens served, energy and the GPUs' draw follow this one.
double servedRequestRate(const InferenceWorkload &workload);

// GPUs of the serving fleet the plan's request rate needs (replicas x GPUs per replica); 0 when no
// rate is set, none is reachable, or the fleet exceeds hardware.num_gpus's bound of 1,000,000.
double servingFleetGpus(const Evaluation &evaluation);

// Resolves the inputs. Reads the memory/time results already in `evaluation`; allocation-free.
FacilityInputs gatherFacilityInputs(const ResolvedPlan &plan, const Layout &layout, const Evaluation &evaluation);

inline const TierInputs &tierOf(const FacilityInputs &in, StorageRole role)
{
    return in.tiers[static_cast<std::size_t>(role)];
}

// Nodes bought: the job's nodes and the spares.
inline double totalNodes(const FacilityInputs &in) { return in.jobNodes + in.spareNodes; }

} // namespace gpuplan

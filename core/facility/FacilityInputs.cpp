// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/FacilityInputs.h"

#include "common/Dtype.h"
#include "common/Units.h"
#include "facility/DataPath.h"
#include "facility/Power.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// MFU assumed when the training time model has no result (docs/formulas.md §10 "Training cost";
// 0.4 is the middle of the 30-50% real MFU quoted by aiinframap.com, mid-2026). ESTIMATE.
constexpr double kFallbackMfu = 0.4;
// Achieved fraction of HBM bandwidth in memory-bound decode, the engine preset default
// (catalog/EnginePreset.h) used when the inference model has no result. ESTIMATE.
constexpr double kFallbackDecodeBwFraction = 0.7;
// Host link when the catalog gives none: PCIe 4.0 x16, 16 GT/s x 16 lanes x 128/130 / 8 bits
// = 31.5 GB/s per direction (PCI-SIG base specification 4.0).
constexpr double kFallbackPcieBytesPerS = 31.5e9;
// Share of a server's power drawn by its GPUs (BudSimulator genz/serving/constants.py: GPU 55%);
// used only when the node's maximum power is unknown.
constexpr double kGpuShareOfServerPower = 0.55;
// Staff: 0.5 FTE for one 8-GPU node (agoradigest/Spheron, Apr 2026) and 2 FTE for 64 GPUs
// (deepiix.com, 2025), both ESTIMATE; the power law through them is FTE = 0.5 * nodes^(2/3).
constexpr double kStaffFteOneNode = 0.5;
constexpr double kStaffFteExponent = 2.0 / 3.0;
constexpr double kReferenceGpusPerNode = 8.0;

// A figure of the deployment's GPUs, each pool's from its own GPU type: a disaggregated plan's
// prefill pool on another type (workload.inference.prefill_gpu) weighs in by its GPUs; any other
// plan, the plan's GPU's. Negative where a pool's GPU lacks the figure (`of` < 0).
double poolsMean(const ResolvedPlan &plan, double (*of)(const GpuSpec &))
{
    if (!plan.gpu)
        return -1;
    const double own = of(*plan.gpu);
    if (!plan.prefillGpu || !plan.plan || plan.plan->workload.inference.servingMode != ServingMode::Disaggregated)
        return own;
    const InferenceWorkload &w = plan.plan->workload.inference;
    const double prefill = of(*plan.prefillGpu);
    if (own < 0 || prefill < 0)
        return -1;
    const double a = poolGpus(w.prefill);
    const double b = poolGpus(w.decode);
    return a + b > 0 ? (a * prefill + b * own) / (a + b) : own;
}

void mark(FacilityInputs &in, MissingInput m)
{
    in.missing = static_cast<std::uint16_t>(in.missing | static_cast<std::uint16_t>(m));
}

// Trainable parameters of LoRA adapters: r x (fan_in + fan_out) per adapted matrix (Hu et al. 2021),
// on the attention projections and, with all-linear adapters, the dense MLP matrices.
double loraParams(const ModelShape &s, const TrainingWorkload &w)
{
    const double r = w.loraRank;
    const double h = s.hidden;
    const double kv = s.kvProjWidth / 2.0;
    const double attention = r * ((h + s.qWidth) + 2.0 * (h + kv) + (s.vWidth + h));
    const double mlpMatrices = s.gated ? 3.0 : 2.0;
    const double mlp = w.loraAllLinear ? r * mlpMatrices * (h + s.ffn) : 0.0;
    return s.layers * attention + s.denseLayers * mlp;
}

double optimizerStateBytes(const Precision &p)
{
    const double state = bytesPerElement(p.optimizerStates);
    switch (p.optimizer) {
    case Optimizer::AdamW: return 2.0 * state;
    case Optimizer::Adam8bit: return 2.0;              // two 8-bit moments (docs/formulas.md §2.1)
    case Optimizer::Adam4bit: return 1.0;              // two 4-bit moments
    case Optimizer::SgdMomentum:
    case Optimizer::Lion: return state;                // one buffer
    case Optimizer::Adafactor:                         // factored rows + columns: negligible per parameter
    case Optimizer::Sgd: return 0.0;
    }
    return 2.0 * state;
}

double peakFlops(const GpuSpec &gpu, Dtype compute)
{
    const double own = gpu.peak(compute);
    return own > 0 ? own : gpu.peak(Dtype::BF16);
}

void gatherNode(const ResolvedPlan &plan, FacilityInputs &in)
{
    const Plan &p = *plan.plan;
    const NodeSpec *node = plan.node;
    const double gpuW = in.gpusPerNode * in.gpuTdpW;
    in.nodeOverheadW = 0;
    in.nodeMaxW = 0;
    if (node) {
        // Non-GPU draw under load: the catalog's own figure, else typical minus busy GPUs
        // (typical power is measured under load), else PSU maximum minus GPU TDPs (upper bound).
        if (node->nonGpuPowerW > 0)
            in.nodeOverheadW = node->nonGpuPowerW;
        else if (node->typicalPowerW > 0)
            in.nodeOverheadW = std::max(
                0.0, node->typicalPowerW - gpuW * busyPowerFraction(p.facility, p.workload.mode == Mode::Training));
        else if (node->maxPowerW > gpuW)
            in.nodeOverheadW = node->maxPowerW - gpuW;
        in.nodeMaxW = node->maxPowerW;
        in.nodeRackUnits = node->rackUnits;
        in.rackScale = node->rackScale;
        in.nodeLiquidCooled = node->cooling == Cooling::Liquid;
        in.nicsPerNode = node->nicsPerNode;
    }
    if (in.nodeMaxW <= 0) {
        mark(in, MissingInput::NodePower);
        if (in.nodeOverheadW <= 0)
            in.nodeOverheadW = gpuW * (1.0 - kGpuShareOfServerPower) / kGpuShareOfServerPower;
        in.nodeMaxW = gpuW + in.nodeOverheadW;
    }
}

void gatherFabric(const ResolvedPlan &plan, FacilityInputs &in)
{
    const FabricSpec *f = plan.fabric;
    in.hasFabric = f != nullptr;
    if (!f) {
        if (totalNodes(in) > 1)
            mark(in, MissingInput::Fabric);
        return;
    }
    in.railOptimized = f->railOptimized;
    in.switchRadix = std::max(f->switchRadix, 2);
    in.switchPowerW = f->switchPowerW;
    in.switchUsd = f->switchPriceUsd > 0 ? f->switchPriceUsd : -1;
    in.cableUsd = f->cablePriceUsd > 0 ? f->cablePriceUsd : -1;
    in.nicUsd = f->nicPriceUsd > 0 ? f->nicPriceUsd : -1;
    // Only a multi-node plan has switches; a per-GPU network price replaces their prices.
    if (totalNodes(in) > 1) {
        const bool overridden = plan.plan->cost.networkPerGpuUsd >= 0;
        if (in.switchUsd < 0 && !overridden)
            mark(in, MissingInput::SwitchPrice);
        if (in.cableUsd < 0 && !overridden)
            mark(in, MissingInput::CablePrice);
        if (in.switchPowerW <= 0)
            mark(in, MissingInput::SwitchPower);
    }
}

void gatherDataPath(const ResolvedPlan &plan, FacilityInputs &in)
{
    const Plan &p = *plan.plan;
    const TrainingWorkload &t = p.workload.training;
    in.seqLen = std::max(t.seqLen, 1);
    in.globalBatch = t.globalBatch;
    in.microBatch = t.microBatch;
    const DataSampleFigures sample = dataSampleFigures(p.data, in.seqLen, in.bytesPerToken);
    // Tokenized text keeps its per-token read requirement unless the plan states bytes per sample.
    in.bytesPerSample = p.data.kind == DataKind::Tokens && p.data.bytesPerSample <= 0 ? 0.0 : sample.bytes;
    in.decodedBytesPerSample = sample.decodedBytes;
    in.gpuDecodeS = p.data.gpuDecodeMsPerSample / 1000.0;
    in.decodeCpuS = in.gpuDecodeS > 0 ? 0.0 : sample.decodeCpuS;
    in.loaderWorkersPerGpu = std::max(p.parallelism.loaderWorkers, 0);
    in.prefetchFactor = p.data.prefetchFactor;
    in.nodeCores = plan.node ? plan.node->cpuCores : 0;
    in.nodeRamBytes = plan.node ? plan.node->ramBytes : 0;
}

void gatherStorage(const ResolvedPlan &plan, FacilityInputs &in)
{
    const Plan &p = *plan.plan;
    const StorageAssumptions &s = p.storage;
    for (std::size_t role = 0; role < in.tiers.size(); ++role) {
        TierInputs &t = in.tiers[role];
        const StorageTierSpec *tier = plan.roleTiers[role];
        t.id = plan.roleTierIds[role];
        t.known = tier != nullptr;
        if (!tier) {
            // A role without a tier ("none") needs none; a tier the catalog lacks is unknown, and
            // priced only when the plan states its own price.
            if (t.id >= 0)
                mark(in, MissingInput::StorageTier);
            t.usdPerTb = p.cost.storageUsdPerTb;
            continue;
        }
        t.nodeLocal = tier->nodeLocal;
        t.readPerNode = tier->readPerNode;
        t.writePerNode = tier->writePerNode;
        t.aggregateRead = tier->aggregateRead;
        t.aggregateWrite = tier->aggregateWrite;
        // The plan's capacity price, when it states one, replaces every shared tier's catalog price.
        t.usdPerTb = p.cost.storageUsdPerTb >= 0 ? p.cost.storageUsdPerTb : tier->usdPerTb;
        t.usdPerGBps = tier->usdPerGBps;
        // A node-local tier runs at the node's own drives when the node catalog knows them.
        if (tier->nodeLocal && plan.node && plan.node->localNvmeReadBw > 0) {
            t.readPerNode = plan.node->localNvmeReadBw;
            t.writePerNode = plan.node->localNvmeWriteBw > 0 ? plan.node->localNvmeWriteBw : t.writePerNode;
        }
    }
    in.hostCopyPerGpu = plan.gpu && plan.gpu->pcieBandwidth > 0 ? plan.gpu->pcieBandwidth : kFallbackPcieBytesPerS;
    in.asyncCheckpoint = s.asyncCheckpoint;
    in.checkpointOverheadS = s.checkpointOverheadS;
    in.readAmplification = s.readAmplification;
    // Pre-tokenized data: uint16 ids while the vocabulary fits in 65,536, else uint32 (docs/formulas.md §12).
    in.bytesPerToken = s.bytesPerToken > 0 ? s.bytesPerToken : (plan.shape.vocab <= 65536 ? 2.0 : 4.0);
    in.storageWPerTb = s.powerWPerTb;
    if (p.workload.mode == Mode::Training) {
        const bool lora = p.workload.training.fineTune != FineTune::None;
        in.checkpointParams = lora ? loraParams(plan.shape, p.workload.training) : plan.shape.totalParams;
        in.checkpointBytesPerParam = trainingCheckpointBytesPerParam(p);
        in.checkpointsKept = s.checkpointsRetained + s.milestoneCheckpoints;
        in.milestoneCheckpoints = s.milestoneCheckpoints;
        gatherDataPath(plan, in);
        // One pass over the training tokens: as tokens, or as samples of seq_len tokens each.
        const double passBytes = in.bytesPerSample > 0 ? p.workload.training.tokens / in.seqLen * in.bytesPerSample
                                                       : p.workload.training.tokens * in.bytesPerToken;
        in.datasetBytes = s.datasetTb > 0 ? s.datasetTb * units::kTB : passBytes;
    } else {
        in.checkpointParams = plan.shape.totalParams;           // the served weights
        in.checkpointBytesPerParam = quantizedBytesPerElement(p.precision.weights);
        in.checkpointsKept = 1;
        in.datasetBytes = s.datasetTb > 0 ? s.datasetTb * units::kTB : 0.0;
    }
}

void gatherTrainingWork(const ResolvedPlan &plan, const Evaluation &e, FacilityInputs &in)
{
    const Plan &p = *plan.plan;
    in.totalTokens = p.workload.training.tokens;
    // The GPUs' own pace, also for an evaluation whose training result the data path has paced: the
    // facility chain applies the data path's pace itself (facility/FacilityChain.cpp).
    const TrainingResult &t = e.training;
    const bool paced = t.dataPace > 1;
    const double timeToTrainS = paced ? t.gpuTimeToTrainS : t.timeToTrainS;
    const double tokensPerS = paced ? t.gpuTokensPerS : t.tokensPerS;
    if (t.valid && timeToTrainS > 0 && std::isfinite(timeToTrainS)) {
        in.timeSource = TimeSource::TimeModel;
        in.idealRunS = timeToTrainS;
        in.tokensPerS = tokensPerS > 0 ? tokensPerS : in.totalTokens / in.idealRunS;
        return;
    }
    // Fallback: C = 6·P·D (4·P·D with frozen base weights: no weight-gradient matmuls), at MFU 0.4.
    const double peak = plan.gpu ? peakFlops(*plan.gpu, p.precision.compute) : 0.0;
    const double flopsPerToken = (p.workload.training.fineTune == FineTune::None ? 6.0 : 4.0) * plan.shape.activeParams;
    if (peak <= 0 || flopsPerToken <= 0 || in.jobGpus <= 0) {
        mark(in, MissingInput::RunTime);
        return;
    }
    in.timeSource = TimeSource::FallbackMfu;
    in.tokensPerS = in.jobGpus * peak * kFallbackMfu / flopsPerToken;
    in.idealRunS = in.totalTokens / in.tokensPerS;
}

// Serving draw: with a measured curve for the GPU (and no fraction set in the plan) the GPUs draw
// the curve's share at the requests in flight per replica. At a request rate a replica holds about
// load x the evaluated concurrency in flight (Little's law at the replica's latency) all the time;
// at a concurrency it runs full for facility.gpu_utilization of the time and idles the rest.
void servingPower(const ResolvedPlan &plan, const Evaluation &e, FacilityInputs &in)
{
    if (in.powerBasis != GpuPowerBasis::ServingFixed || !plan.gpu || plan.gpu->servingPowerCurve.empty() ||
        !e.inference.valid)
        return;
    const int asked = std::max(e.layout.microBatch, 1);
    const double concurrency = e.inference.maxConcurrency >= 1 ? std::min(asked, e.inference.maxConcurrency) : 1;
    const bool byRate = plan.plan->workload.inference.requestRate > 0;
    in.powerInFlight = byRate ? in.servingLoad * concurrency : concurrency;
    in.servingPowerShare = byRate ? 1.0 : in.servingLoad;
    in.busyPowerFraction = servingCurveFraction(plan.gpu->servingPowerCurve, in.powerInFlight, in.idlePowerFraction);
    in.powerBasis = GpuPowerBasis::ServingCurve;
}

void gatherInferenceWork(const ResolvedPlan &plan, const Evaluation &e, FacilityInputs &in)
{
    const Plan &p = *plan.plan;
    const InferenceResult &r = e.inference;
    in.idealRunS = p.cost.horizonMonths / 12.0 * units::kYear;
    double capacity = 0;   // output tokens/s of all GPUs at full load
    in.servingLoad = p.facility.gpuUtilization;
    if (r.valid && r.outputTokensPerSPerGpu > 0) {
        in.timeSource = TimeSource::TimeModel;
        capacity = r.outputTokensPerSPerGpu * in.jobGpus;
        const double replicas = in.jobGpus / std::max(r.gpusPerReplica, 1);
        // The fleet is sized for the peak rate (perf/Capacity.h); over the day it serves the
        // average one, which sets the tokens served and the GPUs' draw.
        const double served = servedRequestRate(p.workload.inference);
        if (served > 0 && r.requestsPerSPerReplica > 0)
            in.servingLoad = std::min(1.0, served / (r.requestsPerSPerReplica * replicas));
        in.nodesPerReplica = std::max(1.0, std::ceil(std::max(r.gpusPerReplica, 1) / in.gpusPerNode));
        in.gpusPerReplica = std::max(r.gpusPerReplica, 1);
    } else if (plan.gpu && plan.shape.activeParams > 0) {
        // Memory-bound decode (docs/formulas.md §9): every step reads the weights once for the whole batch.
        in.timeSource = TimeSource::FallbackDecode;
        const double weightBytes = plan.shape.activeParams * quantizedBytesPerElement(p.precision.weights);
        capacity = in.jobGpus * p.workload.inference.concurrency * plan.gpu->memoryBandwidth * kFallbackDecodeBwFraction /
                   weightBytes;
    }
    if (capacity <= 0)
        mark(in, MissingInput::RunTime);
    in.tokensPerS = capacity * in.servingLoad;
    servingPower(plan, e, in);
    in.engineStartS = plan.engine ? plan.engine->engineStartS : 0.0;
    in.totalTokens = in.tokensPerS * in.idealRunS;   // before failures (Reliability scales it)
}

void gatherMoney(const ResolvedPlan &plan, FacilityInputs &in)
{
    const Plan &p = *plan.plan;
    const CostAssumptions &c = p.cost;

    // GPUs and servers. A node price that includes its GPUs is split with the catalog GPU price
    // (or the plan's, when the catalog has none); without any GPU price the GPUs stay inside it.
    const double catalogGpu = poolsMean(plan, [](const GpuSpec &g) { return g.priceUsd > 0 ? g.priceUsd : -1.0; });
    // A plan's own prices are for whole GPUs; a MIG plan's device is an instance, its share of one.
    const double perDevice = 1.0 / std::max(plan.instancesPerGpu, 1);
    const double gpuPrice = c.gpuPriceUsd >= 0 ? c.gpuPriceUsd * perDevice : catalogGpu;
    const double nodePrice = plan.node && plan.node->priceUsd > 0 ? plan.node->priceUsd : -1;
    const bool nodeHasGpus = plan.node && plan.node->priceIncludesGpus;
    in.gpu = {gpuPrice, gpuPrice >= 0 ? BomPricing::Priced : BomPricing::Unpriced};
    if (c.serverPriceUsd >= 0) {
        in.server = {c.serverPriceUsd, BomPricing::Priced};
    } else if (nodePrice >= 0 && !nodeHasGpus) {
        in.server = {nodePrice, BomPricing::Priced};
    } else if (nodePrice >= 0) {
        const double split = catalogGpu >= 0 ? catalogGpu : gpuPrice;
        if (split >= 0) {
            // A node price below its GPUs' price is inconsistent catalog data: flagged, server at 0.
            if (nodePrice < in.gpusPerNode * split)
                mark(in, MissingInput::NodePriceBelowGpus);
            in.server = {std::max(0.0, nodePrice - in.gpusPerNode * split), BomPricing::Priced};
        } else {
            in.server = {nodePrice, BomPricing::Priced};
            in.gpu = {0.0, BomPricing::InNodePrice};
        }
    } else {
        in.server = {-1, BomPricing::Unpriced};
    }
    if (in.gpu.pricing == BomPricing::Unpriced)
        mark(in, MissingInput::GpuPrice);
    if (in.server.pricing == BomPricing::Unpriced)
        mark(in, MissingInput::NodePrice);

    in.networkPerGpuUsd = c.networkPerGpuUsd;
    in.rackUsd = c.rackPriceUsd;
    in.electricityUsdPerKwh = c.electricityUsdPerKwh;
    in.ownFacility = c.ownFacility;
    in.coloUsdPerKwMonth = c.coloUsdPerKwMonth;
    in.fitoutUsdPerKw = c.facilityFitoutUsdPerKw;
    in.facilityLifeYears = c.facilityLifeYears;
    in.depreciationYears = c.depreciationYears;
    in.residualFraction = c.residualFraction;
    in.financingRate = c.financingRate;
    in.supportFraction = c.supportFraction;
    in.staffSalaryUsd = c.staffLoadedSalaryUsd;
    in.onpremUtilization = c.onpremUtilization;
    in.horizonMonths = c.horizonMonths;
    in.followonUtilization = c.followonUtilization;
    const double referenceNodes = totalNodes(in) * in.gpusPerNode / kReferenceGpusPerNode;
    in.staffFte = c.staffFte >= 0 ? c.staffFte : kStaffFteOneNode * std::pow(referenceNodes, kStaffFteExponent);

    // Cloud: the plan's price, else the offer's price for the purchase option, else on-demand
    // less the plan's discount for that option.
    in.pricing = c.cloudPricing;
    in.cloudOverheadFraction = c.cloudOverheadFraction;
    in.spotPenalty = c.spotInterruptionPenalty;
    in.cloudGpuHourUsd = -1;
    if (c.cloudGpuHourUsd >= 0) {
        in.cloudGpuHourUsd = c.cloudGpuHourUsd / std::max(plan.instancesPerGpu, 1);
    } else if (plan.cloud) {
        in.cloudGpuHourUsd = offerGpuHourUsd(*plan.cloud, c.cloudPricing, c) / std::max(plan.instancesPerGpu, 1);
    }
    if (in.cloudGpuHourUsd < 0)
        mark(in, MissingInput::CloudPrice);
}

} // namespace

double offerGpuHourUsd(const CloudOffer &o, CloudPricing pricing, const CostAssumptions &c)
{
    const double onDemand = o.onDemandPerGpuHour;
    auto orDiscounted = [&](double published, double discount) {
        return published >= 0 ? published : (onDemand >= 0 ? onDemand * (1.0 - discount) : -1.0);
    };
    switch (pricing) {
    case CloudPricing::OnDemand: return onDemand;
    case CloudPricing::Reserved1y: return orDiscounted(o.reserved1yPerGpuHour, c.reserved1yDiscount);
    case CloudPricing::Reserved3y: return orDiscounted(o.reserved3yPerGpuHour, c.reserved3yDiscount);
    case CloudPricing::Spot: return orDiscounted(o.spotPerGpuHour, c.spotDiscount);
    }
    return onDemand;
}

double trainingCheckpointBytesPerParam(const Plan &p)
{
    // Adapters of a frozen base are kept in 16 bits (fp32 if the plan trains in fp32).
    const bool lora = p.workload.training.fineTune != FineTune::None;
    const double weights = lora ? (p.precision.weights == Dtype::FP32 ? 4.0 : 2.0) : bytesPerElement(p.precision.weights);
    const double master = p.precision.masterWeights && weights < 4.0 ? 4.0 : 0.0;
    return weights + master + optimizerStateBytes(p.precision);
}

double servedRequestRate(const InferenceWorkload &w)
{
    if (!(w.requestRate > 0))
        return 0.0;
    return w.averageRequestRate > 0 ? std::min(w.averageRequestRate, w.requestRate) : w.requestRate;
}

double servingFleetGpus(const Evaluation &e)
{
    // hardware.num_gpus's upper bound: a fleet larger than any plan may list is not one to price
    // (a replica carrying almost nothing); the plan's own GPUs are priced and its capacity flagged.
    constexpr double kMaxFleetGpus = 1e6;
    const InferenceResult &r = e.inference;
    if (!r.valid || r.capacity.replicas <= 0)
        return 0.0;
    const double fleet = static_cast<double>(r.capacity.replicas) * std::max(r.gpusPerReplica, 1);
    return fleet <= kMaxFleetGpus ? fleet : 0.0;
}

FacilityInputs gatherFacilityInputs(const ResolvedPlan &plan, const Layout &layout, const Evaluation &evaluation)
{
    const Plan &p = *plan.plan;
    const FacilityAssumptions &f = p.facility;
    FacilityInputs in;
    in.mode = p.workload.mode;
    in.jobGpus = std::max(layout.numGpus, 1);
    // A serving plan with a request rate is priced, powered and racked as the fleet it deploys (the
    // launch files start it, the portfolio holds it): the replicas its rate needs within the P99
    // targets (perf/Capacity.h) x GPUs per replica, more or fewer than the plan lists (an
    // under-sized plan is also flagged by its capacity diagnostics). Without a rate, or with
    // targets no replica meets, the plan's own GPUs.
    if (p.workload.mode == Mode::Inference) {
        const double fleet = servingFleetGpus(evaluation);
        if (fleet > 0)
            in.jobGpus = fleet;
        // A disaggregated deployment is its two pools, whatever hardware.num_gpus lists beyond them.
        if (p.workload.inference.servingMode == ServingMode::Disaggregated)
            in.jobGpus = std::max(disaggregatedGpus(p.workload.inference), 1);
    }
    in.gpusPerNode = std::max(plan.gpusPerNode, 1);
    in.jobNodes = std::ceil(in.jobGpus / in.gpusPerNode);
    in.spareNodes = p.reliability.spareNodes;
    in.gpuTdpW = std::max(poolsMean(plan, [](const GpuSpec &g) { return g.tdpW; }), 0.0);

    in.pue = f.pue;
    in.gpuUtilization = f.gpuUtilization;
    in.busyPowerFraction = busyPowerFraction(f, p.workload.mode == Mode::Training);
    in.powerBasis = f.gpuBusyPowerFraction >= 0           ? GpuPowerBasis::PlanSet
                    : p.workload.mode == Mode::Training ? GpuPowerBasis::TrainingFixed
                                                        : GpuPowerBasis::ServingFixed;
    in.idlePowerFraction = f.gpuIdlePowerFraction;
    in.rackLimitW = f.rackPowerLimitKw * 1000.0;
    in.rackUnits = f.rackUnits;
    in.airLimitW = f.airCoolingLimitKw * 1000.0;
    in.gridKgPerKwh = f.gridKgCo2PerKwh;

    const ReliabilityAssumptions &r = p.reliability;
    in.nodeMtbfH = r.nodeMtbfHours;
    in.restartS = (r.elastic ? r.elasticRestartMinutes : r.restartMinutes) * 60.0;
    in.repairH = r.repairHours;

    gatherNode(plan, in);
    gatherFabric(plan, in);
    gatherStorage(plan, in);
    if (in.mode == Mode::Training)
        gatherTrainingWork(plan, evaluation, in);
    else
        gatherInferenceWork(plan, evaluation, in);
    gatherMoney(plan, in);
    return in;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/FacilityNames.h"

#include "common/Format.h"

namespace gpuplan {

const char *gpuPowerBasisName(GpuPowerBasis basis)
{
    switch (basis) {
    case GpuPowerBasis::TrainingFixed: return "training_fixed";
    case GpuPowerBasis::ServingFixed: return "serving_fixed";
    case GpuPowerBasis::ServingCurve: return "serving_curve";
    case GpuPowerBasis::PlanSet: return "plan";
    }
    return "unknown";
}

std::string gpuPowerBasisText(const PowerResult &p)
{
    switch (p.gpuPowerBasis) {
    case GpuPowerBasis::TrainingFixed: return "training, a fixed share of TDP while computing (estimate)";
    case GpuPowerBasis::ServingFixed: return "serving, a fixed share of TDP while busy (no measured curve for this GPU; estimate)";
    case GpuPowerBasis::ServingCurve:
        return "serving at " + formatSignificant(p.gpuPowerInFlight) +
               " requests in flight per replica (measured curve of the GPU, estimate)";
    case GpuPowerBasis::PlanSet: return "set in the plan (facility.gpu_busy_power_fraction)";
    }
    return "unknown";
}

const char *bomItemName(BomItem item)
{
    switch (item) {
    case BomItem::Gpu: return "gpu";
    case BomItem::Node: return "node";
    case BomItem::Rack: return "rack";
    case BomItem::LeafSwitch: return "leaf_switch";
    case BomItem::SpineSwitch: return "spine_switch";
    case BomItem::CoreSwitch: return "core_switch";
    case BomItem::Nic: return "nic";
    case BomItem::Cable: return "cable";
    case BomItem::Network: return "network";
    case BomItem::Storage: return "storage_tb";
    case BomItem::CacheStorage: return "cache_storage_tb";
    case BomItem::CheckpointStorage: return "checkpoint_storage_tb";
    case BomItem::ArchiveStorage: return "archive_storage_tb";
    case BomItem::StorageBandwidth: return "storage_bandwidth_gbps";
    case BomItem::Count: break;
    }
    return "unknown";
}

const char *bomItemLabel(BomItem item)
{
    switch (item) {
    case BomItem::Gpu: return "GPUs";
    case BomItem::Node: return "Servers (without GPUs)";
    case BomItem::Rack: return "Racks";
    case BomItem::LeafSwitch: return "Leaf switches";
    case BomItem::SpineSwitch: return "Spine switches";
    case BomItem::CoreSwitch: return "Core switches";
    case BomItem::Nic: return "Scale-out NICs";
    case BomItem::Cable: return "Cables and transceivers";
    case BomItem::Network: return "Network (per GPU)";
    case BomItem::Storage: return "Data storage (TB)";
    case BomItem::CacheStorage: return "Data cache (TB)";
    case BomItem::CheckpointStorage: return "Checkpoint storage (TB)";
    case BomItem::ArchiveStorage: return "Checkpoint archive (TB)";
    case BomItem::StorageBandwidth: return "Storage bandwidth (GB/s)";
    case BomItem::Count: break;
    }
    return "Unknown";
}

const char *bomPricingName(BomPricing pricing)
{
    switch (pricing) {
    case BomPricing::Priced: return "priced";
    case BomPricing::InNodePrice: return "in_node_price";
    case BomPricing::InNetworkOverride: return "in_network_per_gpu";
    case BomPricing::Unpriced: return "unpriced";
    }
    return "unpriced";
}

const char *timeSourceName(TimeSource source)
{
    switch (source) {
    case TimeSource::None: return "none";
    case TimeSource::TimeModel: return "time_model";
    case TimeSource::FallbackMfu: return "fallback_mfu_0.4";
    case TimeSource::FallbackDecode: return "fallback_memory_bound_decode";
    }
    return "none";
}

const char *costBasisName(CostBasis basis)
{
    return basis == CostBasis::Cloud ? "cloud" : "onprem";
}

const char *missingInputName(int bit)
{
    static const char *const names[] = {"gpu_price",    "node_price", "node_power", "switch_price",
                                        "switch_power", "cable_price", "cloud_price", "storage_tier",
                                        "fabric",       "run_time",    "node_price_below_gpus"};
    constexpr int count = static_cast<int>(sizeof names / sizeof names[0]);
    static_assert(count == kMissingInputCount);
    return bit >= 0 && bit < count ? names[bit] : "";
}

} // namespace gpuplan

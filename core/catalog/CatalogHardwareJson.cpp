// SPDX-License-Identifier: GPL-3.0-or-later
// Catalog kinds describing hardware: gpus, nodes, fabrics, their field registries
// (core/catalog/CatalogFields.h) and readers. File units are those of the published specs (GB,
// TB/s, dense TFLOPS, bidirectional GB/s, Gb/s, W, USD); the reader converts them to the internal
// units of core/common/Units.h. Bounds are documented in docs/catalogs.md.
#include "catalog/CatalogKinds.h"

#include "catalog/CatalogFields.h"
#include "common/Units.h"

#include <cmath>

namespace gpuplan {

namespace {

// NVLink, xGMI and PCIe are published as the sum of both directions ("900 GB/s" for NVLink4);
// the models use one direction, so the reader halves the published figure.
constexpr double kBidirGBytesToOneWay = 0.5 * units::kGB;

constexpr double kMaxPriceUsd = 1e9;

bool readTflops(CatalogEntryReader &r, const CatalogField<GpuSpec> &f, GpuSpec &gpu)
{
    const nlohmann::json *t = r.take("tflops");
    if (!t)
        return true;
    if (!t->is_object() || t->contains("value"))
        return r.fail("tflops", "expected an object of dense TFLOPS by data type, e.g. {\"bf16\": 989.4}, found " +
                                    catalogJsonTypeName(*t));
    for (auto it = t->begin(); it != t->end(); ++it) {
        const auto d = parseEnum(dtypeNames(), it.key());
        if (!d)
            return r.fail("tflops." + it.key(), "expected a data type, one of " + allowedNames(dtypeNames()));
        const std::string field = std::string("tflops.") + enumName(dtypeNames(), *d);
        // 0 = the data type is not supported (e.g. bf16 on V100).
        if (!r.numberValue(*it, field, f.min, f.max, gpu.peakFlops[static_cast<std::size_t>(*d)], f.scale))
            return false;
    }
    return true;
}

// memory_gb and memory_gib are one figure in two units: an entry gives one, and an override in
// the other unit replaces the old figure, and with it its provenance.
bool checkMemoryUnits(CatalogEntryReader &r, GpuSpec &gpu)
{
    if (r.has("memory_gb") && r.has("memory_gib"))
        return r.fail("memory_gib", "expected memory_gb or memory_gib, found both");
    if (r.has("memory_gb"))
        gpu.sources.erase("memory_gib");
    if (r.has("memory_gib"))
        gpu.sources.erase("memory_gb");
    return true;
}

// "mig_profiles": {"value": {"compute_slices": 7, "memory_slices": 8, "profiles": [{"name":
// "1g.10gb", "compute_slices": 1, "memory_slices": 1, "memory_gb": 10, "instances_per_gpu": 7},
// ...]}, "source": ..., "estimate": ...}: the provenance covers the whole table.
bool readMigProfiles(CatalogEntryReader &r, const CatalogField<GpuSpec> &, GpuSpec &gpu)
{
    bool present = false;
    const nlohmann::json *v = r.value("mig_profiles", present);
    if (!present)
        return true;
    if (!v)
        return false;
    const auto bad = [&r](const std::string &field, const std::string &what, const nlohmann::json &found) {
        return r.fail(field, "expected " + what + ", found " + catalogJsonTypeName(found));
    };
    if (!v->is_object() || !v->contains("profiles") || !(*v)["profiles"].is_array())
        return bad("mig_profiles", "an object with compute_slices, memory_slices and a profiles array", *v);
    const auto integer = [&](const nlohmann::json &o, const char *key, int lo, int hi, const std::string &field,
                             int &out) {
        if (!o.contains(key) || !o[key].is_number_integer() || o[key].get<long long>() < lo || o[key].get<long long>() > hi)
            return r.fail(field + "." + key, "expected a whole number from " + std::to_string(lo) + " to " +
                                                 std::to_string(hi));
        out = o[key].get<int>();
        return true;
    };
    if (!integer(*v, "compute_slices", 1, 64, "mig_profiles", gpu.migComputeSlices) ||
        !integer(*v, "memory_slices", 1, 64, "mig_profiles", gpu.migMemorySlices))
        return false;
    gpu.migProfiles.clear();
    for (const nlohmann::json &o : (*v)["profiles"]) {
        const std::string field = "mig_profiles.profiles[" + std::to_string(gpu.migProfiles.size()) + "]";
        if (!o.is_object() || !o.contains("name") || !o["name"].is_string() || o["name"].get<std::string>().empty() ||
            o["name"].get<std::string>().size() > 40)
            return bad(field + ".name", "a profile name of 1 to 40 characters", o.is_object() && o.contains("name") ? o["name"] : o);
        MigProfile p;
        p.name = o["name"].get<std::string>();
        if (!integer(o, "compute_slices", 1, gpu.migComputeSlices, field, p.computeSlices) ||
            !integer(o, "memory_slices", 1, gpu.migMemorySlices, field, p.memorySlices) ||
            !integer(o, "instances_per_gpu", 1, gpu.migComputeSlices, field, p.instancesPerGpu))
            return false;
        if (!o.contains("memory_gb") || !o["memory_gb"].is_number() || !(o["memory_gb"].get<double>() > 0) ||
            o["memory_gb"].get<double>() > 1e5)
            return r.fail(field + ".memory_gb", "expected a number above 0 and at most 100000");
        p.memoryBytes = o["memory_gb"].get<double>() * units::kGB;
        for (auto it = o.begin(); it != o.end(); ++it) {
            const std::string &k = it.key();
            if (k != "name" && k != "compute_slices" && k != "memory_slices" && k != "memory_gb" && k != "instances_per_gpu")
                return r.fail(field + "." + k, "unknown key; allowed: name, compute_slices, memory_slices, memory_gb, "
                                               "instances_per_gpu");
        }
        gpu.migProfiles.push_back(std::move(p));
    }
    for (auto it = v->begin(); it != v->end(); ++it) {
        const std::string &k = it.key();
        if (k != "compute_slices" && k != "memory_slices" && k != "profiles")
            return r.fail("mig_profiles." + k, "unknown key; allowed: compute_slices, memory_slices, profiles");
    }
    return true;
}

// "serving_power_curve": {"value": [[1, 0.5], [2, 0.552], ...], "source": ..., "estimate": ...}: pairs
// of (requests in flight on the replica, share of TDP one GPU draws), in increasing load.
bool readServingPowerCurve(CatalogEntryReader &r, const CatalogField<GpuSpec> &, GpuSpec &gpu)
{
    bool present = false;
    const nlohmann::json *v = r.value("serving_power_curve", present);
    if (!present)
        return true;
    if (!v)
        return false;
    constexpr std::size_t kMaxPoints = 64;
    if (!v->is_array() || v->empty() || v->size() > kMaxPoints)
        return r.fail("serving_power_curve", "expected an array of 1 to 64 [requests in flight, share of TDP] pairs, found " +
                                                 catalogJsonTypeName(*v));
    std::vector<ServingPowerPoint> curve;
    for (const nlohmann::json &pair : *v) {
        const std::string field = "serving_power_curve[" + std::to_string(curve.size()) + "]";
        if (!pair.is_array() || pair.size() != 2 || !pair[0].is_number() || !pair[1].is_number())
            return r.fail(field, "expected a pair [requests in flight, share of TDP], found " + catalogJsonTypeName(pair));
        const double n = pair[0].get<double>(), f = pair[1].get<double>();
        const double lastN = curve.empty() ? 0.0 : curve.back().inFlight;
        if (!std::isfinite(n) || n <= lastN || n > 1e6)
            return r.fail(field, "expected requests in flight above " + std::to_string(lastN) +
                                     " (increasing) and at most 1000000, found " + std::to_string(n));
        if (!std::isfinite(f) || f < 0.05 || f > 1.5)
            return r.fail(field, "expected a share of TDP from 0.05 to 1.5, found " + std::to_string(f));
        curve.push_back({n, f});
    }
    gpu.servingPowerCurve = std::move(curve);
    return true;
}

// The dense rates by data type, and the three the tools read most under their own names.
void writeTflopsJson(const GpuSpec &g, nlohmann::ordered_json &j)
{
    nlohmann::ordered_json peaks = nlohmann::ordered_json::object();
    for (const EnumName &d : dtypeNames().names) {
        if (g.peak(static_cast<Dtype>(d.value)) > 0)
            peaks[d.name] = g.peak(static_cast<Dtype>(d.value));
    }
    j["peak_flops"] = std::move(peaks);
    j["bf16_flops"] = g.peak(Dtype::BF16);
    j["fp16_flops"] = g.peak(Dtype::FP16);
    j["fp8_flops"] = g.peak(Dtype::FP8);
}

using F = CatalogFieldType;
using G = GpuSpec;
using N = NodeSpec;
using B = FabricSpec;

const CatalogField<G> kGpuFields[] = {
    {.key = "vendor", .type = F::Text, .text = &G::vendor},
    {.key = "form_factor", .type = F::Text, .text = &G::formFactor},
    {.key = "launch_year", .type = F::Integer, .min = 1990, .max = 2100, .integer = &G::launchYear},
    {.key = "memory_type", .type = F::Text, .text = &G::memoryType},
    {.key = "memory_gb", .min = 0.1, .max = 1e5, .scale = units::kGB, .jsonKey = "memory_bytes", .number = &G::memoryBytes},
    {.key = "memory_gib", .min = 0.1, .max = 1e5, .scale = units::kGiB, .json = CatalogJson::None, .number = &G::memoryBytes},
    {.key = "cuda_total_mib", .min = 0, .max = 1e8, .scale = units::kMiB, .json = CatalogJson::None, .number = &G::cudaTotalBytes},
    {.key = "memory_bandwidth_tbps", .min = 0.01, .max = 1000, .scale = units::kTB, .required = true,
     .jsonKey = "memory_bandwidth", .number = &G::memoryBandwidth},
    // 0 = the data type is not supported (e.g. bf16 on V100).
    {.key = "tflops", .type = F::Custom, .min = 0, .max = 1e6, .scale = units::kTFLOPS, .required = true,
     .read = readTflops, .writeJson = writeTflopsJson},
    {.key = "fp4_dense_tflops", .min = 0, .max = 1e6, .scale = units::kTFLOPS, .jsonKey = "fp4_dense_flops",
     .number = &G::fp4DenseFlops},
    {.key = "tdp_w", .min = 1, .max = 1e5, .required = true, .number = &G::tdpW},
    {.key = "scale_up_kind", .type = F::Text, .text = &G::scaleUpKind},
    {.key = "scale_up_bidir_gbytes_per_s", .min = 0, .max = 1e6, .scale = kBidirGBytesToOneWay,
     .jsonKey = "scale_up_bandwidth", .number = &G::scaleUpBandwidth},
    {.key = "pcie_bidir_gbytes_per_s", .min = 0, .max = 1e5, .scale = kBidirGBytesToOneWay, .jsonKey = "pcie_bandwidth",
     .number = &G::pcieBandwidth},
    {.key = "price_usd", .min = 0, .max = kMaxPriceUsd, .number = &G::priceUsd},
    {.key = "default_node", .type = F::Text, .text = &G::defaultNode},
    {.key = "mig_profiles", .type = F::Custom, .json = CatalogJson::None, .read = readMigProfiles},
    {.key = "serving_power_curve", .type = F::Custom, .json = CatalogJson::None, .read = readServingPowerCurve},
};

constexpr const char *kIntraFabrics[] = {"nvswitch", "nvlink", "nvlink-bridge", "pcie", "xgmi", "roce", "none"};

const CatalogField<N> kNodeFields[] = {
    {.key = "gpus", .type = F::TextList, .required = true, .list = &N::gpus},
    {.key = "gpus_per_node", .type = F::Integer, .min = 1, .max = 100000, .required = true, .integer = &N::gpusPerNode},
    {.key = "intra_fabric", .type = F::Word, .words = kIntraFabrics, .text = &N::intraFabric},
    {.key = "intra_bidir_gbytes_per_s", .min = 0, .max = 1e6, .scale = kBidirGBytesToOneWay,
     .jsonKey = "intra_bandwidth", .number = &N::intraBandwidth},
    {.key = "nics_per_node", .type = F::Integer, .min = 0, .max = 1024, .integer = &N::nicsPerNode},
    {.key = "nic_gbps", .min = 0, .max = 1e5, .number = &N::nicGbps},
    {.key = "default_fabric", .type = F::Text, .text = &N::defaultFabric},
    {.key = "max_power_w", .min = 1, .max = 1e7, .required = true, .number = &N::maxPowerW},
    {.key = "typical_power_w", .min = 0, .max = 1e7, .number = &N::typicalPowerW},
    {.key = "non_gpu_power_w", .min = 0, .max = 1e7, .number = &N::nonGpuPowerW},
    {.key = "cpu", .type = F::Text, .text = &N::cpu},
    {.key = "cpu_cores", .type = F::Integer, .min = 0, .max = 1000000, .integer = &N::cpuCores},
    {.key = "ram_gb", .min = 0, .max = 1e6, .scale = units::kGB, .jsonKey = "ram_bytes", .number = &N::ramBytes},
    {.key = "local_nvme_tb", .min = 0, .max = 1e5, .scale = units::kTB, .jsonKey = "local_nvme_bytes",
     .number = &N::localNvmeBytes},
    {.key = "local_nvme_read_gbytes_per_s", .min = 0, .max = 1e4, .scale = units::kGB, .jsonKey = "local_nvme_read_bw",
     .number = &N::localNvmeReadBw},
    {.key = "local_nvme_write_gbytes_per_s", .min = 0, .max = 1e4, .scale = units::kGB,
     .jsonKey = "local_nvme_write_bw", .number = &N::localNvmeWriteBw},
    {.key = "rack_units", .type = F::Integer, .min = 0, .max = 100, .integer = &N::rackUnits},
    {.key = "rack_scale", .type = F::Flag, .flag = &N::rackScale},
    {.key = "cooling", .type = F::Enum, .enumTable = coolingNames,
     .getEnum = [](const N &n) { return static_cast<int>(n.cooling); },
     .setEnum = [](N &n, int v) { n.cooling = static_cast<Cooling>(v); }},
    {.key = "weight_kg", .min = 0, .max = 1e5, .number = &N::weightKg},
    {.key = "price_usd", .min = 0, .max = kMaxPriceUsd, .number = &N::priceUsd},
    {.key = "price_includes_gpus", .type = F::Flag, .flag = &N::priceIncludesGpus},
};

constexpr const char *kFabricKinds[] = {"infiniband", "roce", "ethernet", "nvlink", "pcie"};

const CatalogField<B> kFabricFields[] = {
    {.key = "kind", .type = F::Word, .required = true, .words = kFabricKinds, .text = &B::kind},
    {.key = "link_gbps", .min = 1, .max = 1e5, .required = true, .number = &B::linkGbps},
    {.key = "latency_s", .min = 0, .max = 1e-2, .number = &B::latencyS},
    {.key = "bus_bw_fraction", .min = 0.01, .max = 1.0, .number = &B::busBwFraction},
    {.key = "scale_loss_per_doubling", .min = 0.0, .max = 0.9, .number = &B::scaleLossPerDoubling},
    {.key = "rail_optimized", .type = F::Flag, .flag = &B::railOptimized},
    {.key = "switch_radix", .type = F::Integer, .min = 2, .max = 100000, .integer = &B::switchRadix},
    {.key = "switch_price_usd", .min = 0, .max = kMaxPriceUsd, .number = &B::switchPriceUsd},
    {.key = "switch_power_w", .min = 0, .max = 1e6, .number = &B::switchPowerW},
    {.key = "nic_price_usd", .min = 0, .max = 1e6, .number = &B::nicPriceUsd},
    {.key = "cable_price_usd", .min = 0, .max = 1e6, .number = &B::cablePriceUsd},
};

} // namespace

std::span<const CatalogField<GpuSpec>> gpuFields()
{
    return kGpuFields;
}

std::span<const CatalogField<NodeSpec>> nodeFields()
{
    return kNodeFields;
}

std::span<const CatalogField<FabricSpec>> fabricFields()
{
    return kFabricFields;
}

bool readGpuEntry(CatalogEntryReader &r, GpuSpec &g)
{
    if (!r.requireAny({"memory_gb", "memory_gib"}) || !requireCatalogFields(r, gpuFields()) || !checkMemoryUnits(r, g) ||
        !readCatalogFields(r, gpuFields(), g))
        return false;
    if (g.cudaTotalBytes > g.memoryBytes * 1.1)
        return r.fail("cuda_total_mib", "expected at most the memory as sold (plus rounding)");
    if (r.isNew()) {
        bool anyFlops = false;
        for (double f : g.peakFlops)
            anyFlops = anyFlops || f > 0;
        if (!anyFlops)
            return r.fail("tflops", "expected at least one data type with a non-zero rate, found none");
    }
    return r.rejectUnknownKeys();
}

bool readNodeEntry(CatalogEntryReader &r, NodeSpec &n)
{
    if (!requireCatalogFields(r, nodeFields()) || !readCatalogFields(r, nodeFields(), n))
        return false;
    if (n.gpus.empty())
        return r.fail("gpus", "expected at least one GPU id, found an empty list");
    return r.rejectUnknownKeys();
}

bool readFabricEntry(CatalogEntryReader &r, FabricSpec &f)
{
    return requireCatalogFields(r, fabricFields()) && readCatalogFields(r, fabricFields(), f) && r.rejectUnknownKeys();
}

} // namespace gpuplan

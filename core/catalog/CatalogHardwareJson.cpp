// SPDX-License-Identifier: GPL-3.0-or-later
// Catalog kinds describing hardware: gpus, nodes, fabrics. File units are those of the published
// specs (GB, TB/s, dense TFLOPS, bidirectional GB/s, Gb/s, W, USD); the reader converts them to
// the internal units of core/common/Units.h. Bounds are documented in docs/catalogs.md.
#include "catalog/CatalogKinds.h"

#include "common/Units.h"

namespace gpuplan {

namespace {

// NVLink, xGMI and PCIe are published as the sum of both directions ("900 GB/s" for NVLink4);
// the models use one direction, so the reader halves the published figure.
constexpr double kBidirGBytesToOneWay = 0.5 * units::kGB;

constexpr double kMaxPriceUsd = 1e9;

bool readTflops(CatalogEntryReader &r, GpuSpec &gpu)
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
        if (!r.numberValue(*it, field, 0.0, 1e6, gpu.peakFlops[static_cast<std::size_t>(*d)], units::kTFLOPS))
            return false;
    }
    return true;
}

bool readMemory(CatalogEntryReader &r, GpuSpec &gpu)
{
    if (r.has("memory_gb") && r.has("memory_gib"))
        return r.fail("memory_gib", "expected memory_gb or memory_gib, found both");
    // An override in the other unit replaces the old figure, and with it its provenance.
    if (r.has("memory_gb"))
        gpu.sources.erase("memory_gib");
    if (r.has("memory_gib"))
        gpu.sources.erase("memory_gb");
    if (!r.number("memory_gb", 0.1, 1e5, gpu.memoryBytes, units::kGB) ||
        !r.number("memory_gib", 0.1, 1e5, gpu.memoryBytes, units::kGiB) ||
        !r.number("cuda_total_mib", 0, 1e8, gpu.cudaTotalBytes, units::kMiB))
        return false;
    if (gpu.cudaTotalBytes > gpu.memoryBytes * 1.1)
        return r.fail("cuda_total_mib", "expected at most the memory as sold (plus rounding)");
    return true;
}

// "mig_profiles": {"value": {"compute_slices": 7, "memory_slices": 8, "profiles": [{"name":
// "1g.10gb", "compute_slices": 1, "memory_slices": 1, "memory_gb": 10, "instances_per_gpu": 7},
// ...]}, "source": ..., "estimate": ...}: the provenance covers the whole table.
bool readMigProfiles(CatalogEntryReader &r, GpuSpec &gpu)
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

} // namespace

bool readGpuEntry(CatalogEntryReader &r, GpuSpec &g)
{
    if (!r.requireAny({"memory_gb", "memory_gib"}) || !r.require({"memory_bandwidth_tbps", "tflops", "tdp_w"}))
        return false;
    if (!r.text("vendor", g.vendor) || !r.text("form_factor", g.formFactor) ||
        !r.integer("launch_year", 1990, 2100, g.launchYear) || !r.text("memory_type", g.memoryType) ||
        !readMemory(r, g) ||
        !r.number("memory_bandwidth_tbps", 0.01, 1000, g.memoryBandwidth, units::kTB) ||
        !readTflops(r, g) || !r.number("fp4_dense_tflops", 0, 1e6, g.fp4DenseFlops, units::kTFLOPS) ||
        !r.number("tdp_w", 1, 1e5, g.tdpW) || !r.text("scale_up_kind", g.scaleUpKind) ||
        !r.number("scale_up_bidir_gbytes_per_s", 0, 1e6, g.scaleUpBandwidth, kBidirGBytesToOneWay) ||
        !r.number("pcie_bidir_gbytes_per_s", 0, 1e5, g.pcieBandwidth, kBidirGBytesToOneWay) ||
        !r.number("price_usd", 0, kMaxPriceUsd, g.priceUsd) || !r.text("default_node", g.defaultNode) ||
        !readMigProfiles(r, g))
        return false;
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
    int cooling = static_cast<int>(n.cooling);
    if (!r.require({"gpus", "gpus_per_node", "max_power_w"}) || !r.textList("gpus", n.gpus) ||
        !r.integer("gpus_per_node", 1, 100000, n.gpusPerNode) ||
        !r.word("intra_fabric", {"nvswitch", "nvlink", "nvlink-bridge", "pcie", "xgmi", "roce", "none"}, n.intraFabric) ||
        !r.number("intra_bidir_gbytes_per_s", 0, 1e6, n.intraBandwidth, kBidirGBytesToOneWay) ||
        !r.integer("nics_per_node", 0, 1024, n.nicsPerNode) || !r.number("nic_gbps", 0, 1e5, n.nicGbps) ||
        !r.text("default_fabric", n.defaultFabric) || !r.number("max_power_w", 1, 1e7, n.maxPowerW) ||
        !r.number("typical_power_w", 0, 1e7, n.typicalPowerW) || !r.number("non_gpu_power_w", 0, 1e7, n.nonGpuPowerW) ||
        !r.text("cpu", n.cpu) || !r.integer("cpu_cores", 0, 1000000, n.cpuCores) || !r.number("ram_gb", 0, 1e6, n.ramBytes, units::kGB) ||
        !r.number("local_nvme_tb", 0, 1e5, n.localNvmeBytes, units::kTB) ||
        !r.number("local_nvme_read_gbytes_per_s", 0, 1e4, n.localNvmeReadBw, units::kGB) ||
        !r.number("local_nvme_write_gbytes_per_s", 0, 1e4, n.localNvmeWriteBw, units::kGB) ||
        !r.integer("rack_units", 0, 100, n.rackUnits) || !r.flag("rack_scale", n.rackScale) ||
        !r.enumValue("cooling", coolingNames(), cooling) || !r.number("weight_kg", 0, 1e5, n.weightKg) ||
        !r.number("price_usd", 0, kMaxPriceUsd, n.priceUsd) || !r.flag("price_includes_gpus", n.priceIncludesGpus))
        return false;
    n.cooling = static_cast<Cooling>(cooling);
    if (n.gpus.empty())
        return r.fail("gpus", "expected at least one GPU id, found an empty list");
    return r.rejectUnknownKeys();
}

bool readFabricEntry(CatalogEntryReader &r, FabricSpec &f)
{
    return r.require({"kind", "link_gbps"}) &&
           r.word("kind", {"infiniband", "roce", "ethernet", "nvlink", "pcie"}, f.kind) &&
           r.number("link_gbps", 1, 1e5, f.linkGbps) && r.number("latency_s", 0, 1e-2, f.latencyS) &&
           r.number("bus_bw_fraction", 0.01, 1.0, f.busBwFraction) &&
           r.number("scale_loss_per_doubling", 0.0, 0.9, f.scaleLossPerDoubling) &&
           r.flag("rail_optimized", f.railOptimized) && r.integer("switch_radix", 2, 100000, f.switchRadix) &&
           r.number("switch_price_usd", 0, kMaxPriceUsd, f.switchPriceUsd) &&
           r.number("switch_power_w", 0, 1e6, f.switchPowerW) && r.number("nic_price_usd", 0, 1e6, f.nicPriceUsd) &&
           r.number("cable_price_usd", 0, 1e6, f.cablePriceUsd) && r.rejectUnknownKeys();
}

} // namespace gpuplan

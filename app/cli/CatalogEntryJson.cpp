// SPDX-License-Identifier: GPL-3.0-or-later
#include "CatalogEntryJson.h"

#include "catalog/CatalogKinds.h"
#include "common/EnumNames.h"
#include "model/ModelShape.h"

namespace gpuplan::cli {

namespace {

using Json = nlohmann::ordered_json;

// Negative prices mean "not published".
Json priceOrNull(double usd)
{
    return usd < 0 ? Json(nullptr) : Json(usd);
}

Json head(const std::string &id, const std::string &name, const std::vector<std::string> &aliases)
{
    return {{"id", id}, {"name", name}, {"aliases", aliases}};
}

} // namespace

Json sourcesJson(const ProvenanceMap &sources)
{
    Json out = Json::object();
    for (const auto &[field, p] : sources) {
        Json s = {{"source", p.source}, {"date", p.date}, {"estimate", p.estimate}, {"secondary", p.secondary}};
        if (!p.note.empty())
            s["note"] = p.note;
        out[field] = std::move(s);
    }
    return out;
}

Json entryJson(const GpuSpec &g)
{
    Json j = head(g.id, g.name, g.aliases);
    j["vendor"] = g.vendor;
    j["form_factor"] = g.formFactor;
    j["launch_year"] = g.launchYear;
    j["memory_type"] = g.memoryType;
    j["memory_bytes"] = g.memoryBytes;
    j["memory_bandwidth"] = g.memoryBandwidth;
    Json peaks = Json::object();
    for (const EnumName &d : dtypeNames().names) {
        if (g.peak(static_cast<Dtype>(d.value)) > 0)
            peaks[d.name] = g.peak(static_cast<Dtype>(d.value));
    }
    j["peak_flops"] = std::move(peaks);
    j["bf16_flops"] = g.peak(Dtype::BF16);
    j["fp16_flops"] = g.peak(Dtype::FP16);
    j["fp8_flops"] = g.peak(Dtype::FP8);
    j["fp4_dense_flops"] = g.fp4DenseFlops;
    j["tdp_w"] = g.tdpW;
    j["scale_up_kind"] = g.scaleUpKind;
    j["scale_up_bandwidth"] = g.scaleUpBandwidth;
    j["pcie_bandwidth"] = g.pcieBandwidth;
    j["price_usd"] = g.priceUsd;
    j["default_node"] = g.defaultNode;
    j["sources"] = sourcesJson(g.sources);
    return j;
}

Json entryJson(const NodeSpec &n)
{
    Json j = head(n.id, n.name, n.aliases);
    j["gpus"] = n.gpus;
    j["gpus_per_node"] = n.gpusPerNode;
    j["intra_fabric"] = n.intraFabric;
    j["intra_bandwidth"] = n.intraBandwidth;
    j["nics_per_node"] = n.nicsPerNode;
    j["nic_gbps"] = n.nicGbps;
    j["default_fabric"] = n.defaultFabric;
    j["max_power_w"] = n.maxPowerW;
    j["typical_power_w"] = n.typicalPowerW;
    j["non_gpu_power_w"] = n.nonGpuPowerW;
    j["cpu"] = n.cpu;
    j["cpu_cores"] = n.cpuCores;
    j["ram_bytes"] = n.ramBytes;
    j["local_nvme_bytes"] = n.localNvmeBytes;
    j["local_nvme_read_bw"] = n.localNvmeReadBw;
    j["local_nvme_write_bw"] = n.localNvmeWriteBw;
    j["rack_units"] = n.rackUnits;
    j["rack_scale"] = n.rackScale;
    j["cooling"] = nameOf(coolingNames(), n.cooling);
    j["weight_kg"] = n.weightKg;
    j["price_usd"] = n.priceUsd;
    j["price_includes_gpus"] = n.priceIncludesGpus;
    j["sources"] = sourcesJson(n.sources);
    return j;
}

Json entryJson(const FabricSpec &f)
{
    Json j = head(f.id, f.name, f.aliases);
    j["kind"] = f.kind;
    j["link_gbps"] = f.linkGbps;
    j["latency_s"] = f.latencyS;
    j["bus_bw_fraction"] = f.busBwFraction;
    j["scale_loss_per_doubling"] = f.scaleLossPerDoubling;
    j["rail_optimized"] = f.railOptimized;
    j["switch_radix"] = f.switchRadix;
    j["switch_price_usd"] = f.switchPriceUsd;
    j["switch_power_w"] = f.switchPowerW;
    j["nic_price_usd"] = f.nicPriceUsd;
    j["cable_price_usd"] = f.cablePriceUsd;
    j["sources"] = sourcesJson(f.sources);
    return j;
}

Json entryJson(const CloudOffer &c)
{
    Json j = {{"id", c.id}, {"aliases", c.aliases}};
    j["provider"] = c.provider;
    j["instance"] = c.instance;
    j["gpu"] = c.gpu;
    j["gpus_per_instance"] = c.gpusPerInstance;
    j["on_demand_per_gpu_hour"] = priceOrNull(c.onDemandPerGpuHour);
    j["reserved_1y_per_gpu_hour"] = priceOrNull(c.reserved1yPerGpuHour);
    j["reserved_3y_per_gpu_hour"] = priceOrNull(c.reserved3yPerGpuHour);
    j["spot_per_gpu_hour"] = priceOrNull(c.spotPerGpuHour);
    j["storage_usd_per_gb_month"] = priceOrNull(c.storageUsdPerGbMonth);
    j["egress_usd_per_gb"] = priceOrNull(c.egressUsdPerGb);
    j["region"] = c.region;
    j["date"] = c.date;
    j["sources"] = sourcesJson(c.sources);
    return j;
}

Json entryJson(const ModelPreset &m)
{
    Json j = head(m.id, m.arch.name, m.aliases);
    j["published_params"] = m.publishedParams;
    if (m.publishedActiveParams > 0)
        j["published_active_params"] = m.publishedActiveParams;
    if (m.publishedStep > 0)
        j["published_step"] = m.publishedStep;
    if (m.publishedActiveStep > 0)
        j["published_active_step"] = m.publishedActiveStep;
    if (!m.publishedExcludes.empty())
        j["published_excludes"] = m.publishedExcludes;
    j["default_seq_len"] = m.defaultSeqLen;
    const ModelShape shape = computeModelShape(m.arch, m.defaultSeqLen > 0 ? m.defaultSeqLen : 4096);
    j["counted_params"] = shape.totalParams;
    if (m.arch.moeExperts > 0)
        j["counted_active_params"] = shape.activeParams;
    // The architecture under the plan file's model.* names (docs/plan-format.md).
    Plan plan;
    plan.model = m.arch;
    for (const FieldSpec &f : modelFields()) {
        const char *key = modelPresetFieldKey(f);
        if (!key)
            continue;
        switch (f.type) {
        case FieldType::Int: j[key] = static_cast<long long>(f.getNumber(plan)); break;
        case FieldType::Real: j[key] = f.getNumber(plan); break;
        case FieldType::Bool: j[key] = f.getNumber(plan) != 0.0; break;
        case FieldType::Enum: j[key] = enumName(f.enumTable(), static_cast<int>(f.getNumber(plan))); break;
        case FieldType::Text: j[key] = f.getText(plan); break;
        }
    }
    j["sources"] = sourcesJson(m.sources);
    return j;
}

Json entryJson(const EnginePreset &e)
{
    Json j = head(e.id, e.name, e.aliases);
    j["engine"] = nameOf(engineNames(), e.engine);
    j["default_batching"] = nameOf(batchingNames(), e.defaultBatching);
    j["decode_bw_fraction"] = e.decodeBwFraction;
    j["prefill_flops_fraction"] = e.prefillFlopsFraction;
    j["step_overhead_s"] = e.stepOverheadS;
    j["memory_reserve_gib"] = e.memoryReserveGiB;
    j["paged_kv"] = e.pagedKv;
    j["kv_block_tokens"] = e.kvBlockTokens;
    j["kv_memory_fraction"] = e.kvMemoryFraction;
    j["kv_fraction_of_free"] = e.kvFractionOfFree;
    j["kv_fraction_covers_temporaries"] = e.kvFractionCoversTemporaries;
    j["kv_reserve_whole_request"] = e.kvReserveWholeRequest;
    j["max_batch"] = e.maxBatch;
    j["max_tokens_per_step"] = e.maxTokensPerStep;
    j["sources"] = sourcesJson(e.sources);
    return j;
}

Json entryJson(const StorageTierSpec &t)
{
    Json j = head(t.id, t.name, t.aliases);
    j["read_per_node"] = t.readPerNode;
    j["write_per_node"] = t.writePerNode;
    j["aggregate_read"] = t.aggregateRead;
    j["aggregate_write"] = t.aggregateWrite;
    j["first_byte_latency_s"] = t.firstByteLatencyS;
    j["usd_per_tb"] = priceOrNull(t.usdPerTb);
    j["usd_per_gbytes_per_s"] = t.usdPerGBps;
    j["usd_per_tb_month"] = priceOrNull(t.usdPerTbMonth);
    j["node_local"] = t.nodeLocal;
    j["sources"] = sourcesJson(t.sources);
    return j;
}

} // namespace gpuplan::cli

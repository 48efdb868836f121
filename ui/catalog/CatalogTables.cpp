// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/CatalogTables.h"

#include "NumberText.h"
#include "document/FieldLabels.h"

#include "catalog/CatalogFields.h"
#include "common/EnumNames.h"
#include "common/Units.h"


#include <QObject>

#include <functional>

namespace gpuplan::ui {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// Numbers as the catalog files write them (the published units: valueInFileUnit() converts by the
// catalog registry's own scale, core/catalog/CatalogFields.h), "–" for "not given".
QString number(double v, int decimals = 0)
{
    return fixedText(v, decimals);
}

QString optional(double v, int decimals, double unset = 0)
{
    return v <= unset ? QStringLiteral("–") : number(v, decimals);
}

QString price(double usdPerHour)
{
    return usdPerHour < 0 ? QStringLiteral("–") : QStringLiteral("$%1").arg(usdPerHour, 0, 'f', 2);
}

// One column of a table: its header, the provenance key of the figure it shows (empty for names
// and other text) and how an entry writes in it. The header sits next to its cell so the two
// cannot drift apart.
template <class Entry>
struct Column
{
    QString header;
    const char *sourceKey;
    std::function<QString(const Entry &)> text;
};

// One table: the id, then the columns, one row per entry with a copy of the entry's sources.
template <class Entry>
CatalogTable table(const char *kind, const QString &title, const std::vector<Entry> &entries,
                   const std::vector<Column<Entry>> &columns)
{
    CatalogTable t;
    t.kind = QString::fromLatin1(kind);
    t.title = title;
    t.headers << QObject::tr("Id");
    for (const Column<Entry> &column : columns)
        t.headers << column.header;
    for (const Entry &entry : entries) {
        CatalogRow row{qs(entry.id), {}, entry.sources};
        row.cells.push_back({row.id, ""});
        for (const Column<Entry> &column : columns)
            row.cells.push_back({column.text(entry), column.sourceKey});
        t.rows.push_back(std::move(row));
    }
    return t;
}

CatalogTable gpuTable(const Catalog &c)
{
    return table<GpuSpec>(
        "gpus", QObject::tr("GPUs"), c.gpus,
        {{QObject::tr("Name"), "", [](const auto &g) { return qs(g.name); }},
         {QObject::tr("Vendor"), "", [](const auto &g) { return qs(g.vendor); }},
         {QObject::tr("Year"), "launch_year",
          [](const auto &g) { return g.launchYear > 0 ? QString::number(g.launchYear) : QStringLiteral("–"); }},
         {QObject::tr("Memory (GB)"), "memory_gb", [](const auto &g) { return number(valueInFileUnit(gpuFields(), "memory_gb", g), 1); }},
         {QObject::tr("Bandwidth (TB/s)"), "memory_bandwidth_tbps",
          [](const auto &g) { return number(valueInFileUnit(gpuFields(), "memory_bandwidth_tbps", g), 2); }},
         {QObject::tr("BF16 TFLOPS (dense)"), "tflops.bf16",
          [](const auto &g) { return optional(g.peak(Dtype::BF16) / units::kTFLOPS, 1); }},
         {QObject::tr("FP8 TFLOPS (dense)"), "tflops.fp8",
          [](const auto &g) { return optional(g.peak(Dtype::FP8) / units::kTFLOPS, 1); }},
         {QObject::tr("FP4 TFLOPS (dense)"), "fp4_dense_tflops",
          [](const auto &g) { return optional(valueInFileUnit(gpuFields(), "fp4_dense_tflops", g), 0); }},
         {QObject::tr("TDP (W)"), "tdp_w", [](const auto &g) { return number(g.tdpW); }},
         {QObject::tr("Scale-up (GB/s, both dir.)"), "scale_up_bidir_gbytes_per_s",
          [](const auto &g) { return optional(valueInFileUnit(gpuFields(), "scale_up_bidir_gbytes_per_s", g), 0); }},
         {QObject::tr("Price (USD)"), "price_usd", [](const auto &g) { return optional(g.priceUsd, 0); }},
         {QObject::tr("Default node"), "", [](const auto &g) { return qs(g.defaultNode); }}});
}

CatalogTable nodeTable(const Catalog &c)
{
    const auto gpuList = [](const NodeSpec &n) {
        QStringList gpus;
        for (const std::string &g : n.gpus)
            gpus << qs(g);
        return gpus.join(QStringLiteral(", "));
    };
    return table<NodeSpec>(
        "nodes", QObject::tr("Nodes"), c.nodes,
        {{QObject::tr("Name"), "", [](const auto &n) { return qs(n.name); }},
         {QObject::tr("GPUs"), "gpus", gpuList},
         {QObject::tr("GPUs per node"), "gpus_per_node", [](const auto &n) { return number(n.gpusPerNode); }},
         {QObject::tr("Intra-node fabric"), "intra_fabric", [](const auto &n) { return qs(n.intraFabric); }},
         {QObject::tr("Intra (GB/s, both dir.)"), "intra_bidir_gbytes_per_s",
          [](const auto &n) { return optional(valueInFileUnit(nodeFields(), "intra_bidir_gbytes_per_s", n), 0); }},
         {QObject::tr("NICs"), "nics_per_node", [](const auto &n) { return number(n.nicsPerNode); }},
         {QObject::tr("NIC (Gb/s)"), "nic_gbps", [](const auto &n) { return number(n.nicGbps); }},
         {QObject::tr("Max power (W)"), "max_power_w", [](const auto &n) { return number(n.maxPowerW); }},
         {QObject::tr("Rack units"), "rack_units",
          [](const auto &n) { return n.rackScale ? QObject::tr("rack") : optional(n.rackUnits, 0); }},
         {QObject::tr("Price (USD)"), "price_usd", [](const auto &n) { return optional(n.priceUsd, 0); }}});
}

CatalogTable fabricTable(const Catalog &c)
{
    return table<FabricSpec>(
        "fabrics", QObject::tr("Fabrics"), c.fabrics,
        {{QObject::tr("Name"), "", [](const auto &f) { return qs(f.name); }},
         {QObject::tr("Kind"), "kind", [](const auto &f) { return qs(f.kind); }},
         {QObject::tr("Link (Gb/s)"), "link_gbps", [](const auto &f) { return number(f.linkGbps); }},
         {QObject::tr("Latency (µs)"), "latency_s", [](const auto &f) { return number(f.latencyS * 1e6, 1); }},
         {QObject::tr("Bus bandwidth fraction"), "bus_bw_fraction",
          [](const auto &f) { return number(f.busBwFraction, 2); }},
         {QObject::tr("Switch radix"), "switch_radix", [](const auto &f) { return number(f.switchRadix); }},
         {QObject::tr("Switch price (USD)"), "switch_price_usd",
          [](const auto &f) { return optional(f.switchPriceUsd, 0); }},
         {QObject::tr("NIC price (USD)"), "nic_price_usd", [](const auto &f) { return optional(f.nicPriceUsd, 0); }}});
}

CatalogTable cloudTable(const Catalog &c)
{
    return table<CloudOffer>(
        "clouds", QObject::tr("Cloud offers"), c.clouds,
        {{QObject::tr("Provider"), "provider", [](const auto &o) { return qs(o.provider); }},
         {QObject::tr("Instance"), "instance", [](const auto &o) { return qs(o.instance); }},
         {QObject::tr("GPU"), "gpu", [](const auto &o) { return qs(o.gpu); }},
         {QObject::tr("GPUs"), "gpus_per_instance", [](const auto &o) { return number(o.gpusPerInstance); }},
         {QObject::tr("On demand ($/GPU-h)"), "on_demand_per_gpu_hour",
          [](const auto &o) { return price(o.onDemandPerGpuHour); }},
         {QObject::tr("1-year ($/GPU-h)"), "reserved_1y_per_gpu_hour",
          [](const auto &o) { return price(o.reserved1yPerGpuHour); }},
         {QObject::tr("3-year ($/GPU-h)"), "reserved_3y_per_gpu_hour",
          [](const auto &o) { return price(o.reserved3yPerGpuHour); }},
         {QObject::tr("Spot ($/GPU-h)"), "spot_per_gpu_hour", [](const auto &o) { return price(o.spotPerGpuHour); }},
         {QObject::tr("Region"), "", [](const auto &o) { return qs(o.region); }},
         {QObject::tr("Date"), "", [](const auto &o) { return qs(o.date); }}});
}

CatalogTable modelTable(const Catalog &c)
{
    return table<ModelPreset>(
        "models", QObject::tr("Models"), c.models,
        {{QObject::tr("Name"), "", [](const auto &m) { return qs(m.arch.name); }},
         {QObject::tr("Parameters (published)"), "published_params",
          [](const auto &m) {
              return m.publishedParams > 0 ? countText(m.publishedParams) : QStringLiteral("–");
          }},
         {QObject::tr("Layers"), "layers", [](const auto &m) { return number(m.arch.layers); }},
         {QObject::tr("Hidden"), "hidden", [](const auto &m) { return number(m.arch.hidden); }},
         {QObject::tr("Heads"), "heads", [](const auto &m) { return number(m.arch.heads); }},
         {QObject::tr("KV heads"), "kv_heads",
          [](const auto &m) { return number(m.arch.kvHeads > 0 ? m.arch.kvHeads : m.arch.heads); }},
         {QObject::tr("Experts"), "moe_experts", [](const auto &m) { return optional(m.arch.moeExperts, 0); }},
         {QObject::tr("Vocabulary"), "vocab", [](const auto &m) { return number(m.arch.vocab); }},
         {QObject::tr("Context (tokens)"), "default_seq_len",
          [](const auto &m) { return optional(m.defaultSeqLen, 0); }}});
}

CatalogTable engineTable(const Catalog &c)
{
    return table<EnginePreset>(
        "engines", QObject::tr("Engines"), c.engines,
        {{QObject::tr("Name"), "", [](const auto &e) { return qs(e.name); }},
         {QObject::tr("Batching"), "default_batching",
          [](const auto &e) { return enumDisplayName(batchingNames(), static_cast<int>(e.defaultBatching)); }},
         {QObject::tr("Decode HBM fraction"), "decode_bw_fraction",
          [](const auto &e) { return number(e.decodeBwFraction, 2); }},
         {QObject::tr("Prefill FLOPS fraction"), "prefill_flops_fraction",
          [](const auto &e) { return number(e.prefillFlopsFraction, 2); }},
         {QObject::tr("Kernel latency (µs)"), "kernel_latency_s",
          [](const auto &e) { return number(e.kernelLatencyS * 1e6, 1); }},
         {QObject::tr("Step overhead (ms)"), "step_overhead_s",
          [](const auto &e) { return number(e.stepOverheadS * 1e3, 2); }},
         {QObject::tr("Error band (%)"), "residual_mape", [](const auto &e) { return number(e.residualMape, 0); }}});
}

CatalogTable storageTable(const Catalog &c)
{
    return table<StorageTierSpec>(
        "storage_tiers", QObject::tr("Storage"), c.storageTiers,
        {{QObject::tr("Name"), "", [](const auto &s) { return qs(s.name); }},
         {QObject::tr("Read per node (GB/s)"), "read_per_node_gbytes_per_s",
          [](const auto &s) { return number(valueInFileUnit(storageTierFields(), "read_per_node_gbytes_per_s", s), 1); }},
         {QObject::tr("Write per node (GB/s)"), "write_per_node_gbytes_per_s",
          [](const auto &s) { return number(valueInFileUnit(storageTierFields(), "write_per_node_gbytes_per_s", s), 1); }},
         {QObject::tr("Aggregate read (GB/s)"), "aggregate_read_gbytes_per_s",
          [](const auto &s) {
              return s.aggregateRead > 0 ? number(valueInFileUnit(storageTierFields(), "aggregate_read_gbytes_per_s", s), 0) : QObject::tr("no cap");
          }},
         {QObject::tr("Aggregate write (GB/s)"), "aggregate_write_gbytes_per_s",
          [](const auto &s) {
              return s.aggregateWrite > 0 ? number(valueInFileUnit(storageTierFields(), "aggregate_write_gbytes_per_s", s), 0) : QObject::tr("no cap");
          }},
         {QObject::tr("First byte (ms)"), "first_byte_latency_s",
          [](const auto &s) { return number(s.firstByteLatencyS * 1e3, 2); }},
         {QObject::tr("USD per TB"), "usd_per_tb",
          [](const auto &s) { return s.usdPerTb < 0 ? QObject::tr("in the node") : number(s.usdPerTb, 0); }},
         {QObject::tr("USD per GB/s"), "usd_per_gbytes_per_s",
          [](const auto &s) { return s.usdPerGBps > 0 ? number(s.usdPerGBps, 0) : QStringLiteral("–"); }},
         {QObject::tr("USD per TB-month"), "usd_per_tb_month",
          [](const auto &s) { return s.usdPerTbMonth < 0 ? QStringLiteral("–") : number(s.usdPerTbMonth, 1); }}});
}

} // namespace

std::vector<CatalogTable> catalogTables(const Catalog &catalog)
{
    std::vector<CatalogTable> out;
    out.push_back(gpuTable(catalog));
    out.push_back(nodeTable(catalog));
    out.push_back(fabricTable(catalog));
    out.push_back(cloudTable(catalog));
    out.push_back(modelTable(catalog));
    out.push_back(engineTable(catalog));
    out.push_back(storageTable(catalog));
    return out;
}

const Provenance *findSource(const CatalogRow &row, const std::string &key)
{
    if (key.empty())
        return nullptr;
    auto it = row.sources.find(key);
    if (it == row.sources.end() && key == "memory_gb")
        it = row.sources.find("memory_gib");
    return it == row.sources.end() ? nullptr : &it->second;
}

QString provenanceSummary(const Provenance &p)
{
    QStringList parts;
    parts << (p.source.empty() ? QObject::tr("no source given") : qs(p.source));
    parts << (p.date.empty() ? QObject::tr("undated") : qs(p.date));
    if (p.estimate)
        parts << QObject::tr("estimate");
    if (p.secondary)
        parts << QObject::tr("secondary source: check against the provider's page before a purchase");
    return parts.join(QStringLiteral(" · "));
}

} // namespace gpuplan::ui

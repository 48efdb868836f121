// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/CatalogTables.h"

#include "document/FieldLabels.h"

#include "common/EnumNames.h"
#include "common/Units.h"

#include <QLocale>

namespace gpuplan::ui {

namespace {

QString qs(const std::string &s)
{
    return QString::fromStdString(s);
}

// Numbers as the catalog files write them (the published units), "–" for "not given".
QString number(double v, int decimals = 0)
{
    return QLocale(QLocale::English).toString(v, 'f', decimals);
}

QString optional(double v, int decimals, double unset = 0)
{
    return v <= unset ? QStringLiteral("–") : number(v, decimals);
}

QString price(double usdPerHour)
{
    return usdPerHour < 0 ? QStringLiteral("–") : QStringLiteral("$%1").arg(usdPerHour, 0, 'f', 2);
}

// Builds one table: begin a row, then add cells left to right.
class TableBuilder
{
public:
    TableBuilder(CatalogTable &table, const char *kind, const QString &title, QStringList headers)
        : m_table(table)
    {
        m_table.kind = QString::fromLatin1(kind);
        m_table.title = title;
        m_table.headers = std::move(headers);
    }
    void row(const std::string &id, const ProvenanceMap &sources)
    {
        m_table.rows.push_back({qs(id), {}, sources});
        add(qs(id));
    }
    void add(const QString &text, const char *sourceKey = "")
    {
        m_table.rows.back().cells.push_back({text, sourceKey});
    }

private:
    CatalogTable &m_table;
};

CatalogTable gpuTable(const Catalog &c)
{
    CatalogTable t;
    TableBuilder b(t, "gpus", QObject::tr("GPUs"),
                   {QObject::tr("Id"), QObject::tr("Name"), QObject::tr("Vendor"), QObject::tr("Year"),
                    QObject::tr("Memory (GB)"), QObject::tr("Bandwidth (TB/s)"), QObject::tr("BF16 TFLOPS (dense)"),
                    QObject::tr("FP8 TFLOPS (dense)"), QObject::tr("TDP (W)"), QObject::tr("Scale-up (GB/s, both dir.)"),
                    QObject::tr("Price (USD)"), QObject::tr("Default node")});
    for (const GpuSpec &g : c.gpus) {
        b.row(g.id, g.sources);
        b.add(qs(g.name));
        b.add(qs(g.vendor));
        b.add(g.launchYear > 0 ? QString::number(g.launchYear) : QStringLiteral("–"), "launch_year");
        b.add(number(g.memoryBytes / units::kGB, 1), "memory_gb");
        b.add(number(g.memoryBandwidth / units::kTB, 2), "memory_bandwidth_tbps");
        b.add(optional(g.peak(Dtype::BF16) / units::kTFLOPS, 1), "tflops.bf16");
        b.add(optional(g.peak(Dtype::FP8) / units::kTFLOPS, 1), "tflops.fp8");
        b.add(number(g.tdpW), "tdp_w");
        b.add(optional(g.scaleUpBandwidth * 2 / units::kGB, 0), "scale_up_bidir_gbytes_per_s");
        b.add(optional(g.priceUsd, 0), "price_usd");
        b.add(qs(g.defaultNode));
    }
    return t;
}

CatalogTable nodeTable(const Catalog &c)
{
    CatalogTable t;
    TableBuilder b(t, "nodes", QObject::tr("Nodes"),
                   {QObject::tr("Id"), QObject::tr("Name"), QObject::tr("GPUs"), QObject::tr("GPUs per node"),
                    QObject::tr("Intra-node fabric"), QObject::tr("Intra (GB/s, both dir.)"), QObject::tr("NICs"),
                    QObject::tr("NIC (Gb/s)"), QObject::tr("Max power (W)"), QObject::tr("Rack units"),
                    QObject::tr("Price (USD)")});
    for (const NodeSpec &n : c.nodes) {
        QStringList gpus;
        for (const std::string &g : n.gpus)
            gpus << qs(g);
        b.row(n.id, n.sources);
        b.add(qs(n.name));
        b.add(gpus.join(QStringLiteral(", ")), "gpus");
        b.add(number(n.gpusPerNode), "gpus_per_node");
        b.add(qs(n.intraFabric), "intra_fabric");
        b.add(optional(n.intraBandwidth * 2 / units::kGB, 0), "intra_bidir_gbytes_per_s");
        b.add(number(n.nicsPerNode), "nics_per_node");
        b.add(number(n.nicGbps), "nic_gbps");
        b.add(number(n.maxPowerW), "max_power_w");
        b.add(n.rackScale ? QObject::tr("rack") : optional(n.rackUnits, 0), "rack_units");
        b.add(optional(n.priceUsd, 0), "price_usd");
    }
    return t;
}

CatalogTable fabricTable(const Catalog &c)
{
    CatalogTable t;
    TableBuilder b(t, "fabrics", QObject::tr("Fabrics"),
                   {QObject::tr("Id"), QObject::tr("Name"), QObject::tr("Kind"), QObject::tr("Link (Gb/s)"),
                    QObject::tr("Latency (µs)"), QObject::tr("Bus bandwidth fraction"), QObject::tr("Switch radix"),
                    QObject::tr("Switch price (USD)"), QObject::tr("NIC price (USD)")});
    for (const FabricSpec &f : c.fabrics) {
        b.row(f.id, f.sources);
        b.add(qs(f.name));
        b.add(qs(f.kind), "kind");
        b.add(number(f.linkGbps), "link_gbps");
        b.add(number(f.latencyS * 1e6, 1), "latency_s");
        b.add(number(f.busBwFraction, 2), "bus_bw_fraction");
        b.add(number(f.switchRadix), "switch_radix");
        b.add(optional(f.switchPriceUsd, 0), "switch_price_usd");
        b.add(optional(f.nicPriceUsd, 0), "nic_price_usd");
    }
    return t;
}

CatalogTable cloudTable(const Catalog &c)
{
    CatalogTable t;
    TableBuilder b(t, "clouds", QObject::tr("Cloud offers"),
                   {QObject::tr("Id"), QObject::tr("Provider"), QObject::tr("Instance"), QObject::tr("GPU"),
                    QObject::tr("GPUs"), QObject::tr("On demand ($/GPU-h)"), QObject::tr("1-year ($/GPU-h)"),
                    QObject::tr("3-year ($/GPU-h)"), QObject::tr("Spot ($/GPU-h)"), QObject::tr("Region"),
                    QObject::tr("Date")});
    for (const CloudOffer &o : c.clouds) {
        b.row(o.id, o.sources);
        b.add(qs(o.provider), "provider");
        b.add(qs(o.instance), "instance");
        b.add(qs(o.gpu), "gpu");
        b.add(number(o.gpusPerInstance), "gpus_per_instance");
        b.add(price(o.onDemandPerGpuHour), "on_demand_per_gpu_hour");
        b.add(price(o.reserved1yPerGpuHour), "reserved_1y_per_gpu_hour");
        b.add(price(o.reserved3yPerGpuHour), "reserved_3y_per_gpu_hour");
        b.add(price(o.spotPerGpuHour), "spot_per_gpu_hour");
        b.add(qs(o.region));
        b.add(qs(o.date));
    }
    return t;
}

CatalogTable modelTable(const Catalog &c)
{
    CatalogTable t;
    TableBuilder b(t, "models", QObject::tr("Models"),
                   {QObject::tr("Id"), QObject::tr("Name"), QObject::tr("Parameters (published)"), QObject::tr("Layers"),
                    QObject::tr("Hidden"), QObject::tr("Heads"), QObject::tr("KV heads"), QObject::tr("Experts"),
                    QObject::tr("Vocabulary"), QObject::tr("Context (tokens)")});
    for (const ModelPreset &m : c.models) {
        b.row(m.id, m.sources);
        b.add(qs(m.arch.name));
        b.add(m.publishedParams > 0 ? formatCountText(m.publishedParams) : QStringLiteral("–"), "published_params");
        b.add(number(m.arch.layers), "layers");
        b.add(number(m.arch.hidden), "hidden");
        b.add(number(m.arch.heads), "heads");
        b.add(number(m.arch.kvHeads > 0 ? m.arch.kvHeads : m.arch.heads), "kv_heads");
        b.add(optional(m.arch.moeExperts, 0), "moe_experts");
        b.add(number(m.arch.vocab), "vocab");
        b.add(optional(m.defaultSeqLen, 0), "default_seq_len");
    }
    return t;
}

CatalogTable engineTable(const Catalog &c)
{
    CatalogTable t;
    TableBuilder b(t, "engines", QObject::tr("Engines"),
                   {QObject::tr("Id"), QObject::tr("Name"), QObject::tr("Batching"),
                    QObject::tr("Decode HBM fraction"), QObject::tr("Prefill FLOPS fraction"),
                    QObject::tr("Kernel latency (µs)"), QObject::tr("Step overhead (ms)"), QObject::tr("Error band (%)")});
    for (const EnginePreset &e : c.engines) {
        b.row(e.id, e.sources);
        b.add(qs(e.name));
        b.add(enumDisplayName(batchingNames(), static_cast<int>(e.defaultBatching)), "default_batching");
        b.add(number(e.decodeBwFraction, 2), "decode_bw_fraction");
        b.add(number(e.prefillFlopsFraction, 2), "prefill_flops_fraction");
        b.add(number(e.kernelLatencyS * 1e6, 1), "kernel_latency_s");
        b.add(number(e.stepOverheadS * 1e3, 2), "step_overhead_s");
        b.add(number(e.residualMape, 0), "residual_mape");
    }
    return t;
}

CatalogTable storageTable(const Catalog &c)
{
    CatalogTable t;
    TableBuilder b(t, "storage_tiers", QObject::tr("Storage"),
                   {QObject::tr("Id"), QObject::tr("Name"), QObject::tr("Read per node (GB/s)"),
                    QObject::tr("Write per node (GB/s)"), QObject::tr("Aggregate read (GB/s)"),
                    QObject::tr("First byte (ms)"), QObject::tr("USD per TB-month")});
    for (const StorageTierSpec &s : c.storageTiers) {
        b.row(s.id, s.sources);
        b.add(qs(s.name));
        b.add(number(s.readPerNode / units::kGB, 1), "read_per_node_gbytes_per_s");
        b.add(number(s.writePerNode / units::kGB, 1), "write_per_node_gbytes_per_s");
        b.add(s.aggregateRead > 0 ? number(s.aggregateRead / units::kGB, 0) : QObject::tr("no cap"),
              "aggregate_read_gbytes_per_s");
        b.add(number(s.firstByteLatencyS * 1e3, 2), "first_byte_latency_s");
        b.add(s.usdPerTbMonth < 0 ? QStringLiteral("–") : number(s.usdPerTbMonth, 1), "usd_per_tb_month");
    }
    return t;
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
    return parts.join(QStringLiteral(" · "));
}

} // namespace gpuplan::ui

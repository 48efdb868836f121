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
    return usdPerHour < 0 ? QStringLiteral("–") : usdExactText(usdPerHour);
}

// How a column writes a figure, given in the catalog file's unit.
using Writer = std::function<QString(double)>;

Writer fixed(int decimals)
{
    return [decimals](double v) { return number(v, decimals); };
}

// A dash for zero or below: "not given".
Writer dashed(int decimals)
{
    return [decimals](double v) { return optional(v, decimals); };
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

// A column of one registry field (core/catalog/CatalogFields.h): the key names the figure, its
// unit and scale (valueInFileUnit() converts by the registry's own scale) and its source, so the
// table cannot drift from the files. The header says the unit the writer shows.
template <class Entry>
Column<Entry> field(std::span<const CatalogField<Entry>> fields, const char *key, const QString &header, Writer write)
{
    return {header, key, [fields, key, write](const Entry &e) { return write(valueInFileUnit(fields, key, e)); }};
}

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
    const auto g = gpuFields();
    return table<GpuSpec>(
        "gpus", QObject::tr("GPUs"), c.gpus,
        {{QObject::tr("Name"), "", [](const auto &e) { return qs(e.name); }},
         {QObject::tr("Vendor"), "", [](const auto &e) { return qs(e.vendor); }},
         // A year as it is written, not "2,023".
         field(g, "launch_year", QObject::tr("Year"),
               [](double y) { return y > 0 ? boundText(y) : QStringLiteral("–"); }),
         field(g, "memory_gb", QObject::tr("Memory (GB)"), fixed(1)),
         field(g, "memory_bandwidth_tbps", QObject::tr("Bandwidth (TB/s)"), fixed(2)),
         // The dense peaks are one Custom field ("tflops": {"bf16": ...}) in the files.
         {QObject::tr("BF16 TFLOPS (dense)"), "tflops.bf16",
          [](const auto &e) { return optional(e.peak(Dtype::BF16) / units::kTFLOPS, 1); }},
         {QObject::tr("FP8 TFLOPS (dense)"), "tflops.fp8",
          [](const auto &e) { return optional(e.peak(Dtype::FP8) / units::kTFLOPS, 1); }},
         field(g, "fp4_dense_tflops", QObject::tr("FP4 TFLOPS (dense)"), dashed(0)),
         field(g, "tdp_w", QObject::tr("TDP (W)"), fixed(0)),
         field(g, "scale_up_bidir_gbytes_per_s", QObject::tr("Scale-up (GB/s, both dir.)"), dashed(0)),
         field(g, "price_usd", QObject::tr("Price (USD)"), dashed(0)),
         {QObject::tr("Default node"), "", [](const auto &e) { return qs(e.defaultNode); }}});
}

CatalogTable nodeTable(const Catalog &c)
{
    const auto n = nodeFields();
    const auto gpuList = [](const NodeSpec &e) {
        QStringList gpus;
        for (const std::string &g : e.gpus)
            gpus << qs(g);
        return gpus.join(QStringLiteral(", "));
    };
    return table<NodeSpec>(
        "nodes", QObject::tr("Nodes"), c.nodes,
        {{QObject::tr("Name"), "", [](const auto &e) { return qs(e.name); }},
         {QObject::tr("GPUs"), "gpus", gpuList},
         field(n, "gpus_per_node", QObject::tr("GPUs per node"), fixed(0)),
         {QObject::tr("Intra-node fabric"), "intra_fabric", [](const auto &e) { return qs(e.intraFabric); }},
         field(n, "intra_bidir_gbytes_per_s", QObject::tr("Intra (GB/s, both dir.)"), dashed(0)),
         field(n, "nics_per_node", QObject::tr("NICs"), fixed(0)),
         field(n, "nic_gbps", QObject::tr("NIC (Gb/s)"), fixed(0)),
         field(n, "max_power_w", QObject::tr("Max power (W)"), fixed(0)),
         {QObject::tr("Rack units"), "rack_units",   // a rack-scale system fills the rack
          [n](const auto &e) {
              return e.rackScale ? QObject::tr("rack") : optional(valueInFileUnit(n, "rack_units", e), 0);
          }},
         field(n, "price_usd", QObject::tr("Price (USD)"), dashed(0))});
}

CatalogTable fabricTable(const Catalog &c)
{
    const auto f = fabricFields();
    return table<FabricSpec>(
        "fabrics", QObject::tr("Fabrics"), c.fabrics,
        {{QObject::tr("Name"), "", [](const auto &e) { return qs(e.name); }},
         {QObject::tr("Kind"), "kind", [](const auto &e) { return qs(e.kind); }},
         field(f, "link_gbps", QObject::tr("Link (Gb/s)"), fixed(0)),
         field(f, "latency_s", QObject::tr("Latency (µs)"), [](double s) { return number(s * 1e6, 1); }),
         field(f, "bus_bw_fraction", QObject::tr("Bus bandwidth fraction"), fixed(2)),
         field(f, "switch_radix", QObject::tr("Switch radix"), fixed(0)),
         field(f, "switch_price_usd", QObject::tr("Switch price (USD)"), dashed(0)),
         field(f, "nic_price_usd", QObject::tr("NIC price (USD)"), dashed(0))});
}

CatalogTable cloudTable(const Catalog &c)
{
    const auto o = cloudFields();
    return table<CloudOffer>("clouds", QObject::tr("Cloud offers"), c.clouds,
                             {{QObject::tr("Provider"), "provider", [](const auto &e) { return qs(e.provider); }},
                              {QObject::tr("Instance"), "instance", [](const auto &e) { return qs(e.instance); }},
                              {QObject::tr("GPU"), "gpu", [](const auto &e) { return qs(e.gpu); }},
                              field(o, "gpus_per_instance", QObject::tr("GPUs"), fixed(0)),
                              field(o, "on_demand_per_gpu_hour", QObject::tr("On demand ($/GPU-h)"), price),
                              field(o, "reserved_1y_per_gpu_hour", QObject::tr("1-year ($/GPU-h)"), price),
                              field(o, "reserved_3y_per_gpu_hour", QObject::tr("3-year ($/GPU-h)"), price),
                              field(o, "spot_per_gpu_hour", QObject::tr("Spot ($/GPU-h)"), price),
                              {QObject::tr("Region"), "", [](const auto &e) { return qs(e.region); }},
                              {QObject::tr("Date"), "", [](const auto &e) { return qs(e.date); }}});
}

CatalogTable modelTable(const Catalog &c)
{
    // The architecture columns are the plan's model.* fields (core/plan/PlanFields.h); the
    // preset's own figures are in its registry.
    const auto m = modelPresetFields();
    return table<ModelPreset>(
        "models", QObject::tr("Models"), c.models,
        {{QObject::tr("Name"), "", [](const auto &e) { return qs(e.arch.name); }},
         field(m, "published_params", QObject::tr("Parameters (published)"),
               [](double v) { return v > 0 ? countText(v) : QStringLiteral("–"); }),
         {QObject::tr("Layers"), "layers", [](const auto &e) { return number(e.arch.layers); }},
         {QObject::tr("Hidden"), "hidden", [](const auto &e) { return number(e.arch.hidden); }},
         {QObject::tr("Heads"), "heads", [](const auto &e) { return number(e.arch.heads); }},
         {QObject::tr("KV heads"), "kv_heads",
          [](const auto &e) { return number(e.arch.kvHeads > 0 ? e.arch.kvHeads : e.arch.heads); }},
         {QObject::tr("Experts"), "moe_experts", [](const auto &e) { return optional(e.arch.moeExperts, 0); }},
         {QObject::tr("Vocabulary"), "vocab", [](const auto &e) { return number(e.arch.vocab); }},
         field(m, "default_seq_len", QObject::tr("Context (tokens)"), dashed(0))});
}

CatalogTable engineTable(const Catalog &c)
{
    const auto e = engineFields();
    return table<EnginePreset>(
        "engines", QObject::tr("Engines"), c.engines,
        {{QObject::tr("Name"), "", [](const auto &x) { return qs(x.name); }},
         {QObject::tr("Batching"), "default_batching",
          [](const auto &x) { return enumDisplayName(batchingNames(), static_cast<int>(x.defaultBatching)); }},
         field(e, "decode_bw_fraction", QObject::tr("Decode HBM fraction"), fixed(2)),
         field(e, "prefill_flops_fraction", QObject::tr("Prefill FLOPS fraction"), fixed(2)),
         field(e, "kernel_latency_s", QObject::tr("Kernel latency (µs)"), [](double s) { return number(s * 1e6, 1); }),
         field(e, "step_overhead_s", QObject::tr("Step overhead (ms)"), [](double s) { return number(s * 1e3, 2); }),
         field(e, "residual_mape", QObject::tr("Error band (%)"), fixed(0))});
}

CatalogTable storageTable(const Catalog &c)
{
    const auto s = storageTierFields();
    const Writer cap = [](double v) { return v > 0 ? number(v, 0) : QObject::tr("no cap"); };
    return table<StorageTierSpec>(
        "storage_tiers", QObject::tr("Storage"), c.storageTiers,
        {{QObject::tr("Name"), "", [](const auto &e) { return qs(e.name); }},
         field(s, "read_per_node_gbytes_per_s", QObject::tr("Read per node (GB/s)"), fixed(1)),
         field(s, "write_per_node_gbytes_per_s", QObject::tr("Write per node (GB/s)"), fixed(1)),
         field(s, "aggregate_read_gbytes_per_s", QObject::tr("Aggregate read (GB/s)"), cap),
         field(s, "aggregate_write_gbytes_per_s", QObject::tr("Aggregate write (GB/s)"), cap),
         field(s, "first_byte_latency_s", QObject::tr("First byte (ms)"), [](double v) { return number(v * 1e3, 2); }),
         field(s, "usd_per_tb", QObject::tr("USD per TB"),
               [](double v) { return v < 0 ? QObject::tr("in the node") : number(v, 0); }),
         field(s, "usd_per_gbytes_per_s", QObject::tr("USD per GB/s"), dashed(0)),
         field(s, "usd_per_tb_month", QObject::tr("USD per TB-month"),
               [](double v) { return v < 0 ? QStringLiteral("–") : number(v, 1); })});
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

// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/UserCatalogForms.h"

#include "document/FieldLabels.h"

#include "catalog/CatalogKinds.h"
#include "common/EnumNames.h"
#include "plan/PlanFields.h"

#include <QLocale>
#include <QObject>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

// docs/catalogs.md "Limits": text fields of at most 200 characters.
constexpr int kMaxTextLength = 200;
constexpr double kMaxPriceUsd = 1e9;

FormField number(const char *key, const QString &label, double lo, double hi, bool required, const QString &hint)
{
    return {key, label, FormFieldType::Number, lo, hi, required, hint};
}

FormField integer(const char *key, const QString &label, double lo, double hi, bool required, const QString &hint = {})
{
    return {key, label, FormFieldType::Integer, lo, hi, required, hint};
}

FormField text(const char *key, const QString &label, bool required, const QString &hint,
               FormFieldType type = FormFieldType::Text)
{
    return {key, label, type, 0, kMaxTextLength, required, hint};
}

FormField choice(const char *key, const QString &label, ChoiceSource source, bool required, const QString &hint)
{
    FormField f = text(key, label, required, hint, FormFieldType::Choice);
    f.choices = source;
    return f;
}

FormField words(const char *key, const QString &label, QStringList allowed, bool required, const QString &hint = {})
{
    FormField f = choice(key, label, ChoiceSource::Words, required, hint);
    f.words = std::move(allowed);
    return f;
}

FormField flag(const char *key, const QString &label, const QString &hint)
{
    return {key, label, FormFieldType::Flag, 0, 0, false, hint};
}

QStringList namesOf(const EnumNameTable &table)
{
    QStringList out;
    for (const EnumName &n : table.names)
        out << QString::fromUtf8(n.name);
    return out;
}

// "100,000" but "2100": years and other four-digit bounds read better without a separator.
QString formatBound(double v)
{
    QLocale english(QLocale::English);
    if (std::abs(v) < 10000)
        english.setNumberOptions(QLocale::OmitGroupSeparator);
    return english.toString(v, 'g', 12);
}

// A plan registry model.* field as a form field: same type, bounds and check as the loader's
// readModelField (core/catalog/CatalogOtherJson.cpp).
FormField modelField(const FieldSpec &spec, const char *key)
{
    static const char *const kRequired[] = {"layers", "hidden", "heads", "vocab"};
    const bool required = std::any_of(std::begin(kRequired), std::end(kRequired),
                                      [key](const char *r) { return std::string_view(r) == key; });
    // The window's labels cover the common fields; the rest are the key's words, where the
    // abbreviations read as people write them (MoE, MLA, FFN).
    QStringList words = fieldLabel(spec.path).split(QLatin1Char(' '));
    static const std::pair<const char *, const char *> kAbbreviations[] = {
        {"moe", "MoE"}, {"mla", "MLA"}, {"ffn", "FFN"}, {"mlp", "MLP"}, {"qk", "QK"}, {"kv", "KV"},
        {"q", "Q"},     {"lora", "LoRA"}, {"mtp", "MTP"}, {"rope", "RoPE"}, {"v", "V"}};
    for (QString &w : words) {
        for (const auto &[plain, written] : kAbbreviations) {
            if (w.compare(QLatin1String(plain), Qt::CaseInsensitive) == 0)
                w = QString::fromLatin1(written);
        }
    }
    const QString label = words.join(QLatin1Char(' '));
    FormField f{key, label, FormFieldType::Number, spec.min, spec.max, required,
                QStringLiteral("%1 (%2)").arg(QString::fromUtf8(spec.help), QString::fromLatin1(key))};
    switch (spec.type) {
    case FieldType::Int: f.type = FormFieldType::Integer; break;
    case FieldType::Real: f.type = FormFieldType::Number; break;
    case FieldType::Bool: f.type = FormFieldType::Flag; break;
    case FieldType::Enum:
        f.type = FormFieldType::Choice;
        f.words = namesOf(spec.enumTable());
        f.max = kMaxTextLength;
        break;
    case FieldType::Text: f.type = FormFieldType::Text; break;
    }
    f.planField = &spec;
    return f;
}

} // namespace

const EntryForm &gpuEntryForm()
{
    // Bounds are the loader's (core/catalog/CatalogHardwareJson.cpp, docs/catalogs.md "gpus");
    // tst_catalogbrowser checks that the two agree.
    static const EntryForm form{
        "gpus",
        QObject::tr("Add a GPU"),
        false,
        {text("name", QObject::tr("Name"), false, QObject::tr("Display name; the id when empty")),
         text("vendor", QObject::tr("Vendor"), false, QObject::tr("e.g. NVIDIA, AMD")),
         integer("launch_year", QObject::tr("Launch year"), 1990, 2100, false),
         number("memory_gb", QObject::tr("Memory (GB)"), 0.1, 1e5, true, QObject::tr("Capacity as sold, 10⁹ bytes")),
         number("memory_bandwidth_tbps", QObject::tr("Memory bandwidth (TB/s)"), 0.01, 1000, true, QString()),
         number("tflops.bf16", QObject::tr("BF16 TFLOPS (dense)"), 0, 1e6, true,
                QObject::tr("Dense figure: half the 2:4-sparse headline number")),
         number("tflops.fp16", QObject::tr("FP16 TFLOPS (dense)"), 0, 1e6, false, QString()),
         number("tflops.fp8", QObject::tr("FP8 TFLOPS (dense)"), 0, 1e6, false, QObject::tr("Empty or 0: not supported")),
         number("tflops.fp32", QObject::tr("FP32 TFLOPS"), 0, 1e6, false, QString()),
         number("tdp_w", QObject::tr("TDP (W)"), 1, 1e5, true, QObject::tr("Board power")),
         number("scale_up_bidir_gbytes_per_s", QObject::tr("Scale-up bandwidth (GB/s, both directions)"), 0, 1e6, false,
                QObject::tr("NVLink / xGMI as published (NVLink 4: 900); 0 = none")),
         number("pcie_bidir_gbytes_per_s", QObject::tr("PCIe bandwidth (GB/s, both directions)"), 0, 1e5, false,
                QObject::tr("Gen4 x16 = 64, Gen5 x16 = 128")),
         number("price_usd", QObject::tr("Price per GPU (USD)"), 0, kMaxPriceUsd, false, QObject::tr("0 or empty: unknown")),
         choice("default_node", QObject::tr("Default node"), ChoiceSource::Nodes, true,
                QObject::tr("Server used when a plan names none"))}};
    return form;
}

const EntryForm &nodeEntryForm()
{
    // Bounds and words: readNodeEntry in core/catalog/CatalogHardwareJson.cpp.
    static const EntryForm form{
        "nodes",
        QObject::tr("Add a node"),
        false,
        {text("name", QObject::tr("Name"), false, QObject::tr("Display name; the id when empty")),
         [] {
             FormField f = choice("gpus", QObject::tr("GPU"), ChoiceSource::Gpus, true,
                                  QObject::tr("The GPU this server carries"));
             f.asList = true;
             return f;
         }(),
         integer("gpus_per_node", QObject::tr("GPUs per node"), 1, 100000, true),
         words("intra_fabric", QObject::tr("Intra-node fabric"),
               {QStringLiteral("nvswitch"), QStringLiteral("nvlink"), QStringLiteral("nvlink-bridge"),
                QStringLiteral("pcie"), QStringLiteral("xgmi"), QStringLiteral("roce"), QStringLiteral("none")},
               false, QObject::tr("How the GPUs of the node talk to each other")),
         number("intra_bidir_gbytes_per_s", QObject::tr("Intra-node bandwidth (GB/s per GPU, both directions)"), 0, 1e6,
                false, QObject::tr("As published (NVLink 4 through NVSwitch: 900)")),
         integer("nics_per_node", QObject::tr("NICs per node"), 0, 1024, false,
                 QObject::tr("Scale-out (compute fabric) ports; storage and management NICs not counted")),
         number("nic_gbps", QObject::tr("NIC speed (Gb/s)"), 0, 1e5, false, QObject::tr("Per NIC, in bits")),
         choice("default_fabric", QObject::tr("Default fabric"), ChoiceSource::Fabrics, false,
                QObject::tr("Scale-out fabric used when a plan names none")),
         number("max_power_w", QObject::tr("Maximum power (W)"), 1, 1e7, true,
                QObject::tr("PSU-limited maximum input power of the whole node")),
         number("typical_power_w", QObject::tr("Typical power (W)"), 0, 1e7, false,
                QObject::tr("Typical draw under training load; 0 = unknown")),
         words("cooling", QObject::tr("Cooling"), namesOf(coolingNames()), false),
         integer("rack_units", QObject::tr("Rack units (U)"), 0, 100, false),
         number("price_usd", QObject::tr("Price per node (USD)"), 0, kMaxPriceUsd, false, QObject::tr("0 or empty: unknown")),
         flag("price_includes_gpus", QObject::tr("Price includes the GPUs"), QObject::tr("Empty: yes"))}};
    return form;
}

const EntryForm &fabricEntryForm()
{
    // Bounds and words: readFabricEntry in core/catalog/CatalogHardwareJson.cpp.
    static const EntryForm form{
        "fabrics",
        QObject::tr("Add a fabric"),
        false,
        {text("name", QObject::tr("Name"), false, QObject::tr("Display name; the id when empty")),
         words("kind", QObject::tr("Kind"),
               {QStringLiteral("infiniband"), QStringLiteral("roce"), QStringLiteral("ethernet"), QStringLiteral("nvlink"),
                QStringLiteral("pcie")},
               true),
         number("link_gbps", QObject::tr("Link speed (Gb/s)"), 1, 1e5, true, QObject::tr("Per-port line rate")),
         number("latency_s", QObject::tr("Latency (s)"), 0, 0.01, false,
                QObject::tr("α of one collective at 2 nodes (NCCL), e.g. 0.00002")),
         number("bus_bw_fraction", QObject::tr("Bus bandwidth fraction"), 0.01, 1, false,
                QObject::tr("Achievable NCCL bus bandwidth / line rate")),
         number("scale_loss_per_doubling", QObject::tr("Loss per doubling of nodes"), 0, 0.9, false, QString()),
         flag("rail_optimized", QObject::tr("Rail-optimized"), QString()),
         integer("switch_radix", QObject::tr("Switch radix (ports)"), 2, 100000, false),
         number("switch_price_usd", QObject::tr("Switch price (USD)"), 0, kMaxPriceUsd, false, QString()),
         number("switch_power_w", QObject::tr("Switch power (W)"), 0, 1e6, false, QString()),
         number("nic_price_usd", QObject::tr("NIC price (USD)"), 0, 1e6, false, QString()),
         number("cable_price_usd", QObject::tr("Cable price per link (USD)"), 0, 1e6, false,
                QObject::tr("Both transceivers included"))}};
    return form;
}

const EntryForm &cloudPriceForm()
{
    // Bounds: core/catalog/CatalogOtherJson.cpp, docs/catalogs.md "clouds".
    static const EntryForm form{
        "clouds",
        QObject::tr("Add a cloud price"),
        true,
        {text("provider", QObject::tr("Provider"), true, QString()),
         text("instance", QObject::tr("Instance"), true, QString()),
         choice("gpu", QObject::tr("GPU"), ChoiceSource::Gpus, true, QString()),
         integer("gpus_per_instance", QObject::tr("GPUs per instance"), 1, 100000, true),
         number("on_demand_per_gpu_hour", QObject::tr("On demand (USD per GPU-hour)"), 0, 10000, false, QString()),
         number("reserved_1y_per_gpu_hour", QObject::tr("1-year commitment (USD per GPU-hour)"), 0, 10000, false,
                QString()),
         number("reserved_3y_per_gpu_hour", QObject::tr("3-year commitment (USD per GPU-hour)"), 0, 10000, false,
                QString()),
         number("spot_per_gpu_hour", QObject::tr("Spot (USD per GPU-hour)"), 0, 10000, false, QString()),
         {"region", QObject::tr("Region"), FormFieldType::Text, 0, 1000, false, QString()}}};
    return form;
}

const EntryForm &modelEntryForm()
{
    // The model.* fields of the plan registry, as readModelEntry reads them, plus the preset's own.
    static const EntryForm form = [] {
        EntryForm f{"models", QObject::tr("Add a model"), false, {}};
        f.fields.push_back(text("name", QObject::tr("Name"), false, QObject::tr("Display name; the id when empty")));
        for (const FieldSpec &spec : modelFields()) {
            if (const char *key = modelPresetFieldKey(spec))
                f.fields.push_back(modelField(spec, key));
        }
        f.fields.push_back(number("published_params", QObject::tr("Published parameters"), 1, 1e14, false,
                                  QObject::tr("Count as published (model card), for cross-checks")));
        f.fields.push_back(integer("default_seq_len", QObject::tr("Pre-training context (tokens)"), 1, 10000000, false));
        return f;
    }();
    return form;
}

const EntryForm *entryFormFor(const std::string &kind)
{
    for (const EntryForm *form : {&gpuEntryForm(), &nodeEntryForm(), &fabricEntryForm(), &cloudPriceForm(), &modelEntryForm()}) {
        if (form->kind == kind)
            return form;
    }
    return nullptr;
}

const FormField *fieldWithKey(const EntryForm &form, const std::string &key)
{
    for (const FormField &f : form.fields) {
        if (f.key == key)
            return &f;
    }
    return nullptr;
}

QString allowedRange(const FormField &f)
{
    if (f.planField && (f.type == FormFieldType::Number || f.type == FormFieldType::Integer))
        return QString::fromStdString(describeAllowed(*f.planField));
    switch (f.type) {
    case FormFieldType::Number:
        return QObject::tr("a number from %1 to %2").arg(formatBound(f.min), formatBound(f.max));
    case FormFieldType::Integer:
        return QObject::tr("a whole number from %1 to %2").arg(formatBound(f.min), formatBound(f.max));
    case FormFieldType::Flag: return QObject::tr("yes or no");
    case FormFieldType::Choice:
        if (!f.words.isEmpty())
            return QObject::tr("one of %1").arg(f.words.join(QStringLiteral(", ")));
        break;
    case FormFieldType::Text: break;
    }
    return QObject::tr("text of at most %1 characters").arg(static_cast<int>(f.max));
}

bool readFormNumber(const FormField &f, const QString &typed, double &out, QString &error)
{
    QString plain = typed;
    plain.remove(QLatin1Char(',')).remove(QLatin1Char('_')).remove(QLatin1Char(' '));
    bool ok = false;
    out = QLocale::c().toDouble(plain, &ok);
    if (!ok || !std::isfinite(out)) {
        error = QObject::tr("%1: \"%2\" is not a number; allowed: %3").arg(f.label, typed, allowedRange(f));
        return false;
    }
    std::string registryMessage;
    const bool inRange = f.planField ? checkFieldValue(*f.planField, out, registryMessage)
                                     : out >= f.min && out <= f.max
                                           && (f.type != FormFieldType::Integer || out == std::floor(out));
    if (!inRange) {
        error = QObject::tr("%1: %2 is outside the allowed range: %3").arg(f.label, typed, allowedRange(f));
        return false;
    }
    return true;
}

} // namespace gpuplan::ui

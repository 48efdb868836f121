// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/UserCatalogForms.h"

#include "NumberText.h"
#include "document/FieldLabels.h"

#include "catalog/CatalogFields.h"
#include "catalog/CatalogKinds.h"
#include "common/EnumNames.h"
#include "plan/PlanFields.h"

#include <QLocale>
#include <QObject>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

namespace {

// docs/catalogs.md "Limits": text fields of at most 200 characters (an entry's display name).
constexpr double kMaxTextLength = kMaxCatalogTextChars;

FormField text(const char *key, const QString &label, bool required, const QString &hint)
{
    return {key, label, FormFieldType::Text, 0, kMaxTextLength, required, hint};
}

// A field of the catalog registry (core/catalog/CatalogFields.h) as the form asks for it: its type,
// bounds and words are the loader's; the label and the hint are the form's. Whether the form
// insists on a value is the form's choice too (a GPU's default node), so it is given here.
FormField field(const char *kind, const char *key, const QString &label, bool required, const QString &hint = {})
{
    CatalogFieldInfo info;
    if (!findCatalogField(kind, key, info))
        return {key, label, FormFieldType::Text, 0, 0, required, hint};   // accepts nothing: tst_catalogbrowser fails
    FormField f{key, label, FormFieldType::Number, info.min, info.max, required, hint};
    switch (info.type) {
    case CatalogFieldType::Number:
    case CatalogFieldType::Custom: f.type = FormFieldType::Number; break;
    case CatalogFieldType::Integer: f.type = FormFieldType::Integer; break;
    case CatalogFieldType::Text: f.type = FormFieldType::Text; break;
    case CatalogFieldType::Word:
    case CatalogFieldType::Enum:
    case CatalogFieldType::TextList: f.type = FormFieldType::Choice; break;
    case CatalogFieldType::Flag: f.type = FormFieldType::Flag; break;
    }
    if (f.type == FormFieldType::Text || f.type == FormFieldType::Choice) {
        f.min = 0;
        f.max = static_cast<double>(info.maxLength);
    }
    for (const std::string &w : info.words)
        f.words << QString::fromStdString(w);
    f.asList = info.type == CatalogFieldType::TextList;
    return f;
}

// A field whose value is the id of another catalog entry: the form offers the ids of that kind.
FormField idChoice(const char *kind, const char *key, const QString &label, ChoiceSource source, bool required,
                   const QString &hint)
{
    FormField f = field(kind, key, label, required, hint);
    f.type = FormFieldType::Choice;
    f.choices = source;
    return f;
}

QStringList namesOf(const EnumNameTable &table)
{
    QStringList out;
    for (const EnumName &n : table.names)
        out << QString::fromUtf8(n.name);
    return out;
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
    // Types, bounds and words: the catalog registry (core/catalog/CatalogFields.h, docs/catalogs.md
    // "gpus"); tst_catalogbrowser checks that the form and the loader agree.
    const auto gpu = [](const char *key, const QString &label, bool required, const QString &hint = {}) {
        return field("gpus", key, label, required, hint);
    };
    static const EntryForm form{
        "gpus",
        QObject::tr("Add a GPU"),
        false,
        {text("name", QObject::tr("Name"), false, QObject::tr("Display name; the id when empty")),
         gpu("vendor", QObject::tr("Vendor"), false, QObject::tr("e.g. NVIDIA, AMD")),
         gpu("launch_year", QObject::tr("Launch year"), false),
         gpu("memory_gb", QObject::tr("Memory (GB)"), true, QObject::tr("Capacity as sold, 10⁹ bytes")),
         gpu("memory_bandwidth_tbps", QObject::tr("Memory bandwidth (TB/s)"), true),
         gpu("tflops.bf16", QObject::tr("BF16 TFLOPS (dense)"), true,
             QObject::tr("Dense figure: half the 2:4-sparse headline number")),
         gpu("tflops.fp16", QObject::tr("FP16 TFLOPS (dense)"), false),
         gpu("tflops.fp8", QObject::tr("FP8 TFLOPS (dense)"), false, QObject::tr("Empty or 0: not supported")),
         gpu("tflops.fp32", QObject::tr("FP32 TFLOPS"), false),
         gpu("tdp_w", QObject::tr("TDP (W)"), true, QObject::tr("Board power")),
         gpu("scale_up_bidir_gbytes_per_s", QObject::tr("Scale-up bandwidth (GB/s, both directions)"), false,
             QObject::tr("NVLink / xGMI as published (NVLink 4: 900); 0 = none")),
         gpu("pcie_bidir_gbytes_per_s", QObject::tr("PCIe bandwidth (GB/s, both directions)"), false,
             QObject::tr("Gen4 x16 = 64, Gen5 x16 = 128")),
         gpu("price_usd", QObject::tr("Price per GPU (USD)"), false, QObject::tr("0 or empty: unknown")),
         idChoice("gpus", "default_node", QObject::tr("Default node"), ChoiceSource::Nodes, true,
                  QObject::tr("Server used when a plan names none"))}};
    return form;
}

const EntryForm &nodeEntryForm()
{
    // Types, bounds and words: the catalog registry (nodeFields() in core/catalog/CatalogHardwareJson.cpp).
    const auto node = [](const char *key, const QString &label, bool required, const QString &hint = {}) {
        return field("nodes", key, label, required, hint);
    };
    static const EntryForm form{
        "nodes",
        QObject::tr("Add a node"),
        false,
        {text("name", QObject::tr("Name"), false, QObject::tr("Display name; the id when empty")),
         idChoice("nodes", "gpus", QObject::tr("GPU"), ChoiceSource::Gpus, true, QObject::tr("The GPU this server carries")),
         node("gpus_per_node", QObject::tr("GPUs per node"), true),
         node("intra_fabric", QObject::tr("Intra-node fabric"), false, QObject::tr("How the GPUs of the node talk to each other")),
         node("intra_bidir_gbytes_per_s", QObject::tr("Intra-node bandwidth (GB/s per GPU, both directions)"), false,
              QObject::tr("As published (NVLink 4 through NVSwitch: 900)")),
         node("nics_per_node", QObject::tr("NICs per node"), false,
              QObject::tr("Scale-out (compute fabric) ports; storage and management NICs not counted")),
         node("nic_gbps", QObject::tr("NIC speed (Gb/s)"), false, QObject::tr("Per NIC, in bits")),
         idChoice("nodes", "default_fabric", QObject::tr("Default fabric"), ChoiceSource::Fabrics, false,
                  QObject::tr("Scale-out fabric used when a plan names none")),
         node("max_power_w", QObject::tr("Maximum power (W)"), true,
              QObject::tr("PSU-limited maximum input power of the whole node")),
         node("typical_power_w", QObject::tr("Typical power (W)"), false,
              QObject::tr("Typical draw under training load; 0 = unknown")),
         node("cooling", QObject::tr("Cooling"), false),
         node("rack_units", QObject::tr("Rack units (U)"), false),
         node("price_usd", QObject::tr("Price per node (USD)"), false, QObject::tr("0 or empty: unknown")),
         node("price_includes_gpus", QObject::tr("Price includes the GPUs"), false, QObject::tr("Empty: yes"))}};
    return form;
}

const EntryForm &fabricEntryForm()
{
    // Types, bounds and words: the catalog registry (fabricFields() in core/catalog/CatalogHardwareJson.cpp).
    const auto fabric = [](const char *key, const QString &label, bool required, const QString &hint = {}) {
        return field("fabrics", key, label, required, hint);
    };
    static const EntryForm form{
        "fabrics",
        QObject::tr("Add a fabric"),
        false,
        {text("name", QObject::tr("Name"), false, QObject::tr("Display name; the id when empty")),
         fabric("kind", QObject::tr("Kind"), true),
         fabric("link_gbps", QObject::tr("Link speed (Gb/s)"), true, QObject::tr("Per-port line rate")),
         fabric("latency_s", QObject::tr("Latency (s)"), false, QObject::tr("α of one collective at 2 nodes (NCCL), e.g. 0.00002")),
         fabric("bus_bw_fraction", QObject::tr("Bus bandwidth fraction"), false,
                QObject::tr("Achievable NCCL bus bandwidth / line rate")),
         fabric("scale_loss_per_doubling", QObject::tr("Loss per doubling of nodes"), false),
         fabric("rail_optimized", QObject::tr("Rail-optimized"), false),
         fabric("switch_radix", QObject::tr("Switch radix (ports)"), false),
         fabric("switch_price_usd", QObject::tr("Switch price (USD)"), false),
         fabric("switch_power_w", QObject::tr("Switch power (W)"), false),
         fabric("nic_price_usd", QObject::tr("NIC price (USD)"), false),
         fabric("cable_price_usd", QObject::tr("Cable price per link (USD)"), false, QObject::tr("Both transceivers included"))}};
    return form;
}

const EntryForm &cloudPriceForm()
{
    // Types and bounds: the catalog registry (cloudFields() in core/catalog/CatalogOtherJson.cpp).
    const auto cloud = [](const char *key, const QString &label, bool required) {
        return field("clouds", key, label, required);
    };
    static const EntryForm form{
        "clouds",
        QObject::tr("Add a cloud price"),
        true,
        {cloud("provider", QObject::tr("Provider"), true),
         cloud("instance", QObject::tr("Instance"), true),
         idChoice("clouds", "gpu", QObject::tr("GPU"), ChoiceSource::Gpus, true, QString()),
         cloud("gpus_per_instance", QObject::tr("GPUs per instance"), true),
         cloud("on_demand_per_gpu_hour", QObject::tr("On demand (USD per GPU-hour)"), false),
         cloud("reserved_1y_per_gpu_hour", QObject::tr("1-year commitment (USD per GPU-hour)"), false),
         cloud("reserved_3y_per_gpu_hour", QObject::tr("3-year commitment (USD per GPU-hour)"), false),
         cloud("spot_per_gpu_hour", QObject::tr("Spot (USD per GPU-hour)"), false),
         cloud("region", QObject::tr("Region"), false)}};
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
        f.fields.push_back(field("models", "published_params", QObject::tr("Published parameters"), false,
                                 QObject::tr("Count as published (model card), for cross-checks")));
        f.fields.push_back(field("models", "default_seq_len", QObject::tr("Pre-training context (tokens)"), false));
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
    case FormFieldType::Number: return QObject::tr("a number from %1 to %2").arg(boundText(f.min), boundText(f.max));
    case FormFieldType::Integer:
        return QObject::tr("a whole number from %1 to %2").arg(boundText(f.min), boundText(f.max));
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

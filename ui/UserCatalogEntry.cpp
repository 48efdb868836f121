// SPDX-License-Identifier: GPL-3.0-or-later
#include "UserCatalogEntry.h"

#include "catalog/CatalogLoader.h"

#include <QDir>
#include <QFile>
#include <QLocale>
#include <QSaveFile>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>

namespace gpuplan::ui {

using Json = nlohmann::ordered_json;

namespace {

// docs/catalogs.md "Limits": ids of 1 to 100 characters, text fields of at most 200.
constexpr int kMaxIdLength = 100;
constexpr int kMaxTextLength = 200;

FormField number(const char *key, const QString &label, double lo, double hi, bool required, const QString &hint)
{
    return {key, label, FormFieldType::Number, lo, hi, required, hint};
}

FormField text(const char *key, const QString &label, bool required, const QString &hint,
               FormFieldType type = FormFieldType::Text)
{
    return {key, label, type, 0, kMaxTextLength, required, hint};
}

// "100,000" but "2100": years and other four-digit bounds read better without a separator.
QString formatBound(double v)
{
    QLocale english(QLocale::English);
    if (std::abs(v) < 10000)
        english.setNumberOptions(QLocale::OmitGroupSeparator);
    return english.toString(v, 'g', 12);
}

const FormField *fieldWithKey(const EntryForm &form, const std::string &key)
{
    for (const FormField &f : form.fields) {
        if (f.key == key)
            return &f;
    }
    return nullptr;
}

// The id as the catalog knows it; nullptr when no entry of the form's kind has it.
const std::string *existingId(const EntryForm &form, const Catalog &catalog, const std::string &id)
{
    if (form.kind == "gpus") {
        const GpuSpec *g = catalog.findGpu(id);
        return g ? &g->id : nullptr;
    }
    const CloudOffer *o = catalog.findCloud(id);
    return o ? &o->id : nullptr;
}

bool checkText(const QString &label, const QString &value, int maxLength, QString &error)
{
    if (value.size() > maxLength) {
        error = QObject::tr("%1: %2 characters; at most %3 are allowed").arg(label).arg(value.size()).arg(maxLength);
        return false;
    }
    return true;
}

bool readNumber(const FormField &f, const QString &typed, double &out, QString &error)
{
    QString plain = typed;
    plain.remove(QLatin1Char(',')).remove(QLatin1Char('_')).remove(QLatin1Char(' '));
    bool ok = false;
    out = QLocale::c().toDouble(plain, &ok);
    if (!ok || !std::isfinite(out)) {
        error = QObject::tr("%1: \"%2\" is not a number; allowed: %3").arg(f.label, typed, allowedRange(f));
        return false;
    }
    if (out < f.min || out > f.max || (f.type == FormFieldType::Integer && out != std::floor(out))) {
        error = QObject::tr("%1: %2 is outside the allowed range: %3").arg(f.label, typed, allowedRange(f));
        return false;
    }
    return true;
}

void setKey(Json &entry, const std::string &key, Json value)
{
    const auto dot = key.find('.');
    if (dot == std::string::npos)
        entry[key] = std::move(value);
    else
        entry[key.substr(0, dot)][key.substr(dot + 1)] = std::move(value);
}

// The draft as a catalog entry; false with the first problem in error.
bool draftToEntry(const EntryForm &form, const EntryDraft &draft, bool overriding, Json &entry, int &given,
                  QString &error)
{
    given = 0;
    const QString id = draft.id.trimmed();
    const bool idOk = !id.isEmpty() && id.size() <= kMaxIdLength
                      && std::any_of(id.begin(), id.end(), [](QChar c) { return c.isLetterOrNumber(); });
    if (!idOk) {
        error = QObject::tr("Id: required, 1 to %1 characters with at least one letter or digit").arg(kMaxIdLength);
        return false;
    }
    entry["id"] = id.toStdString();
    for (const FormField &f : form.fields) {
        const QString value = draft.values.count(f.key) ? draft.values.at(f.key).trimmed() : QString();
        if (value.isEmpty()) {
            if (f.required && !overriding) {
                error = QObject::tr("%1: required for a new entry").arg(f.label);
                return false;
            }
            continue;
        }
        ++given;
        if (f.type == FormFieldType::Text || f.type == FormFieldType::Choice) {
            if (!checkText(f.label, value, static_cast<int>(f.max), error))
                return false;
            setKey(entry, f.key, value.toStdString());
            continue;
        }
        double v = 0;
        if (!readNumber(f, value, v, error))
            return false;
        if (f.type == FormFieldType::Integer)
            setKey(entry, f.key, static_cast<long long>(v));
        else
            setKey(entry, f.key, v);
    }
    // Every figure in the catalog carries its source and date (docs/catalogs.md "Provenance").
    const std::pair<const QString *, QString> meta[] = {{&draft.source, QObject::tr("Source")},
                                                        {&draft.date, QObject::tr("Date")}};
    for (const auto &[value, label] : meta) {
        if (value->trimmed().isEmpty()) {
            error = QObject::tr("%1: required; every figure says where it comes from and when").arg(label);
            return false;
        }
        if (!checkText(label, value->trimmed(), kMaxTextLength, error))
            return false;
    }
    if (!checkText(QObject::tr("Note"), draft.note.trimmed(), kMaxTextLength, error))
        return false;
    entry["source"] = draft.source.trimmed().toStdString();
    entry["date"] = draft.date.trimmed().toStdString();
    if (draft.estimate)
        entry["estimate"] = true;
    if (!draft.note.trimmed().isEmpty())
        entry["note"] = draft.note.trimmed().toStdString();
    return true;
}

// The application's file as it is now (an empty document when there is none yet).
bool readAppFile(const QString &path, Json &doc, QString &error)
{
    doc = Json{{"format", kCatalogFormatName},
               {"version", kCatalogFormatVersion},
               {"note", "Entries added in the gpuplan application"}};
    QFile file(path);
    if (!file.exists())
        return true;
    if (!file.open(QIODevice::ReadOnly)) {
        error = QObject::tr("%1 cannot be read (%2); nothing was written").arg(path, file.errorString());
        return false;
    }
    doc = Json::parse(file.readAll().toStdString(), nullptr, false);
    if (doc.is_discarded() || !doc.is_object() || doc.value("format", "") != kCatalogFormatName) {
        error = QObject::tr("%1 is not a gpuplan catalog file; fix or move it first. Nothing was written.").arg(path);
        return false;
    }
    return true;
}

// The entry with entry's id in doc's list of kind; nullptr when there is none.
Json *findEntry(Json &doc, const std::string &kind, const std::string &id)
{
    if (!doc.contains(kind) || !doc[kind].is_array())
        return nullptr;
    for (Json &e : doc[kind]) {
        if (e.is_object() && e.contains("id") && e["id"].is_string() && catalogKey(e["id"].get<std::string>()) == catalogKey(id))
            return &e;
    }
    return nullptr;
}

// An override of an entry this file already overrides: the new figures join the old ones, each
// as a value object with its own source and date, so the figures already there keep theirs.
void mergeFigures(Json &existing, const Json &entry)
{
    for (auto it = entry.begin(); it != entry.end(); ++it) {
        const std::string &key = it.key();
        if (key == "id" || key == "source" || key == "date" || key == "estimate" || key == "note")
            continue;
        Json figure = {{"value", it.value()}, {"source", entry["source"]}, {"date", entry["date"]}};
        if (entry.contains("estimate"))
            figure["estimate"] = true;
        if (entry.contains("note"))
            figure["note"] = entry["note"];
        existing[key] = std::move(figure);
    }
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
         {"launch_year", QObject::tr("Launch year"), FormFieldType::Integer, 1990, 2100, false, QString()},
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
         number("price_usd", QObject::tr("Price per GPU (USD)"), 0, 1e9, false, QObject::tr("0 or empty: unknown")),
         text("default_node", QObject::tr("Default node"), true,
              QObject::tr("Server used when a plan names none"), FormFieldType::Choice)}};
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
         text("gpu", QObject::tr("GPU"), true, QString(), FormFieldType::Choice),
         {"gpus_per_instance", QObject::tr("GPUs per instance"), FormFieldType::Integer, 1, 100000, true, QString()},
         number("on_demand_per_gpu_hour", QObject::tr("On demand (USD per GPU-hour)"), 0, 10000, false, QString()),
         number("reserved_1y_per_gpu_hour", QObject::tr("1-year commitment (USD per GPU-hour)"), 0, 10000, false,
                QString()),
         number("reserved_3y_per_gpu_hour", QObject::tr("3-year commitment (USD per GPU-hour)"), 0, 10000, false,
                QString()),
         number("spot_per_gpu_hour", QObject::tr("Spot (USD per GPU-hour)"), 0, 10000, false, QString()),
         {"region", QObject::tr("Region"), FormFieldType::Text, 0, 1000, false, QString()}}};
    return form;
}

QString allowedRange(const FormField &f)
{
    switch (f.type) {
    case FormFieldType::Number:
        return QObject::tr("a number from %1 to %2").arg(formatBound(f.min), formatBound(f.max));
    case FormFieldType::Integer:
        return QObject::tr("a whole number from %1 to %2").arg(formatBound(f.min), formatBound(f.max));
    case FormFieldType::Text:
    case FormFieldType::Choice: break;
    }
    return QObject::tr("text of at most %1 characters").arg(static_cast<int>(f.max));
}

UserCatalogEditor::UserCatalogEditor(QString folder)
    : m_folder(std::move(folder))
{
}

QString UserCatalogEditor::filePath() const
{
    return QDir(m_folder).filePath(QString::fromLatin1(kFileName));
}

bool UserCatalogEditor::add(const EntryForm &form, const EntryDraft &draft, const Catalog &current, QString &error) const
{
    const std::string *known = existingId(form, current, draft.id.trimmed().toStdString());
    Json doc;
    if (!readAppFile(filePath(), doc, error))
        return false;
    Json *inAppFile = known ? findEntry(doc, form.kind, *known) : nullptr;
    // A new GPU must not silently change a catalog GPU; a price may override an offer.
    if (known && !form.mayOverride && !inAppFile) {
        error = QObject::tr("Id: \"%1\" is already in the catalog (as %2); choose another id")
                    .arg(draft.id.trimmed(), QString::fromStdString(*known));
        return false;
    }
    Json entry;
    int given = 0;
    if (!draftToEntry(form, draft, known && form.mayOverride, entry, given, error))
        return false;
    if (given == 0) {
        error = QObject::tr("Nothing to add: give at least one figure");
        return false;
    }
    if (known)
        entry["id"] = *known;   // the loader refuses an alias as the id of an override
    if (inAppFile && form.mayOverride)
        mergeFigures(*inAppFile, entry);
    else if (inAppFile)
        *inAppFile = entry;     // a GPU added earlier from the application, entered again
    else {
        if (!doc.contains(form.kind) || !doc[form.kind].is_array())
            doc[form.kind] = Json::array();
        doc[form.kind].push_back(entry);
    }
    const std::string text = doc.dump(2) + "\n";

    // Load the user folder as it will be: the other files as they are, this one with the entry.
    QTemporaryDir probe;
    if (!probe.isValid()) {
        error = QObject::tr("Cannot create a temporary folder to check the entry; nothing was written");
        return false;
    }
    const QDir folder(m_folder);
    for (const QString &name : folder.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        if (name != QLatin1String(kFileName))
            QFile::copy(folder.filePath(name), probe.filePath(name));
    }
    QFile probeFile(probe.filePath(QString::fromLatin1(kFileName)));
    if (!probeFile.open(QIODevice::WriteOnly) || probeFile.write(text.data(), static_cast<qint64>(text.size())) < 0) {
        error = QObject::tr("Cannot write the check copy: %1; nothing was written").arg(probeFile.errorString());
        return false;
    }
    probeFile.close();
    std::vector<CatalogIssue> issues;
    CatalogSources sources;
    sources.userDir = probe.path().toStdString();
    const Catalog loaded = loadCatalog(sources, issues);
    const std::string id = entry["id"].get<std::string>();
    for (const CatalogIssue &issue : issues) {
        if (!issue.file.ends_with(kFileName) || (!issue.entry.empty() && issue.entry != id))
            continue;
        const FormField *f = fieldWithKey(form, issue.field);
        const QString label = f ? f->label : QString::fromStdString(issue.field.empty() ? "file" : issue.field);
        error = QObject::tr("%1: %2; nothing was written").arg(label, QString::fromStdString(issue.message));
        return false;
    }
    if (!existingId(form, loaded, id)) {
        error = QObject::tr("The entry did not load; nothing was written");
        return false;
    }

    if (!QDir().mkpath(m_folder)) {
        error = QObject::tr("Cannot create the user catalog folder %1").arg(m_folder);
        return false;
    }
    QSaveFile out(filePath());
    if (!out.open(QIODevice::WriteOnly) || out.write(text.data(), static_cast<qint64>(text.size())) < 0
        || !out.commit()) {
        error = QObject::tr("Cannot write %1: %2").arg(filePath(), out.errorString());
        return false;
    }
    return true;
}

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/UserCatalogEntry.h"

#include "common/JsonText.h"
#include "common/TextFile.h"
#include "document/PlanFileWriter.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QObject>
#include <QTemporaryDir>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace gpuplan::ui {

using Json = nlohmann::ordered_json;

namespace {

// docs/catalogs.md "Limits": ids of 1 to 100 characters, text fields of at most 200.
constexpr int kMaxIdLength = 100;
constexpr int kMaxTextLength = 200;

} // namespace

const std::string *catalogEntryId(const std::string &kind, const Catalog &catalog, const std::string &id)
{
    auto idOf = [](const auto *entry) { return entry ? &entry->id : nullptr; };
    if (kind == "gpus")
        return idOf(catalog.findGpu(id));
    if (kind == "nodes")
        return idOf(catalog.findNode(id));
    if (kind == "fabrics")
        return idOf(catalog.findFabric(id));
    if (kind == "clouds")
        return idOf(catalog.findCloud(id));
    if (kind == "models")
        return idOf(catalog.findModel(id));
    if (kind == "engines")
        return idOf(catalog.findEngine(id));
    return nullptr;
}

namespace {

bool checkText(const QString &label, const QString &value, int maxLength, QString &error)
{
    if (value.size() > maxLength) {
        error = QObject::tr("%1: %2 characters; at most %3 are allowed").arg(label).arg(value.size()).arg(maxLength);
        return false;
    }
    return true;
}

// "tflops.bf16" is the bf16 member of the "tflops" object.
std::pair<std::string, std::string> splitKey(const std::string &key)
{
    const auto dot = key.find('.');
    return dot == std::string::npos ? std::pair{key, std::string()} : std::pair{key.substr(0, dot), key.substr(dot + 1)};
}

void setKey(Json &entry, const std::string &key, Json value)
{
    const auto [outer, inner] = splitKey(key);
    if (inner.empty())
        entry[outer] = std::move(value);
    else
        entry[outer][inner] = std::move(value);
}

const Json *getKey(const Json &entry, const std::string &key)
{
    const auto [outer, inner] = splitKey(key);
    if (!entry.contains(outer))
        return nullptr;
    const Json &v = entry[outer];
    if (inner.empty())
        return &v;
    return v.is_object() && v.contains(inner) ? &v[inner] : nullptr;
}

void eraseKey(Json &entry, const std::string &key)
{
    const auto [outer, inner] = splitKey(key);
    if (inner.empty()) {
        entry.erase(outer);
        return;
    }
    if (entry.contains(outer) && entry[outer].is_object()) {
        entry[outer].erase(inner);
        if (entry[outer].empty())
            entry.erase(outer);
    }
}

// A figure as the form shows it: a value object unwrapped, a one-element list as its element.
QString formText(const Json *raw)
{
    if (!raw)
        return {};
    const Json &v = raw->is_object() && raw->contains("value") ? (*raw)["value"] : *raw;
    if (v.is_array())
        return v.empty() ? QString() : formText(&v.front());
    if (v.is_string())
        return QString::fromStdString(v.get<std::string>());
    if (v.is_boolean())
        return v.get<bool>() ? QStringLiteral("true") : QStringLiteral("false");
    // Whole numbers read as typed ("261", not the file's "261.0").
    if (v.is_number_float() && std::abs(v.get<double>()) < 1e15 && v.get<double>() == std::floor(v.get<double>()))
        return QString::number(static_cast<long long>(v.get<double>()));
    return QString::fromStdString(v.dump());
}

// One typed value as the file stores it; false with the field, the value and what is allowed.
bool fieldToJson(const FormField &f, const QString &value, Json &out, QString &error)
{
    switch (f.type) {
    case FormFieldType::Text:
    case FormFieldType::Choice:
        if (!checkText(f.label, value, static_cast<int>(f.max), error))
            return false;
        if (!f.words.isEmpty() && !f.words.contains(value)) {
            error = QObject::tr("%1: \"%2\" is not allowed; allowed: %3").arg(f.label, value, allowedRange(f));
            return false;
        }
        out = f.asList ? Json::array({value.toStdString()}) : Json(value.toStdString());
        return true;
    case FormFieldType::Flag:
        if (value != QLatin1String("true") && value != QLatin1String("false")) {
            error = QObject::tr("%1: \"%2\" is not allowed; allowed: %3").arg(f.label, value, allowedRange(f));
            return false;
        }
        out = value == QLatin1String("true");
        return true;
    case FormFieldType::Number:
    case FormFieldType::Integer: break;
    }
    double v = 0;
    if (!readFormNumber(f, value, v, error))
        return false;
    out = f.type == FormFieldType::Integer ? Json(static_cast<long long>(v)) : Json(v);
    return true;
}

bool checkId(const QString &id, QString &error)
{
    const bool ok = !id.isEmpty() && id.size() <= kMaxIdLength
                    && std::any_of(id.begin(), id.end(), [](QChar c) { return c.isLetterOrNumber(); });
    if (!ok)
        error = QObject::tr("Id: required, 1 to %1 characters with at least one letter or digit").arg(kMaxIdLength);
    return ok;
}

// Every figure in the catalog carries its source and date (docs/catalogs.md "Provenance").
bool checkProvenance(const EntryDraft &draft, QString &error)
{
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
    return checkText(QObject::tr("Note"), draft.note.trimmed(), kMaxTextLength, error);
}

void setProvenance(Json &entry, const EntryDraft &draft)
{
    entry["source"] = draft.source.trimmed().toStdString();
    entry["date"] = draft.date.trimmed().toStdString();
    if (draft.estimate)
        entry["estimate"] = true;
    else
        entry.erase("estimate");
    if (draft.note.trimmed().isEmpty())
        entry.erase("note");
    else
        entry["note"] = draft.note.trimmed().toStdString();
}

// The draft as a catalog entry; false with the first problem in error.
bool draftToEntry(const EntryForm &form, const EntryDraft &draft, bool overriding, Json &entry, int &given,
                  QString &error)
{
    given = 0;
    const QString id = draft.id.trimmed();
    if (!checkId(id, error))
        return false;
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
        Json v;
        if (!fieldToJson(f, value, v, error))
            return false;
        setKey(entry, f.key, std::move(v));
    }
    if (!checkProvenance(draft, error))
        return false;
    setProvenance(entry, draft);
    return true;
}

// A catalog file as it is now (an empty document when there is none yet).
bool readCatalogFile(const QString &path, Json &doc, QString &error)
{
    doc = Json{{"format", kCatalogFormatName},
               {"version", kCatalogFormatVersion},
               {"note", "Entries added in the gpuplan application"}};
    if (!QFileInfo::exists(path) && !QFileInfo(path).isSymLink())
        return true;
    // The loader's limits (size and kind before reading, nesting, duplicate keys).
    std::string text, reason;
    nlohmann::json parsed;
    if (!readTextFile(QFile::encodeName(path).toStdString(), kMaxJsonFileBytes, text, reason)) {
        error = QObject::tr("%1; nothing was written").arg(QString::fromStdString(reason));
        return false;
    }
    if (!parseLimitedJson(text, parsed, reason)) {
        error = QObject::tr("%1: %2; fix or move it first. Nothing was written.").arg(path, QString::fromStdString(reason));
        return false;
    }
    doc = Json::parse(text, nullptr, false);   // again, keeping the file's key order for the rewrite
    if (doc.is_discarded() || !doc.is_object() || doc.value("format", "") != kCatalogFormatName) {
        error = QObject::tr("%1 is not a gpuplan catalog file; fix or move it first. Nothing was written.").arg(path);
        return false;
    }
    return true;
}

// The entry with id in doc's list of kind; nullptr when there is none.
Json *findEntry(Json &doc, const std::string &kind, const std::string &id)
{
    if (!doc.is_object() || !doc.contains(kind) || !doc[kind].is_array())
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
        if (key == "id" || key == "source" || key == "date" || key == "estimate" || key == "secondary" || key == "note")
            continue;
        Json figure = {{"value", it.value()}, {"source", entry["source"]}, {"date", entry["date"]}};
        if (entry.contains("estimate"))
            figure["estimate"] = true;
        if (entry.value("secondary", false))
            figure["secondary"] = true;
        if (entry.contains("note"))
            figure["note"] = entry["note"];
        existing[key] = std::move(figure);
    }
}

// Removes the entry with id from doc's list of kind (it must be there).
void eraseEntry(Json &doc, const std::string &kind, const QString &id)
{
    Json &list = doc[kind];
    const Json *entry = findEntry(doc, kind, id.toStdString());
    list.erase(list.begin() + (entry - &list[0]));
}

// Replaces path through a temporary file: an interrupted save never leaves a half-written file.
bool writeAtomically(const QString &path, const std::string &text, QString &error)
{
    // One writer for every file (document/PlanFileWriter.h): a failed write leaves the old file.
    QString reason;
    if (writeFileAtomically(path, text, reason))
        return true;
    error = reason;
    error[0] = error[0].toUpper();
    return false;
}

QStringList issueTexts(const std::vector<CatalogIssue> &issues)
{
    QStringList out;
    for (const CatalogIssue &i : issues)
        out << QString::fromStdString(i.text());
    return out;
}

// Loads the bundled catalogs and the user folder as it would be with fileName holding text
// (no text: without that file), exactly as the application loads them at start-up. The copy
// lives in a temporary folder; file names are kept so that load order and messages match.
std::optional<Catalog> probeLoad(const QString &folder, const QString &fileName, const std::string *text,
                                 std::vector<CatalogIssue> &issues, QString &error)
{
    QTemporaryDir probe;
    if (!probe.isValid()) {
        error = QObject::tr("Cannot create a temporary folder to check the entry; nothing was written");
        return std::nullopt;
    }
    const QDir dir(folder);
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
        if (name != fileName)
            QFile::copy(dir.filePath(name), probe.filePath(name));
    }
    if (text) {
        QFile probeFile(probe.filePath(fileName));
        if (!probeFile.open(QIODevice::WriteOnly)
            || probeFile.write(text->data(), static_cast<qint64>(text->size())) < 0) {
            error = QObject::tr("Cannot write the check copy: %1; nothing was written").arg(probeFile.errorString());
            return std::nullopt;
        }
    }
    CatalogSources sources;
    sources.userDir = probe.path().toStdString();
    return loadCatalog(sources, issues);
}

// Writes doc to path (in folder) after checking that the entry of kind with id loads from it
// without a problem; the file is replaced through a temporary file, never half-written.
bool checkedWrite(const QString &folder, const QString &path, const Json &doc, const EntryForm &form,
                  const std::string &id, QString &error)
{
    const std::string text = doc.dump(2) + "\n";
    const QString fileName = QFileInfo(path).fileName();
    std::vector<CatalogIssue> issues;
    const std::optional<Catalog> loaded = probeLoad(folder, fileName, &text, issues, error);
    if (!loaded)
        return false;
    for (const CatalogIssue &issue : issues) {
        if (!issue.file.ends_with(fileName.toStdString()) || (!issue.entry.empty() && issue.entry != id))
            continue;
        const FormField *f = fieldWithKey(form, issue.field);
        const QString label = f ? f->label : QString::fromStdString(issue.field.empty() ? "file" : issue.field);
        error = QObject::tr("%1: %2; nothing was written").arg(label, QString::fromStdString(issue.message));
        return false;
    }
    if (!catalogEntryId(form.kind, *loaded, id)) {
        error = QObject::tr("The entry did not load; nothing was written");
        return false;
    }
    if (!QDir().mkpath(folder)) {
        error = QObject::tr("Cannot create the user catalog folder %1").arg(folder);
        return false;
    }
    return writeAtomically(path, text, error);
}

} // namespace

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
    const std::string *known = catalogEntryId(form.kind, current, draft.id.trimmed().toStdString());
    Json doc;
    if (!readCatalogFile(filePath(), doc, error))
        return false;
    Json *inAppFile = known ? findEntry(doc, form.kind, *known) : nullptr;
    // A new entry must not silently change a catalog entry; a price may override an offer.
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
        *inAppFile = entry;     // an entry added earlier from the application, entered again
    else {
        if (!doc.contains(form.kind) || !doc[form.kind].is_array())
            doc[form.kind] = Json::array();
        doc[form.kind].push_back(entry);
    }
    return checkedWrite(m_folder, filePath(), doc, form, entry["id"].get<std::string>(), error);
}

UserEntryPlace UserCatalogEditor::locate(const std::string &kind, const QString &id) const
{
    const QDir dir(m_folder);
    QStringList holders;
    for (const QString &name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        Json doc;
        QString ignored;
        if (readCatalogFile(dir.filePath(name), doc, ignored) && findEntry(doc, kind, id.toStdString()))
            holders << name;
    }
    if (holders.size() == 1)
        return {dir.filePath(holders.front()), {}};
    if (holders.isEmpty())
        return {{}, QObject::tr("Bundled entry: read-only. To change its figures, give its id with the new figures in a "
                                "file of your catalog folder (Add cloud price does this for an offer).")};
    return {{}, QObject::tr("Changed by several files of your catalog folder (%1): edit them in a text editor.")
                    .arg(holders.join(QStringLiteral(", ")))};
}

bool UserCatalogEditor::readDraft(const EntryForm &form, const QString &id, EntryDraft &draft, QString &error) const
{
    const UserEntryPlace place = locate(form.kind, id);
    Json doc;
    if (place.filePath.isEmpty()) {
        error = place.reason;
        return false;
    }
    if (!readCatalogFile(place.filePath, doc, error))
        return false;
    const Json *entry = findEntry(doc, form.kind, id.toStdString());
    draft = EntryDraft{};
    draft.id = QString::fromStdString((*entry)["id"].get<std::string>());
    draft.source = formText(getKey(*entry, "source"));
    draft.date = formText(getKey(*entry, "date"));
    draft.note = formText(getKey(*entry, "note"));
    draft.estimate = entry->value("estimate", false);
    for (const FormField &f : form.fields)
        draft.values[f.key] = formText(getKey(*entry, f.key));
    return true;
}

bool UserCatalogEditor::update(const EntryForm &form, const EntryDraft &draft, QString &error) const
{
    EntryDraft before;
    if (!readDraft(form, draft.id.trimmed(), before, error))
        return false;
    const QString path = locate(form.kind, draft.id.trimmed()).filePath;
    Json doc;
    if (!readCatalogFile(path, doc, error))
        return false;
    Json &entry = *findEntry(doc, form.kind, draft.id.trimmed().toStdString());
    // An entry that overrides a bundled one gives only the figures it changes.
    const bool overriding = catalogEntryId(form.kind, bundledCatalog(), before.id.toStdString()) != nullptr;
    Json checked;
    int given = 0;
    EntryDraft typed = draft;
    typed.id = before.id;
    if (!draftToEntry(form, typed, overriding, checked, given, error))
        return false;
    for (const FormField &f : form.fields) {
        const QString now = typed.values.count(f.key) ? typed.values.at(f.key).trimmed() : QString();
        if (now == before.values[f.key].trimmed())
            continue;   // unchanged: keep it as written, value object and all
        if (now.isEmpty())
            eraseKey(entry, f.key);
        else
            setKey(entry, f.key, *getKey(checked, f.key));
    }
    setProvenance(entry, typed);
    return checkedWrite(m_folder, path, doc, form, before.id.toStdString(), error);
}

bool UserCatalogEditor::remove(const std::string &kind, const QString &id, QString &error) const
{
    const UserEntryPlace place = locate(kind, id);
    if (place.filePath.isEmpty()) {
        error = place.reason;
        return false;
    }
    Json doc;
    if (!readCatalogFile(place.filePath, doc, error))
        return false;
    eraseEntry(doc, kind, id);
    return writeAtomically(place.filePath, doc.dump(2) + "\n", error);
}

CatalogWithout UserCatalogEditor::catalogWithout(const std::string &kind, const QString &id) const
{
    CatalogWithout out;
    const UserEntryPlace place = locate(kind, id);
    Json doc;
    QString error;
    std::vector<CatalogIssue> now;
    std::vector<CatalogIssue> after;
    const std::optional<Catalog> current = probeLoad(m_folder, QString(), nullptr, now, error);
    if (place.filePath.isEmpty() || !current || !readCatalogFile(place.filePath, doc, error))
        return out;
    eraseEntry(doc, kind, id);
    const std::string text = doc.dump(2) + "\n";
    std::optional<Catalog> without = probeLoad(m_folder, QFileInfo(place.filePath).fileName(), &text, after, error);
    if (!without)
        return out;
    out.catalog = std::move(*without);
    out.loaded = true;
    const QStringList before = issueTexts(now);
    for (const QString &issue : issueTexts(after)) {
        if (!before.contains(issue))
            out.newIssues << issue;
    }
    return out;
}

} // namespace gpuplan::ui

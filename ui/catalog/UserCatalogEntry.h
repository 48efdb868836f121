// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/UserCatalogForms.h"

#include "catalog/Catalog.h"
#include "catalog/CatalogLoader.h"

#include <QString>
#include <QStringList>

#include <map>
#include <string>

// Entries a user keeps in the catalog folder from the application: adding one through a form,
// editing or deleting one that a user file holds, and the check that the folder still loads
// (docs/catalogs.md "Your own catalog folder"). Bundled files are never touched. Data only; the
// dialog is CatalogEntryDialog.
namespace gpuplan::ui {

// What the user typed: empty text = not given.
struct EntryDraft
{
    QString id;
    QString source;
    QString date;
    QString note;
    bool estimate = false;
    std::map<std::string, QString> values;   // by FormField::key
};

// The id as the catalog knows it (kind: "gpus", "nodes", "fabrics", "clouds", "models",
// "engines"); nullptr when no entry of that kind has it under any spelling or alias.
const std::string *catalogEntryId(const std::string &kind, const Catalog &catalog, const std::string &id);

// Where a catalog entry comes from, for the browser's Edit and Delete.
struct UserEntryPlace
{
    QString filePath;        // the user file holding the entry; empty when it cannot be changed here
    QString reason;          // why not, when filePath is empty
};

// The catalog as it would load without one user entry, for the delete confirmation.
struct CatalogWithout
{
    Catalog catalog;
    bool loaded = false;     // false when the entry is not in a user file or the folder cannot be read
    QStringList newIssues;   // loader problems the removal would cause (dangling references)
};

// The user catalog folder and the file the application writes there.
class UserCatalogEditor
{
public:
    static constexpr const char *kFileName = "added-in-gpuplan.json";

    explicit UserCatalogEditor(QString folder);   // usually defaultUserCatalogDir()
    QString folder() const { return m_folder; }
    QString filePath() const;

    // Checks the draft field by field (bounds, numbers, required fields), then loads the user
    // folder as it would be with the entry added, exactly as the application loads it; writes the
    // file only when the entry loads without a problem. On failure nothing is written and error
    // names the field and what is allowed. current is the catalog in use (for id checks).
    bool add(const EntryForm &form, const EntryDraft &draft, const Catalog &current, QString &error) const;

    // The user file that holds the entry of kind with id (any user file, not only the
    // application's); a bundled entry, or one several user files change, has a reason instead.
    UserEntryPlace locate(const std::string &kind, const QString &id) const;
    // The entry as the form shows it (value objects unwrapped, entry-level provenance).
    bool readDraft(const EntryForm &form, const QString &id, EntryDraft &draft, QString &error) const;
    // Rewrites the entry with draft's values: fields the draft leaves as they were keep their
    // value objects and provenance, fields the form does not show are kept, an emptied field is
    // removed. Checked like add; the file is replaced atomically or not at all.
    bool update(const EntryForm &form, const EntryDraft &draft, QString &error) const;
    // Removes only that entry from its user file (atomically).
    bool remove(const std::string &kind, const QString &id, QString &error) const;
    CatalogWithout catalogWithout(const std::string &kind, const QString &id) const;

private:
    QString m_folder;
};

} // namespace gpuplan::ui

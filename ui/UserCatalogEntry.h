// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"

#include <QString>

#include <map>
#include <string>
#include <vector>

// Entries a user adds to the catalog from the application (a custom GPU, a negotiated cloud
// price): the fields of each form with their bounds, the check of what was typed, and the write
// into the user catalog folder (docs/catalogs.md "Your own catalog folder"). Bundled files are
// never touched. Data only; the dialog is CatalogEntryDialog.
namespace gpuplan::ui {

enum class FormFieldType { Number, Integer, Text, Choice };

struct FormField
{
    std::string key;          // catalog file key; "tflops.bf16" is the bf16 member of "tflops"
    QString label;            // as the form shows it, with the unit
    FormFieldType type = FormFieldType::Number;
    double min = 0;           // Number, Integer: inclusive bounds in the file's unit (those of the loader)
    double max = 0;
    bool required = false;    // needed for a new entry (the form refuses an empty value)
    QString hint;             // tool tip
};

struct EntryForm
{
    std::string kind;         // "gpus" or "clouds"
    QString title;
    bool mayOverride = false; // an existing id changes only the fields given (a negotiated price)
    std::vector<FormField> fields;
};

const EntryForm &gpuEntryForm();
const EntryForm &cloudPriceForm();

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

// "an number from 1 to 100,000" in the form's words, for hints and messages.
QString allowedRange(const FormField &field);

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

private:
    QString m_folder;
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

#include <string>
#include <vector>

namespace gpuplan {
struct FieldSpec;
}

// The forms for entries a user adds to the catalog from the application: for each kind (GPU,
// node, fabric, cloud price, model) its fields with the file key, the unit in the label and the
// loader's bounds (docs/catalogs.md "Kinds and fields"). Model fields are the plan registry's
// model.* fields, checked by the registry's own check as the loader does. Data only.
namespace gpuplan::ui {

enum class FormFieldType {
    Number,    // a decimal number within [min, max]
    Integer,   // a whole number within [min, max]
    Text,      // free text of at most max characters
    Choice,    // one id or word of a list (see ChoiceSource), written as text
    Flag,      // true or false
};

// Where a Choice field's items come from.
enum class ChoiceSource { Gpus, Nodes, Fabrics, Words };

struct FormField
{
    std::string key;          // catalog file key; "tflops.bf16" is the bf16 member of "tflops"
    QString label;            // as the form shows it, with the unit
    FormFieldType type = FormFieldType::Number;
    double min = 0;           // Number, Integer: inclusive bounds in the file's unit (those of the loader)
    double max = 0;           // Text: maximum length
    bool required = false;    // needed for a new entry (the form refuses an empty value)
    QString hint;             // tool tip
    ChoiceSource choices = ChoiceSource::Words;
    QStringList words;        // Choice from Words: the allowed words, as written in the file
    bool asList = false;      // Choice written as a one-element list (a node's "gpus")
    const FieldSpec *planField = nullptr;   // model fields: the plan registry field that checks it
};

struct EntryForm
{
    std::string kind;         // catalog file key: "gpus", "nodes", "fabrics", "clouds", "models"
    QString title;
    bool mayOverride = false; // an existing id changes only the fields given (a negotiated price)
    std::vector<FormField> fields;
};

const EntryForm &gpuEntryForm();
const EntryForm &nodeEntryForm();
const EntryForm &fabricEntryForm();
const EntryForm &cloudPriceForm();
const EntryForm &modelEntryForm();
// The form of a kind; nullptr for kinds without one (engines, storage tiers).
const EntryForm *entryFormFor(const std::string &kind);

const FormField *fieldWithKey(const EntryForm &form, const std::string &key);

// "a number from 1 to 100,000" in the form's words, for hints and messages.
QString allowedRange(const FormField &field);

// Checks one typed number against the field; false with a message naming the field, the value
// and what is allowed.
bool readFormNumber(const FormField &field, const QString &typed, double &out, QString &error);

} // namespace gpuplan::ui

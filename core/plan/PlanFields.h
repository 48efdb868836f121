// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/EnumNames.h"

#include <span>
#include <string>
#include <string_view>

// The registry of plan fields: one entry per JSON field of a .gpuplan file with its type, bounds,
// unit and accessors. Loading, saving, `--set`, the GUI's input checks and the bounds table in
// docs/plan-format.md (`gpuplan-cli fields`) all come from this one list.
namespace gpuplan {

struct Plan;

enum class FieldType : unsigned char { Int, Real, Bool, Text, Enum };

// A rule a Text field's value follows besides its length, e.g. the kinds of file a path may name.
struct TextRule
{
    const char *allowed;                      // for messages and docs: "empty, or the path of ..."
    bool (*accepts)(std::string_view text);
};

struct FieldSpec
{
    const char *path;                     // JSON path, e.g. "hardware.num_gpus"
    FieldType type;
    double min;                           // inclusive bounds (Int, Real); max length (Text) in max
    double max;
    const char *unit;                     // "GPUs", "tokens", "GiB", "" ...
    const char *help;                     // one line for tooltips and docs
    const EnumNameTable &(*enumTable)();  // Enum only
    double (*getNumber)(const Plan &);    // Int, Real, Bool (0/1), Enum (value)
    void (*setNumber)(Plan &, double);
    const std::string &(*getText)(const Plan &);
    void (*setText)(Plan &, const std::string &);
    // A sentinel outside [min, max] that is also accepted: "0 = derived", "-1 = from catalog".
    bool hasSentinel;
    double sentinel;
    const char *sentinelMeaning;
    const TextRule *textRule = nullptr;   // Text only; null = any text within the length
};

std::span<const FieldSpec> planFields();
const FieldSpec *findPlanField(std::string_view path);

// Checks a number against a field's bounds. On failure returns false and writes a message
// naming the field, the value and what is allowed.
bool checkFieldValue(const FieldSpec &field, double value, std::string &message);

// The same for a Text field: its length in bytes and its rule, if it has one. Every way text gets
// into a plan (file, --set, the GUI) checks it here.
bool checkFieldText(const FieldSpec &field, std::string_view text, std::string &message);

// Checks every field of a plan built in code (validation rows, calibration, tests) against the
// registry, as loading a file would. On failure returns false with the first problem, named as
// checkFieldValue names it. The models rely on these bounds (e.g. products of layout degrees stay
// far from integer overflow), so a plan that bypasses the loader must pass this check.
bool checkPlanBounds(const Plan &plan, std::string &message);

// "an integer from 1 to 1,000,000 (or 0 = derived)" for messages and docs.
std::string describeAllowed(const FieldSpec &field);

// Sections of the registry, defined next to each other in PlanFields*.cpp.
std::span<const FieldSpec> modelFields();
std::span<const FieldSpec> workloadFields();
std::span<const FieldSpec> systemFields();     // hardware, parallelism, precision, overheads
std::span<const FieldSpec> facilityFields();   // facility, cost, storage, reliability

} // namespace gpuplan

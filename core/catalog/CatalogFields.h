// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"
#include "common/EnumNames.h"

#include <nlohmann/json_fwd.hpp>

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// The registry of catalog fields: one entry per field of a catalog file kind (docs/catalogs.md,
// "Kinds and fields") with its type, bounds in the file's unit, the scale to the internal unit,
// whether a new entry must give it, the member it fills and its name in `gpuplan-cli catalog show
// --json`. The loader (CatalogHardwareJson.cpp, CatalogOtherJson.cpp), the JSON of the CLI and the
// application's entry forms all read this one list, so a new catalog field is one line here.
// Model presets take their architecture fields from the plan registry (core/plan/PlanFields.h);
// engines' list stands next to the inference model's own parser (EnginePresetJson.cpp), which keeps
// its messages and reads the list.
namespace gpuplan {

class CatalogEntryReader;

enum class CatalogFieldType : unsigned char {
    Number,     // a finite number within [min, max] in the file's unit; scale converts it
    Integer,    // a whole number within [min, max]
    Text,       // text of at most maxLength characters
    Word,       // text that is one of words
    TextList,   // a list of texts (each one of words, when words are given)
    Flag,       // true or false
    Enum,       // one of the names of enumTable
    Custom,     // read by its own function (a nested object); bounds apply to its numbers
};

// How `gpuplan-cli catalog show --json` writes a field (internal units).
enum class CatalogJson : unsigned char {
    Value,            // as it is
    NullIfNegative,   // null for a negative value: "not published"
    OmitIfZero,       // left out when zero or empty
    None,             // not written (a second unit of another field, a table of its own)
};

inline constexpr std::size_t kMaxCatalogTextChars = 200;   // docs/catalogs.md "Limits"

template <class Entry>
struct CatalogField
{
    const char *key;                          // catalog file key, e.g. "memory_bandwidth_tbps"
    CatalogFieldType type = CatalogFieldType::Number;
    double min = 0;                           // Number, Integer, Custom: inclusive bounds in the file's unit
    double max = 0;
    double scale = 1;                         // file unit -> internal unit (TB/s -> bytes/s, ...)
    bool required = false;                    // a new entry must give it
    std::size_t maxLength = kMaxCatalogTextChars;   // Text, Word, TextList
    std::span<const char *const> words = {};  // Word, TextList: the allowed words
    const char *jsonKey = nullptr;            // name in the CLI's JSON; nullptr = the file key
    CatalogJson json = CatalogJson::Value;
    // The member the field fills: one of these, by type.
    double Entry::*number = nullptr;
    int Entry::*integer = nullptr;
    std::string Entry::*text = nullptr;       // Text, Word
    bool Entry::*flag = nullptr;
    std::vector<std::string> Entry::*list = nullptr;
    // Enum: the table of names and the member as an int.
    const EnumNameTable &(*enumTable)() = nullptr;
    int (*getEnum)(const Entry &) = nullptr;
    void (*setEnum)(Entry &, int) = nullptr;
    // Custom: reads the field (and records its provenance); writes its JSON keys.
    bool (*read)(CatalogEntryReader &, const CatalogField &, Entry &) = nullptr;
    void (*writeJson)(const Entry &, nlohmann::ordered_json &) = nullptr;
};

std::span<const CatalogField<GpuSpec>> gpuFields();
std::span<const CatalogField<NodeSpec>> nodeFields();
std::span<const CatalogField<FabricSpec>> fabricFields();
std::span<const CatalogField<CloudOffer>> cloudFields();
std::span<const CatalogField<StorageTierSpec>> storageTierFields();
std::span<const CatalogField<ApiPrice>> apiPriceFields();
// A model preset's own figures (published counts, context); its architecture is the plan's model.*.
std::span<const CatalogField<ModelPreset>> modelPresetFields();
// A serving engine's parameters (catalogs/engines.json, docs/performance-model.md).
std::span<const CatalogField<EnginePreset>> engineFields();
// A validation error band of one regime (catalogs/error_bands.json, catalog/ErrorBand.h).
std::span<const CatalogField<ErrorBandEntry>> errorBandFields();

// For a new entry: every required field must be given (fails with the first missing one).
template <class Entry>
bool requireCatalogFields(CatalogEntryReader &r, std::span<const CatalogField<Entry>> fields);

// Reads every field given, in registry order; fails with the first bad one (the reader holds the
// error). Absent fields keep the value already in the entry.
template <class Entry>
bool readCatalogFields(CatalogEntryReader &r, std::span<const CatalogField<Entry>> fields, Entry &entry);

// Appends the fields' JSON keys to out in registry order.
template <class Entry>
void writeCatalogFieldsJson(std::span<const CatalogField<Entry>> fields, const Entry &entry, nlohmann::ordered_json &out);

// A Number or Integer field of an entry in the unit of the catalog files (GB, TB/s, bidirectional
// GB/s ...), as the application's catalog tables show it; 0 for a key the list does not have.
template <class Entry>
double valueInFileUnit(std::span<const CatalogField<Entry>> fields, std::string_view key, const Entry &entry);

// What a form needs to know of one field, whatever the kind: its type, bounds and words.
struct CatalogFieldInfo
{
    CatalogFieldType type = CatalogFieldType::Number;
    double min = 0;
    double max = 0;
    bool required = false;
    std::size_t maxLength = kMaxCatalogTextChars;
    std::vector<std::string> words;           // Word, TextList, Enum (canonical names)
};

// The field of a kind ("gpus", "nodes", "fabrics", "clouds", "storage_tiers", "models", "engines") with this
// file key; "tflops.bf16" is a member of the Custom "tflops". False when the kind has no such field.
bool findCatalogField(std::string_view kind, std::string_view key, CatalogFieldInfo &out);

} // namespace gpuplan

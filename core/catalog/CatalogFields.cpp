// SPDX-License-Identifier: GPL-3.0-or-later
// Reading, writing and describing catalog fields from the registry (core/catalog/CatalogFields.h).
// The lists themselves stand next to the readers of their kind: CatalogHardwareJson.cpp (gpus,
// nodes, fabrics) and CatalogOtherJson.cpp (clouds, storage tiers, model presets).
#include "catalog/CatalogFields.h"

#include "catalog/CatalogEntryReader.h"

#include <nlohmann/json.hpp>

namespace gpuplan {

namespace {

template <class Entry>
bool readField(CatalogEntryReader &r, const CatalogField<Entry> &f, Entry &e)
{
    switch (f.type) {
    case CatalogFieldType::Number: return r.number(f.key, f.min, f.max, e.*f.number, f.scale);
    case CatalogFieldType::Integer:
        return r.integer(f.key, static_cast<int>(f.min), static_cast<int>(f.max), e.*f.integer);
    case CatalogFieldType::Text: return r.text(f.key, e.*f.text, f.maxLength);
    case CatalogFieldType::Word: return r.word(f.key, f.words, e.*f.text, f.maxLength);
    case CatalogFieldType::TextList: {
        std::vector<std::string> &items = e.*f.list;
        if (!r.textList(f.key, items))
            return false;
        if (f.words.empty())
            return true;
        for (const std::string &item : items) {
            bool known = false;
            std::string allowed;
            for (const char *w : f.words) {
                known = known || item == w;
                allowed += (allowed.empty() ? "" : ", ") + std::string(w);
            }
            if (!known)
                return r.fail(f.key, "expected a list of " + allowed + ", found \"" + item + "\"");
        }
        return true;
    }
    case CatalogFieldType::Flag: return r.flag(f.key, e.*f.flag);
    case CatalogFieldType::Enum: {
        int value = f.getEnum(e);
        if (!r.enumValue(f.key, f.enumTable(), value))
            return false;
        f.setEnum(e, value);
        return true;
    }
    case CatalogFieldType::Custom: return f.read(r, f, e);
    }
    return false;
}

template <class Entry>
void writeField(const CatalogField<Entry> &f, const Entry &e, nlohmann::ordered_json &out)
{
    if (f.json == CatalogJson::None)
        return;
    const char *key = f.jsonKey ? f.jsonKey : f.key;
    switch (f.type) {
    case CatalogFieldType::Number: {
        const double v = e.*f.number;
        if (f.json == CatalogJson::NullIfNegative && v < 0)
            out[key] = nullptr;
        else if (f.json != CatalogJson::OmitIfZero || v != 0)
            out[key] = v;
        return;
    }
    case CatalogFieldType::Integer:
        if (f.json != CatalogJson::OmitIfZero || e.*f.integer != 0)
            out[key] = e.*f.integer;
        return;
    case CatalogFieldType::Text:
    case CatalogFieldType::Word:
        if (f.json != CatalogJson::OmitIfZero || !(e.*f.text).empty())
            out[key] = e.*f.text;
        return;
    case CatalogFieldType::TextList:
        if (f.json != CatalogJson::OmitIfZero || !(e.*f.list).empty())
            out[key] = e.*f.list;
        return;
    case CatalogFieldType::Flag: out[key] = e.*f.flag; return;
    case CatalogFieldType::Enum: out[key] = enumName(f.enumTable(), f.getEnum(e)); return;
    case CatalogFieldType::Custom:
        if (f.writeJson)
            f.writeJson(e, out);
        return;
    }
}

template <class Entry>
bool describe(std::span<const CatalogField<Entry>> fields, std::string_view key, CatalogFieldInfo &out)
{
    for (const CatalogField<Entry> &f : fields) {
        const std::string_view own = f.key;
        // A Custom field is a nested object: "tflops.bf16" takes the bounds of "tflops".
        const bool member = f.type == CatalogFieldType::Custom && key.size() > own.size() && key.starts_with(own) &&
                            key[own.size()] == '.';
        if (key != own && !member)
            continue;
        out = {f.type, f.min, f.max, f.required, f.maxLength, {}};
        for (const char *w : f.words)
            out.words.emplace_back(w);
        if (f.type == CatalogFieldType::Enum) {
            for (const EnumName &n : f.enumTable().names)
                out.words.emplace_back(n.name);
        }
        return true;
    }
    return false;
}

} // namespace

template <class Entry>
bool requireCatalogFields(CatalogEntryReader &r, std::span<const CatalogField<Entry>> fields)
{
    for (const CatalogField<Entry> &f : fields) {
        if (f.required && !r.require({f.key}))
            return false;
    }
    return true;
}

template <class Entry>
bool readCatalogFields(CatalogEntryReader &r, std::span<const CatalogField<Entry>> fields, Entry &entry)
{
    for (const CatalogField<Entry> &f : fields) {
        if (!readField(r, f, entry))
            return false;
    }
    return true;
}

template <class Entry>
void writeCatalogFieldsJson(std::span<const CatalogField<Entry>> fields, const Entry &entry, nlohmann::ordered_json &out)
{
    for (const CatalogField<Entry> &f : fields)
        writeField(f, entry, out);
}

template <class Entry>
double valueInFileUnit(std::span<const CatalogField<Entry>> fields, std::string_view key, const Entry &entry)
{
    for (const CatalogField<Entry> &f : fields) {
        if (key != f.key)
            continue;
        if (f.type == CatalogFieldType::Number)
            return entry.*f.number / f.scale;
        if (f.type == CatalogFieldType::Integer)
            return entry.*f.integer;
    }
    return 0;
}

bool findCatalogField(std::string_view kind, std::string_view key, CatalogFieldInfo &out)
{
    if (kind == "gpus")
        return describe(gpuFields(), key, out);
    if (kind == "nodes")
        return describe(nodeFields(), key, out);
    if (kind == "fabrics")
        return describe(fabricFields(), key, out);
    if (kind == "clouds")
        return describe(cloudFields(), key, out);
    if (kind == "storage_tiers")
        return describe(storageTierFields(), key, out);
    if (kind == "api_prices")
        return describe(apiPriceFields(), key, out);
    if (kind == "models")
        return describe(modelPresetFields(), key, out);
    if (kind == "engines")
        return describe(engineFields(), key, out);
    if (kind == "error_bands")
        return describe(errorBandFields(), key, out);
    return false;
}

#define GPUPLAN_CATALOG_FIELDS_OF(Entry)                                                                               \
    template bool requireCatalogFields<Entry>(CatalogEntryReader &, std::span<const CatalogField<Entry>>);            \
    template double valueInFileUnit<Entry>(std::span<const CatalogField<Entry>>, std::string_view, const Entry &);   \
    template bool readCatalogFields<Entry>(CatalogEntryReader &, std::span<const CatalogField<Entry>>, Entry &);      \
    template void writeCatalogFieldsJson<Entry>(std::span<const CatalogField<Entry>>, const Entry &,                  \
                                                nlohmann::ordered_json &);

GPUPLAN_CATALOG_FIELDS_OF(GpuSpec)
GPUPLAN_CATALOG_FIELDS_OF(NodeSpec)
GPUPLAN_CATALOG_FIELDS_OF(FabricSpec)
GPUPLAN_CATALOG_FIELDS_OF(CloudOffer)
GPUPLAN_CATALOG_FIELDS_OF(StorageTierSpec)
GPUPLAN_CATALOG_FIELDS_OF(ApiPrice)
GPUPLAN_CATALOG_FIELDS_OF(ModelPreset)
GPUPLAN_CATALOG_FIELDS_OF(EnginePreset)
GPUPLAN_CATALOG_FIELDS_OF(ErrorBandEntry)

#undef GPUPLAN_CATALOG_FIELDS_OF

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing of serving-engine presets (catalogs/engines.json). Owned by the inference model: the
// meaning of each parameter is documented in docs/performance-model.md ("Engine parameters").
#include "catalog/CatalogEntryJson.h"
#include "catalog/CatalogEntryReader.h"
#include "catalog/CatalogFields.h"

#include "common/EnumNames.h"

#include <nlohmann/json.hpp>

namespace gpuplan {

namespace {

bool readEnum(const nlohmann::json &e, const char *key, const EnumNameTable &table, int &out, EntryError &error)
{
    auto it = e.find(key);
    if (it == e.end())
        return true;
    const nlohmann::json &v = it->is_object() && it->contains("value") ? (*it)["value"] : *it;
    const auto parsed = v.is_string() ? parseEnum(table, v.get<std::string>()) : std::nullopt;
    if (!parsed) {
        error = {key, "expected one of " + allowedNames(table)};
        return false;
    }
    out = *parsed;
    return true;
}

bool readBool(const nlohmann::json &e, const char *key, bool &out, EntryError &error)
{
    auto it = e.find(key);
    if (it == e.end())
        return true;
    const nlohmann::json &v = it->is_object() && it->contains("value") ? (*it)["value"] : *it;
    if (!v.is_boolean()) {
        error = {key, "expected true or false"};
        return false;
    }
    out = v.get<bool>();
    return true;
}

bool readInt(const nlohmann::json &e, const char *key, int lo, int hi, int &out, EntryError &error)
{
    double v = out;
    if (!readCatalogNumber(e, key, lo, hi, v, error))
        return false;
    if (v != static_cast<double>(static_cast<int>(v))) {
        error = {key, "expected a whole number"};
        return false;
    }
    out = static_cast<int>(v);
    return true;
}

using F = CatalogFieldType;
using E = EnginePreset;

// Every engine parameter once: key, bounds and member; the parser below, the JSON of `gpuplan-cli
// catalog show` and the application's catalog table read this list. Bounds: fractions of a peak are
// in (0, 1]; latencies are below a second; the pass counts are bytes per token per layer in units
// of an activation row and stay below a few hundred. The CLI's JSON has written the first fields
// since before the list (json = Value, in that order); the others are not in it (None).
const CatalogField<E> kEngineFields[] = {
    {.key = "engine", .type = F::Enum, .enumTable = engineNames,
     .getEnum = [](const E &e) { return static_cast<int>(e.engine); },
     .setEnum = [](E &e, int v) { e.engine = static_cast<ServingEngine>(v); }},
    {.key = "default_batching", .type = F::Enum, .enumTable = batchingNames,
     .getEnum = [](const E &e) { return static_cast<int>(e.defaultBatching); },
     .setEnum = [](E &e, int v) { e.defaultBatching = static_cast<Batching>(v); }},
    {.key = "decode_bw_fraction", .min = 0.01, .max = 1.0, .number = &E::decodeBwFraction},
    {.key = "prefill_flops_fraction", .min = 0.01, .max = 1.0, .number = &E::prefillFlopsFraction},
    {.key = "attention_flops_fraction", .min = 0.01, .max = 1.0, .json = CatalogJson::None,
     .number = &E::attentionFlopsFraction},
    {.key = "kernel_latency_s", .min = 0.0, .max = 1e-3, .json = CatalogJson::None, .number = &E::kernelLatencyS},
    {.key = "extra_kernels_per_layer", .type = F::Integer, .min = 0, .max = 1000, .json = CatalogJson::None,
     .integer = &E::extraKernelsPerLayer},
    {.key = "elementwise_hidden_passes", .min = 0.0, .max = 1000.0, .json = CatalogJson::None,
     .number = &E::elementwiseHiddenPasses},
    {.key = "elementwise_ffn_passes", .min = 0.0, .max = 1000.0, .json = CatalogJson::None,
     .number = &E::elementwiseFfnPasses},
    {.key = "gqa_kv_reuse", .min = 0.0, .max = 1.0, .json = CatalogJson::None, .number = &E::gqaKvReuse},
    {.key = "allreduce_latency_s", .min = 0.0, .max = 1e-2, .json = CatalogJson::None, .number = &E::allReduceLatencyS},
    {.key = "allreduce_bus_fraction", .min = 0.01, .max = 1.0, .json = CatalogJson::None,
     .number = &E::allReduceBusFraction},
    {.key = "step_overhead_s", .min = 0.0, .max = 1.0, .number = &E::stepOverheadS},
    {.key = "prefill_overhead_s", .min = 0.0, .max = 10.0, .json = CatalogJson::None, .number = &E::prefillOverheadS},
    {.key = "residual_mape", .min = 0.0, .max = 1000.0, .json = CatalogJson::None, .number = &E::residualMape},
    {.key = "memory_reserve_gib", .min = 0.0, .max = 64.0, .number = &E::memoryReserveGiB},
    {.key = "paged_kv", .type = F::Flag, .flag = &E::pagedKv},
    {.key = "kv_block_tokens", .type = F::Integer, .min = 1, .max = 1024, .integer = &E::kvBlockTokens},
    {.key = "kv_memory_fraction", .min = 0.05, .max = 1.0, .number = &E::kvMemoryFraction},
    {.key = "kv_fraction_of_free", .type = F::Flag, .flag = &E::kvFractionOfFree},
    {.key = "kv_fraction_covers_temporaries", .type = F::Flag, .flag = &E::kvFractionCoversTemporaries},
    {.key = "kv_reserve_whole_request", .type = F::Flag, .flag = &E::kvReserveWholeRequest},
    {.key = "max_batch", .type = F::Integer, .min = 1, .max = 1000000, .integer = &E::maxBatch},
    {.key = "max_tokens_per_step", .type = F::Integer, .min = 16, .max = 10000000, .integer = &E::maxTokensPerStep},
    {.key = "sequence_step_overhead_s", .min = 0.0, .max = 1e-2, .json = CatalogJson::None,
     .number = &E::sequenceStepOverheadS},
    {.key = "engine_start_s", .min = 0.0, .max = 3600.0, .json = CatalogJson::None, .number = &E::engineStartS},
    {.key = "mixed_prefill", .type = F::Flag, .json = CatalogJson::None, .flag = &E::mixedPrefill},
    {.key = "cuda_graph_max_batch", .type = F::Integer, .min = 0, .max = 1000000, .json = CatalogJson::None,
     .integer = &E::cudaGraphMaxBatch},
    {.key = "graph_kernel_latency_s", .min = 0.0, .max = 1e-3, .json = CatalogJson::None,
     .number = &E::graphKernelLatencyS},
};

// A misspelt parameter would otherwise leave the default in place without a word.
bool rejectUnknownKeys(const nlohmann::json &e, EntryError &error)
{
    for (auto it = e.begin(); it != e.end(); ++it) {
        if (isCatalogMetaKey(it.key()))
            continue;
        bool known = it.key() == "name";
        for (const CatalogField<E> &f : kEngineFields)
            known = known || it.key() == f.key;
        if (!known) {
            error = {it.key(), "unknown engine parameter (docs/performance-model.md lists them)"};
            return false;
        }
    }
    return true;
}

bool readEngineField(const nlohmann::json &e, const CatalogField<E> &f, E &p, EntryError &error)
{
    switch (f.type) {
    case F::Number: return readCatalogNumber(e, f.key, f.min, f.max, p.*f.number, error);
    case F::Integer: return readInt(e, f.key, static_cast<int>(f.min), static_cast<int>(f.max), p.*f.integer, error);
    case F::Flag: return readBool(e, f.key, p.*f.flag, error);
    case F::Enum: {
        int value = f.getEnum(p);
        if (!readEnum(e, f.key, f.enumTable(), value, error))
            return false;
        f.setEnum(p, value);
        return true;
    }
    default: break;
    }
    error = {f.key, "no reader for this engine parameter"};   // a registry entry of a type engines do not use
    return false;
}

} // namespace

bool parseEnginePreset(const nlohmann::json &e, EnginePreset &out, EntryError &error)
{
    if (!rejectUnknownKeys(e, error))
        return false;
    EnginePreset p = out;
    if (auto it = e.find("name"); it != e.end() && it->is_string())
        p.name = it->get<std::string>();
    for (const CatalogField<E> &f : kEngineFields) {
        if (!readEngineField(e, f, p, error))
            return false;
    }
    out = p;
    return true;
}

std::span<const CatalogField<EnginePreset>> engineFields()
{
    return kEngineFields;
}

} // namespace gpuplan

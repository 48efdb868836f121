// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing of serving-engine presets (catalogs/engines.json). Owned by the inference model: the
// meaning of each parameter is documented in docs/performance-model.md ("Engine parameters").
#include "catalog/CatalogEntryJson.h"
#include "catalog/CatalogEntryReader.h"

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

const char *const kEngineKeys[] = {
    "name", "engine", "default_batching", "decode_bw_fraction", "prefill_flops_fraction", "attention_flops_fraction",
    "kernel_latency_s", "extra_kernels_per_layer", "elementwise_hidden_passes", "elementwise_ffn_passes",
    "gqa_kv_reuse", "allreduce_latency_s", "allreduce_bus_fraction", "step_overhead_s", "prefill_overhead_s",
    "residual_mape", "memory_reserve_gib", "paged_kv", "kv_block_tokens", "kv_memory_fraction", "kv_fraction_of_free",
    "kv_reserve_whole_request", "max_batch", "max_tokens_per_step", "sequence_step_overhead_s", "engine_start_s",
    "mixed_prefill", "kv_fraction_covers_temporaries", "cuda_graph_max_batch", "graph_kernel_latency_s"};

// A misspelt parameter would otherwise leave the default in place without a word.
bool rejectUnknownKeys(const nlohmann::json &e, EntryError &error)
{
    for (auto it = e.begin(); it != e.end(); ++it) {
        if (isCatalogMetaKey(it.key()))
            continue;
        bool known = false;
        for (const char *k : kEngineKeys)
            known = known || it.key() == k;
        if (!known) {
            error = {it.key(), "unknown engine parameter (docs/performance-model.md lists them)"};
            return false;
        }
    }
    return true;
}

} // namespace

bool parseEnginePreset(const nlohmann::json &e, EnginePreset &out, EntryError &error)
{
    if (!rejectUnknownKeys(e, error))
        return false;
    EnginePreset p = out;
    if (auto it = e.find("name"); it != e.end() && it->is_string())
        p.name = it->get<std::string>();
    int engine = static_cast<int>(p.engine);
    int batching = static_cast<int>(p.defaultBatching);
    if (!readEnum(e, "engine", engineNames(), engine, error) ||
        !readEnum(e, "default_batching", batchingNames(), batching, error))
        return false;
    p.engine = static_cast<ServingEngine>(engine);
    p.defaultBatching = static_cast<Batching>(batching);
    // Bounds: fractions of a peak are in (0, 1]; latencies are below a second; the pass counts are
    // bytes per token per layer in units of an activation row and stay below a few hundred.
    if (!readCatalogNumber(e, "decode_bw_fraction", 0.01, 1.0, p.decodeBwFraction, error) ||
        !readCatalogNumber(e, "prefill_flops_fraction", 0.01, 1.0, p.prefillFlopsFraction, error) ||
        !readCatalogNumber(e, "attention_flops_fraction", 0.01, 1.0, p.attentionFlopsFraction, error) ||
        !readCatalogNumber(e, "kernel_latency_s", 0.0, 1e-3, p.kernelLatencyS, error) ||
        !readInt(e, "extra_kernels_per_layer", 0, 1000, p.extraKernelsPerLayer, error) ||
        !readCatalogNumber(e, "elementwise_hidden_passes", 0.0, 1000.0, p.elementwiseHiddenPasses, error) ||
        !readCatalogNumber(e, "elementwise_ffn_passes", 0.0, 1000.0, p.elementwiseFfnPasses, error) ||
        !readCatalogNumber(e, "gqa_kv_reuse", 0.0, 1.0, p.gqaKvReuse, error) ||
        !readCatalogNumber(e, "allreduce_latency_s", 0.0, 1e-2, p.allReduceLatencyS, error) ||
        !readCatalogNumber(e, "allreduce_bus_fraction", 0.01, 1.0, p.allReduceBusFraction, error) ||
        !readCatalogNumber(e, "step_overhead_s", 0.0, 1.0, p.stepOverheadS, error) ||
        !readCatalogNumber(e, "prefill_overhead_s", 0.0, 10.0, p.prefillOverheadS, error) ||
        !readCatalogNumber(e, "residual_mape", 0.0, 1000.0, p.residualMape, error) ||
        !readCatalogNumber(e, "memory_reserve_gib", 0.0, 64.0, p.memoryReserveGiB, error) ||
        !readInt(e, "kv_block_tokens", 1, 1024, p.kvBlockTokens, error) || !readBool(e, "paged_kv", p.pagedKv, error) ||
        !readCatalogNumber(e, "kv_memory_fraction", 0.05, 1.0, p.kvMemoryFraction, error) ||
        !readBool(e, "kv_fraction_of_free", p.kvFractionOfFree, error) ||
        !readBool(e, "kv_reserve_whole_request", p.kvReserveWholeRequest, error) ||
        !readInt(e, "max_batch", 1, 1000000, p.maxBatch, error) ||
        !readInt(e, "max_tokens_per_step", 16, 10000000, p.maxTokensPerStep, error) ||
        !readCatalogNumber(e, "sequence_step_overhead_s", 0.0, 1e-2, p.sequenceStepOverheadS, error) ||
        !readCatalogNumber(e, "engine_start_s", 0.0, 3600.0, p.engineStartS, error) ||
        !readBool(e, "mixed_prefill", p.mixedPrefill, error) ||
        !readBool(e, "kv_fraction_covers_temporaries", p.kvFractionCoversTemporaries, error) ||
        !readInt(e, "cuda_graph_max_batch", 0, 1000000, p.cudaGraphMaxBatch, error) ||
        !readCatalogNumber(e, "graph_kernel_latency_s", 0.0, 1e-3, p.graphKernelLatencyS, error))
        return false;
    out = p;
    return true;
}

} // namespace gpuplan

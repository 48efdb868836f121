// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing of serving-engine presets (catalogs/engines.json). Owned by the inference model: the
// meaning of each parameter is documented in docs/performance-model.md.
#include "catalog/CatalogEntryJson.h"

#include "common/EnumNames.h"

#include <nlohmann/json.hpp>

namespace gpuplan {

bool parseEnginePreset(const nlohmann::json &e, EnginePreset &out, EntryError &error)
{
    EnginePreset p = out;
    if (auto it = e.find("name"); it != e.end() && it->is_string())
        p.name = it->get<std::string>();
    if (auto it = e.find("engine"); it != e.end()) {
        const auto v = it->is_string() ? parseEnum(engineNames(), it->get<std::string>()) : std::nullopt;
        if (!v) {
            error = {"engine", "expected one of " + allowedNames(engineNames())};
            return false;
        }
        p.engine = static_cast<ServingEngine>(*v);
    }
    if (auto it = e.find("default_batching"); it != e.end()) {
        const auto v = it->is_string() ? parseEnum(batchingNames(), it->get<std::string>()) : std::nullopt;
        if (!v) {
            error = {"default_batching", "expected one of " + allowedNames(batchingNames())};
            return false;
        }
        p.defaultBatching = static_cast<Batching>(*v);
    }
    double blockTokens = p.kvBlockTokens;
    if (!readCatalogNumber(e, "decode_bw_fraction", 0.01, 1.0, p.decodeBwFraction, error) ||
        !readCatalogNumber(e, "prefill_flops_fraction", 0.01, 1.0, p.prefillFlopsFraction, error) ||
        !readCatalogNumber(e, "step_overhead_s", 0.0, 1.0, p.stepOverheadS, error) ||
        !readCatalogNumber(e, "memory_reserve_gib", 0.0, 64.0, p.memoryReserveGiB, error) ||
        !readCatalogNumber(e, "kv_block_tokens", 1, 1024, blockTokens, error))
        return false;
    p.kvBlockTokens = static_cast<int>(blockTokens);
    if (auto it = e.find("paged_kv"); it != e.end()) {
        if (!it->is_boolean()) {
            error = {"paged_kv", "expected true or false"};
            return false;
        }
        p.pagedKv = it->get<bool>();
    }
    out = p;
    return true;
}

} // namespace gpuplan

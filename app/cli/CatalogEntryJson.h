// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"

#include <nlohmann/json.hpp>

#include <string>

// Catalog entries as JSON for `gpuplan-cli catalog ... --json`: every field in internal units
// (bytes, bytes/s one direction, FLOP/s, W, USD; the key names say which), then "sources" with
// the provenance of each figure under its catalog-file field name. Prices that are not
// published are null.
namespace gpuplan::cli {

nlohmann::ordered_json entryJson(const GpuSpec &gpu);
nlohmann::ordered_json entryJson(const NodeSpec &node);
nlohmann::ordered_json entryJson(const FabricSpec &fabric);
nlohmann::ordered_json entryJson(const CloudOffer &offer);
nlohmann::ordered_json entryJson(const ModelPreset &model);
nlohmann::ordered_json entryJson(const EnginePreset &engine);
nlohmann::ordered_json entryJson(const StorageTierSpec &tier);
nlohmann::ordered_json entryJson(const ApiPrice &price);
nlohmann::ordered_json entryJson(const ErrorBandEntry &band);

nlohmann::ordered_json sourcesJson(const ProvenanceMap &sources);

} // namespace gpuplan::cli

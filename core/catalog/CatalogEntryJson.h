// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/EnginePreset.h"
#include "catalog/GpuSpec.h"

#include <nlohmann/json_fwd.hpp>

#include <string>

// Parsers for catalog entries whose fields belong to a model: the time model owns the meaning of
// GpuEfficiency, the inference model that of EnginePreset. The catalog loader calls these. Each
// returns false with the offending field and an "expected ... found ..." message.
namespace gpuplan {

struct EntryError
{
    std::string field;
    std::string message;
};

// One object of catalogs/gpu_efficiency.json's "gpu_efficiency" list (minus "gpu" and sources).
bool parseGpuEfficiency(const nlohmann::json &entry, GpuEfficiency &out, EntryError &error);

// One object of catalogs/engines.json's "engines" list (id, aliases and sources handled by the loader).
bool parseEnginePreset(const nlohmann::json &entry, EnginePreset &out, EntryError &error);

// Reads an optional number field; absent keeps the default. Values must be finite and within
// [lo, hi]. Shared by every catalog parser.
bool readCatalogNumber(const nlohmann::json &entry, const char *key, double lo, double hi, double &out, EntryError &error);

} // namespace gpuplan

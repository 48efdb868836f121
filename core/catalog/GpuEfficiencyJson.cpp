// SPDX-License-Identifier: GPL-3.0-or-later
// Parsing of fitted GPU efficiency parameters (catalogs/gpu_efficiency.json). Owned by the time
// model: the meaning of each parameter is documented in docs/performance-model.md.
#include "catalog/CatalogEntryJson.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace gpuplan {

bool readCatalogNumber(const nlohmann::json &entry, const char *key, double lo, double hi, double &out, EntryError &error)
{
    auto it = entry.find(key);
    if (it == entry.end())
        return true;
    // A figure may be a plain number or {"value": n, "source": ..., "date": ...}.
    const nlohmann::json &v = it->is_object() && it->contains("value") ? (*it)["value"] : *it;
    if (!v.is_number()) {
        error = {key, "expected a number, found " + std::string(v.type_name())};
        return false;
    }
    const double d = v.get<double>();
    if (!std::isfinite(d) || d < lo || d > hi) {
        error = {key, "value " + v.dump() + " outside the allowed range " + nlohmann::json(lo).dump() + " to " +
                          nlohmann::json(hi).dump()};
        return false;
    }
    out = d + 0.0;
    return true;
}

bool parseGpuEfficiency(const nlohmann::json &e, GpuEfficiency &out, EntryError &error)
{
    GpuEfficiency g = out;
    if (!readCatalogNumber(e, "matmul_max_fraction", 0.01, 1.0, g.matmulMaxFraction, error) ||
        !readCatalogNumber(e, "matmul_half_flops", 0.0, 1e15, g.matmulHalfFlops, error) ||
        !readCatalogNumber(e, "hbm_max_fraction", 0.01, 1.0, g.hbmMaxFraction, error) ||
        !readCatalogNumber(e, "hbm_half_bytes", 0.0, 1e12, g.hbmHalfBytes, error) ||
        !readCatalogNumber(e, "kernel_floor_s", 0.0, 1e-2, g.kernelFloorS, error) ||
        !readCatalogNumber(e, "comm_compute_slowdown", 0.0, 1.0, g.commComputeSlowdown, error))
        return false;
    if (auto it = e.find("fit"); it != e.end()) {
        if (!it->is_string()) {
            error = {"fit", "expected text describing how the values were fitted"};
            return false;
        }
        g.fitNote = it->get<std::string>();
    }
    out = g;
    return true;
}

} // namespace gpuplan

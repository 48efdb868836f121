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

namespace {

// Keys of a gpu_efficiency entry besides the fitted numbers; "gpu" and the provenance keys are
// handled by the catalog loader.
bool isEfficiencyMetaKey(const std::string &key)
{
    return key == "gpu" || key == "fit" || key == "fitted" || key == "derived_from" || key == "source" ||
           key == "date" || key == "estimate" || key == "secondary" || key == "note" || key == "notes";
}

struct NumberField
{
    const char *key;
    double lo;
    double hi;
    double GpuEfficiency::*member;
};

// Bounds are physical: fractions in (0, 1], latencies up to 10 ms, host overheads up to 10 s.
constexpr NumberField kNumberFields[] = {
    {"matmul_max_fraction", 0.01, 1.0, &GpuEfficiency::matmulMaxFraction},
    {"matmul_half_flops", 0.0, 1e15, &GpuEfficiency::matmulHalfFlops},
    {"attention_max_fraction", 0.01, 1.0, &GpuEfficiency::attentionMaxFraction},
    {"hbm_max_fraction", 0.01, 1.0, &GpuEfficiency::hbmMaxFraction},
    {"hbm_half_bytes", 0.0, 1e12, &GpuEfficiency::hbmHalfBytes},
    {"kernel_floor_s", 0.0, 1e-2, &GpuEfficiency::kernelFloorS},
    {"host_launch_s", 0.0, 1e-2, &GpuEfficiency::hostLaunchS},
    {"host_overlap_exponent", 1.0, 100.0, &GpuEfficiency::hostOverlapExponent},
    {"micro_batch_overhead_s", 0.0, 10.0, &GpuEfficiency::microBatchOverheadS},
    {"step_overhead_s", 0.0, 10.0, &GpuEfficiency::stepOverheadS},
    {"comm_overlap_penalty", 0.0, 1.0, &GpuEfficiency::commOverlapPenalty},
    {"intra_bus_bw_fraction", 0.01, 1.0, &GpuEfficiency::intraBusBwFraction},
    {"intra_latency_s", 0.0, 1e-2, &GpuEfficiency::intraLatencyS},
    {"grouped_gemm_tile_m", 1.0, 1024.0, &GpuEfficiency::groupedGemmTileM},
    {"grouped_gemm_half_flops", 0.0, 1e15, &GpuEfficiency::groupedGemmHalfFlops},
    {"residual_mape", 0.0, 1000.0, &GpuEfficiency::residualMape},
};

bool readText(const nlohmann::json &e, const char *key, std::string &out, EntryError &error)
{
    auto it = e.find(key);
    if (it == e.end())
        return true;
    if (!it->is_string() || it->get<std::string>().size() > 2000) {
        error = {key, std::string("expected text of at most 2000 characters, found ") + it->type_name()};
        return false;
    }
    out = it->get<std::string>();
    return true;
}

} // namespace

bool parseGpuEfficiency(const nlohmann::json &e, GpuEfficiency &out, EntryError &error)
{
    GpuEfficiency g = out;
    for (auto it = e.begin(); it != e.end(); ++it) {
        const std::string &key = it.key();
        bool known = isEfficiencyMetaKey(key);
        for (const NumberField &f : kNumberFields)
            known = known || key == f.key;
        if (!known) {
            std::string allowed;
            for (const NumberField &f : kNumberFields)
                allowed += std::string(allowed.empty() ? "" : ", ") + f.key;
            error = {key, "unknown field; expected one of " + allowed + ", fit, fitted, derived_from"};
            return false;
        }
    }
    for (const NumberField &f : kNumberFields) {
        if (!readCatalogNumber(e, f.key, f.lo, f.hi, g.*f.member, error))
            return false;
    }
    if (auto it = e.find("fitted"); it != e.end()) {
        if (!it->is_boolean()) {
            error = {"fitted", std::string("expected true or false, found ") + it->type_name()};
            return false;
        }
        g.fitted = it->get<bool>();
    }
    if (!readText(e, "fit", g.fitNote, error) || !readText(e, "derived_from", g.derivedFrom, error))
        return false;
    out = g;
    return true;
}

} // namespace gpuplan

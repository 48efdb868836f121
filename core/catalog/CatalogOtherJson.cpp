// SPDX-License-Identifier: GPL-3.0-or-later
// Catalog kinds that are not hardware: clouds, models, engines, storage_tiers. Units and bounds
// are documented in docs/catalogs.md.
#include "catalog/CatalogKinds.h"

#include "common/Units.h"

#include <string_view>

namespace gpuplan {

namespace {

constexpr double kMaxGpuHourUsd = 10000;

// One model.* field of the plan registry, read with the registry's own type and bounds so that
// a preset can never hold a value a plan file would refuse.
bool readModelField(CatalogEntryReader &r, const FieldSpec &f, const char *key, Plan &plan)
{
    bool present = false;
    const nlohmann::json *v = r.value(key, present);
    if (!present)
        return true;
    if (!v)
        return false;
    switch (f.type) {
    case FieldType::Int:
    case FieldType::Real: {
        if (!v->is_number())
            return r.fail(key, "expected " + describeAllowed(f) + ", found " + catalogJsonTypeName(*v));
        const double d = v->get<double>() + 0.0;
        std::string message;
        if (!checkFieldValue(f, d, message)) {
            // checkFieldValue names the plan path; the catalog issue names the key itself.
            const std::string prefix = std::string(f.path) + ": ";
            return r.fail(key, message.starts_with(prefix) ? message.substr(prefix.size()) : message);
        }
        f.setNumber(plan, d);
        return true;
    }
    case FieldType::Bool:
        if (!v->is_boolean())
            return r.fail(key, "expected true or false, found " + catalogJsonTypeName(*v));
        f.setNumber(plan, v->get<bool>() ? 1.0 : 0.0);
        return true;
    case FieldType::Enum: {
        const auto parsed = v->is_string() ? parseEnum(f.enumTable(), v->get_ref<const std::string &>()) : std::nullopt;
        if (!parsed)
            return r.fail(key, "expected one of " + allowedNames(f.enumTable()) + ", found " + catalogJsonTypeName(*v));
        f.setNumber(plan, *parsed);
        return true;
    }
    case FieldType::Text: break;
    }
    return r.fail(key, "is not a model field of a catalog preset");
}

} // namespace

const char *modelPresetFieldKey(const FieldSpec &f)
{
    const std::string_view path = f.path;
    if (!path.starts_with("model.") || path == "model.preset" || path == "model.name")
        return nullptr;
    return f.path + 6;
}

bool readCloudEntry(CatalogEntryReader &r, CloudOffer &c)
{
    if (!r.require({"provider", "instance", "gpu", "gpus_per_instance"}) ||
        !r.requireAny({"on_demand_per_gpu_hour", "reserved_1y_per_gpu_hour", "reserved_3y_per_gpu_hour",
                       "spot_per_gpu_hour"}))
        return false;
    if (!r.text("provider", c.provider) || !r.text("instance", c.instance) || !r.text("gpu", c.gpu) ||
        !r.integer("gpus_per_instance", 1, 100000, c.gpusPerInstance) ||
        !r.number("on_demand_per_gpu_hour", 0, kMaxGpuHourUsd, c.onDemandPerGpuHour) ||
        !r.number("reserved_1y_per_gpu_hour", 0, kMaxGpuHourUsd, c.reserved1yPerGpuHour) ||
        !r.number("reserved_3y_per_gpu_hour", 0, kMaxGpuHourUsd, c.reserved3yPerGpuHour) ||
        !r.number("spot_per_gpu_hour", 0, kMaxGpuHourUsd, c.spotPerGpuHour) ||
        !r.number("storage_usd_per_gb_month", 0, 100, c.storageUsdPerGbMonth) ||
        !r.number("egress_usd_per_gb", 0, 100, c.egressUsdPerGb) || !r.text("region", c.region, 1000))
        return false;
    // The offer's date is the date of its headline price as given in this entry.
    for (const char *price : {"on_demand_per_gpu_hour", "reserved_1y_per_gpu_hour", "reserved_3y_per_gpu_hour",
                              "spot_per_gpu_hour"}) {
        if (r.has(price)) {
            c.date = c.sources[price].date;
            break;
        }
    }
    return r.rejectUnknownKeys();
}

bool readModelEntry(CatalogEntryReader &r, ModelPreset &m)
{
    if (!r.require({"layers", "hidden", "heads", "vocab"}) || !r.label("name", m.arch.name))
        return false;
    Plan plan;
    plan.model = m.arch;
    for (const FieldSpec &f : modelFields()) {
        const char *key = modelPresetFieldKey(f);
        if (key && !readModelField(r, f, key, plan))
            return false;
    }
    m.arch = plan.model;
    m.arch.preset.clear();
    if (!r.number("published_params", 1, 1e14, m.publishedParams) ||
        !r.number("published_active_params", 1, 1e14, m.publishedActiveParams) ||
        !r.number("published_step", 0, 1e13, m.publishedStep) ||
        !r.number("published_active_step", 0, 1e13, m.publishedActiveStep) || !r.textList("published_excludes", m.publishedExcludes) ||
        !r.integer("default_seq_len", 1, 10000000, m.defaultSeqLen))
        return false;
    for (const std::string &part : m.publishedExcludes) {
        if (part != "mtp" && part != "input_embedding" && part != "output_layer" && part != "vision_encoder")
            return r.fail("published_excludes", "expected a list of mtp, input_embedding, output_layer, vision_encoder, found \"" +
                                                    part + "\"");
    }
    if (m.publishedActiveParams > 0 && m.publishedParams > 0 && m.publishedActiveParams > m.publishedParams)
        return r.fail("published_active_params", "expected at most published_params");
    return r.rejectUnknownKeys();
}

bool readEngineEntry(CatalogEntryReader &r, EnginePreset &e)
{
    if (!r.label("name", e.name))
        return false;
    // The inference model owns the engine parameters; its parser accepts value objects too.
    EntryError error;
    if (!parseEnginePreset(r.entry(), e, error))
        return r.fail(error.field, error.message);
    return r.recordRemaining();
}

bool readStorageTierEntry(CatalogEntryReader &r, StorageTierSpec &t)
{
    return r.require({"read_per_node_gbytes_per_s", "write_per_node_gbytes_per_s"}) &&
           r.number("read_per_node_gbytes_per_s", 0, 1e4, t.readPerNode, units::kGB) &&
           r.number("write_per_node_gbytes_per_s", 0, 1e4, t.writePerNode, units::kGB) &&
           r.number("aggregate_read_gbytes_per_s", 0, 1e7, t.aggregateRead, units::kGB) &&
           r.number("aggregate_write_gbytes_per_s", 0, 1e7, t.aggregateWrite, units::kGB) &&
           r.number("first_byte_latency_s", 0, 100, t.firstByteLatencyS) &&
           r.number("usd_per_tb", 0, 1e6, t.usdPerTb) && r.number("usd_per_gbytes_per_s", 0, 1e8, t.usdPerGBps) &&
           r.number("usd_per_tb_month", 0, 1e5, t.usdPerTbMonth) && r.flag("node_local", t.nodeLocal) &&
           r.rejectUnknownKeys();
}

} // namespace gpuplan

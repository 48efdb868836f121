// SPDX-License-Identifier: GPL-3.0-or-later
// Catalog kinds that are not hardware: clouds, models, engines, storage_tiers, with the field
// registries of clouds, storage tiers and the model presets' own figures (core/catalog/CatalogFields.h).
// Units and bounds are documented in docs/catalogs.md.
#include "catalog/CatalogKinds.h"

#include "catalog/CatalogFields.h"
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

using F = CatalogFieldType;
using C = CloudOffer;
using S = StorageTierSpec;
using A = ApiPrice;
using M = ModelPreset;
constexpr CatalogJson kNullIfNegative = CatalogJson::NullIfNegative;

const CatalogField<C> kCloudFields[] = {
    {.key = "provider", .type = F::Text, .required = true, .text = &C::provider},
    {.key = "instance", .type = F::Text, .required = true, .text = &C::instance},
    {.key = "gpu", .type = F::Text, .required = true, .text = &C::gpu},
    {.key = "gpus_per_instance", .type = F::Integer, .min = 1, .max = 100000, .required = true,
     .integer = &C::gpusPerInstance},
    {.key = "on_demand_per_gpu_hour", .max = kMaxGpuHourUsd, .json = kNullIfNegative, .number = &C::onDemandPerGpuHour},
    {.key = "reserved_1y_per_gpu_hour", .max = kMaxGpuHourUsd, .json = kNullIfNegative,
     .number = &C::reserved1yPerGpuHour},
    {.key = "reserved_3y_per_gpu_hour", .max = kMaxGpuHourUsd, .json = kNullIfNegative,
     .number = &C::reserved3yPerGpuHour},
    {.key = "spot_per_gpu_hour", .max = kMaxGpuHourUsd, .json = kNullIfNegative, .number = &C::spotPerGpuHour},
    {.key = "storage_usd_per_gb_month", .max = 100, .json = kNullIfNegative, .number = &C::storageUsdPerGbMonth},
    {.key = "egress_usd_per_gb", .max = 100, .json = kNullIfNegative, .number = &C::egressUsdPerGb},
    {.key = "region", .type = F::Text, .maxLength = 1000, .text = &C::region},
};

const CatalogField<S> kStorageTierFields[] = {
    {.key = "read_per_node_gbytes_per_s", .max = 1e4, .scale = units::kGB, .required = true, .jsonKey = "read_per_node",
     .number = &S::readPerNode},
    {.key = "write_per_node_gbytes_per_s", .max = 1e4, .scale = units::kGB, .required = true,
     .jsonKey = "write_per_node", .number = &S::writePerNode},
    {.key = "aggregate_read_gbytes_per_s", .max = 1e7, .scale = units::kGB, .jsonKey = "aggregate_read",
     .number = &S::aggregateRead},
    {.key = "aggregate_write_gbytes_per_s", .max = 1e7, .scale = units::kGB, .jsonKey = "aggregate_write",
     .number = &S::aggregateWrite},
    {.key = "first_byte_latency_s", .max = 100, .number = &S::firstByteLatencyS},
    {.key = "usd_per_tb", .max = 1e6, .json = kNullIfNegative, .number = &S::usdPerTb},
    {.key = "usd_per_gbytes_per_s", .max = 1e8, .number = &S::usdPerGBps},
    {.key = "usd_per_tb_month", .max = 1e5, .json = kNullIfNegative, .number = &S::usdPerTbMonth},
    {.key = "node_local", .type = F::Flag, .flag = &S::nodeLocal},
};

// Published per-token prices: USD per million tokens (a few dollars; $1,000 bounds a typo).
constexpr double kMaxUsdPerMtok = 1000;

const CatalogField<A> kApiPriceFields[] = {
    {.key = "provider", .type = F::Text, .required = true, .text = &A::provider},
    {.key = "api_model", .type = F::Text, .required = true, .text = &A::apiModel},
    {.key = "model", .type = F::Text, .text = &A::model},
    {.key = "weights", .type = F::Text, .text = &A::weights},
    {.key = "input_usd_per_mtok", .max = kMaxUsdPerMtok, .required = true, .number = &A::inputUsdPerMtok},
    {.key = "cached_input_usd_per_mtok", .max = kMaxUsdPerMtok, .json = kNullIfNegative,
     .number = &A::cachedInputUsdPerMtok},
    {.key = "output_usd_per_mtok", .max = kMaxUsdPerMtok, .required = true, .number = &A::outputUsdPerMtok},
    {.key = "conditions", .type = F::Text, .text = &A::conditions},
};

// The parts a published count may leave out or hold beyond the preset (ModelPreset::publishedExcludes).
constexpr const char *kPublishedParts[] = {"mtp", "input_embedding", "output_layer", "vision_encoder"};
constexpr CatalogJson kOmitIfZero = CatalogJson::OmitIfZero;

const CatalogField<M> kModelPresetFields[] = {
    {.key = "published_params", .min = 1, .max = 1e14, .number = &M::publishedParams},
    {.key = "published_active_params", .min = 1, .max = 1e14, .json = kOmitIfZero, .number = &M::publishedActiveParams},
    {.key = "published_step", .min = 0, .max = 1e13, .json = kOmitIfZero, .number = &M::publishedStep},
    {.key = "published_active_step", .min = 0, .max = 1e13, .json = kOmitIfZero, .number = &M::publishedActiveStep},
    {.key = "published_excludes", .type = F::TextList, .words = kPublishedParts, .json = kOmitIfZero,
     .list = &M::publishedExcludes},
    {.key = "default_seq_len", .type = F::Integer, .min = 1, .max = 10000000, .integer = &M::defaultSeqLen},
};

} // namespace

std::span<const CatalogField<CloudOffer>> cloudFields()
{
    return kCloudFields;
}

std::span<const CatalogField<StorageTierSpec>> storageTierFields()
{
    return kStorageTierFields;
}

std::span<const CatalogField<ApiPrice>> apiPriceFields()
{
    return kApiPriceFields;
}

std::span<const CatalogField<ModelPreset>> modelPresetFields()
{
    return kModelPresetFields;
}

const char *modelPresetFieldKey(const FieldSpec &f)
{
    const std::string_view path = f.path;
    if (!path.starts_with("model.") || path == "model.preset" || path == "model.name")
        return nullptr;
    return f.path + 6;
}

bool readCloudEntry(CatalogEntryReader &r, CloudOffer &c)
{
    if (!requireCatalogFields(r, cloudFields()) ||
        !r.requireAny({"on_demand_per_gpu_hour", "reserved_1y_per_gpu_hour", "reserved_3y_per_gpu_hour",
                       "spot_per_gpu_hour"}) ||
        !readCatalogFields(r, cloudFields(), c))
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
    if (!readCatalogFields(r, modelPresetFields(), m))
        return false;
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

bool readApiPriceEntry(CatalogEntryReader &r, ApiPrice &a)
{
    return requireCatalogFields(r, apiPriceFields()) && readCatalogFields(r, apiPriceFields(), a) && r.rejectUnknownKeys();
}

bool readStorageTierEntry(CatalogEntryReader &r, StorageTierSpec &t)
{
    return requireCatalogFields(r, storageTierFields()) && readCatalogFields(r, storageTierFields(), t) &&
           r.rejectUnknownKeys();
}

} // namespace gpuplan

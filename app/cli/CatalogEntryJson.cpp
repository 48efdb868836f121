// SPDX-License-Identifier: GPL-3.0-or-later
#include "CatalogEntryJson.h"

#include "catalog/CatalogFields.h"
#include "catalog/CatalogKinds.h"
#include "common/EnumNames.h"
#include "model/ModelShape.h"

namespace gpuplan::cli {

namespace {

using Json = nlohmann::ordered_json;

Json head(const std::string &id, const std::string &name, const std::vector<std::string> &aliases)
{
    return {{"id", id}, {"name", name}, {"aliases", aliases}};
}

} // namespace

Json sourcesJson(const ProvenanceMap &sources)
{
    Json out = Json::object();
    for (const auto &[field, p] : sources) {
        Json s = {{"source", p.source}, {"date", p.date}, {"estimate", p.estimate}, {"secondary", p.secondary}};
        if (!p.note.empty())
            s["note"] = p.note;
        out[field] = std::move(s);
    }
    return out;
}

Json entryJson(const GpuSpec &g)
{
    Json j = head(g.id, g.name, g.aliases);
    writeCatalogFieldsJson(gpuFields(), g, j);
    j["sources"] = sourcesJson(g.sources);
    return j;
}

Json entryJson(const NodeSpec &n)
{
    Json j = head(n.id, n.name, n.aliases);
    writeCatalogFieldsJson(nodeFields(), n, j);
    j["sources"] = sourcesJson(n.sources);
    return j;
}

Json entryJson(const FabricSpec &f)
{
    Json j = head(f.id, f.name, f.aliases);
    writeCatalogFieldsJson(fabricFields(), f, j);
    j["sources"] = sourcesJson(f.sources);
    return j;
}

Json entryJson(const CloudOffer &c)
{
    Json j = {{"id", c.id}, {"aliases", c.aliases}};
    writeCatalogFieldsJson(cloudFields(), c, j);
    j["date"] = c.date;   // the date of the headline price (the loader derives it)
    j["sources"] = sourcesJson(c.sources);
    return j;
}

Json entryJson(const ModelPreset &m)
{
    Json j = head(m.id, m.arch.name, m.aliases);
    writeCatalogFieldsJson(modelPresetFields(), m, j);
    const ModelShape shape = computeModelShape(m.arch, m.defaultSeqLen > 0 ? m.defaultSeqLen : 4096);
    j["counted_params"] = shape.totalParams;
    if (m.arch.moeExperts > 0)
        j["counted_active_params"] = shape.activeParams;
    // The architecture under the plan file's model.* names (docs/plan-format.md).
    Plan plan;
    plan.model = m.arch;
    for (const FieldSpec &f : modelFields()) {
        const char *key = modelPresetFieldKey(f);
        if (!key)
            continue;
        switch (f.type) {
        case FieldType::Int: j[key] = static_cast<long long>(f.getNumber(plan)); break;
        case FieldType::Real: j[key] = f.getNumber(plan); break;
        case FieldType::Bool: j[key] = f.getNumber(plan) != 0.0; break;
        case FieldType::Enum: j[key] = enumName(f.enumTable(), static_cast<int>(f.getNumber(plan))); break;
        case FieldType::Text: j[key] = f.getText(plan); break;
        }
    }
    j["sources"] = sourcesJson(m.sources);
    return j;
}

Json entryJson(const EnginePreset &e)
{
    Json j = head(e.id, e.name, e.aliases);
    writeCatalogFieldsJson(engineFields(), e, j);
    j["sources"] = sourcesJson(e.sources);
    return j;
}

Json entryJson(const StorageTierSpec &t)
{
    Json j = head(t.id, t.name, t.aliases);
    writeCatalogFieldsJson(storageTierFields(), t, j);
    j["sources"] = sourcesJson(t.sources);
    return j;
}

Json entryJson(const ApiPrice &a)
{
    Json j = head(a.id, a.name, a.aliases);
    writeCatalogFieldsJson(apiPriceFields(), a, j);
    j["sources"] = sourcesJson(a.sources);
    return j;
}

Json entryJson(const ErrorBandEntry &b)
{
    Json j = {{"id", b.id}, {"aliases", b.aliases}};
    writeCatalogFieldsJson(errorBandFields(), b, j);
    j["sources"] = sourcesJson(b.sources);
    return j;
}

} // namespace gpuplan::cli

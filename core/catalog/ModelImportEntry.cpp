// SPDX-License-Identifier: GPL-3.0-or-later
#include "catalog/ModelImportEntry.h"

#include "catalog/CatalogKinds.h"
#include "common/EnumNames.h"
#include "plan/PlanFields.h"

#include <chrono>
#include <ctime>
#include <filesystem>

namespace gpuplan {

namespace {

bool isEarlierImport(const ModelPreset &p)
{
    auto it = p.sources.find("layers");
    return it != p.sources.end() && it->second.source.starts_with(kModelImportSource);
}

} // namespace

std::string todayUtc()
{
    const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
    std::tm tm{};
    gmtime_r(&now, &tm);
    char buf[16];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

bool makeModelImportEntry(const HfImport &m, const Catalog &catalog, const std::string &requestedId,
                          const std::string &requestedName, const std::string &date, ModelImportEntry &out,
                          std::string &error)
{
    out = {};
    out.name = !requestedName.empty() ? requestedName : (m.arch.name.empty() ? std::string("imported model") : m.arch.name);
    if (out.name.size() > 200) {
        error = "the name is longer than 200 characters";
        return false;
    }
    std::string id = !requestedId.empty() ? requestedId : modelIdFromName(out.name);
    if (id.empty()) {
        error = "no id can be made from the name \"" + out.name + "\"; give one";
        return false;
    }
    if (const ModelPreset *taken = catalog.findModel(id); taken && !isEarlierImport(*taken)) {
        if (!requestedId.empty()) {
            error = "the id \"" + id + "\" names the catalog model " + taken->id + "; choose another";
            return false;
        }
        const std::string unique = id + "-imported";
        if (const ModelPreset *again = catalog.findModel(unique); again && !isEarlierImport(*again)) {
            error = "the ids \"" + id + "\" and \"" + unique + "\" are taken; choose one";
            return false;
        }
        id = unique;
    }
    out.id = id;

    std::error_code ec;
    const std::string file = std::filesystem::absolute(m.configFile, ec).lexically_normal().string();
    nlohmann::ordered_json &e = out.entry;
    e = {{"id", id}, {"name", out.name}, {"source", kModelImportSource + (ec ? m.configFile : file)}, {"date", date}};
    std::string note = "imported from a Hugging Face config (" + m.modelType +
                       (m.architecture.empty() ? "" : ", " + m.architecture) + ")";
    if (m.hasWeightDtype)
        note += "; weights " + m.weightFormat + ": plan them with precision.weights " +
                enumName(dtypeNames(), static_cast<int>(m.weightDtype));
    e["note"] = note;
    Plan plan;
    plan.model = m.arch;
    Plan base;
    for (const FieldSpec &f : modelFields()) {
        const char *key = modelPresetFieldKey(f);
        if (!key || f.type == FieldType::Text)
            continue;
        const std::string k = key;
        const double v = f.getNumber(plan);
        // MoE, MLA, window and MTP fields only where the model has them; the others always.
        const bool optionalPart = k.starts_with("moe_") || k.starts_with("mla_") || k.starts_with("sliding_") ||
                                  k == "mtp_layers" || k == "max_positions" || k == "head_dim" || k == "kv_heads";
        if (optionalPart && v == f.getNumber(base))
            continue;
        switch (f.type) {
        case FieldType::Int: e[k] = static_cast<long long>(v); break;
        case FieldType::Real: e[k] = v; break;
        case FieldType::Bool: e[k] = v != 0.0; break;
        case FieldType::Enum: e[k] = enumName(f.enumTable(), static_cast<int>(v)); break;
        case FieldType::Text: break;
        }
    }
    if (m.checkpointParams > 0)
        e["published_params"] = {{"value", m.checkpointParams}, {"note", "counted from the safetensors headers"}};
    e["default_seq_len"] = m.contextLength;
    return true;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json and safetensors headers -> ModelArch (docs/catalogs.md, "Importing a model").
#include "model/HfImport.h"

#include "common/EnumNames.h"
#include "common/Format.h"
#include "common/TextFile.h"
#include "model/HfImportInternal.h"
#include "model/ModelShape.h"
#include "plan/PlanIo.h"

#include <algorithm>
#include <cctype>

namespace gpuplan {

using namespace hf;

std::string HfImport::ignoredMessage() const
{
    if (ignored.empty())
        return {};
    std::string s = "ignored: ";
    for (std::size_t i = 0; i < ignored.size(); ++i)
        s += (i ? ", " : "") + ignored[i];
    return s + " — no effect on cost";
}

std::string HfImport::unknownMessage() const
{
    if (unknown.empty())
        return {};
    std::string s = "not read: ";
    for (std::size_t i = 0; i < unknown.size(); ++i)
        s += (i ? ", " : "") + unknown[i];
    return s + " — unknown to gpuplan; check that " + (unknown.size() > 1 ? "they do" : "it does") +
           " not change the architecture";
}

std::string HfImportError::text() const
{
    std::string s = file;
    if (!field.empty())
        s += (s.empty() ? "" : ": ") + field;
    return s + (s.empty() ? "" : ": ") + message;
}

bool importHfConfigText(std::string_view text, const std::string &file, HfImport &out, HfImportError &error)
{
    out = HfImport{};
    out.configFile = file;
    Json doc;
    if (!parseObject(text, file, doc, error))
        return false;
    // A multimodal wrapper keeps the language model in text_config.
    const Json *config = &doc;
    std::string prefix;
    std::string topType;
    if (auto mt = doc.find("model_type"); mt != doc.end() && mt->is_string())
        topType = mt->get<std::string>();
    if (auto archs = doc.find("architectures"); archs != doc.end() && archs->is_array() && !archs->empty() &&
                                                (*archs)[0].is_string())
        out.architecture = (*archs)[0].get<std::string>();
    if (auto tc = doc.find("text_config"); tc != doc.end() && tc->is_object()) {
        config = &*tc;
        prefix = "text_config.";
        out.notes.push_back("multimodal " + (out.architecture.empty() ? topType : out.architecture) +
                            ": the text model of text_config; the vision encoder is not modelled");
    }
    std::string type;
    if (auto mt = config->find("model_type"); mt != config->end() && mt->is_string())
        type = mt->get<std::string>();
    if (type.empty())
        type = topType;
    out.modelType = type;
    const KnownType *known = nullptr;
    for (const KnownType &k : kKnownTypes) {
        if (type == k.modelType)
            known = &k;
    }
    if (!known) {
        // Say what a dense transformer would need that this config does not have.
        std::string missing;
        for (const char *k : {"num_hidden_layers", "hidden_size", "num_attention_heads", "intermediate_size", "vocab_size"}) {
            if (!config->contains(k))
                missing += std::string(missing.empty() ? "" : ", ") + k;
        }
        error = {file, prefix + "model_type",
                 "\"" + (type.empty() ? std::string("(none)") : type) + "\"" +
                     (out.architecture.empty() ? "" : " (" + out.architecture + ")") +
                     " is not an architecture gpuplan maps (" + knownTypeList() + ")" +
                     (missing.empty() ? "; its fields may mean something else than in those, so nothing was imported"
                                      : "; missing for a transformer: " + missing)};
        return false;
    }
    ConfigReader r(*config, file, prefix, error);
    if (!mapArchitecture(r, *known, out))
        return false;
    // Stored weights: quantization_config (either level), else torch_dtype.
    const Json *quant = nullptr;
    if (auto q = doc.find("quantization_config"); q != doc.end() && !q->is_null())
        quant = &*q;
    if (!prefix.empty() && !quant) {
        if (auto q = config->find("quantization_config"); q != config->end() && !q->is_null())
            quant = &*q;
    }
    r.use("quantization_config");
    if (quant) {
        if (!readQuantization(*quant, file, out, error))
            return false;
    } else {
        ConfigReader top(doc, file, "", error);
        if (!readTorchDtype(top, out))
            return false;
        if (!prefix.empty() && !out.hasWeightDtype && !readTorchDtype(r, out))
            return false;
    }
    std::string name;
    if (auto n = doc.find("_name_or_path"); n != doc.end() && n->is_string())
        name = n->get<std::string>();
    out.arch.name = name;
    r.leftovers(out.ignored, out.unknown);
    if (!prefix.empty()) {
        for (auto it = doc.begin(); it != doc.end(); ++it) {
            const std::string &k = it.key();
            if (k == "text_config" || k == "quantization_config" || metadataKeys().count(k))
                continue;
            if (noCostKeys().count(k))
                out.ignored.push_back(k);
            else
                out.unknown.push_back(k);
        }
    }
    std::sort(out.ignored.begin(), out.ignored.end());
    out.ignored.erase(std::unique(out.ignored.begin(), out.ignored.end()), out.ignored.end());
    const ModelShape shape = computeModelShape(out.arch, out.contextLength);
    out.countedParams = shape.totalParams;
    out.countedActiveParams = shape.activeParams;
    if (!out.hasWeightDtype)
        out.notes.push_back("no torch_dtype or quantization_config: the weight format is the plan's");
    return true;
}

bool importHfModel(const std::string &path, HfImport &out, HfImportError &error)
{
    std::error_code ec;
    const fs::path p(path);
    const auto status = fs::status(p, ec);
    if (ec || !fs::exists(status)) {
        error = {path, "", "no such file or folder"};
        return false;
    }
    fs::path config = p;
    const bool folder = fs::is_directory(status);
    if (folder)
        config = p / "config.json";
    std::string text, message;
    if (folder && !fs::exists(config, ec)) {
        error = {path, "", "no config.json in the folder"};
        return false;
    }
    if (!readTextFile(config.string(), kMaxHfConfigBytes, text, message)) {
        // readTextFile names the file first; keep the message part.
        const std::string head = config.string() + ": ";
        error = {config.string(), "", message.starts_with(head) ? message.substr(head.size()) : message};
        return false;
    }
    if (!importHfConfigText(text, config.string(), out, error))
        return false;
    const fs::path dir = folder ? p : p.parent_path();
    if (out.arch.name.empty()) {
        const fs::path named = folder ? fs::absolute(p, ec).lexically_normal() : p;
        std::string stem = folder ? named.filename().string() : p.stem().string();
        if (stem.empty() && folder)
            stem = named.parent_path().filename().string();
        if (!folder && stem == "config")
            stem = fs::absolute(p, ec).parent_path().filename().string();
        out.arch.name = stem;
    }
    // A model folder, or its config.json: the weights beside it tell the stored count.
    if (folder || p.filename() == "config.json") {
        HfImport checkpoint;
        if (!readCheckpoint(dir, checkpoint, error))
            return false;
        out.checkpointParams = checkpoint.checkpointParams;
        out.checkpointDtypes = checkpoint.checkpointDtypes;
        out.notes.insert(out.notes.end(), checkpoint.notes.begin(), checkpoint.notes.end());
        if (out.checkpointParams > 0) {
            const double gap = out.checkpointParams / out.countedParams - 1.0;
            std::string dtypes;
            for (const auto &[dtype, n] : out.checkpointDtypes)
                dtypes += (dtypes.empty() ? "" : ", ") + dtype + " " + formatCount(n);
            out.notes.push_back("safetensors headers: " + thousands(out.checkpointParams) + " parameters (" + dtypes +
                                "); the architecture counts " + thousands(out.countedParams) +
                                (std::fabs(gap) > 0.02 ? " — " + std::to_string(static_cast<int>(std::lround(gap * 100))) +
                                                             "% apart: parts of the checkpoint (a vision encoder, MTP "
                                                             "copies of the embeddings) or of the architecture differ"
                                                       : ""));
        }
    }
    return true;
}

std::string modelIdFromName(std::string_view name)
{
    // The part after the last '/' ("Qwen/Qwen3-8B" -> "Qwen3-8B").
    if (auto slash = name.find_last_of('/'); slash != std::string_view::npos)
        name = name.substr(slash + 1);
    std::string id;
    for (char c : name) {
        const unsigned char u = static_cast<unsigned char>(c);
        if (std::isalnum(u))
            id += static_cast<char>(std::tolower(u));
        else if ((c == '.' || c == '-' || c == '_' || c == ' ') && !id.empty() && id.back() != '-')
            id += c == '.' ? '.' : '-';
    }
    while (!id.empty() && (id.back() == '-' || id.back() == '.'))
        id.pop_back();
    if (id.size() > 100)
        id.resize(100);
    return id;
}

bool applyPlanOverride(nlohmann::json &doc, std::string_view assignment, std::vector<PlanError> &errors)
{
    constexpr std::string_view key = "model.config=";
    if (!assignment.starts_with(key))
        return applyOverride(doc, assignment, errors);
    // The architecture of the config or folder replaces the plan's model, as a new model.preset
    // does; its stored weight format becomes precision.weights. Later model.x overrides refine it.
    HfImport imported;
    HfImportError error;
    if (!importHfModel(std::string(assignment.substr(key.size())), imported, error)) {
        errors.push_back({"", "model.config", error.text()});
        return false;
    }
    Plan plan;
    plan.model = imported.arch;
    plan.model.preset.clear();
    const nlohmann::json written = nlohmann::json::parse(planToJson(plan).dump());
    if (!doc.is_object())
        doc = nlohmann::json::object();
    doc["model"] = written["model"];
    if (imported.hasWeightDtype) {
        nlohmann::json &precision = doc["precision"];
        if (!precision.is_object())
            precision = nlohmann::json::object();
        precision["weights"] = enumName(dtypeNames(), static_cast<int>(imported.weightDtype));
    }
    return true;
}

} // namespace gpuplan

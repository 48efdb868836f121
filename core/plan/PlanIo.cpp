// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/PlanIo.h"

#include "common/AtomicFile.h"
#include "common/JsonText.h"
#include "common/TextFile.h"
#include "common/Utf8.h"
#include "plan/PlanFields.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>

namespace gpuplan {

using Json = nlohmann::json;            // reading: key order does not matter
using OrderedJson = nlohmann::ordered_json; // writing: keys in registry order

std::string PlanError::text() const
{
    std::string s;
    if (!file.empty())
        s += file + ": ";
    if (!path.empty())
        s += path + ": ";
    return s + message;
}

namespace {

const char *jsonTypeName(const Json &v)
{
    switch (v.type()) {
    case Json::value_t::null: return "null";
    case Json::value_t::boolean: return "a boolean";
    case Json::value_t::string: return "a string";
    case Json::value_t::array: return "an array";
    case Json::value_t::object: return "an object";
    case Json::value_t::number_integer:
    case Json::value_t::number_unsigned: return "an integer";
    case Json::value_t::number_float: return "a number";
    default: return "an unsupported value";
    }
}

std::vector<std::string> splitPath(std::string_view path)
{
    std::vector<std::string> parts;
    std::size_t start = 0;
    while (start <= path.size()) {
        const std::size_t dot = path.find('.', start);
        const std::size_t end = dot == std::string_view::npos ? path.size() : dot;
        parts.emplace_back(path.substr(start, end - start));
        if (dot == std::string_view::npos)
            break;
        start = dot + 1;
    }
    return parts;
}

const Json *lookup(const Json &doc, const char *path)
{
    const Json *node = &doc;
    for (const std::string &part : splitPath(path)) {
        if (!node->is_object())
            return nullptr;
        auto it = node->find(part);
        if (it == node->end())
            return nullptr;
        node = &*it;
    }
    return node;
}

bool isFieldPrefix(const std::string &prefix)
{
    const std::string withDot = prefix + ".";
    for (const FieldSpec &f : planFields()) {
        if (std::string_view(f.path).starts_with(withDot))
            return true;
    }
    return false;
}

// Reports keys that no field uses (typos, fields of another tool).
void checkUnknownKeys(const Json &node, const std::string &prefix, const std::string &file,
                      std::vector<PlanError> &errors)
{
    for (auto it = node.begin(); it != node.end(); ++it) {
        const std::string path = prefix.empty() ? it.key() : prefix + "." + it.key();
        if (prefix.empty() && (it.key() == "format" || it.key() == "version" || it.key() == "extensions"))
            continue;
        if (findPlanField(path))
            continue;
        if (isFieldPrefix(path)) {
            if (!it->is_object())
                errors.push_back({file, path, std::string("expected an object, found ") + jsonTypeName(*it)});
            else
                checkUnknownKeys(*it, path, file, errors);
            continue;
        }
        errors.push_back({file, path, "unknown field (see docs/plan-format.md or `gpuplan-cli fields`)"});
    }
}

// checkFieldValue and checkFieldText name the path themselves; a PlanError has it in its own member.
void stripFieldPrefix(const FieldSpec &f, std::string &message)
{
    const std::string prefix = std::string(f.path) + ": ";
    if (message.starts_with(prefix))
        message.erase(0, prefix.size());
}

bool readField(const FieldSpec &f, const Json &v, Plan &plan, std::string &message)
{
    const std::string found = std::string("found ") + jsonTypeName(v);
    switch (f.type) {
    case FieldType::Int:
    case FieldType::Real: {
        if (!v.is_number()) {
            message = "expected " + describeAllowed(f) + ", " + found;
            return false;
        }
        const double value = v.get<double>() + 0.0;   // + 0.0 turns -0 into 0
        if (!checkFieldValue(f, value, message)) {
            stripFieldPrefix(f, message);   // the error carries the path already
            return false;
        }
        f.setNumber(plan, value);
        return true;
    }
    case FieldType::Bool:
        if (!v.is_boolean()) {
            message = "expected true or false, " + found;
            return false;
        }
        f.setNumber(plan, v.get<bool>() ? 1.0 : 0.0);
        return true;
    case FieldType::Text: {
        if (!v.is_string()) {
            message = "expected text, " + found;
            return false;
        }
        const std::string &s = v.get_ref<const std::string &>();
        if (!checkFieldText(f, s, message)) {
            stripFieldPrefix(f, message);   // the error carries the path already
            return false;
        }
        f.setText(plan, s);
        return true;
    }
    case FieldType::Enum: {
        if (!v.is_string()) {
            message = "expected one of " + allowedNames(f.enumTable()) + ", " + found;
            return false;
        }
        const auto parsed = parseEnum(f.enumTable(), v.get_ref<const std::string &>());
        if (!parsed) {
            message = "\"" + v.get<std::string>() + "\" is not one of " + allowedNames(f.enumTable());
            return false;
        }
        f.setNumber(plan, *parsed);
        return true;
    }
    }
    return false;
}

OrderedJson fieldToJson(const FieldSpec &f, const Plan &plan)
{
    switch (f.type) {
    case FieldType::Int: return static_cast<long long>(std::llround(f.getNumber(plan)));
    case FieldType::Real: return f.getNumber(plan);
    case FieldType::Bool: return f.getNumber(plan) != 0.0;
    case FieldType::Text: return f.getText(plan);
    case FieldType::Enum: return enumName(f.enumTable(), static_cast<int>(f.getNumber(plan)));
    }
    return nullptr;
}


OrderedJson orderedPlanJson(const Plan &plan)
{
    OrderedJson doc = OrderedJson::object();
    doc["format"] = kPlanFormatName;
    doc["version"] = kPlanFormatVersion;
    for (const FieldSpec &f : planFields()) {
        OrderedJson *node = &doc;
        const std::vector<std::string> parts = splitPath(f.path);
        for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
            if (!node->contains(parts[i]))
                (*node)[parts[i]] = OrderedJson::object();
            node = &(*node)[parts[i]];
        }
        (*node)[parts.back()] = fieldToJson(f, plan);
    }
    if (!plan.extensions.empty()) {
        OrderedJson ext = OrderedJson::parse(plan.extensions, nullptr, false);
        if (ext.is_object())
            doc["extensions"] = std::move(ext);
    }
    return doc;
}

} // namespace

bool planFromJson(const nlohmann::json &docIn, const ModelPresetLookup *presets, Plan &out, std::vector<PlanError> &errors)
{
    const Json &doc = docIn;
    const std::size_t before = errors.size();
    const std::string file;
    if (!doc.is_object()) {
        errors.push_back({file, "", std::string("expected a JSON object, found ") + jsonTypeName(doc)});
        return false;
    }
    if (auto it = doc.find("format"); it != doc.end()) {
        if (!it->is_string() || it->get<std::string>() != kPlanFormatName) {
            errors.push_back({file, "format", std::string("expected \"") + kPlanFormatName + "\", found " + it->dump()});
            return false;
        }
    }
    auto vit = doc.find("version");
    if (vit == doc.end() || !vit->is_number_integer()) {
        errors.push_back({file, "version", "expected the format version as an integer (this build writes " +
                                               std::to_string(kPlanFormatVersion) + ")"});
        return false;
    }
    const long long version = vit->get<long long>();
    if (version > kPlanFormatVersion) {
        errors.push_back({file, "version", "the plan was written by a newer gpuplan (format version " +
                                               std::to_string(version) + "); this build reads versions 1 to " +
                                               std::to_string(kPlanFormatVersion) + ". Update gpuplan to open it."});
        return false;
    }
    if (version < 1) {
        errors.push_back({file, "version", "format version " + std::to_string(version) + " does not exist (1 to " +
                                               std::to_string(kPlanFormatVersion) + ")"});
        return false;
    }

    checkUnknownKeys(doc, "", file, errors);

    Plan plan;
    plan.version = kPlanFormatVersion;
    std::string presetId;
    if (const Json *preset = lookup(doc, "model.preset"); preset && preset->is_string() && !preset->get<std::string>().empty()) {
        const std::string id = preset->get<std::string>();
        ModelArch arch;
        std::string canonicalId;
        if (!presets || !presets->findModelPreset(id, arch, canonicalId)) {
            errors.push_back({file, "model.preset", "unknown model preset \"" + id + "\" (see `gpuplan-cli catalog models`)"});
        } else {
            plan.model = arch;
            presetId = canonicalId;
        }
    }

    for (const FieldSpec &f : planFields()) {
        const Json *v = lookup(doc, f.path);
        if (!v)
            continue;
        std::string message;
        if (!readField(f, *v, plan, message))
            errors.push_back({file, f.path, message});
    }
    if (!presetId.empty())
        plan.model.preset = presetId;   // canonical id, whatever alias the file used
    if (const Json *ext = lookup(doc, "extensions")) {
        if (!ext->is_object())
            errors.push_back({file, "extensions", std::string("expected an object, found ") + jsonTypeName(*ext)});
        else
            plan.extensions = ext->dump();
    }

    if (errors.size() != before)
        return false;
    out = std::move(plan);
    return true;
}

nlohmann::ordered_json planToJson(const Plan &plan)
{
    return orderedPlanJson(plan);
}

bool parseJsonText(std::string_view text, const std::string &file, nlohmann::json &out, std::vector<PlanError> &errors)
{
    std::string error;
    if (!parseLimitedJson(text, out, error)) {
        errors.push_back({file, "", error});
        return false;
    }
    return true;
}

bool loadPlanText(std::string_view text, const std::string &file, const ModelPresetLookup *presets, Plan &out,
                  std::vector<PlanError> &errors)
{
    nlohmann::json doc;
    if (!parseJsonText(text, file, doc, errors))
        return false;
    const std::size_t before = errors.size();
    const bool ok = planFromJson(doc, presets, out, errors);
    for (std::size_t i = before; i < errors.size(); ++i)
        errors[i].file = file;
    return ok;
}

bool loadPlanFile(const std::string &path, const ModelPresetLookup *presets, Plan &out, std::vector<PlanError> &errors)
{
    std::string text, error;
    if (!readTextFile(path, kMaxPlanFileBytes, text, error)) {
        errors.push_back({"", "", error});
        return false;
    }
    return loadPlanText(text, path, presets, out, errors);
}

bool savePlanFile(const std::string &path, const Plan &plan, std::string &error)
{
    // Key order follows the registry, so files diff well.
    const OrderedJson doc = planToJson(plan);
    const std::string text = doc.dump(2) + "\n";
    return writeFileAtomically(path, text, error);
}

bool applyOverride(nlohmann::json &doc, std::string_view assignment, std::vector<PlanError> &errors)
{
    const std::size_t eq = assignment.find('=');
    if (eq == std::string_view::npos || eq == 0) {
        errors.push_back({"", std::string(assignment), "expected PATH=VALUE, e.g. hardware.num_gpus=4096"});
        return false;
    }
    const std::string path(assignment.substr(0, eq));
    const std::string valueText(assignment.substr(eq + 1));
    if (!findPlanField(path)) {
        errors.push_back({"", path, "unknown field (see `gpuplan-cli fields`)"});
        return false;
    }
    // Plan text reaches JSON outputs, which must be UTF-8 (files are checked by the JSON parser).
    if (!isValidUtf8(valueText)) {
        errors.push_back({"", path, "the value is not UTF-8 text"});
        return false;
    }
    nlohmann::json value = nlohmann::json::parse(valueText, nullptr, false);
    if (value.is_discarded() || value.is_object() || value.is_array())
        value = valueText;   // plain text such as H100-SXM-80GB
    if (!doc.is_object())
        doc = nlohmann::json::object();
    const std::vector<std::string> parts = splitPath(path);
    nlohmann::json *node = &doc;
    for (std::size_t i = 0; i + 1 < parts.size(); ++i) {
        nlohmann::json &child = (*node)[parts[i]];
        if (child.is_null())
            child = nlohmann::json::object();
        if (!child.is_object()) {
            errors.push_back({"", path, "cannot set: " + parts[i] + " is not an object in the plan"});
            return false;
        }
        node = &child;
    }
    // A new preset replaces the whole architecture; later --set model.x overrides refine it.
    if (path == "model.preset")
        *node = nlohmann::json::object();
    (*node)[parts.back()] = std::move(value);
    return true;
}

} // namespace gpuplan

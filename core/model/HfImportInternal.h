// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// The parts of the Hugging Face import (core/model/HfImport.h) shared by its files, one job each:
// HfImportText.cpp (key lists and text helpers), HfQuantization.cpp (the stored weight format),
// HfArchitecture.cpp (config.json -> ModelArch), HfSafetensors.cpp (checkpoint headers) and
// HfImport.cpp (the public entry points). Not for use outside core/model.
#include "model/HfImport.h"
#include "plan/PlanFields.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <filesystem>
#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace gpuplan::hf {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// Config keys that carry no architecture at all (bookkeeping of the file and of the tokenizer):
// skipped without a word.
const std::set<std::string> &metadataKeys();
// Model fields that change the numerics but not the parameters, FLOPs or memory of a plan.
const std::set<std::string> &noCostKeys();

// "null", "true/false", "a number", "text", "a list", "an object" for "found ..." messages.
const char *typeName(const Json &v);
std::string lower(std::string s);
std::string thousands(double v);   // 1234567 -> "1,234,567"
// Parses a config.json (size and nesting limits of common/JsonText.h); it must be an object.
bool parseObject(std::string_view text, const std::string &file, Json &doc, HfImportError &error);

// Reads the fields of one config object, remembering which keys were used.
class ConfigReader
{
public:
    ConfigReader(const Json &obj, std::string file, std::string prefix, HfImportError &error)
        : m_obj(obj), m_file(std::move(file)), m_prefix(std::move(prefix)), m_error(error)
    {
    }

    bool has(const char *key) const
    {
        auto it = m_obj.find(key);
        return it != m_obj.end() && !it->is_null();
    }
    const Json *get(const char *key)
    {
        m_used.insert(key);
        auto it = m_obj.find(key);
        return it == m_obj.end() || it->is_null() ? nullptr : &*it;
    }
    void use(const char *key) { m_used.insert(key); }

    bool fail(const std::string &key, const std::string &message)
    {
        m_error = {m_file, m_prefix + key, message};
        return false;
    }

    // A whole number; bounded by the plan field it becomes (model.* of core/plan), so an import never
    // holds a value a plan file would refuse. present = false when the key is absent or null.
    bool integer(const char *key, const char *planField, int &out, bool &present)
    {
        present = false;
        const Json *v = get(key);
        if (!v)
            return true;
        if (!v->is_number() || (v->is_number_float() && std::floor(v->get<double>()) != v->get<double>()))
            return fail(key, std::string("expected a whole number, found ") + typeName(*v));
        const double d = v->get<double>();
        if (planField) {
            const FieldSpec *f = findPlanField(planField);
            std::string message;
            if (f && !checkFieldValue(*f, d, message)) {
                const std::string head = std::string(planField) + ": ";
                return fail(key, (message.starts_with(head) ? message.substr(head.size()) : message) +
                                     " (as " + planField + ")");
            }
        } else if (d < 0 || d > 1e9) {
            return fail(key, "expected a whole number from 0 to 1,000,000,000, found " + thousands(d));
        }
        out = static_cast<int>(d);
        present = true;
        return true;
    }
    bool required(const char *key, const char *planField, int &out)
    {
        bool present = false;
        if (!integer(key, planField, out, present))
            return false;
        if (!present)
            return fail(key, "missing: the architecture needs it");
        return true;
    }
    bool optional(const char *key, const char *planField, int &out)
    {
        bool present = false;
        return integer(key, planField, out, present);
    }
    bool flag(const char *key, bool &out)
    {
        const Json *v = get(key);
        if (!v)
            return true;
        if (!v->is_boolean())
            return fail(key, std::string("expected true or false, found ") + typeName(*v));
        out = v->get<bool>();
        return true;
    }
    bool text(const char *key, std::string &out)
    {
        const Json *v = get(key);
        if (!v)
            return true;
        if (!v->is_string())
            return fail(key, std::string("expected text, found ") + typeName(*v));
        out = v->get<std::string>();
        return true;
    }

    // The keys not read: metadata silently, cost-neutral ones and unknown ones by name.
    void leftovers(std::vector<std::string> &ignored, std::vector<std::string> &unknown) const
    {
        for (auto it = m_obj.begin(); it != m_obj.end(); ++it) {
            const std::string &k = it.key();
            if (m_used.count(k) || metadataKeys().count(k))
                continue;
            if (noCostKeys().count(k))
                ignored.push_back(m_prefix + k);
            else
                unknown.push_back(m_prefix + k);
        }
    }

    const Json &object() const { return m_obj; }

private:
    const Json &m_obj;
    std::string m_file;
    std::string m_prefix;
    HfImportError &m_error;
    std::set<std::string> m_used;
};

enum class Family { Dense, Gemma3, Mixtral, QwenMoe, DeepSeek, Llama4, GptOss, GlmMoe, MiniMax };

struct KnownType
{
    const char *modelType;
    Family family;
    bool tiedDefault;   // tie_word_embeddings when the config leaves it out (the transformers default of the class)
};

inline constexpr KnownType kKnownTypes[] = {
    {"llama", Family::Dense, false},       {"mistral", Family::Dense, false},     {"qwen2", Family::Dense, false},
    {"qwen3", Family::Dense, false},       {"phi3", Family::Dense, false},        {"gemma3_text", Family::Gemma3, true},
    {"gemma3", Family::Gemma3, true},      {"mixtral", Family::Mixtral, false},   {"qwen3_moe", Family::QwenMoe, false},
    {"qwen2_moe", Family::QwenMoe, false}, {"deepseek_v3", Family::DeepSeek, false}, {"deepseek_v2", Family::DeepSeek, false},
    {"kimi_k2", Family::DeepSeek, false},  {"llama4_text", Family::Llama4, false}, {"llama4", Family::Llama4, false},
    {"gpt_oss", Family::GptOss, false},    {"glm4_moe", Family::GlmMoe, false},   {"minimax_m2", Family::MiniMax, false},
};

// The model types above, comma-separated, for messages.
std::string knownTypeList();

// quantization_config -> the stored weight format.
bool readQuantization(const Json &q, const std::string &file, HfImport &out, HfImportError &error);
// torch_dtype (or dtype) -> the stored weight format when there is no quantization.
bool readTorchDtype(ConfigReader &r, HfImport &out);
// The architecture fields of one config object of a known model type.
bool mapArchitecture(ConfigReader &r, const KnownType &type, HfImport &out);
// The stored parameters and dtypes of the safetensors checkpoint in a model folder.
bool readCheckpoint(const fs::path &folder, HfImport &out, HfImportError &error);

} // namespace gpuplan::hf

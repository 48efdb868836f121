// SPDX-License-Identifier: GPL-3.0-or-later
// Hugging Face config.json and safetensors headers -> ModelArch (docs/catalogs.md, "Importing a model").
#include "model/HfImport.h"

#include "common/EnumNames.h"
#include "common/Format.h"
#include "common/JsonText.h"
#include "common/TextFile.h"
#include "model/ModelShape.h"
#include "plan/PlanFields.h"
#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <initializer_list>
#include <filesystem>
#include <fstream>
#include <set>

namespace gpuplan {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

// Config keys that carry no architecture at all (bookkeeping of the file and of the tokenizer):
// skipped without a word.
const std::set<std::string> &metadataKeys()
{
    static const std::set<std::string> keys = {
        "architectures", "model_type", "transformers_version", "auto_map", "_name_or_path", "bos_token_id",
        "eos_token_id", "pad_token_id", "use_cache", "initializer_range", "output_router_logits", "torch_dtype",
        "dtype", "return_dict", "output_attentions", "output_hidden_states", "tokenizer_class", "id2label",
        "label2id", "_attn_implementation_autoset", "is_encoder_decoder", "task_specific_params",
        "image_token_index", "image_token_id", "boi_token_index", "eoi_token_index", "boi_token_id",
        "eoi_token_id", "mm_tokens_per_image", "vision_feature_layer", "vision_feature_select_strategy",
        "projector_hidden_act", "multimodal_projector_bias", "spatial_merge_size", "chat_template"};
    return keys;
}

// Model fields that change the numerics but not the parameters, FLOPs or memory of a plan.
const std::set<std::string> &noCostKeys()
{
    static const std::set<std::string> keys = {
        "rope_scaling", "rope_theta", "rope_local_base_freq", "rope_interleave", "partial_rotary_factor",
        "rotary_dim", "rms_norm_eps", "layer_norm_eps", "norm_eps", "hidden_act", "hidden_activation",
        "attention_dropout", "hidden_dropout", "embd_pdrop", "resid_pdrop", "router_aux_loss_coef",
        "aux_loss_alpha", "seq_aux", "norm_topk_prob", "scoring_func", "topk_method", "n_group", "topk_group",
        "routed_scaling_factor", "ep_size", "pretraining_tp", "swiglu_limit", "query_pre_attn_scalar",
        "attn_logit_softcapping", "final_logit_softcapping", "cache_implementation", "use_qk_norm", "qk_layernorm",
        "router_jitter_noise", "router_bias", "attn_temperature_tuning", "floor_scale", "attn_scale",
        "max_window_layers", "use_sliding_window", "sliding_window_pattern", "original_max_position_embeddings",
        "initial_context_length", "max_position_embeddings", "use_mtp", "num_mtp_modules", "mtp_transformer_layers",
        "attn_type_list", "use_routing_bias", "moe_layer_freq", "rope_type", "head_dim_override",
        "embedding_multiplier", "use_cache_quantization", "vision_config", "no_rope_layers", "moe_layers",
        "for_llm_compressor", "qk_norm", "use_qkv_bias", "attention_chunk_size", "layer_types"};
    return keys;
}

const char *typeName(const Json &v)
{
    if (v.is_null())
        return "null";
    if (v.is_boolean())
        return "true/false";
    if (v.is_number())
        return "a number";
    if (v.is_string())
        return "text";
    if (v.is_array())
        return "a list";
    return "an object";
}

std::string lower(std::string s)
{
    for (char &c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

std::string billions(double v)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.3gB", v / 1e9);
    return buf;
}

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
            return fail(key, "expected a whole number from 0 to 1,000,000,000, found " + grouped(std::llround(d)));
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

constexpr KnownType kKnownTypes[] = {
    {"llama", Family::Dense, false},       {"mistral", Family::Dense, false},     {"qwen2", Family::Dense, false},
    {"qwen3", Family::Dense, false},       {"phi3", Family::Dense, false},        {"gemma3_text", Family::Gemma3, true},
    {"gemma3", Family::Gemma3, true},      {"mixtral", Family::Mixtral, false},   {"qwen3_moe", Family::QwenMoe, false},
    {"qwen2_moe", Family::QwenMoe, false}, {"deepseek_v3", Family::DeepSeek, false}, {"deepseek_v2", Family::DeepSeek, false},
    {"kimi_k2", Family::DeepSeek, false},  {"llama4_text", Family::Llama4, false}, {"llama4", Family::Llama4, false},
    {"gpt_oss", Family::GptOss, false},    {"glm4_moe", Family::GlmMoe, false},   {"minimax_m2", Family::MiniMax, false},
};

std::string knownTypeList()
{
    std::string s;
    for (const KnownType &k : kKnownTypes) {
        if (!s.empty())
            s += ", ";
        s += k.modelType;
    }
    return s;
}

// Counts the entries of layer_types equal to one of the given kinds; -1 without layer_types.
bool countLayerTypes(ConfigReader &r, int layers, std::initializer_list<const char *> kinds, int &count)
{
    count = -1;
    const Json *v = r.get("layer_types");
    if (!v)
        return true;
    if (!v->is_array())
        return r.fail("layer_types", std::string("expected a list of layer kinds, found ") + typeName(*v));
    if (static_cast<int>(v->size()) != layers)
        return r.fail("layer_types", "expected one entry per layer (" + std::to_string(layers) + "), found " +
                                         std::to_string(v->size()));
    count = 0;
    for (const Json &t : *v) {
        if (!t.is_string())
            return r.fail("layer_types", std::string("expected text entries, found ") + typeName(t));
        for (const char *k : kinds)
            count += t.get<std::string>() == k;
    }
    return true;
}

// quantization_config -> the stored weight format.
bool readQuantization(const Json &q, const std::string &file, HfImport &out, HfImportError &error)
{
    const auto fail = [&](const std::string &field, const std::string &message) {
        error = {file, "quantization_config" + (field.empty() ? std::string() : "." + field), message};
        return false;
    };
    if (!q.is_object())
        return fail("", std::string("expected an object, found ") + typeName(q));
    const auto method = q.find("quant_method");
    if (method == q.end() || !method->is_string())
        return fail("quant_method", "missing: the quantization method is needed for the weight format");
    const std::string m = lower(method->get<std::string>());
    const auto intOf = [&](const char *key, int fallback) {
        auto it = q.find(key);
        return it != q.end() && it->is_number_integer() ? it->get<int>() : fallback;
    };
    out.hasWeightDtype = true;
    if (m == "fp8" || m == "fbgemm_fp8") {
        out.weightDtype = Dtype::FP8;
        std::string detail = m;
        if (auto f = q.find("fmt"); f != q.end() && f->is_string())
            detail += ", " + f->get<std::string>();
        if (auto b = q.find("weight_block_size"); b != q.end() && b->is_array() && b->size() == 2 && (*b)[0].is_number() &&
                                                  (*b)[1].is_number())
            detail += ", " + std::to_string((*b)[0].get<int>()) + " x " + std::to_string((*b)[1].get<int>()) + " blocks";
        out.weightFormat = "fp8 (" + detail + "; quantization_config)";
        return true;
    }
    if (m == "mxfp4") {
        out.weightDtype = Dtype::INT4;
        out.weightFormat = "mxfp4 (quantization_config), planned as int4: 4 bits plus one 8-bit scale per 32 weights "
                           "is 4.25 bits, the bytes of int4 with group-64 fp16 scales";
        if (auto keep = q.find("modules_to_not_convert"); keep != q.end() && keep->is_array() && !keep->empty())
            out.notes.push_back("weights: mxfp4 except the modules_to_not_convert of quantization_config (" +
                                std::to_string(keep->size()) + " patterns, stored in " +
                                "torch_dtype); precision.weights covers all weights, so the other modules are "
                                "counted at 4.25 bits too");
        return true;
    }
    if (m == "awq" || m == "gptq") {
        const int bits = intOf(m == "awq" ? "bits" : "bits", intOf("w_bit", 4));
        if (bits != 4 && bits != 8)
            return fail("bits", "expected 4 or 8 bits, found " + std::to_string(bits));
        out.weightDtype = bits == 4 ? Dtype::INT4 : Dtype::INT8;
        out.weightFormat = m + " int" + std::to_string(bits) + " (quantization_config, group " +
                           std::to_string(intOf("group_size", intOf("q_group_size", 128))) + ")";
        return true;
    }
    if (m == "bitsandbytes") {
        const auto yes = [&](const char *key) {
            auto it = q.find(key);
            return it != q.end() && it->is_boolean() && it->get<bool>();
        };
        if (yes("load_in_4bit")) {
            std::string type = "nf4";
            if (auto t = q.find("bnb_4bit_quant_type"); t != q.end() && t->is_string())
                type = lower(t->get<std::string>());
            if (type != "nf4" && type != "fp4")
                return fail("bnb_4bit_quant_type", "expected nf4 or fp4, found \"" + type + "\"");
            out.weightDtype = type == "nf4" ? Dtype::NF4 : Dtype::INT4;
            out.weightFormat = "bitsandbytes 4-bit " + type + " (quantization_config)";
            return true;
        }
        if (yes("load_in_8bit")) {
            out.weightDtype = Dtype::INT8;
            out.weightFormat = "bitsandbytes LLM.int8 (quantization_config)";
            return true;
        }
        return fail("load_in_4bit", "expected load_in_4bit or load_in_8bit true for bitsandbytes");
    }
    if (m == "compressed-tensors") {
        // config_groups.<group>.weights {num_bits, type}: the first group sets the format.
        auto groups = q.find("config_groups");
        if (groups != q.end() && groups->is_object()) {
            for (auto g = groups->begin(); g != groups->end(); ++g) {
                auto w = g->find("weights");
                if (w == g->end() || !w->is_object())
                    continue;
                const int bits = w->contains("num_bits") && (*w)["num_bits"].is_number_integer() ? (*w)["num_bits"].get<int>() : 0;
                const std::string type = w->contains("type") && (*w)["type"].is_string() ? lower((*w)["type"].get<std::string>()) : "";
                if (bits == 8 && type == "float")
                    out.weightDtype = Dtype::FP8;
                else if (bits == 8 && type == "int")
                    out.weightDtype = Dtype::INT8;
                else if (bits == 4)
                    out.weightDtype = Dtype::INT4;
                else
                    return fail("config_groups." + g.key() + ".weights",
                                "expected 8-bit float, 8-bit int or 4-bit weights, found " + std::to_string(bits) +
                                    "-bit " + (type.empty() ? "?" : type));
                out.weightFormat = "compressed-tensors " + std::to_string(bits) + "-bit " + type + " (quantization_config)";
                return true;
            }
        }
        return fail("config_groups", "missing: compressed-tensors needs config_groups with a weights entry");
    }
    return fail("quant_method", "\"" + m + "\" is not a method gpuplan maps (fp8, fbgemm_fp8, mxfp4, awq, gptq, "
                                "bitsandbytes, compressed-tensors); nothing was imported");
}

bool readTorchDtype(ConfigReader &r, HfImport &out)
{
    std::string dtype;
    if (!r.text("torch_dtype", dtype))
        return false;
    if (dtype.empty() && !r.text("dtype", dtype))
        return false;
    if (dtype.empty())
        return true;
    const std::string d = lower(dtype);
    if (d == "bfloat16")
        out.weightDtype = Dtype::BF16;
    else if (d == "float16" || d == "half")
        out.weightDtype = Dtype::FP16;
    else if (d == "float32" || d == "float")
        out.weightDtype = Dtype::FP32;
    else
        return r.fail("torch_dtype", "expected bfloat16, float16 or float32, found \"" + dtype + "\"");
    out.hasWeightDtype = true;
    out.weightFormat = d + " (torch_dtype)";
    return true;
}

// Shared experts given as an intermediate size (Qwen2-MoE, MiniMax): as a count of experts of
// the routed size when it divides evenly.
bool sharedFromSize(ConfigReader &r, const char *key, int expertFfn, ModelArch &a, HfImport &out)
{
    int size = 0;
    if (!r.optional(key, nullptr, size))
        return false;
    if (size <= 0)
        return true;
    if (expertFfn <= 0 || size % expertFfn != 0)
        return r.fail(key, "a shared expert of " + std::to_string(size) + " is not a whole number of routed experts of " +
                               std::to_string(expertFfn) + "; gpuplan counts shared experts in routed-expert sizes");
    a.moeSharedExperts = size / expertFfn;
    out.notes.push_back(std::string(key) + " " + std::to_string(size) + ": " + std::to_string(a.moeSharedExperts) +
                        " shared experts of the routed size " + std::to_string(expertFfn));
    return true;
}

bool mapArchitecture(ConfigReader &r, const KnownType &type, HfImport &out)
{
    ModelArch &a = out.arch;
    a.gatedMlp = true;   // SwiGLU or GeGLU in every family below
    a.norm = NormKind::RmsNorm;
    a.position = PositionKind::Rope;
    if (!r.required("num_hidden_layers", "model.layers", a.layers) || !r.required("hidden_size", "model.hidden", a.hidden) ||
        !r.required("num_attention_heads", "model.heads", a.heads) ||
        !r.optional("num_key_value_heads", "model.kv_heads", a.kvHeads) || !r.optional("head_dim", "model.head_dim", a.headDim))
        return false;
    if (a.kvHeads > a.heads)
        return r.fail("num_key_value_heads", "expected at most num_attention_heads (" + std::to_string(a.heads) + "), found " +
                                                 std::to_string(a.kvHeads));
    if (a.kvHeads > 0 && a.heads % a.kvHeads != 0)
        return r.fail("num_key_value_heads", "expected a divisor of num_attention_heads (" + std::to_string(a.heads) +
                                                 "), found " + std::to_string(a.kvHeads));
    if (!r.has("vocab_size") && type.family == Family::Gemma3) {
        a.vocab = 262208;
        out.notes.push_back("vocab_size: not in the config; 262,208, the transformers default of Gemma 3");
    } else if (!r.required("vocab_size", "model.vocab", a.vocab)) {
        return false;
    }
    a.tiedEmbeddings = type.tiedDefault;
    if (r.has("tie_word_embeddings")) {
        if (!r.flag("tie_word_embeddings", a.tiedEmbeddings))
            return false;
    } else {
        r.use("tie_word_embeddings");
        if (type.tiedDefault)
            out.notes.push_back("tie_word_embeddings: not in the config; true, the transformers default of " +
                                std::string(type.modelType));
    }
    bool attentionBias = false, mlpBias = false;
    if (!r.flag("attention_bias", attentionBias) || !r.flag("mlp_bias", mlpBias))
        return false;
    a.bias = attentionBias || mlpBias;
    if (std::string(type.modelType) == "qwen2")
        out.notes.push_back("qwen2 has biases on the q/k/v projections (about 0.01% of the parameters): not counted, "
                            "as in the bundled Qwen2.5 presets");

    // Dense MLP size (the dense layers of an MoE model; the expert size where every layer is MoE).
    const bool denseFfnNeeded = type.family == Family::Dense || type.family == Family::Gemma3 ||
                                type.family == Family::DeepSeek || type.family == Family::GlmMoe;
    if (type.family == Family::Llama4) {
        if (!r.required("intermediate_size_mlp", "model.ffn_hidden", a.ffnHidden))
            return false;
    } else if (denseFfnNeeded || r.has("intermediate_size")) {
        if (!r.required("intermediate_size", "model.ffn_hidden", a.ffnHidden))
            return false;
    }

    int experts = 0, topK = 0, expertFfn = 0;
    switch (type.family) {
    case Family::Dense:
    case Family::Gemma3: break;
    case Family::Mixtral:
        if (!r.required("num_local_experts", "model.moe_experts", experts) ||
            !r.required("num_experts_per_tok", "model.moe_top_k", topK))
            return false;
        expertFfn = a.ffnHidden;
        break;
    case Family::QwenMoe: {
        if (!r.required("num_experts", "model.moe_experts", experts) ||
            !r.required("num_experts_per_tok", "model.moe_top_k", topK) ||
            !r.required("moe_intermediate_size", "model.moe_ffn_hidden", expertFfn))
            return false;
        int step = 1;
        if (!r.optional("decoder_sparse_step", nullptr, step))
            return false;
        std::set<int> dense;
        if (const Json *only = r.get("mlp_only_layers")) {
            if (!only->is_array())
                return r.fail("mlp_only_layers", std::string("expected a list of layer indices, found ") + typeName(*only));
            for (const Json &i : *only) {
                if (!i.is_number_integer() || i.get<long long>() < 0 || i.get<long long>() >= a.layers)
                    return r.fail("mlp_only_layers", "expected layer indices from 0 to " + std::to_string(a.layers - 1));
                dense.insert(i.get<int>());
            }
        }
        step = std::max(step, 1);
        for (int i = 0; i < a.layers; ++i) {
            if ((i + 1) % step != 0)
                dense.insert(i);
        }
        a.moeDenseLayers = static_cast<int>(dense.size());
        if (a.moeDenseLayers > 0)
            out.notes.push_back(std::to_string(a.moeDenseLayers) + " dense layers (decoder_sparse_step, mlp_only_layers) "
                                "counted as leading dense layers: the same parameters and FLOPs");
        if (!sharedFromSize(r, "shared_expert_intermediate_size", expertFfn, a, out))
            return false;
        break;
    }
    case Family::DeepSeek:
    case Family::GlmMoe: {
        if (!r.required("n_routed_experts", "model.moe_experts", experts) ||
            !r.required("num_experts_per_tok", "model.moe_top_k", topK) ||
            !r.required("moe_intermediate_size", "model.moe_ffn_hidden", expertFfn) ||
            !r.optional("n_shared_experts", "model.moe_shared_experts", a.moeSharedExperts) ||
            !r.optional("first_k_dense_replace", "model.moe_dense_layers", a.moeDenseLayers) ||
            !r.optional("num_nextn_predict_layers", "model.mtp_layers", a.mtpLayers))
            return false;
        int freq = 1;
        if (!r.optional("moe_layer_freq", nullptr, freq))
            return false;
        if (freq > 1)
            return r.fail("moe_layer_freq", "expected 1 (every layer after the leading dense ones is MoE), found " +
                                                std::to_string(freq));
        if (type.family == Family::DeepSeek) {
            int q = 0;
            if (!r.optional("q_lora_rank", "model.mla_q_lora_rank", q) ||
                !r.required("kv_lora_rank", "model.mla_kv_lora_rank", a.mlaKvLoraRank) ||
                !r.required("qk_nope_head_dim", "model.mla_qk_nope_dim", a.mlaQkNopeDim) ||
                !r.required("qk_rope_head_dim", "model.mla_qk_rope_dim", a.mlaQkRopeDim) ||
                !r.required("v_head_dim", "model.mla_v_dim", a.mlaVDim))
                return false;
            a.mlaQLoraRank = q;
            a.headDim = 0;   // MLA: the head dims come from qk_nope/qk_rope/v
            out.notes.push_back("multi-head latent attention: KV cache of kv_lora_rank + qk_rope_head_dim (" +
                                std::to_string(a.mlaKvLoraRank + a.mlaQkRopeDim) + ") per token and layer");
        }
        break;
    }
    case Family::Llama4: {
        if (!r.required("num_local_experts", "model.moe_experts", experts) ||
            !r.required("num_experts_per_tok", "model.moe_top_k", topK) ||
            !r.required("intermediate_size", "model.moe_ffn_hidden", expertFfn))
            return false;
        int step = 1;
        if (!r.optional("interleave_moe_layer_step", nullptr, step))
            return false;
        step = std::max(step, 1);
        int moeLayers = 0;
        for (int i = 0; i < a.layers; ++i)
            moeLayers += (i + 1) % step == 0;
        a.moeDenseLayers = a.layers - moeLayers;
        a.moeSharedExperts = 1;
        out.notes.push_back("Llama 4 MoE layers have one shared expert of the routed size (not a config field)");
        if (a.moeDenseLayers > 0)
            out.notes.push_back("interleave_moe_layer_step " + std::to_string(step) + ": " + std::to_string(moeLayers) +
                                " MoE and " + std::to_string(a.moeDenseLayers) +
                                " dense layers, counted as leading dense layers: the same parameters and FLOPs");
        int chunk = 0;
        if (!r.optional("attention_chunk_size", "model.sliding_window", chunk))
            return false;
        if (chunk > 0) {
            int chunked = 0;
            if (const Json *nope = r.get("no_rope_layers"); nope && nope->is_array() && static_cast<int>(nope->size()) == a.layers) {
                for (const Json &x : *nope)
                    chunked += x.is_number() && x.get<double>() != 0;
            } else {
                for (int i = 0; i < a.layers; ++i)
                    chunked += (i + 1) % 4 != 0;
            }
            a.slidingWindow = chunk;
            a.slidingWindowLayers = chunked;
            out.notes.push_back("chunked attention (attention_chunk_size " + std::to_string(chunk) + ") on " +
                                std::to_string(chunked) + " of " + std::to_string(a.layers) +
                                " layers, counted as a sliding window of that size");
        }
        break;
    }
    case Family::GptOss:
        if (!r.required("num_local_experts", "model.moe_experts", experts))
            return false;
        if (r.has("num_experts_per_tok")) {
            if (!r.required("num_experts_per_tok", "model.moe_top_k", topK))
                return false;
            r.use("experts_per_token");
        } else if (!r.required("experts_per_token", "model.moe_top_k", topK)) {
            return false;
        }
        expertFfn = a.ffnHidden;
        break;
    case Family::MiniMax: {
        if (!r.required("num_local_experts", "model.moe_experts", experts) ||
            !r.required("num_experts_per_tok", "model.moe_top_k", topK))
            return false;
        expertFfn = a.ffnHidden;
        if (!sharedFromSize(r, "shared_intermediate_size", expertFfn, a, out))
            return false;
        bool mtp = false;
        if (!r.flag("use_mtp", mtp))
            return false;
        if (mtp && !r.optional("num_mtp_modules", "model.mtp_layers", a.mtpLayers))
            return false;
        break;
    }
    }
    if (type.family != Family::Dense && type.family != Family::Gemma3) {
        if (expertFfn <= 0)
            return r.fail("intermediate_size", "missing: the expert size is needed");
        if (topK > experts)
            return r.fail("num_experts_per_tok", "expected at most the " + std::to_string(experts) + " experts, found " +
                                                     std::to_string(topK));
        if (a.moeDenseLayers >= a.layers)
            return r.fail("first_k_dense_replace", "expected fewer dense layers than the " + std::to_string(a.layers) + " layers");
        a.moeExperts = experts;
        a.moeTopK = topK;
        a.moeFfnHidden = expertFfn;
        if (a.ffnHidden <= 0)
            a.ffnHidden = expertFfn;
    }

    // Sliding-window attention.
    int window = 0;
    if (type.family == Family::Gemma3 || type.family == Family::GptOss) {
        if (!r.optional("sliding_window", "model.sliding_window", window))
            return false;
        int sliding = -1;
        if (!countLayerTypes(r, a.layers, {"sliding_attention"}, sliding))
            return false;
        if (sliding < 0 && type.family == Family::Gemma3) {
            int pattern = 6;
            if (!r.optional("sliding_window_pattern", nullptr, pattern))
                return false;
            pattern = std::max(pattern, 1);
            sliding = a.layers - a.layers / pattern;
            out.notes.push_back("sliding_window_pattern " + std::to_string(pattern) + ": " + std::to_string(sliding) +
                                " of " + std::to_string(a.layers) + " layers local (window " + std::to_string(window) + ")");
        } else if (sliding >= 0) {
            out.notes.push_back("layer_types: " + std::to_string(sliding) + " of " + std::to_string(a.layers) +
                                " layers sliding (window " + std::to_string(window) + ")");
        }
        if (window > 0 && sliding > 0) {
            a.slidingWindow = window;
            a.slidingWindowLayers = sliding;
        }
    } else if (type.family != Family::Llama4) {
        // Mistral/Mixtral: a window when sliding_window is set; Qwen: only with use_sliding_window.
        bool use = true;
        if (r.has("use_sliding_window") && !r.flag("use_sliding_window", use))
            return false;
        if (!r.optional("sliding_window", "model.sliding_window", window))
            return false;
        if (use && window > 0) {
            int fromLayer = 0;
            if (r.has("use_sliding_window") && !r.optional("max_window_layers", nullptr, fromLayer))
                return false;
            fromLayer = std::clamp(fromLayer, 0, a.layers);
            a.slidingWindow = window;
            a.slidingWindowLayers = a.layers - fromLayer;
        } else if (window > 0) {
            out.ignored.push_back("sliding_window (use_sliding_window is false)");
        }
    }
    if (a.slidingWindowLayers > a.layers)
        return r.fail("layer_types", "more sliding layers than layers");

    // Context the model was trained at: before RoPE scaling when the config says, else its maximum.
    int context = 0;
    if (const Json *rope = r.get("rope_scaling"); rope && rope->is_object()) {
        auto it = rope->find("original_max_position_embeddings");
        if (it != rope->end() && it->is_number_integer() && it->get<long long>() > 0 && it->get<long long>() <= 10000000)
            context = it->get<int>();
        out.ignored.push_back("rope_scaling");
    } else if (rope) {
        out.ignored.push_back("rope_scaling");
    }
    int initial = 0, maxPositions = 0;
    if (!r.optional("initial_context_length", nullptr, initial) || !r.optional("max_position_embeddings", nullptr, maxPositions))
        return false;
    if (context <= 0)
        context = initial > 0 ? initial : std::min(maxPositions, 131072);
    out.contextLength = context > 0 ? std::min(context, 131072) : 4096;
    return true;
}

bool parseObject(std::string_view text, const std::string &file, Json &doc, HfImportError &error)
{
    std::string message;
    if (!parseLimitedJson(text, doc, message)) {
        error = {file, "", message};
        return false;
    }
    if (!doc.is_object()) {
        error = {file, "", std::string("expected a JSON object (a config.json), found ") + typeName(doc)};
        return false;
    }
    return true;
}

// safetensors: 8 bytes little-endian header length, then that many bytes of JSON.
bool readSafetensorsHeader(const fs::path &path, Json &header, HfImportError &error)
{
    const std::string file = path.string();
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
        error = {file, "", "no such file (named by the folder's safetensors index)"};
        return false;
    }
    if (!fs::is_regular_file(status)) {
        error = {file, "", "not a regular file"};
        return false;
    }
    const auto size = fs::file_size(path, ec);
    if (ec || size < 8) {
        error = {file, "", "not a safetensors file (shorter than its 8-byte header length)"};
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    unsigned char len[8] = {};
    if (!in.read(reinterpret_cast<char *>(len), 8)) {
        error = {file, "", "cannot read the header length"};
        return false;
    }
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | len[i];
    if (n == 0 || n > kMaxSafetensorsHeaderBytes || n > size - 8) {
        error = {file, "", "header length " + std::to_string(n) + " is beyond the file or the " +
                               std::to_string(kMaxSafetensorsHeaderBytes / (1024 * 1024)) + " MiB limit: not a safetensors file"};
        return false;
    }
    std::string text(static_cast<std::size_t>(n), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(n))) {
        error = {file, "", "cannot read the header"};
        return false;
    }
    std::string message;
    if (!parseLimitedJson(text, header, message) || !header.is_object()) {
        error = {file, "header", message.empty() ? "expected a JSON object" : message};
        return false;
    }
    return true;
}

// Stored elements of one tensor counted as parameters: packed 4-bit formats hold several per
// element; quantization scales, zero points and indices are not parameters.
double parameterElements(const std::string &name, const std::string &dtype, double elements)
{
    const auto ends = [&](const char *suffix) { return name.ends_with(suffix); };
    if (ends("_scales") || ends(".scales") || ends("weight_scale_inv") || ends("weight_scale") || ends("input_scale") ||
        ends(".qzeros") || ends(".g_idx") || ends("_zeros") || ends(".absmax") || ends(".quant_map") ||
        ends(".nested_absmax") || ends(".nested_quant_map") || ends(".quant_state.bitsandbytes__nf4") ||
        ends(".quant_state.bitsandbytes__fp4"))
        return 0;
    if (ends("_blocks") && dtype == "U8")
        return 2 * elements;   // MXFP4: two 4-bit values per byte
    if (ends(".qweight") && dtype == "I32")
        return 8 * elements;   // GPTQ/AWQ: eight 4-bit values per int32
    return elements;
}

bool readCheckpoint(const fs::path &folder, HfImport &out, HfImportError &error)
{
    std::vector<fs::path> shards;
    const fs::path index = folder / "model.safetensors.index.json";
    std::error_code ec;
    if (fs::exists(index, ec)) {
        std::string text, message;
        if (!readTextFile(index.string(), kMaxSafetensorsIndexBytes, text, message)) {
            error = {index.string(), "", message.substr(std::min(message.size(), index.string().size() + 2))};
            return false;
        }
        Json doc;
        if (!parseObject(text, index.string(), doc, error))
            return false;
        auto map = doc.find("weight_map");
        if (map == doc.end() || !map->is_object()) {
            error = {index.string(), "weight_map", "missing: the index must map tensors to files"};
            return false;
        }
        std::set<std::string> files;
        for (auto it = map->begin(); it != map->end(); ++it) {
            if (!it->is_string()) {
                error = {index.string(), "weight_map." + it.key(), std::string("expected a file name, found ") + typeName(*it)};
                return false;
            }
            const std::string f = it->get<std::string>();
            if (f.empty() || f.find('/') != std::string::npos || f.find('\\') != std::string::npos || f == "..") {
                error = {index.string(), "weight_map." + it.key(), "expected a file name in the folder, found \"" + f + "\""};
                return false;
            }
            files.insert(f);
        }
        for (const std::string &f : files)
            shards.push_back(folder / f);
        if (auto meta = doc.find("metadata"); meta != doc.end() && meta->is_object()) {
            if (auto total = meta->find("total_size"); total != meta->end() && total->is_number())
                out.notes.push_back("model.safetensors.index.json: " + grouped(std::llround(total->get<double>())) + " bytes of weights in " +
                                    std::to_string(files.size()) + " files");
        }
    } else if (fs::exists(folder / "model.safetensors", ec)) {
        shards.push_back(folder / "model.safetensors");
    }
    if (shards.empty()) {
        out.notes.push_back("no safetensors files in the folder: the parameter count is the architecture's");
        return true;
    }
    double params = 0;
    for (const fs::path &shard : shards) {
        Json header;
        if (!readSafetensorsHeader(shard, header, error))
            return false;
        for (auto it = header.begin(); it != header.end(); ++it) {
            if (it.key() == "__metadata__")
                continue;
            const Json &t = *it;
            if (!t.is_object() || !t.contains("dtype") || !t["dtype"].is_string() || !t.contains("shape") || !t["shape"].is_array()) {
                error = {shard.string(), it.key(), "expected a tensor entry with dtype and shape"};
                return false;
            }
            double elements = 1;
            for (const Json &d : t["shape"]) {
                if (!d.is_number_integer() || d.get<long long>() < 0) {
                    error = {shard.string(), it.key() + ".shape", "expected sizes of 0 or more"};
                    return false;
                }
                elements *= static_cast<double>(d.get<long long>());
            }
            if (elements > 1e15) {
                error = {shard.string(), it.key() + ".shape", "absurd tensor size " + grouped(std::llround(elements))};
                return false;
            }
            const std::string dtype = t["dtype"].get<std::string>();
            out.checkpointDtypes[dtype] += elements;
            params += parameterElements(it.key(), dtype, elements);
        }
    }
    out.checkpointParams = params;
    return true;
}

} // namespace

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
                dtypes += (dtypes.empty() ? "" : ", ") + dtype + " " + billions(n);
            out.notes.push_back("safetensors headers: " + grouped(std::llround(out.checkpointParams)) + " parameters (" + dtypes +
                                "); the architecture counts " + grouped(std::llround(out.countedParams)) +
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

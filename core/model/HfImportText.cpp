// SPDX-License-Identifier: GPL-3.0-or-later
// The key lists and text helpers of the Hugging Face import.
#include "model/HfImportInternal.h"

#include "common/Format.h"
#include "common/JsonText.h"

#include <cctype>
#include <cmath>

namespace gpuplan::hf {

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
        "router_aux_loss_coef",
        "aux_loss_alpha", "seq_aux", "norm_topk_prob", "scoring_func", "topk_method",
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

std::string thousands(double v)
{
    return grouped(std::llround(v));   // the one thousands rule (common/Format)
}

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

} // namespace gpuplan::hf

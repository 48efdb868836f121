// SPDX-License-Identifier: GPL-3.0-or-later
// A Hugging Face config.json mapped onto ModelArch, family by family (docs/catalogs.md, "Importing a model").
#include "model/HfImportInternal.h"

#include <algorithm>
#include <initializer_list>

namespace gpuplan::hf {

namespace {

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

} // namespace

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
            !r.optional("num_nextn_predict_layers", "model.mtp_layers", a.mtpLayers) ||
            !r.optional("n_group", "model.moe_groups", a.moeGroups) ||
            !r.optional("topk_group", "model.moe_topk_groups", a.moeTopKGroups))
            return false;
        // Group-limited routing (DeepSeek-V3 §3.2.2): a token's experts come from its best
        // topk_group of n_group groups of consecutive experts.
        if (a.moeGroups > 0 && (a.moeGroups > experts || experts % a.moeGroups != 0))
            return r.fail("n_group", "expected a divisor of the " + std::to_string(experts) +
                                         " routed experts, found " + std::to_string(a.moeGroups));
        if (a.moeTopKGroups > a.moeGroups)
            return r.fail("topk_group", "expected at most the " + std::to_string(a.moeGroups) + " groups, found " +
                                            std::to_string(a.moeTopKGroups));
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

    // Dropout: a model whose config states its dropout probabilities and all are 0 trains without
    // any, so it saves no dropout masks (model.dropout); a config that states none keeps the default.
    bool statesDropout = false, anyDropout = false;
    for (const char *key : {"attention_dropout", "hidden_dropout", "dropout", "embd_pdrop", "resid_pdrop", "attn_pdrop",
                            "hidden_dropout_prob", "attention_probs_dropout_prob"}) {
        const Json *v = r.get(key);
        if (!v)
            continue;
        if (!v->is_number() || v->get<double>() < 0 || v->get<double>() >= 1)
            return r.fail(key, std::string("expected a dropout probability from 0 to below 1, found ") + v->dump());
        statesDropout = true;
        anyDropout = anyDropout || v->get<double>() > 0;
    }
    if (statesDropout)
        a.dropout = anyDropout;

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

} // namespace gpuplan::hf

// SPDX-License-Identifier: GPL-3.0-or-later
// Plan fields: top-level text, the report's branding and the model architecture.
#include "plan/PlanFieldMacros.h"
#include "plan/ReportBranding.h"

namespace gpuplan {
namespace {

const TextRule kLogoPathRule{kAllowedLogoPath, &isAllowedLogoPath};

const FieldSpec kModelFields[] = {
    GP_FIELD_TEXT("name", name, 200, "Plan name shown in the window title and on the PDF cover"),
    GP_FIELD_TEXT("notes", notes, 100000, "Free text notes, printed in the PDF"),
    GP_FIELD_TEXT("prepared_by", preparedBy, 200, "Author shown on the PDF cover"),
    GP_FIELD_TEXT("report.organisation", report.organisation, kMaxOrganisationChars,
                  "Organisation on the PDF cover and page headers (empty = the Preferences default)"),
    GP_FIELD_TEXT_RULE("report.logo", report.logo, kMaxLogoPathChars, kLogoPathRule,
                       "Logo on the PDF cover and page headers, relative to the plan file's folder (empty = the "
                       "Preferences default)"),
    GP_FIELD_TEXT("model.preset", model.preset, 200, "Model preset id from catalogs/models.json (empty = explicit)"),
    GP_FIELD_TEXT("model.name", model.name, 200, "Model display name"),
    GP_FIELD_INT("model.layers", model.layers, 1, 1000, "layers", "Transformer layers"),
    GP_FIELD_INT("model.hidden", model.hidden, 1, 262144, "", "Hidden size (d_model)"),
    GP_FIELD_INT("model.heads", model.heads, 1, 4096, "heads", "Attention (query) heads"),
    GP_FIELD_INT_OR("model.kv_heads", model.kvHeads, 1, 4096, 0, "same as heads (MHA)", "heads",
                    "Key/value heads: 1 = MQA, fewer than heads = GQA"),
    GP_FIELD_INT_OR("model.head_dim", model.headDim, 1, 4096, 0, "hidden / heads", "", "Head dimension"),
    GP_FIELD_INT_OR("model.ffn_hidden", model.ffnHidden, 1, 2000000, 0, "4 x hidden", "", "Dense MLP intermediate size"),
    GP_FIELD_BOOL("model.gated_mlp", model.gatedMlp, "Gated MLP (SwiGLU/GeGLU): three weight matrices"),
    GP_FIELD_INT("model.vocab", model.vocab, 1, 4000000, "tokens", "Vocabulary size"),
    GP_FIELD_BOOL("model.tied_embeddings", model.tiedEmbeddings, "Input and output embeddings share weights"),
    GP_FIELD_BOOL("model.bias", model.bias, "Linear layers have biases"),
    GP_FIELD_ENUM("model.norm", model.norm, NormKind, normNames, "Normalization: layernorm or rmsnorm"),
    GP_FIELD_ENUM("model.position", model.position, PositionKind, positionNames, "Position encoding"),
    GP_FIELD_INT_OR("model.max_positions", model.maxPositions, 1, 10000000, 0, "training sequence length", "tokens",
                    "Rows of a learned position table"),
    GP_FIELD_INT("model.moe_experts", model.moeExperts, 0, 4096, "experts", "Routed experts per MoE layer (0 = dense)"),
    GP_FIELD_INT("model.moe_top_k", model.moeTopK, 0, 256, "experts", "Routed experts per token"),
    GP_FIELD_INT("model.moe_shared_experts", model.moeSharedExperts, 0, 64, "experts", "Always-active shared experts"),
    GP_FIELD_INT_OR("model.moe_ffn_hidden", model.moeFfnHidden, 1, 2000000, 0, "ffn_hidden", "",
                    "Expert MLP intermediate size"),
    GP_FIELD_INT("model.moe_dense_layers", model.moeDenseLayers, 0, 1000, "layers", "Leading layers with a dense MLP"),
    GP_FIELD_REAL("model.moe_capacity_factor", model.moeCapacityFactor, 0.1, 16, "", "Expert capacity factor"),
    GP_FIELD_INT("model.moe_groups", model.moeGroups, 0, 4096, "groups",
                 "Expert groups of group-limited routing (HF n_group; 0 = none)"),
    GP_FIELD_INT("model.moe_topk_groups", model.moeTopKGroups, 0, 4096, "groups",
                 "Groups a token's experts may come from (HF topk_group; 0 = all)"),
    GP_FIELD_INT("model.mla_q_lora_rank", model.mlaQLoraRank, 0, 65536, "", "MLA query compression rank (0 = none)"),
    GP_FIELD_INT("model.mla_kv_lora_rank", model.mlaKvLoraRank, 0, 65536, "", "MLA KV compression rank (0 = no MLA)"),
    GP_FIELD_INT("model.mla_qk_nope_dim", model.mlaQkNopeDim, 0, 4096, "", "MLA non-rotary query/key head dim"),
    GP_FIELD_INT("model.mla_qk_rope_dim", model.mlaQkRopeDim, 0, 4096, "", "MLA rotary query/key head dim"),
    GP_FIELD_INT("model.mla_v_dim", model.mlaVDim, 0, 4096, "", "MLA value head dim"),
    GP_FIELD_INT("model.sliding_window", model.slidingWindow, 0, 10000000, "tokens", "Sliding attention window (0 = none)"),
    GP_FIELD_INT("model.sliding_window_layers", model.slidingWindowLayers, 0, 1000, "layers",
                 "Layers using the window (0 with a window = all)"),
    GP_FIELD_INT("model.mtp_layers", model.mtpLayers, 0, 16, "modules", "Multi-token-prediction modules"),
    GP_FIELD_BOOL("model.dropout", model.dropout, "Trains with dropout (off: p = 0, no dropout masks stored)"),
};

} // namespace

std::span<const FieldSpec> modelFields()
{
    return kModelFields;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

// The modules a "selective" recompute re-runs in the backward instead of keeping their outputs,
// named as Megatron-Core's --recompute-modules names them (TransformerConfig.recompute_modules,
// megatron/core/transformer/transformer_config.py). The plan keeps them as a bit set
// (Parallelism::recomputeModules); 0 = the stack's default, the attention core.
namespace gpuplan {

namespace recompute_module {
constexpr std::uint32_t kCoreAttn = 1u << 0;      // attention scores/softmax (Korthikanti et al. 2022)
constexpr std::uint32_t kLayernorm = 1u << 1;     // both norms of a layer: their outputs re-made from their inputs
constexpr std::uint32_t kMlaUpProj = 1u << 2;     // MLA's up-projections: Q, K, V re-made from the latents
constexpr std::uint32_t kMoeAct = 1u << 3;        // the experts' SwiGLU: its output re-made from its inputs
constexpr std::uint32_t kMlp = 1u << 4;           // the dense MLP: only its input kept
constexpr std::uint32_t kMoe = 1u << 5;           // the whole MoE block: only its input kept
constexpr std::uint32_t kSharedExperts = 1u << 6; // the shared experts: only their input kept
constexpr std::uint32_t kAll = (1u << 7) - 1;
} // namespace recompute_module

// "core_attn layernorm mla_up_proj" (names separated by spaces or commas, each at most once) ->
// the bit set; false for an unknown or repeated name. Empty text is 0.
bool parseRecomputeModules(std::string_view text, std::uint32_t &modules);

// The bit set as names in the order above, separated by spaces ("" for 0).
std::string recomputeModulesText(std::uint32_t modules);

// For messages and the field's help.
inline constexpr const char *kAllowedRecomputeModules =
    "empty (the attention core), or names separated by spaces from core_attn, layernorm, mla_up_proj, moe_act, mlp, "
    "moe, shared_experts";

} // namespace gpuplan

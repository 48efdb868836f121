// SPDX-License-Identifier: GPL-3.0-or-later
#include "plan/RecomputeModules.h"

#include <array>

namespace gpuplan {

namespace {

struct ModuleName
{
    std::string_view name;
    std::uint32_t bit;
};

constexpr std::array<ModuleName, 7> kNames{{
    {"core_attn", recompute_module::kCoreAttn},
    {"layernorm", recompute_module::kLayernorm},
    {"mla_up_proj", recompute_module::kMlaUpProj},
    {"moe_act", recompute_module::kMoeAct},
    {"mlp", recompute_module::kMlp},
    {"moe", recompute_module::kMoe},
    {"shared_experts", recompute_module::kSharedExperts},
}};

bool isSeparator(char c)
{
    return c == ' ' || c == ',';
}

} // namespace

bool parseRecomputeModules(std::string_view text, std::uint32_t &modules)
{
    std::uint32_t bits = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        if (isSeparator(text[i])) {
            ++i;
            continue;
        }
        std::size_t end = i;
        while (end < text.size() && !isSeparator(text[end]))
            ++end;
        const std::string_view word = text.substr(i, end - i);
        std::uint32_t bit = 0;
        for (const ModuleName &m : kNames)
            if (m.name == word)
                bit = m.bit;
        if (bit == 0 || (bits & bit) != 0)
            return false;
        bits |= bit;
        i = end;
    }
    modules = bits;
    return true;
}

std::string recomputeModulesText(std::uint32_t modules)
{
    std::string out;
    for (const ModuleName &m : kNames) {
        if ((modules & m.bit) == 0)
            continue;
        if (!out.empty())
            out += ' ';
        out += m.name;
    }
    return out;
}

} // namespace gpuplan

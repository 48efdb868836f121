// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

#include <optional>
#include <string>
#include <string_view>

// Turning one row of a validation CSV (tests/data/validation/README.md schema) into a plan.
// Only configuration columns are read here; measured_* columns never are.
namespace gpuplan {

class Catalog;
class CsvTable;

std::optional<double> parseNumberCell(std::string_view text);

// A cell's text in ASCII lower case: the readers compare names case-insensitively.
std::string lowerCell(std::string_view text);

struct RowPlanOptions
{
    // Rows that give params_b but no architecture columns get approximateArchitecture() instead of
    // being skipped.
    bool architectureFromParams = false;
};

// A GPT-style architecture with `params` parameters: multi-head attention, f = 4h, plain MLP,
// tied embeddings of `vocab` tokens and hidden/layers = 128 (the GPT-3 family's aspect ratio,
// Brown et al. 2020 Table 2.1; Kaplan et al. 2020 §3.1 find the loss flat across 50-200). The
// parameter count is matched to within about 1 % (hidden is a multiple of 64).
ModelArch approximateArchitecture(double params, int vocab);

// Fills plan.model, plan.hardware, plan.parallelism, plan.precision and the training workload's
// sequence/batch fields from the columns every validation file shares. Returns false with a
// reason (for a "skipped" row) when a needed column is blank or unusable.
bool planFromCommonColumns(const CsvTable &table, std::size_t row, const Catalog &catalog, Plan &plan,
                           std::string &skipReason, const RowPlanOptions &options = {});

// What no column states and the published parameter count (params_b) decides, once the MoE
// columns are read: tied or untied embeddings, and the dense layers of an MoE model whose
// dense-layer MLP (ffn_hidden) differs from its experts' (moe_ffn_hidden) but whose
// moe_dense_layers is blank. Those dense layers are not leading ones but interleaved with the MoE
// layers (Llama 4 Maverick: interleave_moe_layer_step 2; Megatron-Core --moe-layer-freq), every
// step-th layer MoE for the step (1 to 4) whose total is nearest params_b. They are counted as
// leading dense layers, which gives the same parameters and FLOPs (the Hugging Face import and the
// catalog's Llama 4 presets do the same). Nothing changes without params_b.
void decideFromPublishedParams(const CsvTable &table, std::size_t row, ModelArch &model, int seqLen);

// A training row's activation checkpointing as its stack (the framework column; unknown or blank:
// generic) means it: a blank recompute is the stack's default and "selective" the stack's selective
// mode (plan/FrameworkPresets.cpp, where each is sourced). `stated` is what the column parsed to.
// Megatron-Core, NeMo, NeMo AutoModel, llm-foundry and the generic stack recompute nothing unless
// configured to; torchtitan's JobConfig default is its op-level selective checkpointing.
Recompute stackRecompute(const CsvTable &table, std::size_t row, Recompute stated, int numGpus);

} // namespace gpuplan

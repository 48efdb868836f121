// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "inputs/ChoiceFieldRow.h"

#include "catalog/Catalog.h"

#include <vector>

// The input panel's lists of catalog entries: model presets, GPUs, node types and a GPU's MIG
// profiles, each as the combo box shows it with the id it sets.
namespace gpuplan::ui {

std::vector<ChoiceFieldRow::Choice> presetChoices(const Catalog &catalog);   // "Custom architecture" first
std::vector<ChoiceFieldRow::Choice> gpuChoices(const Catalog &catalog);
// A disaggregated plan's prefill GPU: "Same as the plan's GPU" (blank), then the catalog's GPUs.
std::vector<ChoiceFieldRow::Choice> prefillGpuChoices(const Catalog &catalog);
std::vector<ChoiceFieldRow::Choice> nodeChoices(const Catalog &catalog);     // "Default for the GPU" first
std::vector<ChoiceFieldRow::Choice> migChoices(const GpuSpec *gpu);          // "Whole GPUs" first

} // namespace gpuplan::ui

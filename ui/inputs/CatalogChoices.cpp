// SPDX-License-Identifier: GPL-3.0-or-later
#include "inputs/CatalogChoices.h"

#include "NumberText.h"

#include <QCoreApplication>

#include <algorithm>

namespace gpuplan::ui {

std::vector<ChoiceFieldRow::Choice> presetChoices(const Catalog &catalog)
{
    std::vector<ChoiceFieldRow::Choice> out{{QCoreApplication::translate("InputPanel", "Custom architecture"), QString()}};
    std::vector<const ModelPreset *> models;
    for (const ModelPreset &m : catalog.models)
        models.push_back(&m);
    std::sort(models.begin(), models.end(), [](auto *a, auto *b) { return a->arch.name < b->arch.name; });
    for (const ModelPreset *m : models)
        out.push_back({QString::fromStdString(m->arch.name.empty() ? m->id : m->arch.name), QString::fromStdString(m->id)});
    return out;
}

std::vector<ChoiceFieldRow::Choice> gpuChoices(const Catalog &catalog)
{
    std::vector<ChoiceFieldRow::Choice> out;
    for (const GpuSpec &g : catalog.gpus)
        out.push_back({QString::fromStdString(g.name.empty() ? g.id : g.name), QString::fromStdString(g.id)});
    return out;
}

std::vector<ChoiceFieldRow::Choice> prefillGpuChoices(const Catalog &catalog)
{
    std::vector<ChoiceFieldRow::Choice> out{
        {QCoreApplication::translate("InputPanel", "Same as the plan's GPU"), QString()}};
    const std::vector<ChoiceFieldRow::Choice> gpus = gpuChoices(catalog);
    out.insert(out.end(), gpus.begin(), gpus.end());
    return out;
}

std::vector<ChoiceFieldRow::Choice> nodeChoices(const Catalog &catalog)
{
    std::vector<ChoiceFieldRow::Choice> out{{QCoreApplication::translate("InputPanel", "Default for the GPU"), QString()}};
    for (const NodeSpec &n : catalog.nodes)
        out.push_back({QString::fromStdString(n.name.empty() ? n.id : n.name), QString::fromStdString(n.id)});
    return out;
}

// Whole GPUs, then the GPU's MIG profiles with what one instance gets.
std::vector<ChoiceFieldRow::Choice> migChoices(const GpuSpec *gpu)
{
    std::vector<ChoiceFieldRow::Choice> out{{QCoreApplication::translate("InputPanel", "Whole GPUs (no MIG)"), QString()}};
    if (!gpu)
        return out;
    for (const MigProfile &p : gpu->migProfiles)
        out.push_back({QCoreApplication::translate("InputPanel", "%1: %2/%3 of the compute, %4, %5 per GPU")
                           .arg(QString::fromStdString(p.name))
                           .arg(p.computeSlices)
                           .arg(gpu->migComputeSlices)
                           .arg(soldGbText(p.memoryBytes))
                           .arg(p.instancesPerGpu),
                       QString::fromStdString(p.name)});
    return out;
}

} // namespace gpuplan::ui

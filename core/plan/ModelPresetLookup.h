// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

// What reading a plan needs of the catalog: the architecture a model.preset names. The catalog
// (core/catalog/Catalog.h) implements it, so core/plan reads presets without depending on the
// folder above it (docs/architecture.md, "Layers of core/").
namespace gpuplan {

struct ModelArch;

class ModelPresetLookup
{
public:
    // The architecture a plan gets when it picks the preset with this id or alias, and the
    // preset's canonical id; false when no preset has that name.
    virtual bool findModelPreset(std::string_view name, ModelArch &arch, std::string &id) const = 0;

protected:
    ModelPresetLookup() = default;
    ModelPresetLookup(const ModelPresetLookup &) = default;
    ModelPresetLookup &operator=(const ModelPresetLookup &) = default;
    ~ModelPresetLookup() = default;
};

} // namespace gpuplan

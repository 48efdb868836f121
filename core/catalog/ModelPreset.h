// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"
#include "plan/Plan.h"

#include <string>
#include <vector>

namespace gpuplan {

struct ModelPreset
{
    std::string id;                     // e.g. "llama3-70b"
    std::vector<std::string> aliases;
    ModelArch arch;                     // arch.preset is empty; arch.name is the display name
    double publishedParams = 0;         // parameter count as published (for cross-checks)
    double publishedActiveParams = 0;   // MoE: parameters active per token as published; 0 = not given
    // The published figures are rounded to this many parameters ("70B": 1e9, "1T": 1e12); 0 = an
    // exact count. The active count has its own step ("32B activated": 1e9).
    double publishedStep = 0;
    double publishedActiveStep = 0;
    // Parts the published counts leave out or hold beyond the preset: "mtp" (the multi-token
    // prediction modules are not in the published total), "input_embedding" / "output_layer" (not in
    // the published active count), "vision_encoder" (the published total includes a vision encoder
    // the preset does not model). Read by the catalog tests' cross-check (docs/catalogs.md).
    std::vector<std::string> publishedExcludes;
    int defaultSeqLen = 0;              // context length the model was trained at
    ProvenanceMap sources;
};

// The architecture a plan gets when it picks this preset: the whole architecture, the canonical id,
// and the preset's id as the name when the catalog gives none. Plan files, `--set model.preset` and
// the desktop's model choice all go through here, so they compute the same model.
inline ModelArch presetArchitecture(const ModelPreset &preset)
{
    ModelArch arch = preset.arch;
    arch.preset = preset.id;
    if (arch.name.empty())
        arch.name = preset.id;
    return arch;
}

} // namespace gpuplan

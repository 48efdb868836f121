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
    int defaultSeqLen = 0;              // context length the model was trained at
    ProvenanceMap sources;
};

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Provenance.h"
#include "common/Enums.h"

#include <string>
#include <vector>

namespace gpuplan {

// A serving engine as a preset of efficiency and batching behaviour (catalogs/engines.json).
// The inference time model (core/perf) owns the interpretation of each parameter.
struct EnginePreset
{
    std::string id;                     // "vllm", "tgi", "tensorrt-llm", "triton", ...
    std::vector<std::string> aliases;
    std::string name;
    ServingEngine engine = ServingEngine::Generic;
    Batching defaultBatching = Batching::Continuous;
    double decodeBwFraction = 0.7;      // achieved fraction of HBM bandwidth in decode
    double prefillFlopsFraction = 0.6;  // achieved fraction of dense peak in prefill
    double stepOverheadS = 1e-3;        // scheduler + launch overhead per engine step
    double memoryReserveGiB = 1.0;      // engine workspace beyond weights and KV
    bool pagedKv = true;
    int kvBlockTokens = 16;
    ProvenanceMap sources;
};

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <string>
#include <string_view>

namespace gpuplan {

class Catalog;
struct EnginePreset;

// The engine column as the presets' ids spell it: lower case, "name@version" for the ways
// benchmark tables write a version ("TensorRT-LLM 1.0", "vllm==0.11.0", "sglang:v0.5.4",
// "vllm-0.10.2", "vllm@v0.12.0"), and a wrapper's prefix dropped where the engine inside it
// schedules the requests (NVIDIA Dynamo: "dynamo-vllm@0.12" runs vLLM's scheduler).
std::string normalizedEngineColumn(std::string_view column);

// The engine preset for an engine column "name" or "name@version" (normalized as above): the exact
// id or alias, then the version with trailing components dropped ("tensorrt-llm@0.6.1" ->
// "tensorrt-llm@0.6"; a major version alone only as a preset id), then the preset of the same
// engine (the name's own preset decides which engine: "trtllm" is TensorRT-LLM) with the nearest
// version in its id ("vllm@0.10.1" -> "vllm@0.12", "trtllm@1.3.0rc5" -> "tensorrt-llm@1.0"), then
// the bare name, then "generic". nullptr only when the catalog has no "generic" preset.
const EnginePreset *findEnginePreset(const Catalog &catalog, std::string_view engineColumn);

} // namespace gpuplan

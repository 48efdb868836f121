// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"
#include "plan/Plan.h"

#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

// A model brought in from the files users already have: a Hugging Face config.json, or a model
// folder (config.json, plus model.safetensors.index.json and the safetensors headers when
// present, for the stored parameter count and dtypes). Every architecture field a plan needs is
// mapped (docs/catalogs.md, "Importing a model"); a field with no effect on cost is named in one
// message, a field gpuplan does not know in another, and an architecture it cannot map says what
// is missing. Nothing is written here: the caller saves the entry (catalog/UserCatalogWrite.h)
// only when the import succeeded.
namespace gpuplan {

inline constexpr std::size_t kMaxHfConfigBytes = 4u * 1024u * 1024u;          // a config.json
inline constexpr std::size_t kMaxSafetensorsIndexBytes = 64u * 1024u * 1024u;  // model.safetensors.index.json
inline constexpr std::size_t kMaxSafetensorsHeaderBytes = 100u * 1024u * 1024u;

struct HfImport
{
    ModelArch arch;                  // preset empty; name from the config or the folder
    std::string modelType;           // config model_type (of text_config for a multimodal wrapper)
    std::string architecture;        // architectures[0]
    std::string configFile;          // the config.json read
    int contextLength = 0;           // context before RoPE scaling, else max_position_embeddings (capped)
    bool hasWeightDtype = false;     // torch_dtype or quantization_config gave the stored weight format
    Dtype weightDtype = Dtype::BF16; // what precision.weights should be
    std::string weightFormat;        // e.g. "fp8 (e4m3, 128 x 128 blocks; quantization_config)"
    double countedParams = 0;        // from the architecture (core/model/ModelShape)
    double countedActiveParams = 0;
    double checkpointParams = 0;     // counted from the safetensors headers; 0 = none read
    std::map<std::string, double> checkpointDtypes;  // stored elements by safetensors dtype
    std::vector<std::string> notes;  // how fields were read, one line each
    std::vector<std::string> ignored;   // config fields with no effect on cost
    std::vector<std::string> unknown;   // config fields gpuplan does not know

    // "ignored: rope_scaling, rope_theta — no effect on cost" (empty when nothing was ignored).
    std::string ignoredMessage() const;
    // "not read: foo — unknown to gpuplan; check that it does not change the architecture".
    std::string unknownMessage() const;
};

struct HfImportError
{
    std::string file;
    std::string field;      // config key (dotted for nested ones); empty for whole-file problems
    std::string message;
    std::string text() const;   // "file: field: message"
};

// One config.json given as text; file names it in errors.
bool importHfConfigText(std::string_view text, const std::string &file, HfImport &out, HfImportError &error);

// A config.json file or a model folder. Files are read with a size cap before reading; a path
// that is not a regular file (a device, a FIFO, a symlink to one) is refused.
bool importHfModel(const std::string &path, HfImport &out, HfImportError &error);

// A catalog id from a display name: lower case letters, digits, '.', '-' ("Qwen/Qwen3-8B" ->
// "qwen3-8b"); empty when nothing is left.
std::string modelIdFromName(std::string_view name);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// The safetensors checkpoint of a model folder: the stored parameter count and dtypes from the headers.
#include "model/HfImportInternal.h"

#include "common/TextFile.h"

#include <cstdint>
#include <fstream>

namespace gpuplan::hf {

// safetensors: 8 bytes little-endian header length, then that many bytes of JSON.
bool readSafetensorsHeader(const fs::path &path, Json &header, HfImportError &error)
{
    const std::string file = path.string();
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status)) {
        error = {file, "", "no such file (named by the folder's safetensors index)"};
        return false;
    }
    if (!fs::is_regular_file(status)) {
        error = {file, "", "not a regular file"};
        return false;
    }
    const auto size = fs::file_size(path, ec);
    if (ec || size < 8) {
        error = {file, "", "not a safetensors file (shorter than its 8-byte header length)"};
        return false;
    }
    std::ifstream in(path, std::ios::binary);
    unsigned char len[8] = {};
    if (!in.read(reinterpret_cast<char *>(len), 8)) {
        error = {file, "", "cannot read the header length"};
        return false;
    }
    std::uint64_t n = 0;
    for (int i = 7; i >= 0; --i)
        n = (n << 8) | len[i];
    if (n == 0 || n > kMaxSafetensorsHeaderBytes || n > size - 8) {
        error = {file, "", "header length " + std::to_string(n) + " is beyond the file or the " +
                               std::to_string(kMaxSafetensorsHeaderBytes / (1024 * 1024)) + " MiB limit: not a safetensors file"};
        return false;
    }
    std::string text(static_cast<std::size_t>(n), '\0');
    if (!in.read(text.data(), static_cast<std::streamsize>(n))) {
        error = {file, "", "cannot read the header"};
        return false;
    }
    std::string message;
    if (!parseLimitedJson(text, header, message) || !header.is_object()) {
        error = {file, "header", message.empty() ? "expected a JSON object" : message};
        return false;
    }
    return true;
}

// Stored elements of one tensor counted as parameters: packed 4-bit formats hold several per
// element; quantization scales, zero points and indices are not parameters.
double parameterElements(const std::string &name, const std::string &dtype, double elements)
{
    const auto ends = [&](const char *suffix) { return name.ends_with(suffix); };
    if (ends("_scales") || ends(".scales") || ends("weight_scale_inv") || ends("weight_scale") || ends("input_scale") ||
        ends(".qzeros") || ends(".g_idx") || ends("_zeros") || ends(".absmax") || ends(".quant_map") ||
        ends(".nested_absmax") || ends(".nested_quant_map") || ends(".quant_state.bitsandbytes__nf4") ||
        ends(".quant_state.bitsandbytes__fp4"))
        return 0;
    if (ends("_blocks") && dtype == "U8")
        return 2 * elements;   // MXFP4: two 4-bit values per byte
    if (ends(".qweight") && dtype == "I32")
        return 8 * elements;   // GPTQ/AWQ: eight 4-bit values per int32
    return elements;
}

bool readCheckpoint(const fs::path &folder, HfImport &out, HfImportError &error)
{
    std::vector<fs::path> shards;
    const fs::path index = folder / "model.safetensors.index.json";
    std::error_code ec;
    if (fs::exists(index, ec)) {
        std::string text, message;
        if (!readTextFile(index.string(), kMaxSafetensorsIndexBytes, text, message)) {
            error = {index.string(), "", message.substr(std::min(message.size(), index.string().size() + 2))};
            return false;
        }
        Json doc;
        if (!parseObject(text, index.string(), doc, error))
            return false;
        auto map = doc.find("weight_map");
        if (map == doc.end() || !map->is_object()) {
            error = {index.string(), "weight_map", "missing: the index must map tensors to files"};
            return false;
        }
        std::set<std::string> files;
        for (auto it = map->begin(); it != map->end(); ++it) {
            if (!it->is_string()) {
                error = {index.string(), "weight_map." + it.key(), std::string("expected a file name, found ") + typeName(*it)};
                return false;
            }
            const std::string f = it->get<std::string>();
            if (f.empty() || f.find('/') != std::string::npos || f.find('\\') != std::string::npos || f == "..") {
                error = {index.string(), "weight_map." + it.key(), "expected a file name in the folder, found \"" + f + "\""};
                return false;
            }
            files.insert(f);
        }
        for (const std::string &f : files)
            shards.push_back(folder / f);
        if (auto meta = doc.find("metadata"); meta != doc.end() && meta->is_object()) {
            if (auto total = meta->find("total_size"); total != meta->end() && total->is_number())
                out.notes.push_back("model.safetensors.index.json: " + thousands(total->get<double>()) + " bytes of weights in " +
                                    std::to_string(files.size()) + " files");
        }
    } else if (fs::exists(folder / "model.safetensors", ec)) {
        shards.push_back(folder / "model.safetensors");
    }
    if (shards.empty()) {
        out.notes.push_back("no safetensors files in the folder: the parameter count is the architecture's");
        return true;
    }
    double params = 0;
    for (const fs::path &shard : shards) {
        Json header;
        if (!readSafetensorsHeader(shard, header, error))
            return false;
        for (auto it = header.begin(); it != header.end(); ++it) {
            if (it.key() == "__metadata__")
                continue;
            const Json &t = *it;
            if (!t.is_object() || !t.contains("dtype") || !t["dtype"].is_string() || !t.contains("shape") || !t["shape"].is_array()) {
                error = {shard.string(), it.key(), "expected a tensor entry with dtype and shape"};
                return false;
            }
            double elements = 1;
            for (const Json &d : t["shape"]) {
                if (!d.is_number_integer() || d.get<long long>() < 0) {
                    error = {shard.string(), it.key() + ".shape", "expected sizes of 0 or more"};
                    return false;
                }
                elements *= static_cast<double>(d.get<long long>());
            }
            if (elements > 1e15) {
                error = {shard.string(), it.key() + ".shape", "absurd tensor size " + thousands(elements)};
                return false;
            }
            const std::string dtype = t["dtype"].get<std::string>();
            out.checkpointDtypes[dtype] += elements;
            params += parameterElements(it.key(), dtype, elements);
        }
    }
    out.checkpointParams = params;
    return true;
}

} // namespace gpuplan::hf

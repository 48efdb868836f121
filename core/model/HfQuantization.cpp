// SPDX-License-Identifier: GPL-3.0-or-later
// The stored weight format of a Hugging Face model: quantization_config, else torch_dtype.
#include "model/HfImportInternal.h"

#include "common/EnumNames.h"

namespace gpuplan::hf {

// quantization_config -> the stored weight format.
bool readQuantization(const Json &q, const std::string &file, HfImport &out, HfImportError &error)
{
    const auto fail = [&](const std::string &field, const std::string &message) {
        error = {file, "quantization_config" + (field.empty() ? std::string() : "." + field), message};
        return false;
    };
    if (!q.is_object())
        return fail("", std::string("expected an object, found ") + typeName(q));
    const auto method = q.find("quant_method");
    if (method == q.end() || !method->is_string())
        return fail("quant_method", "missing: the quantization method is needed for the weight format");
    const std::string m = lower(method->get<std::string>());
    const auto intOf = [&](const char *key, int fallback) {
        auto it = q.find(key);
        return it != q.end() && it->is_number_integer() ? it->get<int>() : fallback;
    };
    out.hasWeightDtype = true;
    if (m == "fp8" || m == "fbgemm_fp8") {
        out.weightDtype = Dtype::FP8;
        std::string detail = m;
        if (auto f = q.find("fmt"); f != q.end() && f->is_string())
            detail += ", " + f->get<std::string>();
        if (auto b = q.find("weight_block_size"); b != q.end() && b->is_array() && b->size() == 2 && (*b)[0].is_number() &&
                                                  (*b)[1].is_number())
            detail += ", " + std::to_string((*b)[0].get<int>()) + " x " + std::to_string((*b)[1].get<int>()) + " blocks";
        out.weightFormat = "fp8 (" + detail + "; quantization_config)";
        return true;
    }
    if (m == "mxfp4") {
        out.weightDtype = Dtype::INT4;
        out.weightFormat = "mxfp4 (quantization_config), planned as int4: 4 bits plus one 8-bit scale per 32 weights "
                           "is 4.25 bits, the bytes of int4 with group-64 fp16 scales";
        if (auto keep = q.find("modules_to_not_convert"); keep != q.end() && keep->is_array() && !keep->empty())
            out.notes.push_back("weights: mxfp4 except the modules_to_not_convert of quantization_config (" +
                                std::to_string(keep->size()) + " patterns, stored in " +
                                "torch_dtype); precision.weights covers all weights, so the other modules are "
                                "counted at 4.25 bits too");
        return true;
    }
    if (m == "awq" || m == "gptq") {
        const int bits = intOf(m == "awq" ? "bits" : "bits", intOf("w_bit", 4));
        if (bits != 4 && bits != 8)
            return fail("bits", "expected 4 or 8 bits, found " + std::to_string(bits));
        out.weightDtype = bits == 4 ? Dtype::INT4 : Dtype::INT8;
        out.weightFormat = m + " int" + std::to_string(bits) + " (quantization_config, group " +
                           std::to_string(intOf("group_size", intOf("q_group_size", 128))) + ")";
        return true;
    }
    if (m == "bitsandbytes") {
        const auto yes = [&](const char *key) {
            auto it = q.find(key);
            return it != q.end() && it->is_boolean() && it->get<bool>();
        };
        if (yes("load_in_4bit")) {
            std::string type = "nf4";
            if (auto t = q.find("bnb_4bit_quant_type"); t != q.end() && t->is_string())
                type = lower(t->get<std::string>());
            if (type != "nf4" && type != "fp4")
                return fail("bnb_4bit_quant_type", "expected nf4 or fp4, found \"" + type + "\"");
            out.weightDtype = type == "nf4" ? Dtype::NF4 : Dtype::INT4;
            out.weightFormat = "bitsandbytes 4-bit " + type + " (quantization_config)";
            return true;
        }
        if (yes("load_in_8bit")) {
            out.weightDtype = Dtype::INT8;
            out.weightFormat = "bitsandbytes LLM.int8 (quantization_config)";
            return true;
        }
        return fail("load_in_4bit", "expected load_in_4bit or load_in_8bit true for bitsandbytes");
    }
    if (m == "compressed-tensors") {
        // config_groups.<group>.weights {num_bits, type}: the first group sets the format.
        auto groups = q.find("config_groups");
        if (groups != q.end() && groups->is_object()) {
            for (auto g = groups->begin(); g != groups->end(); ++g) {
                auto w = g->find("weights");
                if (w == g->end() || !w->is_object())
                    continue;
                const int bits = w->contains("num_bits") && (*w)["num_bits"].is_number_integer() ? (*w)["num_bits"].get<int>() : 0;
                const std::string type = w->contains("type") && (*w)["type"].is_string() ? lower((*w)["type"].get<std::string>()) : "";
                if (bits == 8 && type == "float")
                    out.weightDtype = Dtype::FP8;
                else if (bits == 8 && type == "int")
                    out.weightDtype = Dtype::INT8;
                else if (bits == 4)
                    out.weightDtype = Dtype::INT4;
                else
                    return fail("config_groups." + g.key() + ".weights",
                                "expected 8-bit float, 8-bit int or 4-bit weights, found " + std::to_string(bits) +
                                    "-bit " + (type.empty() ? "?" : type));
                out.weightFormat = "compressed-tensors " + std::to_string(bits) + "-bit " + type + " (quantization_config)";
                return true;
            }
        }
        return fail("config_groups", "missing: compressed-tensors needs config_groups with a weights entry");
    }
    return fail("quant_method", "\"" + m + "\" is not a method gpuplan maps (fp8, fbgemm_fp8, mxfp4, awq, gptq, "
                                "bitsandbytes, compressed-tensors); nothing was imported");
}

bool readTorchDtype(ConfigReader &r, HfImport &out)
{
    std::string dtype;
    if (!r.text("torch_dtype", dtype))
        return false;
    if (dtype.empty() && !r.text("dtype", dtype))
        return false;
    if (dtype.empty())
        return true;
    const std::string d = lower(dtype);
    if (d == "bfloat16")
        out.weightDtype = Dtype::BF16;
    else if (d == "float16" || d == "half")
        out.weightDtype = Dtype::FP16;
    else if (d == "float32" || d == "float")
        out.weightDtype = Dtype::FP32;
    else
        return r.fail("torch_dtype", "expected bfloat16, float16 or float32, found \"" + dtype + "\"");
    out.hasWeightDtype = true;
    out.weightFormat = d + " (torch_dtype)";
    return true;
}

} // namespace gpuplan::hf

// SPDX-License-Identifier: GPL-3.0-or-later
// Importing a model from a Hugging Face config.json or model folder (model/HfImport.h): the
// verbatim example configs give their model card's parameter counts and the same memory and step
// time as the matching preset; quantization_config sets the weight format; bad input is one clear
// error naming the file and the field, and nothing reaches the user catalog
// (catalog/UserCatalogWrite.h).
#include "catalog/CatalogLoader.h"
#include "catalog/UserCatalogWrite.h"
#include "common/EnumNames.h"
#include "model/HfImport.h"
#include "model/ModelShape.h"
#include "plan/PlanIo.h"

#include "ExampleFixture.h"
#include "PublishedCounts.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>

using namespace gpuplan;

namespace {

namespace fs = std::filesystem;

std::string configPath(const char *name)
{
    return std::string(GPUPLAN_SOURCE_DIR "/tests/data/hf_configs/") + name;
}

std::string freshDir(const char *name)
{
    const fs::path dir = fs::path(GPUPLAN_BINARY_DIR) / "tests" / "hfimport" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

void writeFile(const fs::path &path, const std::string &text)
{
    std::ofstream(path, std::ios::binary) << text;
}

// A safetensors file holding the given tensors (name, dtype, shape, bytes per element), zeros as data.
void writeSafetensors(const fs::path &path, const std::vector<std::tuple<std::string, std::string, std::vector<long long>, int>> &tensors)
{
    nlohmann::json header = nlohmann::json::object();
    long long offset = 0;
    for (const auto &[name, dtype, shape, bytes] : tensors) {
        long long n = bytes;
        for (long long d : shape)
            n *= d;
        header[name] = {{"dtype", dtype}, {"shape", shape}, {"data_offsets", {offset, offset + n}}};
        offset += n;
    }
    header["__metadata__"] = {{"format", "pt"}};
    const std::string text = header.dump();
    std::string out(8, '\0');
    std::uint64_t len = text.size();
    for (int i = 0; i < 8; ++i)
        out[static_cast<std::size_t>(i)] = static_cast<char>((len >> (8 * i)) & 0xff);
    out += text;
    out += std::string(static_cast<std::size_t>(offset), '\0');
    writeFile(path, out);
}

nlohmann::json readJson(const std::string &path)
{
    std::ifstream in(path);
    return nlohmann::json::parse(in);
}

} // namespace

class TestHfImport final : public QObject
{
    Q_OBJECT

private slots:
    void examplesMatchTheirPresets_data() const
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("preset");
        QTest::newRow("llama-3.1-8b") << "llama-3.1-8b.json" << "llama3-8b";
        QTest::newRow("qwen3-8b") << "qwen3-8b.json" << "qwen3-8b";
        QTest::newRow("qwen3-30b-a3b") << "qwen3-30b-a3b.json" << "qwen3-30b-a3b";
        QTest::newRow("deepseek-v3") << "deepseek-v3.json" << "deepseek-v3";
        QTest::newRow("gpt-oss-120b") << "gpt-oss-120b.json" << "gpt-oss-120b";
        QTest::newRow("mixtral-8x22b") << "mixtral-8x22b-v0.1.json" << "mixtral-8x22b";
        QTest::newRow("llama-4-scout") << "llama-4-scout-17b-16e-instruct.json" << "llama-4-scout";
        QTest::newRow("kimi-k2") << "kimi-k2-instruct.json" << "kimi-k2";
        QTest::newRow("gemma-3-4b") << "gemma-3-4b-text.json" << "gemma-3-4b";
    }

    void examplesMatchTheirPresets() const
    {
        QFETCH(QString, file);
        QFETCH(QString, preset);
        HfImport m;
        HfImportError error;
        QVERIFY2(importHfModel(configPath(qPrintable(file)), m, error), error.text().c_str());
        const ModelPreset *p = bundledCatalog().findModel(preset.toStdString());
        QVERIFY(p);
        // The model card's counts (the preset's published figures) within 0.5% (plus their rounding).
        const test::PublishedCheck c = test::checkPublished(*p, m.arch);
        QVERIFY2(c.totalOk, c.text.c_str());
        QVERIFY2(c.activeOk, c.text.c_str());
        // The same parameters and FLOPs as the preset...
        const ModelShape imported = computeModelShape(m.arch, 4096);
        const ModelShape bundled = computeModelShape(p->arch, 4096);
        QCOMPARE(imported.totalParams, bundled.totalParams);
        QCOMPARE(imported.activeParams, bundled.activeParams);
        QCOMPARE(imported.matmulFlopsPerTokenFwd, bundled.matmulFlopsPerTokenFwd);
        QCOMPARE(imported.kvElementsPerToken, bundled.kvElementsPerToken);
        QCOMPARE(imported.attentionFlopsPerTokenFwd(32768), bundled.attentionFlopsPerTokenFwd(32768));
        // ... and so the same memory and step time in a plan, through --set model.config as through
        // --set model.preset (training and serving examples).
        std::vector<std::string> presetOverrides = {"model.preset=" + preset.toStdString()};
        if (m.hasWeightDtype)   // the stored format, which --set model.config sets too
            presetOverrides.push_back(std::string("precision.weights=") + enumName(dtypeNames(), int(m.weightDtype)));
        for (const char *example : {"llama3-70b-training.gpuplan", "llama3-8b-inference.gpuplan"}) {
            const auto viaConfig = test::loadExample(example, {"model.config=" + configPath(qPrintable(file))});
            const auto viaPreset = test::loadExample(example, presetOverrides);
            QVERIFY2(viaConfig && viaPreset, example);
            QCOMPARE(viaConfig->evaluation.memory.perGpuBytes, viaPreset->evaluation.memory.perGpuBytes);
            QCOMPARE(viaConfig->evaluation.training.stepTimeS, viaPreset->evaluation.training.stepTimeS);
            QCOMPARE(viaConfig->evaluation.inference.decodeMsPerToken, viaPreset->evaluation.inference.decodeMsPerToken);
            QCOMPARE(viaConfig->evaluation.inference.ttftMs, viaPreset->evaluation.inference.ttftMs);
        }
    }

    void architectureFieldsAreMapped() const
    {
        HfImport m;
        HfImportError error;
        QVERIFY(importHfModel(configPath("deepseek-v3.json"), m, error));
        QCOMPARE(m.arch.mlaQLoraRank, 1536);
        QCOMPARE(m.arch.mlaKvLoraRank, 512);
        QCOMPARE(m.arch.mlaQkRopeDim, 64);
        QCOMPARE(m.arch.moeSharedExperts, 1);
        QCOMPARE(m.arch.moeDenseLayers, 3);
        QCOMPARE(m.arch.mtpLayers, 1);
        QCOMPARE(m.arch.moeGroups, 8);       // n_group: node-limited routing (report §3.2.2)
        QCOMPARE(m.arch.moeTopKGroups, 4);   // topk_group
        QCOMPARE(m.contextLength, 4096);   // before YaRN
        QVERIFY(m.hasWeightDtype);
        QCOMPARE(m.weightDtype, Dtype::FP8);
        QVERIFY(m.weightFormat.find("128 x 128") != std::string::npos);
        // One message for the fields with no effect on cost.
        const std::string ignored = m.ignoredMessage();
        QVERIFY2(ignored.starts_with("ignored: ") && ignored.ends_with("no effect on cost"), ignored.c_str());
        QVERIFY(ignored.find("rope_scaling") != std::string::npos);
        QVERIFY(ignored.find("scoring_func") != std::string::npos);
        QVERIFY2(m.unknown.empty(), m.unknownMessage().c_str());

        QVERIFY(importHfModel(configPath("kimi-k2-instruct.json"), m, error));
        QCOMPARE(m.arch.moeGroups, 1);   // n_group 1, topk_group 1: no group limit
        QCOMPARE(m.arch.moeTopKGroups, 1);

        QVERIFY(importHfModel(configPath("gpt-oss-120b.json"), m, error));
        QCOMPARE(m.weightDtype, Dtype::INT4);   // mxfp4: the bytes of int4 with its scales
        QCOMPARE(m.arch.slidingWindow, 128);
        QCOMPARE(m.arch.slidingWindowLayers, 18);
        QVERIFY(m.arch.bias);

        QVERIFY(importHfModel(configPath("gemma-3-4b-text.json"), m, error));
        QVERIFY(m.arch.tiedEmbeddings);          // the Gemma 3 default, not in the file
        QCOMPARE(m.arch.slidingWindowLayers, 29);
        QCOMPARE(m.arch.headDim, 256);

        QVERIFY(importHfModel(configPath("llama-4-scout-17b-16e-instruct.json"), m, error));
        QCOMPARE(m.arch.moeExperts, 16);
        QCOMPARE(m.arch.moeSharedExperts, 1);
        QCOMPARE(m.arch.ffnHidden, 16384);
        QCOMPARE(m.arch.moeFfnHidden, 8192);
        QCOMPARE(m.arch.slidingWindow, 8192);    // chunked attention
        QCOMPARE(m.weightDtype, Dtype::BF16);

        QVERIFY(importHfModel(configPath("qwen3-8b.json"), m, error));
        QCOMPARE(m.arch.headDim, 128);
        QCOMPARE(m.arch.slidingWindow, 0);       // use_sliding_window false
        QCOMPARE(m.arch.name, std::string("qwen3-8b"));   // the file's name when the config has none
    }

    void layoutsOfOtherFamilies() const
    {
        // Llama 4 Maverick: every second layer MoE; Qwen2-MoE style shared experts given as a size;
        // MiniMax-M2 MTP modules; a multimodal Gemma 3 wrapper.
        HfImport m;
        HfImportError error;
        const std::string maverick = R"({"architectures": ["Llama4ForConditionalGeneration"], "model_type": "llama4",
            "text_config": {"model_type": "llama4_text", "num_hidden_layers": 48, "hidden_size": 5120,
            "num_attention_heads": 40, "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 8192,
            "intermediate_size_mlp": 16384, "num_local_experts": 128, "num_experts_per_tok": 1,
            "interleave_moe_layer_step": 2, "vocab_size": 202048, "attention_chunk_size": 8192},
            "vision_config": {"hidden_size": 1408}, "torch_dtype": "bfloat16"})";
        QVERIFY2(importHfConfigText(maverick, "maverick.json", m, error), error.text().c_str());
        QCOMPARE(m.arch.moeDenseLayers, 24);
        const test::PublishedCheck c = test::checkPublished(*bundledCatalog().findModel("llama-4-maverick"), m.arch);
        QVERIFY2(c.totalOk && c.activeOk, c.text.c_str());
        QVERIFY(m.ignoredMessage().find("vision_config") != std::string::npos);

        const std::string minimax = R"({"model_type": "minimax_m2", "num_hidden_layers": 62, "hidden_size": 3072,
            "num_attention_heads": 48, "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 1536,
            "num_local_experts": 256, "num_experts_per_tok": 8, "shared_intermediate_size": 0, "vocab_size": 200064,
            "use_mtp": true, "num_mtp_modules": 3, "rotary_dim": 64,
            "quantization_config": {"quant_method": "fp8", "fmt": "float8_e4m3fn", "weight_block_size": [128, 128]}})";
        QVERIFY2(importHfConfigText(minimax, "minimax.json", m, error), error.text().c_str());
        QCOMPARE(m.arch.mtpLayers, 3);
        QCOMPARE(m.weightDtype, Dtype::FP8);
        const test::PublishedCheck mm = test::checkPublished(*bundledCatalog().findModel("minimax-m2"), m.arch);
        QVERIFY2(mm.totalOk && mm.activeOk, mm.text.c_str());

        const std::string qwen2moe = R"({"model_type": "qwen2_moe", "num_hidden_layers": 24, "hidden_size": 2048,
            "num_attention_heads": 16, "num_key_value_heads": 16, "intermediate_size": 5632, "num_experts": 60,
            "num_experts_per_tok": 4, "moe_intermediate_size": 1408, "shared_expert_intermediate_size": 5632,
            "vocab_size": 151936})";
        QVERIFY2(importHfConfigText(qwen2moe, "qwen2moe.json", m, error), error.text().c_str());
        QCOMPARE(m.arch.moeSharedExperts, 4);

        const std::string glm = R"({"model_type": "glm4_moe", "num_hidden_layers": 92, "hidden_size": 5120,
            "num_attention_heads": 96, "num_key_value_heads": 8, "head_dim": 128, "intermediate_size": 12288,
            "moe_intermediate_size": 1536, "n_routed_experts": 160, "n_shared_experts": 1, "num_experts_per_tok": 8,
            "first_k_dense_replace": 3, "num_nextn_predict_layers": 1, "vocab_size": 151552, "attention_bias": true,
            "partial_rotary_factor": 0.5, "use_qk_norm": true, "tie_word_embeddings": false})";
        QVERIFY2(importHfConfigText(glm, "glm.json", m, error), error.text().c_str());
        const test::PublishedCheck g = test::checkPublished(*bundledCatalog().findModel("glm-4.5"), m.arch);
        QVERIFY2(g.totalOk && g.activeOk, g.text.c_str());
    }

    void quantizationSetsTheWeightFormat_data() const
    {
        QTest::addColumn<QString>("quantization");
        QTest::addColumn<int>("dtype");
        QTest::newRow("awq") << R"({"quant_method": "awq", "bits": 4, "group_size": 128})" << int(Dtype::INT4);
        QTest::newRow("gptq int4") << R"({"quant_method": "gptq", "bits": 4, "group_size": 128})" << int(Dtype::INT4);
        QTest::newRow("gptq int8") << R"({"quant_method": "gptq", "bits": 8})" << int(Dtype::INT8);
        QTest::newRow("bnb nf4") << R"({"quant_method": "bitsandbytes", "load_in_4bit": true, "bnb_4bit_quant_type": "nf4"})"
                                 << int(Dtype::NF4);
        QTest::newRow("bnb int8") << R"({"quant_method": "bitsandbytes", "load_in_8bit": true})" << int(Dtype::INT8);
        QTest::newRow("fp8 block") << R"({"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]})"
                                   << int(Dtype::FP8);
        QTest::newRow("mxfp4") << R"({"quant_method": "mxfp4"})" << int(Dtype::INT4);
        QTest::newRow("compressed-tensors fp8")
            << R"({"quant_method": "compressed-tensors", "config_groups": {"group_0": {"weights": {"num_bits": 8, "type": "float"}}}})"
            << int(Dtype::FP8);
    }

    void quantizationSetsTheWeightFormat() const
    {
        QFETCH(QString, quantization);
        QFETCH(int, dtype);
        const std::string text = R"({"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096,
            "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 128256,
            "torch_dtype": "float16", "quantization_config": )" + quantization.toStdString() + "}";
        HfImport m;
        HfImportError error;
        QVERIFY2(importHfConfigText(text, "q.json", m, error), error.text().c_str());
        QVERIFY(m.hasWeightDtype);
        QCOMPARE(int(m.weightDtype), dtype);
        // --set model.config carries it to precision.weights.
        nlohmann::json doc = nlohmann::json::object();
        const std::string dir = freshDir(("quant-" + std::to_string(dtype)).c_str());
        writeFile(fs::path(dir) / "config.json", text);
        std::vector<PlanError> errors;
        QVERIFY(applyPlanOverride(doc, "model.config=" + dir, errors));
        QCOMPARE(doc["precision"]["weights"].get<std::string>(), std::string(enumName(dtypeNames(), dtype)));
        QCOMPARE(doc["model"]["layers"].get<int>(), 32);
    }

    void folderReadsTheSafetensorsHeaders() const
    {
        const std::string dir = freshDir("folder");
        std::ifstream in(configPath("qwen3-8b.json"));
        std::stringstream text;
        text << in.rdbuf();
        writeFile(fs::path(dir) / "config.json", text.str());
        writeSafetensors(fs::path(dir) / "model-00001-of-00002.safetensors",
                         {{"model.embed_tokens.weight", "BF16", {151936, 4096}, 0}, {"model.norm.weight", "BF16", {4096}, 2}});
        writeSafetensors(fs::path(dir) / "model-00002-of-00002.safetensors",
                         {{"lm_head.weight", "BF16", {151936, 4096}, 0},
                          {"model.layers.0.mlp.down_proj.weight_scale_inv", "F32", {32, 96}, 4}});
        writeFile(fs::path(dir) / "model.safetensors.index.json",
                  R"({"metadata": {"total_size": 16000000000}, "weight_map": {"model.embed_tokens.weight": "model-00001-of-00002.safetensors",
                      "model.norm.weight": "model-00001-of-00002.safetensors", "lm_head.weight": "model-00002-of-00002.safetensors",
                      "model.layers.0.mlp.down_proj.weight_scale_inv": "model-00002-of-00002.safetensors"}})");
        HfImport m;
        HfImportError error;
        QVERIFY2(importHfModel(dir, m, error), error.text().c_str());
        // Scales are not parameters; the shapes are counted without reading the data.
        QCOMPARE(m.checkpointParams, 2.0 * 151936 * 4096 + 4096);
        QCOMPARE(m.checkpointDtypes.at("BF16"), 2.0 * 151936 * 4096 + 4096);
        QCOMPARE(m.arch.name, std::string("folder"));
        bool noted = false;
        for (const std::string &n : m.notes)
            noted = noted || n.starts_with("safetensors headers: ");
        QVERIFY(noted);
        // A shard the index names but the folder lacks is an error naming it.
        fs::remove(fs::path(dir) / "model-00002-of-00002.safetensors");
        QVERIFY(!importHfModel(dir, m, error));
        QVERIFY2(error.file.ends_with("model-00002-of-00002.safetensors"), error.text().c_str());
    }

    void badInputIsOneErrorAndNothingIsWritten_data() const
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("says");
        const QString base = R"({"model_type": "llama", "num_hidden_layers": %1, "hidden_size": %2, "num_attention_heads": 32,
            "intermediate_size": 11008, "vocab_size": 32000})";
        QTest::newRow("not JSON") << "{\"model_type\": \"llama\", " << "" << "not valid JSON";
        QTest::newRow("a list") << "[1, 2]" << "" << "expected a JSON object";
        QTest::newRow("1e9 layers") << base.arg("1000000000").arg(4096) << "num_hidden_layers" << "value 1000000000; expected";
        QTest::newRow("negative hidden") << base.arg(32).arg(-4096) << "hidden_size" << "expected";
        QTest::newRow("fractional layers") << base.arg("32.5").arg(4096) << "num_hidden_layers" << "whole number";
        QTest::newRow("text for a size") << base.arg("\"32\"").arg(4096) << "num_hidden_layers" << "whole number";
        QTest::newRow("missing vocab")
            << R"({"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "intermediate_size": 11008})"
            << "vocab_size" << "missing";
        QTest::newRow("unknown architecture")
            << R"({"model_type": "rwkv", "architectures": ["RwkvForCausalLM"], "num_hidden_layers": 24, "hidden_size": 2048, "vocab_size": 50277})"
            << "model_type" << "missing for a transformer: num_attention_heads, intermediate_size";
        QTest::newRow("unknown quantization")
            << R"({"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "intermediate_size": 11008, "vocab_size": 32000, "quantization_config": {"quant_method": "hqq"}})"
            << "quantization_config.quant_method" << "not a method gpuplan maps";
        QTest::newRow("kv heads above heads")
            << R"({"model_type": "llama", "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "num_key_value_heads": 64, "intermediate_size": 11008, "vocab_size": 32000})"
            << "num_key_value_heads" << "at most";
        QTest::newRow("top-k above experts")
            << R"({"model_type": "mixtral", "num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32, "intermediate_size": 14336, "vocab_size": 32000, "num_local_experts": 8, "num_experts_per_tok": 9})"
            << "num_experts_per_tok" << "at most";
    }

    void badInputIsOneErrorAndNothingIsWritten() const
    {
        QFETCH(QString, text);
        QFETCH(QString, field);
        QFETCH(QString, says);
        const std::string dir = freshDir("bad");
        const fs::path config = fs::path(dir) / "config.json";
        writeFile(config, text.toStdString());
        HfImport m;
        HfImportError error;
        QVERIFY(!importHfModel(dir, m, error));
        QCOMPARE(QString::fromStdString(error.file), QString::fromStdString(config.string()));
        QCOMPARE(QString::fromStdString(error.field), field);
        QVERIFY2(error.message.find(says.toStdString()) != std::string::npos, error.text().c_str());
        // --set model.config reports the same and leaves the plan document alone.
        nlohmann::json doc = {{"model", {{"preset", "llama3-8b"}}}};
        std::vector<PlanError> errors;
        QVERIFY(!applyPlanOverride(doc, "model.config=" + dir, errors));
        QCOMPARE(errors.size(), std::size_t(1));
        QCOMPARE(doc["model"]["preset"].get<std::string>(), std::string("llama3-8b"));
    }

    void filesThatAreNotConfigsAreRefusedBeforeReading() const
    {
        HfImport m;
        HfImportError error;
        // A symlink to a device.
        const std::string dir = freshDir("device");
        const fs::path link = fs::path(dir) / "config.json";
        fs::create_symlink("/dev/zero", link);
        QVERIFY(!importHfModel(link.string(), m, error));
        QVERIFY2(error.message.find("not a regular file") != std::string::npos, error.text().c_str());
        QVERIFY(!importHfModel(dir, m, error));   // the folder's config.json is that link
        // A file above the size cap is refused from its size, without reading it (a sparse 2 GB file).
        const fs::path big = fs::path(freshDir("big")) / "config.json";
        {
            std::ofstream out(big, std::ios::binary);
            out << "{";
        }
        fs::resize_file(big, 2ull * 1024 * 1024 * 1024);
        QVERIFY(!importHfModel(big.string(), m, error));
        QCOMPARE(QString::fromStdString(error.file), QString::fromStdString(big.string()));
        QVERIFY2(error.message.find("exceeds the 4 MiB limit") != std::string::npos, error.text().c_str());
        // A folder without config.json, and nothing at all.
        QVERIFY(!importHfModel(freshDir("empty"), m, error));
        QVERIFY2(error.message.find("no config.json") != std::string::npos, error.text().c_str());
        QVERIFY(!importHfModel(dir + "/nothing-here", m, error));
    }

    void userCatalogEntryIsWrittenAndLoads() const
    {
        const std::string dir = freshDir("user");
        HfImport m;
        HfImportError error;
        QVERIFY(importHfModel(configPath("qwen3-30b-a3b.json"), m, error));
        nlohmann::ordered_json entry = {{"id", "my-qwen"}, {"name", "My Qwen"}, {"source", "gpuplan model import of test"},
                                        {"date", "2026-12-01"}, {"layers", m.arch.layers}, {"hidden", m.arch.hidden},
                                        {"heads", m.arch.heads}, {"kv_heads", m.arch.kvHeads}, {"head_dim", m.arch.headDim},
                                        {"ffn_hidden", m.arch.ffnHidden}, {"gated_mlp", true}, {"vocab", m.arch.vocab},
                                        {"moe_experts", m.arch.moeExperts}, {"moe_top_k", m.arch.moeTopK},
                                        {"moe_ffn_hidden", m.arch.moeFfnHidden}};
        UserCatalogWrite written;
        std::string message;
        QVERIFY2(writeUserCatalogEntry(dir, "models", entry, written, message), message.c_str());
        QVERIFY(!written.replaced);
        std::vector<CatalogIssue> issues;
        const Catalog c = loadCatalog({"", dir, true}, issues);
        QVERIFY(issues.empty());
        const ModelPreset *p = c.findModel("my-qwen");
        QVERIFY(p);
        QCOMPARE(computeModelShape(p->arch, 4096).totalParams, computeModelShape(m.arch, 4096).totalParams);
        // Writing it again replaces it; a bad entry writes nothing.
        QVERIFY(writeUserCatalogEntry(dir, "models", entry, written, message));
        QVERIFY(written.replaced);
        const std::string before = readJson(written.file).dump();
        entry["layers"] = -3;
        QVERIFY(!writeUserCatalogEntry(dir, "models", entry, written, message));
        QVERIFY2(message.find("layers") != std::string::npos, message.c_str());
        QCOMPARE(readJson(written.file).dump(), before);
        QVERIFY(!fs::exists(written.file + ".tmp"));
    }

    void idsFromNames() const
    {
        QCOMPARE(modelIdFromName("Qwen/Qwen3-8B"), std::string("qwen3-8b"));
        QCOMPARE(modelIdFromName("Llama 3.1 8B Instruct"), std::string("llama-3.1-8b-instruct"));
        QCOMPARE(modelIdFromName("  //"), std::string());
    }
};

QTEST_APPLESS_MAIN(TestHfImport)
#include "tst_hfimport.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The catalog loader (docs/catalogs.md): file-level errors, entry-level errors with file, entry
// and field, the override-by-id merge of user files, aliases, limits and number checks.
#include "catalog/CatalogLoader.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace gpuplan;

namespace {

namespace fs = std::filesystem;

const char *const kGoodGpu = R"({"id": "TEST-GPU-1", "name": "Test GPU", "memory_gb": 40, "memory_bandwidth_tbps": 2.0,
    "tflops": {"bf16": 300}, "tdp_w": 400, "default_node": "dgx-a100", "source": "test", "date": "2025"})";

std::string doc(const std::string &kind, const std::string &entries, int version = 1)
{
    return R"({"format": "gpuplan-catalog", "version": )" + std::to_string(version) + R"(, ")" + kind + R"(": [)" +
           entries + "]}";
}

// A clean folder in the build tree for one test.
std::string freshDir(const char *name)
{
    const fs::path dir = fs::path(GPUPLAN_BINARY_DIR) / "tests" / "catalogloader" / name;
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir.string();
}

void writeFile(const std::string &dir, const char *name, const std::string &text)
{
    std::ofstream(fs::path(dir) / name, std::ios::binary) << text;
}

Catalog withUserDir(const std::string &dir, std::vector<CatalogIssue> &issues)
{
    return loadCatalog({"", dir, true}, issues);
}

} // namespace

class TestCatalogLoader final : public QObject
{
    Q_OBJECT

private slots:
    void notJsonFileIsOneIssueAndOthersLoad() const
    {
        const std::string dir = freshDir("notjson");
        writeFile(dir, "a-broken.json", "{ \"format\": \"gpuplan-catalog\", ");
        writeFile(dir, "b-good.json", doc("gpus", kGoodGpu));
        std::vector<CatalogIssue> issues;
        const Catalog c = withUserDir(dir, issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues[0].file.ends_with("a-broken.json"));
        QVERIFY(issues[0].message.find("not valid JSON") != std::string::npos);
        QVERIFY(c.findGpu("TEST-GPU-1"));
        QVERIFY(c.findGpu("H100-SXM-80GB"));   // bundled entries untouched
    }

    void wrongFormatAndVersionAreRefused() const
    {
        Catalog c;
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, doc("gpus", kGoodGpu, 2), "newer.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].field, std::string("version"));
        QVERIFY(issues[0].message.find("newer gpuplan") != std::string::npos);
        QVERIFY(c.gpus.empty());

        issues.clear();
        mergeCatalogText(c, R"({"format": "gpuplan-plan", "version": 1, "gpus": []})", "plan.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].field, std::string("format"));

        issues.clear();
        mergeCatalogText(c, R"({"format": "gpuplan-catalog", "version": "1", "gpus": []})", "v.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].field, std::string("version"));

        issues.clear();
        mergeCatalogText(c, "[1, 2]", "array.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues[0].message.find("expected a JSON object") != std::string::npos);
    }

    void badFieldIsReportedAndTheRestLoads() const
    {
        Catalog c;
        std::vector<CatalogIssue> issues;
        const std::string bad = R"({"id": "BAD-GPU", "memory_gb": 40, "memory_bandwidth_tbps": "fast",
            "tflops": {"bf16": 300}, "tdp_w": 400})";
        mergeCatalogText(c, doc("gpus", bad + "," + kGoodGpu), "mixed.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].file, std::string("mixed.json"));
        QCOMPARE(issues[0].entry, std::string("BAD-GPU"));
        QCOMPARE(issues[0].field, std::string("memory_bandwidth_tbps"));
        QVERIFY(issues[0].message.find("expected a number") != std::string::npos);
        QVERIFY(issues[0].message.find("found \"fast\"") != std::string::npos);
        QVERIFY(issues[0].text().starts_with("mixed.json: entry 'BAD-GPU', field 'memory_bandwidth_tbps': "));
        QVERIFY(!c.findGpu("BAD-GPU"));
        QVERIFY(c.findGpu("TEST-GPU-1"));
    }

    void entryProblemsNameTheEntry_data() const
    {
        QTest::addColumn<QString>("entries");
        QTest::addColumn<QString>("entry");
        QTest::addColumn<QString>("field");
        QTest::newRow("not an object") << "42" << "#1" << "";
        QTest::newRow("no id") << R"({"memory_gb": 1})" << "#1" << "id";
        QTest::newRow("unknown field") << R"({"id": "X", "memory_gb": 40, "memory_bandwidth_tbps": 2, "tflops": {"bf16": 1},
            "tdp_w": 300, "tdp_watts": 300})" << "X" << "tdp_watts";
        QTest::newRow("incomplete new entry") << R"({"id": "X", "memory_gb": 40})" << "X" << "memory_bandwidth_tbps";
        QTest::newRow("unknown dtype") << R"({"id": "X", "memory_gb": 40, "memory_bandwidth_tbps": 2,
            "tflops": {"bf17": 1}, "tdp_w": 300})" << "X" << "tflops.bf17";
        QTest::newRow("both memory units") << R"({"id": "X", "memory_gb": 40, "memory_gib": 40,
            "memory_bandwidth_tbps": 2, "tflops": {"bf16": 1}, "tdp_w": 300})" << "X" << "memory_gib";
        QTest::newRow("bad value object") << R"({"id": "X", "memory_gb": {"value": 40, "sourse": "typo"},
            "memory_bandwidth_tbps": 2, "tflops": {"bf16": 1}, "tdp_w": 300})" << "X" << "memory_gb";
        QTest::newRow("bad estimate flag") << R"({"id": "X", "estimate": "yes", "memory_gb": 40,
            "memory_bandwidth_tbps": 2, "tflops": {"bf16": 1}, "tdp_w": 300})" << "X" << "estimate";
        QTest::newRow("duplicate id") << QString(kGoodGpu) + "," + kGoodGpu << "TEST-GPU-1" << "id";
    }

    void entryProblemsNameTheEntry() const
    {
        QFETCH(QString, entries);
        QFETCH(QString, entry);
        QFETCH(QString, field);
        Catalog c;
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, doc("gpus", entries.toStdString()), "e.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(issues[0].entry), entry);
        QCOMPARE(QString::fromStdString(issues[0].field), field);
        QVERIFY(issues[0].message.find("expected") != std::string::npos);
    }

    void numbersMustBeFiniteAndWithinBounds_data() const
    {
        QTest::addColumn<QString>("field");
        QTest::addColumn<QString>("value");
        QTest::newRow("negative power") << "tdp_w" << "-5";
        QTest::newRow("zero power") << "tdp_w" << "0";
        QTest::newRow("absurd memory") << "memory_gb" << "1e7";
        QTest::newRow("null") << "memory_bandwidth_tbps" << "null";
        QTest::newRow("fractional year") << "launch_year" << "2022.5";
        QTest::newRow("boolean as number") << "price_usd" << "true";
        QTest::newRow("negative FP4 peak") << "fp4_dense_tflops" << "-1";
        QTest::newRow("absurd FP4 peak") << "fp4_dense_tflops" << "1e7";
    }

    void numbersMustBeFiniteAndWithinBounds() const
    {
        QFETCH(QString, field);
        QFETCH(QString, value);
        nlohmann::json entry = nlohmann::json::parse(kGoodGpu);
        entry.erase(field.toStdString());
        std::string text = entry.dump();
        text.insert(text.size() - 1, ",\"" + field.toStdString() + "\":" + value.toStdString());
        Catalog c;
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, doc("gpus", text), "n.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(QString::fromStdString(issues[0].field), field);
        QVERIFY(c.gpus.empty());
    }

    void infinityIsRefused() const
    {
        // JSON has no NaN or infinity; a number that overflows a double makes the file unusable.
        Catalog c;
        std::vector<CatalogIssue> issues;
        std::string entry = kGoodGpu;
        entry.insert(1, R"("price_usd": 1e999, )");
        mergeCatalogText(c, doc("gpus", entry), "inf.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues[0].message.find("overflow") != std::string::npos);
        QVERIFY(c.gpus.empty());
    }

    void userOverrideChangesOnlyTheGivenField() const
    {
        Catalog c = bundledCatalog();
        const CloudOffer before = *c.findCloud("aws-p5-48xlarge");
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, doc("clouds", R"({"id": "aws-p5-48xlarge", "on_demand_per_gpu_hour": 2.10})"),
                         "/home/u/.config/gpuplan/catalogs/negotiated.json", issues);
        QVERIFY(issues.empty());
        const CloudOffer *after = c.findCloud("aws-p5-48xlarge");
        QCOMPARE(after->onDemandPerGpuHour, 2.10);
        QCOMPARE(after->instance, before.instance);
        QCOMPARE(after->gpu, before.gpu);
        QCOMPARE(after->region, before.region);
        QCOMPARE(c.clouds.size(), bundledCatalog().clouds.size());
        // The new price is attributed to the user file; other fields keep their sources.
        QCOMPARE(after->sources.at("on_demand_per_gpu_hour").source, std::string("user catalog negotiated.json"));
        QCOMPARE(after->sources.at("instance").source, before.sources.at("instance").source);
        // A price the user gives without a date is undated, not dated like the old one.
        QVERIFY(after->date.empty());
    }

    void userOverrideThroughTheUserFolder() const
    {
        const std::string dir = freshDir("override");
        writeFile(dir, "prices.json", doc("gpus", R"({"id": "h100-sxm-80gb", "price_usd": {"value": 21000,
            "source": "quote 2025-17", "date": "2025-11", "estimate": false}})"));
        writeFile(dir, "notes.txt", "not a catalog");   // only *.json files are read
        std::vector<CatalogIssue> issues;
        const Catalog c = withUserDir(dir, issues);
        QVERIFY(issues.empty());
        const GpuSpec *h100 = c.findGpu("H100");
        QCOMPARE(h100->priceUsd, 21000.0);
        QCOMPARE(h100->id, std::string("H100-SXM-80GB"));   // id case of the bundled entry kept
        QCOMPARE(h100->sources.at("price_usd").source, std::string("quote 2025-17"));
        QVERIFY(!h100->sources.at("price_usd").estimate);
        QCOMPARE(h100->peak(Dtype::BF16), bundledCatalog().findGpu("H100")->peak(Dtype::BF16));
    }

    void overrideOfOneDtypeKeepsTheOthers() const
    {
        Catalog c = bundledCatalog();
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, doc("gpus", R"({"id": "A100-SXM-80GB", "tflops": {"fp8": 600}})"), "x.json", issues);
        QVERIFY(issues.empty());
        QCOMPARE(c.findGpu("A100-SXM-80GB")->peak(Dtype::FP8), 600e12);
        QCOMPARE(c.findGpu("A100-SXM-80GB")->peak(Dtype::BF16), 312e12);
    }

    void fp4PeakIsReadInTflops() const
    {
        // fp4_dense_tflops: dense FP4 (NVFP4 / MXFP4) TFLOPS beside the tflops table, with its own provenance.
        Catalog c = bundledCatalog();
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, doc("gpus", R"({"id": "B200-SXM-180GB", "fp4_dense_tflops": {"value": 9000,
            "source": "NVIDIA HGX B200 datasheet", "date": "2024-03"}})"), "fp4.json", issues);
        QVERIFY(issues.empty());
        const GpuSpec *b200 = c.findGpu("B200");
        QCOMPARE(b200->fp4DenseFlops, 9000e12);
        QCOMPARE(b200->sources.at("fp4_dense_tflops").date, std::string("2024-03"));
        QCOMPARE(b200->peak(Dtype::BF16), bundledCatalog().findGpu("B200")->peak(Dtype::BF16));
    }

    void failedOverrideLeavesTheEntryUnchanged() const
    {
        Catalog c = bundledCatalog();
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, doc("gpus", R"({"id": "A100-SXM-80GB", "price_usd": 9000, "tdp_w": "hot"})"), "x.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(c.findGpu("A100-SXM-80GB")->priceUsd, bundledCatalog().findGpu("A100-SXM-80GB")->priceUsd);
    }

    void newUserGpuAppearsWithUserSource() const
    {
        Catalog c = bundledCatalog();
        std::vector<CatalogIssue> issues;
        const std::string entry = R"({"id": "MY-ACCEL", "aliases": ["My Accelerator"], "memory_gib": 80,
            "memory_bandwidth_tbps": 3, "tflops": {"bf16": 500, "fp8": 1000}, "tdp_w": 600,
            "scale_up_bidir_gbytes_per_s": 800})";
        mergeCatalogText(c, doc("gpus", entry), "mine.json", issues);
        QVERIFY(issues.empty());
        const GpuSpec *g = c.findGpu("my accelerator");
        QVERIFY(g);
        QCOMPARE(g->name, std::string("MY-ACCEL"));   // no name: the id is shown
        QCOMPARE(g->memoryBytes, 80.0 * 1024 * 1024 * 1024);   // memory_gib is binary
        QCOMPARE(g->scaleUpBandwidth, 400e9);   // published bidirectional GB/s halved
        QCOMPARE(g->peak(Dtype::FP8), 1000e12);
        QCOMPARE(g->fp4DenseFlops, 0.0);   // no FP4 figure given
        QCOMPARE(g->sources.at("memory_gib").source, std::string("user catalog mine.json"));
        QVERIFY(g->sources.at("memory_gib").date.empty());
        QCOMPARE(c.gpus.size(), bundledCatalog().gpus.size() + 1);
    }

    void aliasesResolveAndMustNotCollide() const
    {
        Catalog c = bundledCatalog();
        QCOMPARE(c.findGpu("h100_sxm5.80gb")->id, std::string("H100-SXM-80GB"));
        std::vector<CatalogIssue> issues;
        // An alias already naming another GPU would make "H100" ambiguous.
        std::string clash = kGoodGpu;
        clash.insert(1, R"("aliases": ["H100"], )");
        mergeCatalogText(c, doc("gpus", clash), "a.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].field, std::string("aliases"));
        QVERIFY(!c.findGpu("TEST-GPU-1"));
        // An id that is another entry's alias is refused with the id to use instead.
        issues.clear();
        mergeCatalogText(c, doc("gpus", R"({"id": "H100", "price_usd": 1})"), "b.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues[0].message.find("H100-SXM-80GB") != std::string::npos);
        // An override adds aliases.
        issues.clear();
        mergeCatalogText(c, doc("gpus", R"({"id": "H100-SXM-80GB", "aliases": ["Hopper 80"]})"), "c.json", issues);
        QVERIFY(issues.empty());
        QCOMPARE(c.findGpu("hopper 80")->id, std::string("H100-SXM-80GB"));
        QVERIFY(c.findGpu("H100 SXM5"));
    }

    void gpuEfficiencyMergesIntoItsGpu() const
    {
        Catalog c = bundledCatalog();
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, doc("gpu_efficiency", R"({"gpu": "H100", "matmul_max_fraction": 0.55,
            "source": "fit test", "date": "2025-01"}, {"gpu": "NO-SUCH-GPU", "matmul_max_fraction": 0.5})"),
                         "eff.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].entry, std::string("NO-SUCH-GPU"));
        const GpuSpec *h100 = c.findGpu("H100");
        QCOMPARE(h100->efficiency.matmulMaxFraction, 0.55);
        QCOMPARE(h100->sources.at("efficiency.matmul_max_fraction").source, std::string("fit test"));
    }

    void efficiencyBeforeGpusInTheSameLayer() const
    {
        // gpu_efficiency.json sorts before gpus.json; efficiency still attaches to the new GPU.
        const std::string dir = freshDir("order");
        writeFile(dir, "a-eff.json", doc("gpu_efficiency", R"({"gpu": "TEST-GPU-1", "hbm_max_fraction": 0.7})"));
        writeFile(dir, "b-gpus.json", doc("gpus", kGoodGpu));
        std::vector<CatalogIssue> issues;
        const Catalog c = withUserDir(dir, issues);
        QVERIFY(issues.empty());
        QCOMPARE(c.findGpu("TEST-GPU-1")->efficiency.hbmMaxFraction, 0.7);
    }

    void otherKindsReadTheirUnits() const
    {
        Catalog c;
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, R"({"format": "gpuplan-catalog", "version": 1,
            "nodes": [{"id": "n", "gpus": ["g"], "gpus_per_node": 4, "max_power_w": 3000, "nic_gbps": 200,
                       "intra_bidir_gbytes_per_s": 600, "ram_gb": 512, "local_nvme_tb": 7.68, "cooling": "liquid"}],
            "fabrics": [{"id": "f", "kind": "infiniband", "link_gbps": 400, "latency_s": 2e-5}],
            "storage_tiers": [{"id": "s", "read_per_node_gbytes_per_s": 40, "write_per_node_gbytes_per_s": 20}],
            "models": [{"id": "m", "layers": 2, "hidden": 64, "heads": 4, "vocab": 100, "gated_mlp": true,
                        "norm": "layernorm", "published_params": 1e5}],
            "engines": [{"id": "vllm", "engine": "vllm", "decode_bw_fraction": 0.5}]})",
                         "kinds.json", issues);
        for (const CatalogIssue &i : issues)
            qWarning("%s", i.text().c_str());
        QVERIFY(issues.empty());
        const NodeSpec *n = c.findNode("n");
        QCOMPARE(n->intraBandwidth, 300e9);
        QCOMPARE(n->ramBytes, 512e9);
        QCOMPARE(n->localNvmeBytes, 7.68e12);
        QCOMPARE(n->cooling, Cooling::Liquid);
        QCOMPARE(c.findFabric("f")->latencyS, 2e-5);
        QCOMPARE(c.findStorageTier("s")->readPerNode, 40e9);
        QCOMPARE(c.findModel("m")->arch.hidden, 64);
        QVERIFY(c.findModel("m")->arch.gatedMlp);
        QCOMPARE(c.findModel("m")->arch.norm, NormKind::LayerNorm);
        QCOMPARE(c.findEngine("vllm")->decodeBwFraction, 0.5);
        QVERIFY(c.findEngine("vllm")->sources.count("decode_bw_fraction"));
        // Model fields use the plan registry's bounds.
        issues.clear();
        mergeCatalogText(c, doc("models", R"({"id": "m2", "layers": 0, "hidden": 64, "heads": 4, "vocab": 100})"),
                         "m.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].field, std::string("layers"));
    }

    void limitsAreEnforced() const
    {
        Catalog c;
        std::vector<CatalogIssue> issues;
        // More than 100,000 entries in one file.
        std::string many;
        for (std::size_t i = 0; i <= kMaxCatalogEntriesPerFile; ++i)
            many += i ? ",{}" : "{}";
        mergeCatalogText(c, doc("gpus", many), "many.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues[0].message.find("100000") != std::string::npos);
        // Nesting deeper than 32 levels.
        issues.clear();
        mergeCatalogText(c, doc("gpus", std::string(40, '[') + std::string(40, ']')), "deep.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues[0].message.find("nesting") != std::string::npos);
        // Larger than 16 MiB.
        issues.clear();
        std::string big = doc("gpus", "");
        big.append(16u * 1024u * 1024u, ' ');
        mergeCatalogText(c, big, "big.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues[0].message.find("MiB") != std::string::npos);
        QVERIFY(c.gpus.empty());
    }

    void unknownKindAndWrongShapeAreReported() const
    {
        Catalog c;
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, R"({"format": "gpuplan-catalog", "version": 1, "gpu": [], "nodes": {},
            "gpus": [)" + std::string(kGoodGpu) + "]}", "k.json", issues);
        QCOMPARE(issues.size(), std::size_t(2));
        QVERIFY(c.findGpu("TEST-GPU-1"));   // the valid kind still loads
    }

    void danglingReferencesAreReported() const
    {
        const std::string dir = freshDir("refs");
        writeFile(dir, "r.json", doc("clouds", R"({"id": "my-offer", "provider": "X", "instance": "x1",
            "gpu": "NO-SUCH-GPU", "gpus_per_instance": 1, "on_demand_per_gpu_hour": 1.5})"));
        std::vector<CatalogIssue> issues;
        const Catalog c = withUserDir(dir, issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY(issues[0].file.ends_with("r.json"));
        QCOMPARE(issues[0].field, std::string("gpu"));
        QVERIFY(c.findCloud("my-offer"));   // kept: a plan may still name it
    }

    void missingFoldersBehave() const
    {
        std::vector<CatalogIssue> issues;
        // No user folder yet is normal.
        Catalog c = withUserDir(freshDir("none") + "/does-not-exist", issues);
        QVERIFY(issues.empty());
        QVERIFY(!c.gpus.empty());
        // A bundled folder that does not exist is an error.
        c = loadCatalog({freshDir("none") + "/missing", "", false}, issues);
        QCOMPARE(issues.size(), std::size_t(1));
        // The source catalogs folder loads like the compiled-in copy.
        issues.clear();
        c = loadCatalog({GPUPLAN_SOURCE_DIR "/catalogs", "", false}, issues);
        QVERIFY(issues.empty());
        QCOMPARE(c.gpus.size(), bundledCatalog().gpus.size());
    }

    void documentedExampleLoads() const
    {
        // The example user file of docs/catalogs.md stays valid.
        std::ifstream in(GPUPLAN_SOURCE_DIR "/docs/catalogs.md");
        const std::string docs((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        const std::size_t anchor = docs.find("our-prices.json`:");
        QVERIFY(anchor != std::string::npos);
        const std::size_t begin = docs.find("```json\n", anchor) + 8;
        const std::size_t end = docs.find("```", begin);
        Catalog c = bundledCatalog();
        std::vector<CatalogIssue> issues;
        mergeCatalogText(c, docs.substr(begin, end - begin), "our-prices.json", issues);
        QVERIFY(issues.empty());
        QCOMPARE(c.findCloud("aws-p5-48xlarge")->onDemandPerGpuHour, 2.10);
        QCOMPARE(c.findGpu("H100")->priceUsd, 24500.0);
        QVERIFY(c.findGpu("RTX5000Ada-32GB"));
    }

    void defaultUserFolderFollowsTheEnvironment() const
    {
        // Saved and restored so that the rest of the run sees the environment ctest set.
        std::vector<std::pair<const char *, std::string>> saved;
        for (const char *name : {"GPUPLAN_USER_CATALOG_DIR", "XDG_CONFIG_HOME", "HOME"}) {
            const char *v = std::getenv(name);
            saved.emplace_back(name, v ? v : "");
        }
        setenv("GPUPLAN_USER_CATALOG_DIR", "/tmp/gp-cat", 1);
        setenv("XDG_CONFIG_HOME", "/tmp/xdg", 1);
        QCOMPARE(defaultUserCatalogDir(), std::string("/tmp/gp-cat"));
        unsetenv("GPUPLAN_USER_CATALOG_DIR");
        QCOMPARE(defaultUserCatalogDir(), std::string("/tmp/xdg/gpuplan/catalogs"));
        unsetenv("XDG_CONFIG_HOME");
        setenv("HOME", "/home/someone", 1);
        QCOMPARE(defaultUserCatalogDir(), std::string("/home/someone/.config/gpuplan/catalogs"));
        for (const auto &[name, value] : saved) {
            if (value.empty())
                unsetenv(name);
            else
                setenv(name, value.c_str(), 1);
        }
    }
};

QTEST_APPLESS_MAIN(TestCatalogLoader)
#include "tst_catalogloader.moc"

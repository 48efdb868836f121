// SPDX-License-Identifier: GPL-3.0-or-later
// The registry of catalog fields (core/catalog/CatalogFields.h): every field is documented in
// docs/catalogs.md under its kind, values read back in the file's unit are the file's figures
// (catalogs/gpus.json, catalogs/nodes.json), a new entry without a required field is refused
// naming it, and the forms' view of a field (type, bounds, words) is the loader's.
#include "catalog/CatalogEntryJson.h"
#include "catalog/CatalogFields.h"
#include "catalog/CatalogLoader.h"
#include "support/Near.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>
#include <string>

using namespace gpuplan;
using gpuplan::test::near;

namespace {

// The text of one "### kind" section of docs/catalogs.md.
std::string docSection(const std::string &kind)
{
    std::ifstream in(GPUPLAN_SOURCE_DIR "/docs/catalogs.md");
    std::stringstream buffer;
    buffer << in.rdbuf();
    const std::string doc = buffer.str();
    const std::size_t start = doc.find("\n### " + kind + "\n");
    if (start == std::string::npos)
        return {};
    const std::size_t end = doc.find("\n## ", start + 1);
    const std::size_t next = doc.find("\n### ", start + 1);
    return doc.substr(start, std::min(end, next) - start);
}

template <class Entry>
void checkDocumented(const char *kind, std::span<const CatalogField<Entry>> fields)
{
    const std::string section = docSection(kind);
    QVERIFY2(!section.empty(), kind);
    for (const CatalogField<Entry> &f : fields) {
        const std::string quoted = std::string("`") + f.key + "`";
        QVERIFY2(section.find(quoted) != std::string::npos, (std::string(kind) + ": " + f.key).c_str());
    }
}

std::vector<CatalogIssue> mergeOne(const std::string &kind, const std::string &entry)
{
    Catalog catalog = bundledCatalog();
    std::vector<CatalogIssue> issues;
    mergeCatalogText(catalog, R"({"format": "gpuplan-catalog", "version": 1, ")" + kind + R"(": [)" + entry + "]}",
                     "test.json", issues);
    return issues;
}

} // namespace

class TestCatalogFields final : public QObject
{
    Q_OBJECT

private slots:
    void everyFieldIsDocumented() const
    {
        checkDocumented("gpus", gpuFields());
        checkDocumented("nodes", nodeFields());
        checkDocumented("fabrics", fabricFields());
        checkDocumented("clouds", cloudFields());
        checkDocumented("storage_tiers", storageTierFields());
        checkDocumented("models", modelPresetFields());
    }

    void engineParserReadsTheRegistry() const
    {
        // Every engine parameter is documented, and a value just past its bound is refused by
        // the parser naming that field: the parser checks what the registry says.
        std::ifstream in(GPUPLAN_SOURCE_DIR "/docs/performance-model.md");
        std::stringstream doc;
        doc << in.rdbuf();
        for (const CatalogField<EnginePreset> &f : engineFields()) {
            QVERIFY2(doc.str().find(std::string("`") + f.key + "`") != std::string::npos, f.key);
            if (f.type != CatalogFieldType::Number && f.type != CatalogFieldType::Integer)
                continue;
            EnginePreset e;
            EntryError error;
            QVERIFY2(!parseEnginePreset({{f.key, f.max + 1}}, e, error), f.key);
            QCOMPARE(error.field, std::string(f.key));
            QVERIFY2(parseEnginePreset({{f.key, f.min}}, e, error), error.message.c_str());
        }
    }

    void valuesInTheFilesUnit() const
    {
        // catalogs/gpus.json, H100-SXM-80GB: 80 GB, 3.35 TB/s, NVLink 4 at 900 GB/s both directions.
        const GpuSpec *h100 = bundledCatalog().findGpu("H100-SXM-80GB");
        QVERIFY(h100);
        QVERIFY(near(valueInFileUnit(gpuFields(), "memory_gb", *h100), 80));
        QVERIFY(near(valueInFileUnit(gpuFields(), "memory_bandwidth_tbps", *h100), 3.35));
        QVERIFY(near(valueInFileUnit(gpuFields(), "scale_up_bidir_gbytes_per_s", *h100), 900));
        QVERIFY(near(h100->scaleUpBandwidth, 450e9));   // one direction inside
        QCOMPARE(valueInFileUnit(gpuFields(), "no_such_field", *h100), 0.0);
    }

    void requiredFieldIsNamed() const
    {
        const auto issues = mergeOne("gpus", R"({"id": "test-gpu", "memory_gb": 80, "memory_bandwidth_tbps": 2,
                                                 "tflops": {"bf16": 100}, "source": "test"})");
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].field, std::string("tdp_w"));
        const auto fabric = mergeOne("fabrics", R"({"id": "test-fabric", "kind": "token-ring", "link_gbps": 100,
                                                    "source": "test"})");
        QCOMPARE(fabric.size(), std::size_t(1));
        QCOMPARE(fabric[0].field, std::string("kind"));
    }

    void formsSeeTheLoadersBounds() const
    {
        CatalogFieldInfo info;
        QVERIFY(findCatalogField("gpus", "tflops.bf16", info));
        QCOMPARE(info.type, CatalogFieldType::Custom);
        QCOMPARE(info.max, 1e6);
        QVERIFY(findCatalogField("gpus", "launch_year", info));
        QCOMPARE(info.type, CatalogFieldType::Integer);
        QCOMPARE(info.min, 1990.0);
        QCOMPARE(info.max, 2100.0);
        QVERIFY(findCatalogField("nodes", "cooling", info));
        QVERIFY(!info.words.empty());
        QVERIFY(findCatalogField("clouds", "region", info));
        QCOMPARE(info.maxLength, std::size_t(1000));
        QVERIFY(!findCatalogField("gpus", "tflops", info) || info.type == CatalogFieldType::Custom);
        QVERIFY(!findCatalogField("gpus", "no_such_field", info));
        // Engines have a registry too (their parser reads it): the bounds of catalogs/engines.json.
        QVERIFY(findCatalogField("engines", "max_batch", info));
        QCOMPARE(info.type, CatalogFieldType::Integer);
        QCOMPARE(info.min, 1.0);
        QCOMPARE(info.max, 1e6);
        // Out of bounds in the file's unit is refused by the loader with the same bounds.
        const auto issues = mergeOne("gpus", R"({"id": "test-gpu", "memory_gb": 80, "memory_bandwidth_tbps": 2,
                                                 "tflops": {"bf16": 100}, "tdp_w": 700, "launch_year": 1989,
                                                 "source": "test"})");
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues[0].field, std::string("launch_year"));
    }
};

QTEST_APPLESS_MAIN(TestCatalogFields)
#include "tst_catalogfields.moc"

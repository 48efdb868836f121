// SPDX-License-Identifier: GPL-3.0-or-later
// Primary and secondary sources (docs/catalogs.md, "Primary and secondary sources"): the rule in
// catalog/SourceRule.cpp on citations of each kind, and every figure of the bundled catalogs
// either primary by that rule or flagged secondary or estimate.
#include "catalog/CatalogEntryReader.h"
#include "catalog/CatalogLoader.h"
#include "catalog/SourceRule.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <functional>

using namespace gpuplan;

namespace {

// Calls visit(entry id, field, provenance) for every figure of every kind of the catalog.
void forEachFigure(const Catalog &c,
                   const std::function<void(const std::string &, const std::string &, const Provenance &)> &visit)
{
    const auto walk = [&](const auto &items) {
        for (const auto &item : items) {
            for (const auto &[field, p] : item.sources)
                visit(item.id, field, p);
        }
    };
    walk(c.gpus);
    walk(c.nodes);
    walk(c.fabrics);
    walk(c.clouds);
    walk(c.models);
    walk(c.engines);
    walk(c.storageTiers);
    walk(c.apiPrices);
}

} // namespace

class TestCatalogSources final : public QObject
{
    Q_OBJECT

private slots:
    void rule_data() const
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("primary");
        QTest::addColumn<bool>("thirdParty");
        // Primary kinds (docs/catalogs.md).
        QTest::newRow("vendor site") << "docs.nvidia.com/dgx/dgxb200-user-guide/introduction-to-dgxb200.html" << true << false;
        QTest::newRow("vendor datasheet") << "NVIDIA H100 Tensor Core GPU datasheet (H100 PCIe column)" << true << false;
        QTest::newRow("cloud document") << "AWS EC2 G5 instance documentation (g5.48xlarge)" << true << false;
        QTest::newRow("cloud price page") << "AWS S3 pricing page" << true << false;
        QTest::newRow("paper") << "Brown et al. 2020, 'Language Models are Few-Shot Learners', arXiv 2005.14165" << true << false;
        QTest::newRow("model config and paper")
            << "huggingface.co/meta-llama/Llama-2-7b-hf config.json; Touvron et al. 2023, arXiv 2307.09288" << true << false;
        QTest::newRow("vendor engineer in an issue")
            << "S. Jeaugey (NVIDIA) in NVIDIA/nccl-tests issue #29 (2019-12): 12.2 GB/s busbw" << true << false;
        QTest::newRow("MLPerf submission")
            << "github.com/mlcommons/inference_results_v3.1 closed/Dell/systems/XE9680_H100_SXM_80GBx8_TRT.json" << true << false;
        QTest::newRow("validation fit") << "tests/data/validation/training_public.csv (fit half)" << true << false;
        QTest::newRow("pointer to own docs") << "Amazon S3 performance guidelines (AWS documentation); docs/references.md §9"
                                             << true << false;
        // Secondary: a third party reports the figure, even when it cites the datasheet.
        QTest::newRow("blog citing the datasheet")
            << "glennklockwood.com/garden/processors/h100 (citing NVIDIA H100 datasheet)" << false << true;
        QTest::newRow("datasheet copy on another host")
            << "NVIDIA L40/L40S datasheet table (reseller copy mullet.se product 355414)" << false << true;
        QTest::newRow("price aggregator") << "techbytes.app serverless GPU pricing matrix" << false << true;
        QTest::newRow("github.io is not github.com") << "lzwjava.github.io H100 vs H200 table" << false << true;
        QTest::newRow("one third-party citation of two")
            << "docs.nvidia.com/dgx/dgxgb200-user-guide/hardware.html; introl.com blog (120 kW)" << false << true;
        QTest::newRow("vendor quoted by a site") << "NVIDIA DGX H100/H200 User Guide (as quoted by unanswered.io: 10.2 kW)"
                                                 << false << true;
        // A page on a public repository that is no vendor's and no measurement is a third party's.
        QTest::newRow("third-party tool output") << "github.com/dstackai/dstack/pull/4110 ('dstack offer' output)" << false
                                                 << true;
        QTest::newRow("third-party price scrape")
            << "github.com/skypilot-org/skypilot-catalog catalogs/v8/lambda/vms.csv @0f4070387edc953d7004cff197940e1918a1d6aa"
            << false << true;
        // Neither: an unsourced assumption is no third party's report, and not primary either (so a
        // figure resting on it must be an estimate).
        QTest::newRow("unsourced assumption") << "assumed equal to H100 SXM5 80GB" << false << false;
        QTest::newRow("empty") << "" << false << false;
    }

    void rule() const
    {
        QFETCH(QString, source);
        QFETCH(bool, primary);
        QFETCH(bool, thirdParty);
        QCOMPARE(isPrimarySource(source.toStdString()), primary);
        QCOMPARE(namesThirdParty(source.toStdString()), thirdParty);
    }

    void secondaryFlagIsReadPerFigure() const
    {
        // The entry's flag covers its figures; a figure citing its own source is secondary only
        // when it says so; a flag that is not a boolean is reported with its field.
        using Json = nlohmann::json;
        const Json entry = {
            {"a", 1},
            {"b", {{"value", 2}, {"note", "covered by the entry's source"}}},
            {"c", {{"value", 3}, {"source", "NVIDIA H100 Tensor Core GPU datasheet"}}},
            {"d", {{"value", 4}, {"source", "gpu.blog/gpus/nvidia-h100-nvl"}, {"secondary", true}}},
            {"e", {{"value", 5}, {"secondary", "yes"}}}};
        Provenance defaults;
        defaults.source = "techbytes.app serverless GPU pricing matrix";
        defaults.secondary = true;
        ProvenanceMap sources;
        CatalogEntryReader r(entry, defaults, sources, true);
        double v = 0;
        QVERIFY(r.number("a", 0, 10, v) && r.number("b", 0, 10, v) && r.number("c", 0, 10, v) && r.number("d", 0, 10, v));
        QVERIFY(sources.at("a").secondary);
        QVERIFY(sources.at("b").secondary);
        QVERIFY(!sources.at("c").secondary);
        QVERIFY(sources.at("d").secondary);
        QVERIFY(!r.number("e", 0, 10, v));
        QCOMPARE(QString::fromStdString(r.error().field), QString("e.secondary"));
    }

    void everyBundledFigureIsPrimaryOrFlagged() const
    {
        std::vector<CatalogIssue> issues;
        const Catalog c = loadCatalog({"", "", false}, issues);
        QVERIFY(issues.empty());
        int primary = 0, secondary = 0, estimate = 0, estimateFromThirdParty = 0;
        forEachFigure(c, [&](const std::string &id, const std::string &field, const Provenance &p) {
            const std::string where = id + "." + field + ": " + p.source;
            switch (sourceKindOf(p)) {
            case SourceKind::Primary: ++primary; break;
            case SourceKind::Secondary: ++secondary; break;
            case SourceKind::Estimate: ++estimate; break;
            case SourceKind::Unclassified:
                QFAIL(("neither primary by the rule nor flagged secondary or estimate: " + where).c_str());
            }
            // The flag and the rule agree: a primary source is never flagged secondary, and an
            // estimate taken from a third party's page says so too.
            if (p.secondary)
                QVERIFY2(!isPrimarySource(p.source), ("flagged secondary but primary by the rule: " + where).c_str());
            if (namesThirdParty(p.source))
                QVERIFY2(p.secondary, ("names a third party but is not flagged secondary: " + where).c_str());
            estimateFromThirdParty += p.estimate && p.secondary;
        });
        qInfo("figures: %d primary, %d secondary, %d estimate (%d of them from a secondary source)", primary, secondary,
              estimate, estimateFromThirdParty);
        QVERIFY(primary > 0 && secondary > 0 && estimate > 0);
    }

    void everyApiPriceHasASourceAndADate() const
    {
        // The api_prices catalog (facility/TokenPrice.h's comparison): both prices of every entry
        // name where they were published and when.
        std::vector<CatalogIssue> issues;
        const Catalog c = loadCatalog({"", "", false}, issues);
        QVERIFY(issues.empty());
        QVERIFY(!c.apiPrices.empty());
        for (const ApiPrice &a : c.apiPrices) {
            for (const char *field : {"input_usd_per_mtok", "output_usd_per_mtok"}) {
                const auto p = a.sources.find(field);
                const std::string where = a.id + "." + field;
                QVERIFY2(p != a.sources.end(), ("no source: " + where).c_str());
                QVERIFY2(!p->second.source.empty(), ("empty source: " + where).c_str());
                QVERIFY2(!p->second.date.empty(), ("no date: " + where).c_str());
            }
        }
    }
};

QTEST_APPLESS_MAIN(TestCatalogSources)
#include "tst_catalogsources.moc"

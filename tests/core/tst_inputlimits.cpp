// SPDX-License-Identifier: GPL-3.0-or-later
// Limits checked before a file is read or parsed (docs/robustness.md §1): a device, a FIFO or a
// link to one is refused by common/TextFile; a key given twice in one JSON object is an error
// naming it (common/JsonText), for plans and catalogs alike; a user catalog folder larger than
// 32 MiB in all has its further files skipped, each with the limit, before they are read.
#include "catalog/CatalogLoader.h"
#include "common/JsonText.h"
#include "common/TextFile.h"
#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>

#include <sys/stat.h>

using namespace gpuplan;
namespace fs = std::filesystem;

class TestInputLimits : public QObject
{
    Q_OBJECT

private slots:
    void devicesAndFifosAreNotRead() const
    {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        std::string text, error;
        fs::create_symlink("/dev/zero", dir / "session.json");
        QVERIFY(!readTextFile((dir / "session.json").string(), 1024, text, error));
        QCOMPARE(error, (dir / "session.json").string() + ": not a regular file");
        QCOMPARE(::mkfifo((dir / "fifo.json").c_str(), 0600), 0);
        QVERIFY(!readTextFile((dir / "fifo.json").string(), 1024, text, error));   // returns, does not block
        QCOMPARE(error, (dir / "fifo.json").string() + ": not a regular file");
        std::ofstream(dir / "big.json") << std::string(2048, ' ');
        QVERIFY(!readTextFile((dir / "big.json").string(), 1024, text, error));
        QVERIFY2(error.find("exceeds") != std::string::npos, error.c_str());
    }

    void duplicateKeysAreNamed() const
    {
        nlohmann::json doc;
        std::string error;
        QVERIFY(!parseLimitedJson(R"({"parallelism": {"tp": 8, "pp": 2, "tp": 1}})", doc, error));
        QCOMPARE(error, std::string("duplicate key \"parallelism.tp\": each key may appear once in an object"));
        QVERIFY(!parseLimitedJson(R"({"gpus": [{"id": "a"}, {"id": "b", "tdp_w": 1, "tdp_w": 2}]})", doc, error));
        QCOMPARE(error, std::string("duplicate key \"gpus[1].tdp_w\": each key may appear once in an object"));
        // The same key in different objects is fine, and the document is built as before.
        QVERIFY2(parseLimitedJson(R"({"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 3}, {"x": 4}]})", doc, error),
                 error.c_str());
        QCOMPARE(doc["c"][1]["x"].get<int>(), 4);
        // Other errors read as before.
        QVERIFY(!parseLimitedJson("{\"a\": }", doc, error));
        QVERIFY2(error.rfind("not valid JSON at line 1", 0) == 0, error.c_str());

        // A plan file: the message names the file and the key.
        Plan plan;
        std::vector<PlanError> errors;
        QVERIFY(!loadPlanText(R"({"format": "gpuplan-plan", "version": 1, "hardware": {"num_gpus": 8, "num_gpus": 4096}})",
                              "twice.gpuplan", &bundledCatalog(), plan, errors));
        QVERIFY(!errors.empty());
        QVERIFY2(errors.front().message.find("duplicate key \"hardware.num_gpus\"") != std::string::npos,
                 errors.front().message.c_str());
        // A catalog file: reported as an issue of the file, the rest of the folder still loads.
        Catalog catalog = bundledCatalog();
        std::vector<CatalogIssue> issues;
        mergeCatalogText(catalog, R"({"format": "gpuplan-catalog", "version": 1, "gpus": [], "gpus": []})", "mine.json",
                         issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY2(issues.front().text().find("duplicate key \"gpus\"") != std::string::npos, issues.front().text().c_str());
    }

    void userCatalogFolderHasATotal() const
    {
        QTemporaryDir tmp;
        const fs::path dir = tmp.path().toStdString();
        // Three files of 12 MiB each (valid, empty catalogs padded with spaces): the third passes 32 MiB.
        const std::string padding(12u << 20, ' ');
        for (const char *name : {"a.json", "b.json", "c.json"})
            std::ofstream(dir / name) << R"({"format": "gpuplan-catalog", "version": 1})" << padding;
        std::vector<CatalogIssue> issues;
        CatalogSources sources;
        sources.userDir = dir.string();
        const Catalog catalog = loadCatalog(sources, issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues.front().file, (dir / "c.json").string());
        QVERIFY2(issues.front().message.find("exceed 32 MiB together") != std::string::npos,
                 issues.front().message.c_str());
        QVERIFY(!catalog.gpus.empty());   // the bundled catalog is there as ever
    }
};

QTEST_APPLESS_MAIN(TestInputLimits)
#include "tst_inputlimits.moc"

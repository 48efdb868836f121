// SPDX-License-Identifier: GPL-3.0-or-later
// Hostile numbers in every reader (docs/robustness.md §1): plan files, --set overrides, catalog
// files and validation CSV cells get the same values -- 1e308, -1e308, 1e999, NaN, Infinity as
// a bare word and as a string, -0, the smallest denormal -- and must either take the value (when
// it is inside the field's bounds) or refuse it with a message naming the field and its range.
// Nothing is half-applied: a refused plan is not loaded, a refused catalog entry is not merged.
#include "catalog/CatalogLoader.h"
#include "plan/PlanFields.h"
#include "plan/PlanIo.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <cmath>
#include <string>
#include <vector>

using namespace gpuplan;

namespace {

bool contains(const std::string &text, const std::string &part)
{
    return text.find(part) != std::string::npos;
}

std::string joined(const std::vector<PlanError> &errors)
{
    std::string out;
    for (const PlanError &e : errors)
        out += e.text() + "\n";
    return out;
}

// {"version":1,"a":{"b":VALUE}} for the dotted path a.b.
std::string planWith(const std::string &path, const std::string &value)
{
    std::string open, close;
    std::size_t start = 0;
    std::size_t dot;
    while ((dot = path.find('.', start)) != std::string::npos) {
        open += "\"" + path.substr(start, dot - start) + "\":{";
        close += "}";
        start = dot + 1;
    }
    return "{\"version\":1," + open + "\"" + path.substr(start) + "\":" + value + close + "}";
}

// The range words every bounds message carries ("from 1 to 1,000,000").
std::string rangeOf(const char *path)
{
    const FieldSpec *f = findPlanField(path);
    return f ? describeAllowed(*f) : std::string();
}

} // namespace

class tst_hostileinput : public QObject
{
    Q_OBJECT

private slots:
    void planFileNumbers_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("value");
        QTest::addColumn<bool>("accepted");
        QTest::addColumn<bool>("namesRange");   // refused by the field's bounds (not by the JSON parser)
        for (const char *path : {"hardware.num_gpus", "facility.pue", "cost.gpu_price_usd"}) {
            const QString p = QString::fromLatin1(path);
            QTest::newRow(qPrintable(p + " 1e308")) << p << "1e308" << false << true;
            QTest::newRow(qPrintable(p + " -1e308")) << p << "-1e308" << false << true;
            QTest::newRow(qPrintable(p + " 1e999")) << p << "1e999" << false << false;
            QTest::newRow(qPrintable(p + " NaN")) << p << "NaN" << false << false;
            QTest::newRow(qPrintable(p + " Infinity")) << p << "Infinity" << false << false;
            QTest::newRow(qPrintable(p + " \"Infinity\"")) << p << "\"Infinity\"" << false << true;
            QTest::newRow(qPrintable(p + " \"NaN\"")) << p << "\"NaN\"" << false << true;
            // Zero and the smallest denormal: refused below a positive minimum, taken by a price
            // (free hardware is allowed; -1 means "from the catalog").
            const bool zeroAllowed = p == QLatin1String("cost.gpu_price_usd");
            QTest::newRow(qPrintable(p + " 4.9e-324")) << p << "4.9e-324" << zeroAllowed << !zeroAllowed;
            QTest::newRow(qPrintable(p + " -0")) << p << "-0" << zeroAllowed << !zeroAllowed;
        }
        // -0 is zero: taken where zero is allowed.
        QTest::newRow("request_rate -0") << "workload.inference.request_rate" << "-0" << true << false;
        QTest::newRow("request_rate -0.0") << "workload.inference.request_rate" << "-0.0" << true << false;
    }

    void planFileNumbers()
    {
        QFETCH(QString, path);
        QFETCH(QString, value);
        QFETCH(bool, accepted);
        QFETCH(bool, namesRange);
        const std::string text = planWith(path.toStdString(), value.toStdString());
        Plan plan;
        plan.hardware.numGpus = 77;   // must stay untouched when the file is refused
        std::vector<PlanError> errors;
        const bool loaded = loadPlanText(text, "hostile.gpuplan", &bundledCatalog(), plan, errors);
        QVERIFY2(loaded == accepted, (text + "\n" + joined(errors)).c_str());
        if (accepted) {
            // -0 is stored as +0 (a saved file says 0, never -0).
            for (double v : {plan.workload.inference.requestRate, plan.cost.gpuPriceUsd})
                QVERIFY(std::isfinite(v) && (v != 0 || !std::signbit(v)));
            return;
        }
        QCOMPARE(plan.hardware.numGpus, 77);
        QVERIFY(!errors.empty());
        QCOMPARE(errors.front().file, std::string("hostile.gpuplan"));
        if (namesRange) {
            QCOMPARE(QString::fromStdString(errors.front().path), path);
            const std::string allowed = rangeOf(qPrintable(path));
            QVERIFY2(contains(errors.front().message, allowed), (errors.front().text() + "\nwanted: " + allowed).c_str());
        }
    }

    void commandLineOverrides_data()
    {
        QTest::addColumn<QString>("assignment");
        QTest::addColumn<QString>("path");
        QTest::newRow("1e308") << "hardware.num_gpus=1e308" << "hardware.num_gpus";
        QTest::newRow("nan") << "facility.pue=nan" << "facility.pue";
        QTest::newRow("NaN") << "facility.pue=NaN" << "facility.pue";
        QTest::newRow("inf") << "facility.pue=inf" << "facility.pue";
        QTest::newRow("Infinity") << "cost.gpu_price_usd=Infinity" << "cost.gpu_price_usd";
        QTest::newRow("-Infinity") << "cost.gpu_price_usd=-Infinity" << "cost.gpu_price_usd";
        QTest::newRow("1e999") << "facility.pue=1e999" << "facility.pue";
        QTest::newRow("-0") << "parallelism.tp=-0" << "parallelism.tp";
        QTest::newRow("empty") << "parallelism.tp=" << "parallelism.tp";
    }

    void commandLineOverrides()
    {
        QFETCH(QString, assignment);
        QFETCH(QString, path);
        nlohmann::json doc = nlohmann::json::parse("{\"version\": 1, \"model\": {\"preset\": \"llama3-8b\"}}");
        std::vector<PlanError> errors;
        Plan plan;
        const bool applied = applyOverride(doc, assignment.toStdString(), errors) &&
                             planFromJson(doc, &bundledCatalog(), plan, errors);
        QVERIFY2(!applied, qPrintable(assignment));
        QVERIFY(!errors.empty());
        QVERIFY2(QString::fromStdString(joined(errors)).contains(path), joined(errors).c_str());
    }

    void catalogNumbers_data()
    {
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("expected");   // a word of the issue
        QTest::newRow("1e308") << "1e308" << "memory_gb";
        QTest::newRow("-1e308") << "-1e308" << "memory_gb";
        QTest::newRow("-0") << "-0" << "memory_gb";
        QTest::newRow("4.9e-324") << "4.9e-324" << "memory_gb";
        QTest::newRow("\"Infinity\"") << "\"Infinity\"" << "memory_gb";
        QTest::newRow("1e999") << "1e999" << "overflow";
        QTest::newRow("NaN") << "NaN" << "not valid JSON";
    }

    void catalogNumbers()
    {
        QFETCH(QString, value);
        QFETCH(QString, expected);
        const std::string text = R"({"format": "gpuplan-catalog", "version": 1, "gpus": [{"id": "HOSTILE-GPU",
            "name": "x", "memory_gb": )" + value.toStdString() + R"(, "memory_bandwidth_tbps": 2.0,
            "tflops": {"bf16": 300}, "tdp_w": 400, "default_node": "dgx-a100", "source": "test", "date": "2025"}]})";
        Catalog catalog;
        std::vector<CatalogIssue> issues;
        mergeCatalogText(catalog, text, "hostile.json", issues);
        QVERIFY(catalog.gpus.empty());
        QCOMPARE(issues.size(), std::size_t(1));
        QCOMPARE(issues.front().file, std::string("hostile.json"));
        QVERIFY2(contains(issues.front().text(), expected.toStdString()), issues.front().text().c_str());
    }

    void catalogShapeLimits()
    {
        Catalog catalog;
        std::vector<CatalogIssue> issues;
        std::string deep = "{\"format\": \"gpuplan-catalog\", \"version\": 1, \"gpus\": ";
        for (int i = 0; i < 10000; ++i)
            deep += "[";
        mergeCatalogText(catalog, deep, "deep.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY2(contains(issues.front().message, "nesting"), issues.front().text().c_str());

        issues.clear();
        std::string huge = "{\"format\": \"gpuplan-catalog\", \"version\": 1, \"notes\": \"";
        huge.append(kMaxJsonFileBytes, 'x');
        huge += "\"}";
        mergeCatalogText(catalog, huge, "huge.json", issues);
        QCOMPARE(issues.size(), std::size_t(1));
        QVERIFY2(contains(issues.front().message, "MiB"), issues.front().text().c_str());
        QVERIFY(catalog.gpus.empty());
    }

    void csvCells()
    {
        // Cells are numbers only when finite: from_chars takes "nan" and "inf", the reader must not.
        for (const char *text : {"nan", "NaN", "-nan", "inf", "-inf", "Infinity", "1e999", "-1e999", "0x10", " 1", "1 ",
                                 "1,5", ""})
            QVERIFY2(!parseNumberCell(text).has_value(), text);
        QCOMPARE(*parseNumberCell("1e308"), 1e308);
        QCOMPARE(*parseNumberCell("-0"), 0.0);

        // A row with an out-of-range architecture is skipped with the column and the range.
        const std::string header = "id,model,layers,hidden,heads,vocab,seq_len,gpu,num_gpus,tp,pp,micro_batch,global_batch\n";
        for (const char *layers : {"1e308", "nan", "Infinity", "-0", "-1e308"}) {
            CsvTable table;
            std::string error;
            QVERIFY(table.parse(header + "R1,x," + layers + ",4096,32,32000,2048,H100-SXM-80GB,8,1,1,1,8\n", error));
            Plan plan;
            std::string reason;
            QVERIFY2(!planFromCommonColumns(table, 0, bundledCatalog(), plan, reason), layers);
            QVERIFY2(contains(reason, "layers"), (std::string(layers) + ": " + reason).c_str());
        }
    }

    void csvShapeLimits()
    {
        CsvTable table;
        std::string error;
        std::string wide = "a";
        for (std::size_t i = 0; i < CsvTable::kMaxColumns + 1; ++i)
            wide += ",c" + std::to_string(i);
        QVERIFY(!table.parse(wide + "\n", error));
        QVERIFY2(contains(error, "columns"), error.c_str());
        error.clear();
        QVERIFY(!table.parse("id\n\xff\xfe\n", error));
        QVERIFY2(contains(error, "UTF-8"), error.c_str());
    }
};

QTEST_APPLESS_MAIN(tst_hostileinput)
#include "tst_hostileinput.moc"

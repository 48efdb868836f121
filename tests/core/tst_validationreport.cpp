// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/ValidationReport.h"

#include <nlohmann/json.hpp>

#include <QTest>

using namespace gpuplan;

class TestValidationReport final : public QObject
{
    Q_OBJECT

private slots:
    void statistics() const
    {
        ValidationReport r;
        r.kind = "memory";
        r.rows = {{"A-1", "m", "", 110, true, 100, ""},
                  {"A-2", "m", "", 90, true, 100, ""},
                  {"B-1", "m", "", 130, true, 100, ""},
                  {"B-2", "m", "", 50, false, 0, ""},
                  {"C-1", "", "", 0, false, 0, "no architecture"}};
        std::vector<const ValidationRow *> all;
        for (const auto &row : r.rows)
            all.push_back(&row);
        const ErrorStats s = computeStats(all);
        QCOMPARE(s.rows, 5);
        QCOMPARE(s.predicted, 4);
        QCOMPARE(s.skipped, 1);
        QCOMPARE(s.compared, 3);
        QCOMPARE(s.mape, 50.0 / 3.0);
        QCOMPARE(s.medianApe, 10.0);
        QCOMPARE(s.maxApe, 30.0);

        const auto json = reportToJson(r);
        QCOMPARE(json["kind"].get<std::string>(), std::string("memory"));
        QCOMPARE(json["rows"].size(), std::size_t(5));
        QVERIFY(json["rows"][3]["measured"].is_null());
        QCOMPARE(json["rows"][4]["skipped"].get<std::string>(), std::string("no architecture"));
        QVERIFY(!json["rows"][4].contains("predicted"));
        QCOMPARE(json["summary"]["by_source"]["A"]["compared"].get<int>(), 2);
    }

    // A group of two rows has no rank correlation to speak of: the text says so instead of "0.000";
    // three rows in order read 1.000.
    void groupRankCorrelationNeedsThreeRows() const
    {
        ValidationReport r;
        r.kind = "inference";
        r.rows = {{"A-1", "m", "two", 1, true, 10, ""},     {"A-2", "m", "two", 2, true, 20, ""},
                  {"B-1", "m", "three", 1, true, 10, ""},   {"B-2", "m", "three", 2, true, 20, ""},
                  {"B-3", "m", "three", 3, true, 30, ""}};
        const std::string text = reportToText(r);
        QVERIFY2(text.find("group m | two") != std::string::npos &&
                     text.find("n=2     Spearman -  (fewer than 3 rows)") != std::string::npos,
                 text.c_str());
        QVERIFY2(text.find("n=3     Spearman 1.000") != std::string::npos, text.c_str());
    }

    void spearmanRanks() const
    {
        QCOMPARE(spearman({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
        QCOMPARE(spearman({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
        QVERIFY(std::fabs(spearman({1, 2, 2, 3}, {1, 2, 3, 4}) - 0.9486833) < 1e-6);
        QCOMPARE(spearman({1, 2}, {1, 2}), 0.0);
    }

    void sourcePrefixes() const
    {
        QCOMPARE(sourceOfId("VT-M-001"), std::string("VT-M"));
        QCOMPARE(sourceOfId("LF001"), std::string("LF"));
        QCOMPARE(sourceOfId("TRT061L-01"), std::string("TRT061L"));
        QCOMPARE(sourceOfId("MBLOOM-Z1"), std::string("MBLOOM-Z1"));
        QCOMPARE(sourceOfId("KIPPLY-2"), std::string("KIPPLY"));
        QCOMPARE(sourceOfId("MEG24-01"), std::string("MEG24"));   // not merged with MEG21/MEG22
    }
};

QTEST_APPLESS_MAIN(TestValidationReport)
#include "tst_validationreport.moc"

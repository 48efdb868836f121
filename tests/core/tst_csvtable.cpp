// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/CsvTable.h"

#include <QTest>

using namespace gpuplan;

class TestCsvTable final : public QObject
{
    Q_OBJECT

private slots:
    void quotedFieldsAndColumnOrder() const
    {
        CsvTable t;
        std::string error;
        QVERIFY(t.parse("\xEF\xBB\xBFid,notes,tp\r\nA-1,\"a, \"\"b\"\"\nc\",8\nA-2,,  4 \n\n", error));
        QCOMPARE(t.rowCount(), std::size_t(2));
        QCOMPARE(std::string(t.cell(0, "notes")), std::string("a, \"b\"\nc"));
        QCOMPARE(std::string(t.cell(1, "tp")), std::string("4"));
        QCOMPARE(std::string(t.cell(1, "notes")), std::string());
        QCOMPARE(std::string(t.cell(0, "absent")), std::string());
        QCOMPARE(t.lineOf(1), 4);
    }

    void malformedInputReportsLine() const
    {
        CsvTable t;
        std::string error;
        QVERIFY(!t.parse("id,x\n1,\"open\n", error));
        QVERIFY(error.find("unterminated") != std::string::npos);
        QVERIFY(!t.parse("", error));
        QVERIFY(!t.parse(std::string("id\n\0x\n", 6), error));
        QVERIFY(!t.parse("id,x\n1,ab\"c\"\n", error));
        QVERIFY(error.find("line 2") != std::string::npos);
    }

    void shortRowsReadAsBlank() const
    {
        CsvTable t;
        std::string error;
        QVERIFY(t.parse("id,a,b\nr1,1\n", error));
        QCOMPARE(std::string(t.cell(0, "b")), std::string());
    }

    // The limits hold while the text is read, before the table takes memory: a 60 MiB line of
    // commas stops at the 1,025th column, a file of 5 million one-cell lines at 4 million cells.
    void limitsBeforeMemory() const
    {
        CsvTable t;
        std::string error;
        const std::string commas(60u << 20, ',');
        QVERIFY(!t.parse(commas, error));
        QCOMPARE(error, std::string("line 1: more than 1024 columns"));
        std::string wide = "a";
        for (int i = 1; i < 1024; ++i)
            wide += ",a";
        QVERIFY2(t.parse(wide + "\n", error), error.c_str());
        QCOMPARE(t.header().size(), std::size_t(1024));
        QVERIFY(!t.parse(wide + ",a\n", error));
        std::string tall;
        for (int i = 0; i < 5'000'000; ++i)
            tall += "a\n";
        QVERIFY(!t.parse(tall, error));
        QVERIFY2(error.find("more than 4000000 cells") != std::string::npos, error.c_str());
    }
};

QTEST_APPLESS_MAIN(TestCsvTable)
#include "tst_csvtable.moc"

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
};

QTEST_APPLESS_MAIN(TestCsvTable)
#include "tst_csvtable.moc"

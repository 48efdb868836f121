// SPDX-License-Identifier: GPL-3.0-or-later
// The plan field registry: unique paths, sane bounds, accessors that round-trip.
#include "plan/Plan.h"
#include "plan/PlanFields.h"

#include <QTest>

#include <set>

using namespace gpuplan;

class TestPlanFields final : public QObject
{
    Q_OBJECT

private slots:
    void pathsAreUniqueAndBoundsOrdered() const
    {
        std::set<std::string> seen;
        for (const FieldSpec &f : planFields()) {
            QVERIFY2(seen.insert(f.path).second, f.path);
            QVERIFY2(f.help && *f.help, f.path);
            if (f.type == FieldType::Int || f.type == FieldType::Real)
                QVERIFY2(f.min <= f.max, f.path);
            if (f.type == FieldType::Enum)
                QVERIFY2(f.enumTable != nullptr, f.path);
        }
        QVERIFY(seen.size() > 100);
        QVERIFY(findPlanField("hardware.num_gpus"));
        QVERIFY(!findPlanField("hardware"));
    }

    void defaultsAreWithinBounds() const
    {
        const Plan p;
        for (const FieldSpec &f : planFields()) {
            if (f.type != FieldType::Int && f.type != FieldType::Real)
                continue;
            std::string message;
            QVERIFY2(checkFieldValue(f, f.getNumber(p), message), message.c_str());
        }
    }

    void accessorsRoundTrip() const
    {
        Plan p;
        for (const FieldSpec &f : planFields()) {
            switch (f.type) {
            case FieldType::Int:
            case FieldType::Real:
                f.setNumber(p, f.max);
                QCOMPARE(f.getNumber(p), f.max);
                break;
            case FieldType::Bool:
                f.setNumber(p, 1);
                QCOMPARE(f.getNumber(p), 1.0);
                break;
            case FieldType::Enum:
                f.setNumber(p, f.enumTable().names.back().value);
                QCOMPARE(static_cast<int>(f.getNumber(p)), f.enumTable().names.back().value);
                break;
            case FieldType::Text:
                f.setText(p, "x");
                QCOMPARE(f.getText(p), std::string("x"));
                break;
            }
        }
    }

    void messagesNameFieldValueAndRange() const
    {
        const FieldSpec *f = findPlanField("parallelism.dp");
        std::string message;
        QVERIFY(checkFieldValue(*f, 0, message));   // sentinel: derived
        QVERIFY(!checkFieldValue(*f, -3, message));
        QCOMPARE(message, std::string("parallelism.dp: value -3; expected an integer from 1 to 1,000,000 replicas "
                                      "(or 0 = derived from the GPU count)"));
        QVERIFY(!checkFieldValue(*findPlanField("facility.pue"), std::numeric_limits<double>::infinity(), message));
        QVERIFY(message.find("non-finite") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestPlanFields)
#include "tst_planfields.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// Heat load, refrigeration tons, racks and the air-vs-liquid decision (docs/references.md §1, §3).
#include "FacilityFixtures.h"

#include "eval/Diagnostics.h"
#include "facility/Cooling.h"

#include <QTest>

using namespace gpuplan;
using namespace gpuplan::test;

class TestCooling final : public QObject
{
    Q_OBJECT

private slots:
    void unitConversions()
    {
        // 1 kW = 3,412.142 BTU/h; 1 ton of refrigeration = 3.517 kW (ANSI/IIR R-1 definition).
        FacilityInputs in;
        in.jobGpus = 8;
        in.jobNodes = 1;
        PowerResult p;
        p.peakItKw = 3.517;
        const CoolingResult c = computeCooling(in, p, FabricSize{});
        QVERIFY(qAbs(c.heatBtuPerHour - 3517.0 * 3.412142) < 1e-6);
        QVERIFY(qAbs(c.tons - 1.0) < 1e-12);
        // Rule of thumb in docs/references.md §1: 10 kW ~ 34,000 BTU/h ~ 2.84 TR.
        p.peakItKw = 10;
        const CoolingResult ten = computeCooling(in, p, FabricSize{});
        QVERIFY(qAbs(ten.heatBtuPerHour - 34121.42) < 1e-6);
        QVERIFY(qAbs(ten.tons - 2.843) < 1e-3);
    }

    void dgxH100RacksAtFortyKw()
    {
        // DGX H100: 10.2 kW max, 8U. A 40 kW rack holds 3 by power (4 would be 40.8 kW), 5 by space (42U).
        Fixture f;   // 1,024 GPUs = 128 nodes
        f.run(86400.0 * 30);
        const CoolingResult &c = f.evaluation.cooling;
        QCOMPARE(c.nodesPerRack, 3);
        QCOMPARE(c.computeRacks, 43);   // ceil(128 / 3)
        QVERIFY(qAbs(c.kwPerRack - 30.6) < 1e-9);
        QVERIFY(!c.liquidRequired);
        // 48 switches at 1U fit in 2 racks of 42U.
        QCOMPARE(c.networkRacks, 2);
        QCOMPARE(c.racks, 45);
        QVERIFY(!f.evaluation.diagnostics.has(DiagCode::RackBelowNode));
    }

    void fourDgxPerRackNeedLiquidAboveAirLimit()
    {
        // Four DGX H100 per rack = 40.8 kW IT (docs/references.md §3 derived example); with a 41 kW rack
        // and the 40 kW air-cooling limit (ESTIMATE) the racks need direct liquid cooling.
        Fixture f;
        f.plan.facility.rackPowerLimitKw = 41;
        f.run(86400.0 * 30);
        const CoolingResult &c = f.evaluation.cooling;
        QCOMPARE(c.nodesPerRack, 4);
        QCOMPARE(c.computeRacks, 32);
        QVERIFY(c.liquidRequired);
        QVERIFY(!c.liquidForcedByNode);
        QVERIFY(f.evaluation.diagnostics.has(DiagCode::LiquidCoolingRequired));
    }

    void spaceLimitsNodesPerRack()
    {
        // 100 kW racks but 42U: 5 DGX H100 of 8U each.
        Fixture f;
        f.plan.facility.rackPowerLimitKw = 100;
        f.plan.facility.airCoolingLimitKw = 100;
        f.run(86400.0 * 30);
        QCOMPARE(f.evaluation.cooling.nodesPerRack, 5);
        QCOMPARE(f.evaluation.cooling.computeRacks, 26);
    }

    void rackBelowOneNodeWarns()
    {
        Fixture f;
        f.plan.facility.rackPowerLimitKw = 8;
        f.run(86400.0 * 30);
        const CoolingResult &c = f.evaluation.cooling;
        QVERIFY(c.nodeExceedsRack);
        QCOMPARE(c.nodesPerRack, 1);   // each node still gets a rack
        QCOMPARE(c.computeRacks, 128);
        bool found = false;
        for (const Diagnostic &d : f.evaluation.diagnostics) {
            if (d.code == DiagCode::RackBelowNode) {
                found = true;
                QCOMPARE(d.severity, Severity::Warning);
                QCOMPARE(d.value, 8.0);
                QCOMPARE(d.limit, 10.2);
            }
        }
        QVERIFY(found);
    }

    void nvl72IsOneLiquidCooledRackEach()
    {
        // GB200 NVL72: 72 GPUs per ~120 kW rack, liquid cooling mandatory.
        Fixture f;
        f.node = gb200Nvl72();
        f.gpu.tdpW = 1200;
        f.plan.hardware.numGpus = 576;   // 8 racks
        f.plan.facility.rackPowerLimitKw = 140;
        f.plan.facility.airCoolingLimitKw = 150;   // even a generous air limit does not matter
        f.run(86400.0 * 30);
        const CoolingResult &c = f.evaluation.cooling;
        QCOMPARE(c.computeRacks, 8);
        QCOMPARE(c.nodesPerRack, 1);
        QVERIFY(c.liquidRequired);
        QVERIFY(c.liquidForcedByNode);
        QVERIFY(!c.nodeExceedsRack);
        QVERIFY(f.evaluation.diagnostics.has(DiagCode::LiquidCoolingRequired));
        // At the default 40 kW limit the facility cannot host the rack at all.
        f.plan.facility.rackPowerLimitKw = 40;
        f.run(86400.0 * 30);
        QVERIFY(f.evaluation.cooling.nodeExceedsRack);
        QVERIFY(f.evaluation.diagnostics.has(DiagCode::RackBelowNode));
    }

    void moreGpusNeverFewerRacks()
    {
        Fixture f;
        int previous = 0;
        for (int gpus : {1, 8, 16, 24, 25, 100, 1024, 8192, 100000}) {
            f.plan.hardware.numGpus = gpus;
            f.run(86400.0);
            QVERIFY(f.evaluation.cooling.racks >= previous);
            QVERIFY(f.evaluation.cooling.tons >= 0);
            previous = f.evaluation.cooling.racks;
        }
    }
};

QTEST_APPLESS_MAIN(TestCooling)
#include "tst_cooling.moc"

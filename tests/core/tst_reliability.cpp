// SPDX-License-Identifier: GPL-3.0-or-later
// Cluster MTBF, Young/Daly checkpoint interval, goodput and spares (docs/formulas.md §11).
#include "FacilityFixtures.h"

#include "facility/Reliability.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

FacilityInputs trainingCase(double nodes, double nodeMtbfH, double restartS, double idealS)
{
    FacilityInputs in;
    in.jobGpus = nodes * 8;
    in.gpusPerNode = 8;
    in.jobNodes = nodes;
    in.nodeMtbfH = nodeMtbfH;
    in.restartS = restartS;
    in.idealRunS = idealS;
    in.asyncCheckpoint = false;
    return in;
}

} // namespace

class TestReliability final : public QObject
{
    Q_OBJECT

private slots:
    void formulasIllustrativeExample()
    {
        // docs/formulas.md §11: 1,024 nodes x 50,000 h -> M ~ 48.8 h; delta = 2 min -> tau_opt ~ 1.8 h;
        // checkpoint overhead ~1.85%, rework ~1.85%, restart (R = 10 min) ~0.34%; goodput ~ 96%.
        FacilityInputs in = trainingCase(1024, 50000, 600, 30 * 86400.0);
        StorageResult s;
        s.checkpointBlockingS = 120;
        const ReliabilityResult r = computeReliability(in, s);
        QVERIFY(qAbs(r.mtbfHours - 48.828125) < 1e-9);
        const double young = std::sqrt(2 * 120.0 * r.mtbfHours * 3600) / 3600;
        QVERIFY(qAbs(young - 1.8) < 0.01);
        QVERIFY(qAbs(r.checkpointIntervalS / 3600 - 1.8) < 0.03);   // Daly: 1.78 h
        QVERIFY(qAbs(r.goodput - 0.96) < 0.003);
        // The exact form agrees with the first-order sum of the three losses.
        const double tau = r.checkpointIntervalS, m = r.mtbfHours * 3600;
        const double firstOrder = 1 - 120 / tau - (tau + 120) / 2 / m - 600 / m;
        QVERIFY(qAbs(r.goodput - firstOrder) < 0.002);
        QVERIFY(qAbs(r.effectiveTimeToTrainS - 30 * 86400.0 / r.goodput) < 1e-6);
        QVERIFY(qAbs(r.expectedInterruptions - r.effectiveTimeToTrainS / m) < 1e-9);
    }

    void dalyLimits()
    {
        // Daly (2006): tau = M when delta >= 2M.
        QCOMPARE(dalyInterval(10.0, 5.0), 5.0);
        // Small delta: Daly's optimum approaches Young's sqrt(2 delta M).
        QVERIFY(qAbs(dalyInterval(1.0, 1e6) / std::sqrt(2e6) - 1) < 0.002);
    }

    void llama3ScaleCrossCheck()
    {
        // Llama 3 (Dubey et al. 2024, §3.3.4): 16,384 H100 (2,048 nodes), 419 unexpected interruptions in
        // 54 days, "higher than 90% effective training time". The default node MTBF (6,300 h) is derived
        // from the same interruption count, so this checks the goodput arithmetic, not the MTBF.
        FacilityInputs in = trainingCase(2048, 6300, 600, 54 * 86400.0);
        in.asyncCheckpoint = true;
        StorageResult s;
        s.checkpointBlockingS = 5;
        const ReliabilityResult r = computeReliability(in, s);
        QVERIFY(qAbs(r.mtbfHours - 3.076) < 0.01);
        QVERIFY(r.goodput > 0.88 && r.goodput < 0.95);
        const double interruptions54Days = 54 * 24 / r.mtbfHours;
        QVERIFY(qAbs(interruptions54Days - 419) < 5);
    }

    void asyncDrainBoundsTheInterval()
    {
        FacilityInputs in = trainingCase(128, 6300, 600, 86400.0 * 30);
        in.asyncCheckpoint = true;
        StorageResult s;
        s.checkpointBlockingS = 1;
        s.checkpointWriteS = 4 * 3600;   // a very slow tier
        const ReliabilityResult r = computeReliability(in, s);
        QVERIFY(s.drainLimited);
        QCOMPARE(r.checkpointIntervalS, 4 * 3600.0);
    }

    void elasticRestartLosesLess()
    {
        Fixture f;
        f.run(86400.0 * 60);
        const double lost = f.evaluation.reliability.lostHours;
        f.plan.reliability.elastic = true;   // 2 min re-rendezvous instead of a 10 min restart
        f.run(86400.0 * 60);
        QVERIFY(f.evaluation.reliability.lostHours < lost);
        QVERIFY(f.evaluation.reliability.restartS < 600);
    }

    void moreNodesLowerGoodputHigherMtbfRaisesIt()
    {
        StorageResult s;
        s.checkpointBlockingS = 30;
        double previous = 1.0;
        for (double nodes : {1.0, 16.0, 128.0, 1024.0, 8192.0, 65536.0}) {
            StorageResult copy = s;
            const double g = computeReliability(trainingCase(nodes, 6300, 600, 86400.0 * 30), copy).goodput;
            QVERIFY(g <= previous);
            previous = g;
        }
        previous = 0;
        for (double mtbf : {10.0, 100.0, 1000.0, 1e4, 1e5, 1e9}) {
            StorageResult copy = s;
            const double g = computeReliability(trainingCase(1024, mtbf, 600, 86400.0 * 30), copy).goodput;
            QVERIFY(g >= previous);
            previous = g;
        }
    }

    void failuresOutpacingProgressStayFinite()
    {
        // 125,000 nodes at the 1-hour minimum MTBF: a failure every 29 ms.
        StorageResult s;
        s.checkpointBlockingS = 30;
        s.restoreS = 1000;
        const ReliabilityResult r = computeReliability(trainingCase(125000, 1, 600000, 1e9), s);
        QVERIFY(r.unfinishable);
        QVERIFY(std::isfinite(r.goodput) && r.goodput > 0);
        QVERIFY(std::isfinite(r.effectiveTimeToTrainS));
        QVERIFY(std::isfinite(r.expectedInterruptions));
        QVERIFY(std::isfinite(r.lostHours));
    }

    void sparesCoverFailuresDuringRepair()
    {
        // Poisson(0.5): P(<=1) = 0.910, P(<=2) = 0.986 -> 2 spares at 95%.
        QCOMPARE(poissonQuantile95(0.5), 2);
        QCOMPARE(poissonQuantile95(0.0), 0);
        QCOMPARE(poissonQuantile95(0.05), 0);   // P(0) = e^-0.05 = 0.951
        QCOMPARE(poissonQuantile95(0.06), 1);   // P(0) = e^-0.06 = 0.942
        // Large means use the normal approximation: 100 + 1.645 x 10.
        QCOMPARE(poissonQuantile95(100.0), 117);
        // 128 nodes x 24 h repair / 6,300 h = 0.49 expected failures under repair -> 2 spares.
        Fixture f;
        f.run(86400.0);
        QCOMPARE(f.evaluation.reliability.sparesSuggested, 2);
    }

    void servingAvailability()
    {
        // Serving: a failure takes a replica down for the restart; availability = 1 / (1 + R k / M_node).
        FacilityInputs in = trainingCase(16, 6300, 600, 365 * 86400.0);
        in.mode = Mode::Inference;
        StorageResult s;
        const ReliabilityResult r = computeReliability(in, s);
        QVERIFY(qAbs(r.goodput - 1 / (1 + 600 / (6300 * 3600.0))) < 1e-12);
        QCOMPARE(r.checkpointIntervalS, 0.0);
        // The new replica's start-up (weights and engine) adds to the restart.
        s.replicaStartS = 90;
        QVERIFY(qAbs(computeReliability(in, s).goodput - 1 / (1 + 690 / (6300 * 3600.0))) < 1e-12);
        QCOMPARE(computeReliability(in, s).restartS, 690.0);
    }
};

QTEST_APPLESS_MAIN(TestReliability)
#include "tst_reliability.moc"

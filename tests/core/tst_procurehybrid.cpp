// SPDX-License-Identifier: GPL-3.0-or-later
// The hybrid way of paying on the 70B example (docs/procurement.md): an owned base that a cloud
// burst helps finish, its parts adding up to the option, and a deadline the owned base alone misses.
#include "ProcureFixtures.h"

#include "procure/Procurement.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::test;

class TestProcureHybrid final : public QObject
{
    Q_OBJECT

private slots:
    void hybridIsAnOwnedBaseThenACloudBurst()
    {
        // docs/procurement.md, "Hybrid": the cloud cluster trains the first share of the tokens, the
        // run moves once (one restart of the owned cluster from the checkpoint) and the owned base
        // trains the rest; the owned cluster is held for the whole run.
        const ProcureResult &r = explored();
        int hybrids = 0;
        for (const ProcureOption &o : r.options) {
            if (o.acquisition != Acquisition::Hybrid)
                continue;
            ++hybrids;
            QCOMPARE(o.parts.size(), std::size_t(2));
            const HybridPart &own = o.parts[0], &rent = o.parts[1];
            QCOMPARE(own.acquisition, Acquisition::Buy);
            QCOMPARE(rent.acquisition, Acquisition::Cloud);
            QCOMPARE(own.numGpus, o.numGpus);
            QCOMPARE(own.layout, o.layout);
            QVERIFY(rent.numGpus > own.numGpus);
            QCOMPARE(rent.layout.numGpus, rent.numGpus);
            QCOMPARE(rent.offer, o.offer);
            QCOMPARE(rent.term, o.term);
            QCOMPARE(rent.priceEstimated, o.priceEstimated);
            QVERIFY(std::fabs(own.tokenShare + rent.tokenShare - 1.0) < 1e-12);
            QVERIFY(rent.tokenShare == 0.25 || rent.tokenShare == 0.5 || rent.tokenShare == 0.75);
            QVERIFY(std::fabs(own.days + rent.days - o.timeToTrainDays) < 1e-9 * o.timeToTrainDays);
            QVERIFY(std::fabs(own.cashUsd + rent.cashUsd - o.cashUsd) < 1e-6 * o.cashUsd);
            QVERIFY(std::fabs(own.tcoUsd + rent.tcoUsd - o.tcoUsd) < 1e-6 * o.tcoUsd);

            const ProcureOption *buy = singleClusterOption(r, o.gpu, own);
            const ProcureOption *cloud = singleClusterOption(r, o.gpu, rent);
            QVERIFY(buy && cloud);
            // The site holds the owned base only; its capex is paid in full.
            QCOMPARE(o.facilityKw, buy->facilityKw);
            QCOMPARE(o.capexUsd, buy->capexUsd);
            // Each phase is its share of that cluster's run with failures; the owned phase adds one restart.
            QVERIFY(std::fabs(rent.days - rent.tokenShare * cloud->timeToTrainDays) < 1e-9 * cloud->timeToTrainDays);
            QVERIFY(own.days > own.tokenShare * buy->timeToTrainDays);
            QVERIFY(own.days < own.tokenShare * buy->timeToTrainDays + 1.0);
            // Faster than owning alone, slower than renting the burst's cluster for the whole run.
            QVERIFY(o.timeToTrainDays < buy->timeToTrainDays);
            QVERIFY(o.timeToTrainDays > cloud->timeToTrainDays);
            // On demand and spot bill the hours used: the phase costs its share of the full run's bill.
            if (rent.term == CloudPricing::OnDemand || rent.term == CloudPricing::Spot)
                QVERIFY(std::fabs(rent.cashUsd / (rent.tokenShare * cloud->cashUsd) - 1.0) < 1e-9);
            // Held for the hybrid's shorter run and drawing energy only in its phase, the owned base
            // costs less cash than owning it for its own whole run.
            QVERIFY(own.cashUsd > 0 && own.cashUsd < buy->cashUsd);
        }
        QVERIFY(hybrids > 0);
    }

    void hybridMeetsADeadlineItsOwnedBaseMisses()
    {
        // What the hybrid is for: a site whose power holds a smaller cluster than the deadline needs.
        // With the site power of 512 H100 and a deadline a fifth shorter than their run, no bought H100
        // cluster is feasible (the larger ones exceed the site, the others are too slow), while hybrids
        // on that base are; each costs less than owning the base for the run plus renting its burst
        // cluster for the whole run.
        ProcureResult r = explored();
        const ProcureOption *base = nullptr;
        for (const ProcureOption &o : r.options) {
            if (o.gpu == "H100-SXM-80GB" && o.acquisition == Acquisition::Buy && o.numGpus == 512)
                base = &o;
        }
        QVERIFY(base);
        ProcureRequest request;
        request.sitePowerKw = base->facilityKw * 1.01;
        request.deadlineDays = base->finishDays * 0.8;
        rankOptions(request, r);
        int feasibleHybrids = 0;
        for (const ProcureOption &o : r.options) {
            if (o.gpu != "H100-SXM-80GB")
                continue;
            if (o.acquisition == Acquisition::Buy)
                QVERIFY(!o.feasible);
            if (o.acquisition != Acquisition::Hybrid || !o.feasible)
                continue;
            ++feasibleHybrids;
            QVERIFY(o.numGpus <= 512 && o.facilityKw <= request.sitePowerKw);
            const ProcureOption *buy = singleClusterOption(r, o.gpu, o.parts[0]);
            const ProcureOption *cloud = singleClusterOption(r, o.gpu, o.parts[1]);
            QVERIFY(buy && cloud);
            QVERIFY(o.cashUsd < buy->cashUsd + cloud->cashUsd);
        }
        QVERIFY(feasibleHybrids > 0);
    }
};

QTEST_APPLESS_MAIN(TestProcureHybrid)
#include "tst_procurehybrid.moc"

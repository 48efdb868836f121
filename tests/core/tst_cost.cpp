// SPDX-License-Identifier: GPL-3.0-or-later
// Cloud and on-prem cost, break-even and sensitivity against hand-computed cases
// (docs/formulas.md §10; docs/references.md §5-§7 and §10).
#include "CostCase.h"
#include "FacilityFixtures.h"

#include "facility/Cost.h"
#include "facility/Sensitivity.h"

#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::test;


class TestCost final : public QObject
{
    Q_OBJECT

private slots:
    void capitalCost()
    {
        // Straight line: (capex - residual) / years.
        QCOMPARE(annualCapitalCost(300000, 30000, 5, 0), 54000.0);
        // Annuity at 5% over 5 years: 100 x 0.05 / (1 - 1.05^-5) = 23.0975.
        QVERIFY(qAbs(annualCapitalCost(100, 0, 5, 0.05) - 23.09748) < 1e-5);
        // A residual value lowers it by its present value's annuity.
        QVERIFY(annualCapitalCost(100, 20, 5, 0.05) < annualCapitalCost(100, 0, 5, 0.05));
        QCOMPARE(annualCapitalCost(0, 0, 5, 0.05), 0.0);
    }

    void onDemandTrainingCase()
    {
        const CostResult c = CostCase().cost();
        // Cloud: 8 GPUs x 1,000 h x $6 = $48,000 + 25% overhead = $60,000.
        QCOMPARE(c.gpuHours, 8000.0);
        QCOMPARE(c.cloudComputeUsd, 48000.0);
        QCOMPARE(c.cloudTotalUsd, 60000.0);
        // On-prem per year: capital 54,000; energy 100 MWh x $0.10 = 10,000; colocation 10 kW x $184.06 x 12
        // = 22,087.20; support 10% of 300,000 = 30,000; staff 0.5 x 200,000 = 100,000.
        QCOMPARE(c.capitalPerYearUsd, 54000.0);
        QVERIFY(qAbs(c.energyPerYearUsd - 10000.0) < 1e-9);
        QVERIFY(qAbs(c.coloPerYearUsd - 22087.2) < 1e-9);
        QCOMPARE(c.supportPerYearUsd, 30000.0);
        QCOMPARE(c.staffPerYearUsd, 100000.0);
        QVERIFY(qAbs(c.onpremOpexPerYearUsd - 162087.2) < 1e-6);
        QVERIFY(qAbs(c.onpremPerYearUsd - 216087.2) < 1e-6);
        // Per useful GPU-hour: 216,087.2 / (8 x 8,760 x 0.5) = $6.1668; the run's share x 8,000 GPU-hours.
        QVERIFY(qAbs(c.onpremPerGpuHourUsd - 216087.2 / 35040.0) < 1e-9);
        QVERIFY(qAbs(c.onpremTotalUsd - 8000 * 216087.2 / 35040.0) < 1e-6);
        // Break-even: cloud for the same useful hours 8 x 730 x 0.5 x $7.50 = $21,900/month against
        // $13,507.27/month opex -> 300,000 / 8,392.73 = 35.75 months.
        QVERIFY(!c.breakEvenNever);
        QVERIFY(qAbs(c.breakEvenMonths - 300000.0 / (21900.0 - 162087.2 / 12)) < 1e-9);
        // Break-even utilization: 216,087.2 / (8 x 8,760 x $7.50) = 0.4111.
        QVERIFY(qAbs(c.breakEvenUtilization - 216087.2 / 525600.0) < 1e-12);
        QVERIFY(!c.breakEvenUtilizationNever);
        QCOMPARE(c.cheaper, CostBasis::OnPrem);
        QCOMPARE(c.perRunUsd, c.onpremTotalUsd);
        QVERIFY(qAbs(c.perMillionTokensUsd - c.perRunUsd / 1000.0) < 1e-9);
        QVERIFY(qAbs(c.perEffectiveGpuHourUsd - c.perRunUsd / 8000.0) < 1e-9);
    }

    void purchaseOptions()
    {
        CostCase k;
        k.in.pricing = CloudPricing::Spot;   // re-run share: +15% GPU-hours
        QVERIFY(qAbs(k.cost().cloudTotalUsd - 8000 * 6 * 1.15 * 1.25) < 1e-6);
        k.in.pricing = CloudPricing::Reserved1y;   // the whole 8,760 h term billed for the 1,000 h run
        QVERIFY(qAbs(k.cost().cloudTotalUsd - 8 * 8760 * 6 * 1.25) < 1e-6);
    }

    void breakEvenNeverIsAFlag()
    {
        CostCase k;
        k.in.cloudGpuHourUsd = 2;   // cloud $7,300/month < opex $13,507/month
        const CostResult c = k.cost();
        QVERIFY(c.breakEvenNever);
        QCOMPARE(c.breakEvenMonths, 0.0);
        QVERIFY(std::isfinite(c.breakEvenUtilization));
        QVERIFY(c.breakEvenUtilizationNever);   // 216,087 / (70,080 x 2.5) = 1.23 > 1
        QCOMPARE(c.cheaper, CostBasis::Cloud);
    }

    void ownFacilityReplacesColocation()
    {
        CostCase k;
        k.in.ownFacility = true;
        k.in.fitoutUsdPerKw = 10000;
        k.in.facilityLifeYears = 15;
        const CostResult c = k.cost();
        QCOMPARE(c.coloPerYearUsd, 0.0);
        QCOMPARE(c.capexFacilityUsd, 100000.0);
        QVERIFY(qAbs(c.capitalPerYearUsd - (54000.0 + 100000.0 / 15)) < 1e-9);
        QCOMPARE(c.onpremCapexUsd, 400000.0);
    }

    void servingForTheHorizon()
    {
        CostCase k;
        k.in.mode = Mode::Inference;
        k.in.idealRunS = 3 * 8760 * 3600.0;   // 36 months
        k.in.totalTokens = 1e12;
        k.reliability.goodput = 0.99;
        const CostResult c = k.cost();
        // The deployment stays up: 8 GPUs x 26,280 h x $6 x 1.25.
        QVERIFY(qAbs(c.cloudTotalUsd - 8 * 26280 * 6 * 1.25) < 1e-6);
        QVERIFY(qAbs(c.onpremTotalUsd - 3 * 216087.2) < 1e-6);
        QVERIFY(qAbs(c.tokens - 0.99e12) < 1);
        QVERIFY(qAbs(c.perMillionTokensUsd - c.perRunUsd / 0.99e6) < 1e-9);
    }

    void unknownCloudPrice()
    {
        CostCase k;
        k.in.cloudGpuHourUsd = -1;
        const CostResult c = k.cost();
        QCOMPARE(c.cloudTotalUsd, 0.0);
        QVERIFY(c.breakEvenNever);
        QCOMPARE(c.cheaper, CostBasis::OnPrem);
    }

    void colocationFromCbre()
    {
        // Through the whole model: colocation = peak IT kW x $184.06 x 12 (CBRE NA H2 2024 default).
        Fixture f;
        f.run(86400.0 * 30);
        QVERIFY(qAbs(f.evaluation.cost.coloPerYearUsd - f.evaluation.power.peakItKw * 184.06 * 12) < 1e-6);
        // Energy: average IT kW x PUE x 8,760 h x $0.08/kWh (EIA 2023 US industrial 8.06 c/kWh).
        QVERIFY(qAbs(f.evaluation.cost.energyPerYearUsd - f.evaluation.power.averageItKw * 1.3 * 8760 * 0.08) < 1e-6);
    }

    void higherPricesNeverLowerCost()
    {
        // Each assumption raised step by step; cloud, on-prem and per-run totals never fall.
        struct Knob
        {
            const char *name;
            void (*set)(Plan &, double);
            double values[4];
        };
        const Knob knobs[] = {
            {"gpu price", [](Plan &p, double v) { p.cost.gpuPriceUsd = v; }, {0, 20000, 40000, 1e6}},
            {"electricity", [](Plan &p, double v) { p.cost.electricityUsdPerKwh = v; }, {0, 0.05, 0.2, 10}},
            {"colocation", [](Plan &p, double v) { p.cost.coloUsdPerKwMonth = v; }, {0, 100, 184.06, 10000}},
            {"cloud price", [](Plan &p, double v) { p.cost.cloudGpuHourUsd = v; }, {0, 1, 6.88, 10000}},
            {"pue", [](Plan &p, double v) { p.facility.pue = v; }, {1, 1.1, 1.55, 4}},
            {"staff", [](Plan &p, double v) { p.cost.staffLoadedSalaryUsd = v; }, {0, 1e5, 2e5, 1e8}},
            {"support", [](Plan &p, double v) { p.cost.supportFraction = v; }, {0, 0.1, 0.2, 1}},
            {"overhead", [](Plan &p, double v) { p.cost.cloudOverheadFraction = v; }, {0, 0.3, 0.5, 5}},
        };
        for (const Knob &k : knobs) {
            Fixture f;
            CostResult previous;
            for (int i = 0; i < 4; ++i) {
                k.set(f.plan, k.values[i]);
                f.run(86400.0 * 30);
                const CostResult &c = f.evaluation.cost;
                if (i > 0) {
                    QVERIFY2(c.cloudTotalUsd >= previous.cloudTotalUsd, k.name);
                    QVERIFY2(c.onpremTotalUsd >= previous.onpremTotalUsd, k.name);
                    QVERIFY2(c.perRunUsd >= previous.perRunUsd, k.name);
                }
                previous = c;
            }
        }
    }

    void moreGpusNeverCostLessOnPrem()
    {
        Fixture f;
        double previous = 0;
        for (int gpus : {8, 64, 512, 4096}) {
            f.plan.hardware.numGpus = gpus;
            f.run(86400.0 * 30);
            QVERIFY(f.evaluation.cost.onpremCapexUsd > previous);
            previous = f.evaluation.cost.onpremCapexUsd;
        }
    }

    void sensitivityTornado()
    {
        Fixture f;
        f.run(86400.0 * 60);
        const CostResult &c = f.evaluation.cost;
        QVERIFY(c.sensitivityCount > 4);
        const double base = c.sensitivityBasis == CostBasis::Cloud ? c.cloudTotalUsd : c.onpremTotalUsd;
        double previousSwing = 1e300;
        bool sawPrice = false;
        for (int i = 0; i < c.sensitivityCount; ++i) {
            const SensitivityEntry &e = c.sensitivity[static_cast<std::size_t>(i)];
            QVERIFY(e.assumption >= 0 && e.assumption < static_cast<int>(Assumption::Count));
            QVERIFY(std::isfinite(e.lowUsd) && std::isfinite(e.highUsd));
            const double swing = std::fabs(e.highUsd - e.lowUsd);
            QVERIFY(swing <= previousSwing);   // largest first
            previousSwing = swing;
            // A price that enters the total linearly moves it down at -20% and up at +20%.
            const auto which = static_cast<Assumption>(e.assumption);
            if (which == Assumption::GpuPrice || which == Assumption::CloudPrice) {
                sawPrice = true;
                QVERIFY(e.lowUsd < base && base < e.highUsd);
            }
        }
        QVERIFY(sawPrice);
        QCOMPARE(static_cast<int>(sensitivityAssumptions().size()), static_cast<int>(Assumption::Count));
    }

    void scaleAssumptionKeepsBounds()
    {
        FacilityInputs in;
        in.pue = 1.1;
        scaleAssumption(in, Assumption::Pue, 0.8);
        QCOMPARE(in.pue, 1.0);   // PUE never below 1
        in.onpremUtilization = 0.9;
        scaleAssumption(in, Assumption::OnpremUtilization, 1.2);
        QCOMPARE(in.onpremUtilization, 1.0);
        in.cloudGpuHourUsd = -1;   // unknown stays unknown
        scaleAssumption(in, Assumption::CloudPrice, 1.2);
        QCOMPARE(in.cloudGpuHourUsd, -1.0);
    }
};

QTEST_APPLESS_MAIN(TestCost)
#include "tst_cost.moc"

// SPDX-License-Identifier: GPL-3.0-or-later
// The procurement planner on the 70B example (docs/procurement.md): options across GPU types and
// ways of paying (buy and cloud; the hybrid in tst_procurehybrid), constraints
// honoured, a tighter deadline never cheaper, the Pareto front, the closest misses, and the
// compute-optimal model of Hoffmann et al. (2022).
#include "ProcureFixtures.h"

#include "catalog/CatalogLoader.h"
#include "evaluator/Evaluator.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityInputs.h"
#include "facility/TokenPrice.h"
#include "plan/PlanIo.h"
#include "procure/ComputeOptimal.h"
#include "procure/ProcureJson.h"
#include "procure/Procurement.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <set>

using namespace gpuplan;
using namespace gpuplan::test;

class TestProcure final : public QObject
{
    Q_OBJECT

private slots:
    void optionsAcrossGpusAndWaysOfPaying()
    {
        const ProcureResult &r = explored();
        std::set<std::string> gpus, feasibleGpus;
        std::set<Acquisition> ways;
        for (const ProcureOption &o : r.options) {
            gpus.insert(o.gpu);
            ways.insert(o.acquisition);
            if (o.feasible)
                feasibleGpus.insert(o.gpu);
            QVERIFY(o.numGpus > 0 && o.timeToTrainDays > 0 && o.cashUsd > 0 && o.tcoUsd > 0);
            QVERIFY(std::isfinite(o.cashUsd) && std::isfinite(o.timeToTrainDays) && std::isfinite(o.facilityKw));
            QCOMPARE(o.layout.numGpus, o.numGpus);
            QCOMPARE(o.layout.tp * o.layout.pp * o.layout.dp * o.layout.cp, o.numGpus);
            QCOMPARE(o.acquisition != Acquisition::Buy, !o.offer.empty());
            QCOMPARE(o.acquisition == Acquisition::Hybrid, !o.parts.empty());
        }
        QVERIFY(gpus.size() >= 3);
        QVERIFY(feasibleGpus.size() >= 3);
        QCOMPARE(ways.size(), std::size_t(3));
        QVERIFY(r.best >= 0);
        QVERIFY(r.evaluated > 0);
        QVERIFY(!r.rejected.empty());
    }

    void feasibleMeansEveryConstraintHolds()
    {
        ProcureResult r = explored();
        for (const double site : {-1.0, 500.0, 2000.0, 20000.0}) {
            ProcureRequest request = r.request;
            request.sitePowerKw = site;
            rankOptions(request, r);
            for (const ProcureOption &o : r.options) {
                QCOMPARE(o.feasible, satisfies(o, request));
                QCOMPARE(o.feasible, o.violations.empty());
            }
            if (r.best >= 0) {
                const ProcureOption &best = r.options[static_cast<std::size_t>(r.best)];
                for (const ProcureOption &o : r.options)
                    QVERIFY(!o.feasible || o.priceEstimated || best.cashUsd <= o.cashUsd);
            }
        }
    }

    void tighterDeadlineNeverCheaper()
    {
        // Property: over a sweep of deadlines, budgets and objectives, the best option under a
        // tighter deadline never has a lower objective than under a looser one (its feasible set
        // is a subset).
        ProcureResult r = explored();
        for (const ProcureObjective objective : {ProcureObjective::Cash, ProcureObjective::Tco, ProcureObjective::Energy}) {
            for (const double budget : {-1.0, 10e6, 30e6, 60e6}) {
                double previous = -1;   // best objective at the looser deadline
                for (double deadline = 2000; deadline >= 5; deadline *= 0.8) {
                    ProcureRequest request;
                    request.budgetUsd = budget;
                    request.deadlineDays = deadline;
                    request.objective = objective;
                    rankOptions(request, r);
                    if (r.best < 0) {
                        previous = std::numeric_limits<double>::infinity();
                        continue;
                    }
                    QVERIFY(!r.options[static_cast<std::size_t>(r.best)].priceEstimated);
                    const double value = objectiveValue(r.options[static_cast<std::size_t>(r.best)], objective);
                    QVERIFY2(previous < 0 || value >= previous, qPrintable(QString::number(deadline)));
                    previous = value;
                }
            }
        }
        // The exploration itself does not depend on the deadline: a full run at 120 days lists the
        // same options, and its best costs at least the best at 240 days.
        ProcureRequest tight;
        tight.budgetUsd = 30e6;
        tight.deadlineDays = 120;
        ProcureResult t;
        std::string error;
        QVERIFY(procure(example70b(), bundledCatalog(), tight, t, error));
        QCOMPARE(t.options.size(), explored().options.size());
        QVERIFY(t.best >= 0);
        QVERIFY(t.options[static_cast<std::size_t>(t.best)].cashUsd >=
                explored().options[static_cast<std::size_t>(explored().best)].cashUsd);
    }

    void leadTimeCountsAgainstTheDeadline()
    {
        // A bought cluster trains after its delivery and installation: the example's facility
        // defaults, 12 weeks procurement + 4 weeks installation = 112 days. Rented capacity starts at
        // once; a hybrid's cloud phase runs during the lead time.
        const ProcureResult &r = explored();
        for (const ProcureOption &o : r.options) {
            if (o.acquisition == Acquisition::Cloud) {
                QCOMPARE(o.leadTimeDays, 0.0);
                QCOMPARE(o.finishDays, o.timeToTrainDays);
                QCOMPARE(o.upfrontUsd, 0.0);
            } else {
                QCOMPARE(o.leadTimeDays, 112.0);
                if (o.acquisition == Acquisition::Buy)
                    QCOMPARE(o.finishDays, 112.0 + o.timeToTrainDays);
                else
                    QVERIFY(o.finishDays >= 112.0 + o.parts[0].days - 1e-9 && o.finishDays >= o.timeToTrainDays - 1e-9);
                QCOMPARE(o.upfrontUsd, o.capexUsd);
            }
            if (o.feasible && r.request.deadlineDays >= 0)
                QVERIFY(o.finishDays <= r.request.deadlineDays);
        }
    }

    void capexUpFrontNeedsTheBudget()
    {
        // A budget between a bought cluster's cash over the run (capex less the resale) and its capex
        // does not buy it: the capex is needed up front. Financing allowed, a lender advances 60% at
        // 10% a year over the lead time and the run; the interest is cash.
        ProcureResult r = explored();
        int index = -1;
        for (int i = 0; i < static_cast<int>(r.options.size()); ++i) {
            const ProcureOption &o = r.options[static_cast<std::size_t>(i)];
            if (o.gpu == "H100-SXM-80GB" && o.acquisition == Acquisition::Buy && o.capexUsd > 1.5 * o.cashUsd)
                index = i;
        }
        QVERIFY(index >= 0);
        const ProcureOption &o = r.options[static_cast<std::size_t>(index)];
        const double cash = o.cashUsd, capex = o.capexUsd;
        ProcureRequest request;
        request.budgetUsd = 0.5 * (cash + capex);
        rankOptions(request, r);
        QVERIFY(!o.feasible);
        QCOMPARE(o.violations.size(), std::size_t(1));
        QCOMPARE(o.violations[0].constraint, Constraint::Budget);
        QCOMPARE(o.violations[0].value, capex);
        QVERIFY(!o.financing.financed);

        request.allowFinancing = true;
        rankOptions(request, r);
        QVERIFY(o.financing.financed);
        QVERIFY(std::fabs(o.financing.loanUsd - 0.6 * capex) < 1e-6 * capex);
        QVERIFY(std::fabs(o.upfrontUsd - 0.4 * capex) < 1e-6 * capex);
        const double interest = 0.6 * capex * 0.10 * o.finishDays / 365.0;
        QVERIFY(std::fabs(o.financing.interestUsd - interest) < 1e-6 * capex);
        QVERIFY(std::fabs(o.cashUsd - (cash + interest)) < 1e-6 * capex);
        QCOMPARE(o.feasible, std::max(o.cashUsd, o.upfrontUsd) <= request.budgetUsd);

        // Re-ranking without financing restores the option as explored.
        request.allowFinancing = false;
        rankOptions(request, r);
        QVERIFY(std::fabs(o.cashUsd - cash) < 1e-9 * capex);
        QCOMPARE(o.upfrontUsd, capex);
        QCOMPARE(o.financing.interestUsd, 0.0);
    }

    void estimatedPricesNeverBest()
    {
        // An estimated price (the offer publishes none for the term: on-demand less the plan's
        // discount) stands for an offer the provider may not sell: `best` is chosen among published
        // prices, and a cheaper option at an estimated price is named apart (best_estimated).
        // On the 70B example with $30 M and 240 days, 512 B200 at Lambda's estimated spot price is
        // cheaper than every option at a published price.
        const ProcureResult &r = explored();
        QVERIFY(r.best >= 0 && r.bestEstimated >= 0);
        const ProcureOption &best = r.options[static_cast<std::size_t>(r.best)];
        const ProcureOption &estimated = r.options[static_cast<std::size_t>(r.bestEstimated)];
        QVERIFY(!best.priceEstimated && best.feasible);
        QVERIFY(estimated.priceEstimated && estimated.feasible);
        QVERIFY(estimated.cashUsd < best.cashUsd);
        for (const ProcureOption &o : r.options) {
            if (o.feasible && !o.priceEstimated)
                QVERIFY(best.cashUsd <= o.cashUsd);
            if (o.feasible && o.priceEstimated)
                QVERIFY(estimated.cashUsd <= o.cashUsd);
        }
        const nlohmann::ordered_json j = procureToJson(r);
        QCOMPARE(j["best"].get<int>(), r.best);
        QCOMPARE(j["best_estimated"].get<int>(), r.bestEstimated);
        QCOMPARE(j["options"][static_cast<std::size_t>(r.bestEstimated)]["price_estimated"].get<bool>(), true);
        const std::string text = procureTextReport(r, 5);
        QVERIFY(text.find("Better only at an estimated price") != std::string::npos);

        // Only published prices: no best_estimated. Only estimated prices feasible: best is none,
        // best_estimated names the cheapest, and the closest misses are real misses.
        ProcureResult published = r;
        std::erase_if(published.options, [](const ProcureOption &o) { return o.priceEstimated; });
        rankOptions(r.request, published);
        QVERIFY(published.best >= 0);
        QCOMPARE(published.bestEstimated, -1);
        QCOMPARE(published.options[static_cast<std::size_t>(published.best)].cashUsd, best.cashUsd);
        ProcureResult onlyEstimated = r;
        for (ProcureOption &o : onlyEstimated.options) {
            if (!o.priceEstimated)
                o.finishDays = 1e6;   // out of every deadline
        }
        rankOptions(r.request, onlyEstimated);
        QCOMPARE(onlyEstimated.best, -1);
        QVERIFY(onlyEstimated.bestEstimated >= 0);
        QVERIFY(!onlyEstimated.closestMisses.empty());
        for (int i : onlyEstimated.closestMisses)
            QVERIFY(!onlyEstimated.options[static_cast<std::size_t>(i)].feasible);
        QCOMPARE(rankedOrder(onlyEstimated).front(), onlyEstimated.bestEstimated);
    }

    void paretoFrontIsNotDominated()
    {
        const ProcureResult &r = explored();
        QVERIFY(!r.pareto.empty());
        double lastCash = -1, lastDays = 1e300;
        for (int i : r.pareto) {
            const ProcureOption &p = r.options[static_cast<std::size_t>(i)];
            QVERIFY(p.cashUsd >= lastCash && p.finishDays < lastDays);
            lastCash = p.cashUsd;
            lastDays = p.finishDays;
            for (const ProcureOption &o : r.options)
                QVERIFY(!(o.cashUsd <= p.cashUsd && o.finishDays <= p.finishDays &&
                          (o.cashUsd < p.cashUsd || o.finishDays < p.finishDays)));
        }
    }

    void noFeasibleOptionListsClosestMisses()
    {
        ProcureResult r = explored();
        ProcureRequest request;
        request.budgetUsd = 1000;   // nothing trains 15 T tokens for $1,000
        request.deadlineDays = 240;
        rankOptions(request, r);
        QCOMPARE(r.best, -1);
        QCOMPARE(r.closestMisses.size(), std::size_t(5));
        for (int i : r.closestMisses)
            QVERIFY(!r.options[static_cast<std::size_t>(i)].violations.empty());
        const nlohmann::ordered_json j = procureToJson(r);
        QVERIFY(j["best"].is_null());
        QCOMPARE(j["closest_misses"].size(), std::size_t(5));
    }

    void rankedOrderStartsWithTheBest()
    {
        ProcureResult r = explored();
        std::vector<int> order = rankedOrder(r);
        QCOMPARE(order.size(), r.options.size());
        QCOMPARE(order.front(), r.best);
        // Feasible options at published prices first, then feasible ones at estimated prices, each
        // no worse by the objective than the next of its group; then the infeasible ones.
        auto group = [](const ProcureOption &o) { return !o.feasible ? 2 : o.priceEstimated ? 1 : 0; };
        for (std::size_t k = 1; k < order.size(); ++k) {
            const ProcureOption &prev = r.options[static_cast<std::size_t>(order[k - 1])];
            const ProcureOption &o = r.options[static_cast<std::size_t>(order[k])];
            QVERIFY(group(prev) <= group(o));
            if (group(prev) == group(o) && o.feasible)
                QVERIFY(prev.cashUsd <= o.cashUsd);
        }
        // With nothing feasible the order begins with the closest misses.
        ProcureRequest request;
        request.budgetUsd = 1000;
        request.deadlineDays = 240;
        rankOptions(request, r);
        order = rankedOrder(r);
        for (std::size_t k = 0; k < r.closestMisses.size(); ++k) {
            const ProcureOption &a = r.options[static_cast<std::size_t>(order[k])];
            const ProcureOption &b = r.options[static_cast<std::size_t>(r.closestMisses[k])];
            QCOMPARE(a.cashUsd, b.cashUsd);
            QCOMPARE(a.timeToTrainDays, b.timeToTrainDays);
        }
    }

    void planForOptionReproducesTheOption()
    {
        // Applying an option (the desktop's Budget view) must give a plan that evaluates to the
        // option's own time to train and cash: one bought and one rented option on another GPU
        // than the plan's, and the plan's own GPU.
        const ProcureResult &r = explored();
        const Plan base = example70b();
        std::vector<int> picks;
        for (int i = 0; i < static_cast<int>(r.options.size()); ++i) {
            const ProcureOption &o = r.options[static_cast<std::size_t>(i)];
            const bool own = o.gpu == base.hardware.gpu;
            const bool wanted = (own && o.acquisition == Acquisition::Buy && picks.empty())
                                || (!own && o.acquisition == Acquisition::Cloud && o.term == CloudPricing::Reserved1y
                                    && picks.size() == 1)
                                || (!own && o.acquisition == Acquisition::Buy && picks.size() == 2);
            if (wanted)
                picks.push_back(i);
        }
        // The cheapest option of a single cluster (a hybrid is two clusters: no one plan reproduces it).
        for (int i : rankedOrder(r)) {
            if (r.options[static_cast<std::size_t>(i)].acquisition != Acquisition::Hybrid) {
                picks.push_back(i);
                break;
            }
        }
        QCOMPARE(picks.size(), std::size_t(4));
        for (int i : picks) {
            const ProcureOption &o = r.options[static_cast<std::size_t>(i)];
            const Plan plan = planForOption(base, bundledCatalog(), o);
            QCOMPARE(plan.hardware.gpu, o.gpu);
            QCOMPARE(plan.hardware.numGpus, o.numGpus);
            QCOMPARE(layoutFromPlan(plan), o.layout);
            ResolvedPlan resolved;
            std::vector<ResolveError> errors;
            QVERIFY(resolvePlan(plan, bundledCatalog(), resolved, errors));
            const Evaluation e = evaluate(resolved);
            QVERIFY(std::fabs(e.reliability.effectiveTimeToTrainS / 86400.0 / o.timeToTrainDays - 1.0) < 1e-9);
            const double cash = o.acquisition == Acquisition::Buy ? e.cost.onpremCashUsd : e.cost.cloudCashUsd;
            QVERIFY2(std::fabs(cash / o.cashUsd - 1.0) < 1e-9, qPrintable(QString::fromStdString(o.gpu + " " + o.offer)));
            if (o.acquisition == Acquisition::Cloud) {
                QCOMPARE(plan.cost.cloudOffer, o.offer);
                QCOMPARE(plan.cost.cloudPricing, o.term);
            }
        }
    }

    void cancelStopsTheExploration()
    {
        // A cancel flag set before or during the exploration stops it: the result says so and is
        // not ranked. The shared exploration ran to its end.
        std::atomic<bool> cancel{true};
        ProcureRequest request;
        request.budgetUsd = 30e6;
        ProcureResult r;
        std::string error;
        QVERIFY(procure(example70b(), bundledCatalog(), request, r, error, &cancel));
        QVERIFY(r.cancelled);
        QVERIFY(r.options.empty());
        QCOMPARE(r.best, -1);
        QVERIFY(!explored().cancelled);
    }

    void listedGpusOnly()
    {
        ProcureRequest request;
        request.gpus = {"H100-SXM-80GB", "A100-SXM-80GB"};
        ProcureResult r;
        std::string error;
        QVERIFY(procure(example70b(), bundledCatalog(), request, r, error));
        for (const ProcureOption &o : r.options)
            QVERIFY(o.gpu == "H100-SXM-80GB" || o.gpu == "A100-SXM-80GB");
        QCOMPARE(r.best >= 0, true);   // no constraints: every option is feasible
        request.gpus = {"no-such-gpu"};
        QVERIFY(!procure(example70b(), bundledCatalog(), request, r, error));
        QVERIFY(error.find("no-such-gpu") != std::string::npos);
    }

    void partsWithoutAPriceAreNotBought()
    {
        // The catalog says the H800 and GH200 have no purchase price (gpus.json): procurement offers
        // no purchase of them and says why; GH200's cloud offers stay.
        ProcureRequest request;
        request.gpus = {"H800-SXM-80GB", "GH200-96GB"};
        ProcureResult r;
        std::string error;
        QVERIFY2(procure(example70b(), bundledCatalog(), request, r, error), error.c_str());
        bool gh200Cloud = false;
        for (const ProcureOption &o : r.options) {
            QVERIFY2(o.acquisition != Acquisition::Buy, o.gpu.c_str());
            gh200Cloud = gh200Cloud || (o.gpu == "GH200-96GB" && o.acquisition == Acquisition::Cloud);
        }
        QVERIFY(gh200Cloud);
        QVERIFY(r.rejected.count("no purchase price in the catalog"));
    }

    void unpricedGpusCostNoLayoutSearch()
    {
        // The H800 has neither a purchase price nor a cloud offer in the catalog (gpus.json,
        // cloud.json): no option of it could be priced, so no layout of it is searched, and adding it
        // to a request changes nothing else.
        ProcureRequest request;
        request.gpus = {"H800-SXM-80GB"};
        ProcureResult alone;
        std::string error;
        QVERIFY2(procure(example70b(), bundledCatalog(), request, alone, error), error.c_str());
        QVERIFY(alone.options.empty());
        QCOMPARE(alone.evaluated, 0LL);
        QCOMPARE(alone.rejected.count("GPU without a purchase price or a cloud offer in the catalog"), std::size_t(1));
        request.gpus = {"H100-SXM-80GB"};
        ProcureResult priced;
        QVERIFY(procure(example70b(), bundledCatalog(), request, priced, error));
        request.gpus = {"H100-SXM-80GB", "H800-SXM-80GB"};
        ProcureResult both;
        QVERIFY(procure(example70b(), bundledCatalog(), request, both, error));
        QCOMPARE(both.options.size(), priced.options.size());
        QCOMPARE(both.evaluated, priced.evaluated);
        QVERIFY(!priced.options.empty());
    }

    void computeOptimalChinchilla()
    {
        // Hoffmann et al. (2022), Table 3 / §3: Chinchilla, 70 B parameters on 1.4 T tokens (20 per
        // parameter), C = 6 x 70e9 x 1.4e12 = 5.88e23 FLOP.
        QVERIFY(std::fabs(computeOptimalParams(6 * 70e9 * 1.4e12) / 70e9 - 1.0) < 1e-12);
        // The compute-optimal lesson (ui/teaching/Lessons.cpp) quotes the model the compute of Llama 3
        // 70B on 15 T tokens would train: sqrt(6 x 70.6e9 x 15e12 / 120) = 230 B on 4.6 T tokens.
        QVERIFY(std::fabs(computeOptimalParams(6 * 70.6e9 * 15e12) / 1e9 - 230.1) < 0.1);
        // Quadrupling the compute doubles the model (N ~ C^0.5).
        QVERIFY(std::fabs(computeOptimalParams(4 * 5.88e23) / computeOptimalParams(5.88e23) - 2.0) < 1e-12);

        // On the explored options: the compute within the budget and the deadline, N = sqrt(C / 120).
        const ProcureResult &r = explored();
        const ComputeOptimal &c = r.computeOptimal;
        QVERIFY(c.known && c.option >= 0);
        QVERIFY(std::fabs(c.params - std::sqrt(c.computeFlops / 120.0)) <= 1e-9 * c.params);
        QVERIFY(std::fabs(c.tokens - 20.0 * c.params) <= 1e-9 * c.tokens);
        // The plan's own run (70 B on 15 T tokens, 9.7 times the compute-optimal tokens) fits in
        // $30 M and 240 days, so the budget trains at least as much compute: a model of at least
        // sqrt(6 x 70.6e9 x 15e12 / 120) = 230 B parameters.
        QVERIFY(c.params > 200e9);
        // Without a budget or a deadline there is no answer.
        QVERIFY(!computeOptimalModel({}, r.options, 1e24).known);
    }
};

QTEST_APPLESS_MAIN(TestProcure)
#include "tst_procure.moc"

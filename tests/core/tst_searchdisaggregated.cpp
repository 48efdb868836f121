// SPDX-License-Identifier: GPL-3.0-or-later
// The serving search's disaggregated candidates (core/search/DisaggregatedSearch.cpp,
// docs/search.md "Disaggregated pools"): prefill and decode pools on separate GPUs ranked with the
// aggregated replicas. The plan: Llama 3 70B on 64 H100 serving 2k-token prompts and 256-token
// answers at 50 requests/s within a 30 ms TPOT and a 2 s TTFT (the bundled 8B serving example
// with those fields set), where the serving frontier has the disaggregated option ahead.
#include "ExampleFixture.h"

#include "perf/ServingFrontier.h"
#include "plan/PlanFields.h"
#include "search/LayoutSearch.h"
#include "search/SearchJson.h"
#include "search/SearchObjective.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <numeric>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

const char *const kExample = "llama3-8b-inference.gpuplan";
// DeepSeek-R1 on 56 H200 as 2 prefill and 5 decode workers of TP 8 with EP 8 (a published benchmark's layout).
const char *const kMoeExample = "deepseek-r1-disaggregated-h200.gpuplan";

std::vector<std::string> highRatePlan()
{
    return {"model.preset=llama3-70b",
            "hardware.gpu=H100-SXM-80GB",
            "hardware.num_gpus=64",
            "parallelism.tp=4",
            "workload.inference.prompt_len=2048",
            "workload.inference.request_rate=50",
            "workload.inference.ttft_target_ms=2000",
            "workload.inference.tpot_target_ms=30"};
}

void checkAccounting(const SearchResult &r, const ResolvedPlan &plan, const SearchOptions &options)
{
    QCOMPARE(r.evaluated, r.feasible + std::accumulate(r.rejected.begin(), r.rejected.end(), 0LL));
    QCOMPARE(r.evaluated, countCandidates(plan, options));
}

void compareLists(const std::vector<SearchCandidate> &a, const std::vector<SearchCandidate> &b)
{
    QCOMPARE(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
        QVERIFY2(sameDeployment(a[i], b[i]), qPrintable(QStringLiteral("entry %1 differs").arg(i)));
        QCOMPARE(a[i].objective, b[i].objective);
    }
}

// The plan with the result applied, resolved again: what "apply this result" leaves.
struct Applied
{
    Plan plan;
    ResolvedPlan resolved;
};

bool applyTo(const ExampleFixture &f, const SearchCandidate &c, Applied &out)
{
    out.plan = f.plan;
    applySearchCandidate(c, out.plan);
    std::vector<ResolveError> errors;
    return resolvePlan(out.plan, bundledCatalog(), out.resolved, errors);
}

}   // namespace

class TestSearchDisaggregated final : public QObject
{
    Q_OBJECT

private slots:
    // The premise: on the plan's GPUs the serving frontier has the pools ahead at the TPOT target's
    // per-user rate (33 tokens/s), so a search that knows of them should pick them.
    void frontierHasPoolsAheadAtTheTarget() const
    {
        const auto f = loadExample(kExample, highRatePlan());
        QVERIFY(f);
        const ServingFrontier s = servingFrontier(f->resolved, f->evaluation.layout);
        QVERIFY(s.valid);
        QCOMPARE(s.disaggregatedLimit, DisaggregatedLimit::None);
        const double perUser = 1e3 / f->plan.workload.inference.tpotTargetMs;
        const double pooled = frontierTokensPerGpu(s.disaggregated, perUser);
        const double aggregated = frontierTokensPerGpu(s.aggregated, perUser);
        QVERIFY2(pooled > 1.1 * aggregated, qPrintable(QStringLiteral("%1 vs %2").arg(pooled).arg(aggregated)));
    }

    void highRateTightTpotPicksPoolsThatEvaluateAsFound() const
    {
        const auto f = loadExample(kExample, highRatePlan());
        QVERIFY(f);
        const SearchOptions options;
        QVERIFY(options.disaggregated);   // the default for a serving plan
        const SearchResult r = searchLayouts(f->resolved, options);
        checkAccounting(r, f->resolved, options);
        QVERIFY(!r.best.empty());
        const SearchCandidate &best = r.best.front();
        QVERIFY(best.disaggregated);
        const InferenceWorkload &w = f->plan.workload.inference;
        QCOMPARE(best.prefill.workers * best.prefill.tp + best.decode.workers * best.decode.tp, 64);
        QCOMPARE(best.layout.microBatch, best.decode.workers * best.decode.batch);
        QVERIFY(best.tpotMs <= w.tpotTargetMs && best.ttftMs <= w.ttftTargetMs);

        // Applied to the plan, evaluate() gives the result's figures, to the last bit.
        Applied a;
        QVERIFY(applyTo(*f, best, a));
        QCOMPARE(a.plan.workload.inference.servingMode, ServingMode::Disaggregated);
        QCOMPARE(a.plan.workload.inference.load, ServingLoad::Concurrency);
        const Evaluation e = evaluate(a.resolved);
        QVERIFY(e.validity.valid());
        QVERIFY(e.inference.disaggregated.active);
        QVERIFY(e.inference.requestsPerSPerReplica >= w.requestRate);
        SearchCandidate c;
        QVERIFY(scoreInference(makeObjectiveContext(a.resolved, SearchObjective::Time), e, c));
        QCOMPARE(c.objective, best.objective);
        QCOMPARE(c.tokensPerS, best.tokensPerS);
        QCOMPARE(c.ttftMs, best.ttftMs);
        QCOMPARE(c.tpotMs, best.tpotMs);
        QCOMPARE(c.costUsd, best.costUsd);

        // No aggregated layout of the 64 GPUs serves 50 requests/s within 30 ms per token.
        SearchOptions aggregatedOnly;
        aggregatedOnly.disaggregated = false;
        QVERIFY(searchLayouts(f->resolved, aggregatedOnly).best.empty());
    }

    // The bundled MoE example, itself disaggregated: its pools are searched with its expert
    // parallelism (EP 8 where it divides the pool's TP), and the best result, applied, evaluates as found.
    void moeExampleKeepsItsExpertParallelism() const
    {
        const auto f = loadExample(kMoeExample);
        QVERIFY(f);
        const SearchResult r = searchLayouts(f->resolved, {});
        QVERIFY(!r.best.empty());
        const auto pooled =
            std::find_if(r.best.begin(), r.best.end(), [](const SearchCandidate &c) { return c.disaggregated; });
        QVERIFY(pooled != r.best.end());
        for (const InferenceWorkload::Pool *p : {&pooled->prefill, &pooled->decode})
            QCOMPARE(p->ep, p->tp % 8 == 0 ? 8 : 1);
        Applied a;
        QVERIFY(applyTo(*f, *pooled, a));
        const Evaluation e = evaluate(a.resolved);
        QVERIFY(e.validity.valid());
        SearchCandidate c;
        QVERIFY(scoreInference(makeObjectiveContext(a.resolved, SearchObjective::Time), e, c));
        QCOMPARE(c.objective, pooled->objective);
        QCOMPARE(c.ttftMs, pooled->ttftMs);
        QCOMPARE(c.tpotMs, pooled->tpotMs);
        // Its aggregated candidates are aggregated replicas (TP 8, 7 replicas), not the plan's pools again.
        const auto replicas =
            std::find_if(r.best.begin(), r.best.end(), [](const SearchCandidate &c) { return !c.disaggregated; });
        QVERIFY(replicas != r.best.end());
        QVERIFY(applyTo(*f, *replicas, a));
        QCOMPARE(a.plan.workload.inference.servingMode, ServingMode::Aggregated);
        QVERIFY(!evaluate(a.resolved).inference.disaggregated.active);
    }

    // At 2 requests/s a replica or two of TP 4 carry the load, and the cheapest deployment over 4
    // to 128 GPUs is aggregated: the pools' TTFT (a prompt waits for a prefill pass and its KV
    // crosses to the decode pool) and their two kinds of worker buy nothing at such a load.
    void lowRatePicksAggregated() const
    {
        std::vector<std::string> plan = highRatePlan();
        plan.push_back("workload.inference.request_rate=2");
        const auto f = loadExample(kExample, plan);
        QVERIFY(f);
        SearchOptions options;
        options.objective = SearchObjective::Cost;
        options.minGpus = 4;
        options.maxGpus = 128;
        const SearchResult r = searchLayouts(f->resolved, options);
        checkAccounting(r, f->resolved, options);
        QVERIFY(!r.best.empty());
        QVERIFY(!r.best.front().disaggregated);
        QVERIFY(r.best.front().layout.numGpus <= 8);
        Applied a;
        QVERIFY(applyTo(*f, r.best.front(), a));
        QCOMPARE(a.plan.workload.inference.servingMode, ServingMode::Aggregated);
    }

    // Disaggregation off: today's aggregated search, exactly (figures of the search before the
    // pools existed: candidates, feasible, evaluate calls and the best objective).
    void offGivesTheAggregatedSearch() const
    {
        struct Pin
        {
            std::vector<std::string> overrides;
            long long evaluated, feasible, calls;
            std::size_t best, pareto;
            double objective;
            int tp, pp, concurrency;
        };
        std::vector<std::string> withTpot40 = highRatePlan();
        withTpot40.push_back("workload.inference.tpot_target_ms=40");
        const Pin pins[] = {
            {{}, 130, 30, 111, 10, 3, 2.2866245364424668e-05, 1, 1, 256},
            {withTpot40, 247, 4, 118, 4, 2, 7.027410362988936e-05, 4, 1, 32},
        };
        for (const Pin &p : pins) {
            const auto f = loadExample(kExample, p.overrides);
            QVERIFY(f);
            SearchOptions options;
            options.disaggregated = false;
            const SearchResult r = searchLayouts(f->resolved, options);
            checkAccounting(r, f->resolved, options);
            QCOMPARE(r.evaluated, p.evaluated);
            QCOMPARE(r.feasible, p.feasible);
            QCOMPARE(r.evaluateCalls, p.calls);
            QCOMPARE(r.best.size(), p.best);
            QCOMPARE(r.pareto.size(), p.pareto);
            QCOMPARE(r.best.front().objective, p.objective);
            QCOMPARE(r.best.front().layout.tp, p.tp);
            QCOMPARE(r.best.front().layout.pp, p.pp);
            QCOMPARE(r.best.front().layout.microBatch, p.concurrency);
            for (const SearchCandidate &c : r.best)
                QVERIFY(!c.disaggregated);
            // With the pools: more candidates, the aggregated ones among them unchanged.
            const SearchResult both = searchLayouts(f->resolved, {});
            QVERIFY(both.evaluated > r.evaluated);
            QVERIFY(both.best.front().objective <= r.best.front().objective);
        }
    }

    // The cuts of the disaggregated walk (decode pool and prefill batch memory, the decode-slot
    // throughput bound, TPOT) set aside nothing the unpruned search ranks: same best list and front.
    void prunedEqualsExhaustive_data() const
    {
        QTest::addColumn<QStringList>("overrides");
        QTest::addColumn<int>("objective");
        QTest::addColumn<int>("minGpus");
        QTest::addColumn<int>("maxGpus");
        QStringList high;
        for (const std::string &s : highRatePlan())
            high << QString::fromStdString(s);
        QTest::newRow("70B 64 GPUs time") << high << int(SearchObjective::Time) << 0 << 0;
        QTest::newRow("70B 8-128 GPUs cost") << high << int(SearchObjective::Cost) << 8 << 128;
        QTest::newRow("70B no targets") << (QStringList(high) << "workload.inference.tpot_target_ms=0"
                                                              << "workload.inference.ttft_target_ms=0")
                                        << int(SearchObjective::Time) << 0 << 0;
        QTest::newRow("8B example") << QStringList() << int(SearchObjective::Time) << 0 << 0;
        QTest::newRow("DeepSeek-R1 example")
            << (QStringList() << QStringLiteral("@deepseek")) << int(SearchObjective::Time) << 0 << 0;
        QTest::newRow("8B 2-64 GPUs") << QStringList() << int(SearchObjective::Time) << 2 << 64;
    }

    void prunedEqualsExhaustive() const
    {
        QFETCH(QStringList, overrides);
        QFETCH(int, objective);
        QFETCH(int, minGpus);
        QFETCH(int, maxGpus);
        std::vector<std::string> o;
        const char *example = kExample;
        for (const QString &s : overrides) {
            if (s == QStringLiteral("@deepseek"))
                example = kMoeExample;
            else
                o.push_back(s.toStdString());
        }
        const auto f = loadExample(example, o);
        QVERIFY(f);
        SearchOptions options;
        options.objective = static_cast<SearchObjective>(objective);
        options.minGpus = minGpus;
        options.maxGpus = maxGpus;
        const SearchResult pruned = searchLayouts(f->resolved, options);
        options.prune = false;
        const SearchResult all = searchLayouts(f->resolved, options);
        checkAccounting(pruned, f->resolved, options);
        checkAccounting(all, f->resolved, options);
        QVERIFY(pruned.evaluateCalls < all.evaluateCalls);
        compareLists(pruned.best, all.best);
        compareLists(pruned.pareto, all.pareto);
    }

    // --json: a disaggregated entry carries its pools under the plan format's own field names, and
    // typing them into the plan gives the same values back.
    void jsonUsesThePlanFieldNames() const
    {
        const auto f = loadExample(kExample, highRatePlan());
        QVERIFY(f);
        const SearchResult r = searchLayouts(f->resolved, {});
        QVERIFY(!r.best.empty() && r.best.front().disaggregated);
        const SearchCandidate &best = r.best.front();
        const nlohmann::ordered_json j = searchCandidateToJson(best, Mode::Inference);
        QCOMPARE(j.at("serving_mode").get<std::string>(), std::string("disaggregated"));
        Applied a;
        QVERIFY(applyTo(*f, best, a));
        int pooled = 0;
        for (const char *key : {"prefill_workers", "prefill_tp", "prefill_attention_dp", "prefill_ep", "prefill_batch",
                                "decode_workers", "decode_tp", "decode_attention_dp", "decode_ep", "decode_batch"}) {
            const FieldSpec *field = findPlanField(std::string("workload.inference.") + key);
            QVERIFY2(field, key);
            QVERIFY2(j.contains(key), key);
            QCOMPARE(j.at(key).get<double>(), field->getNumber(a.plan));
            ++pooled;
        }
        QCOMPARE(pooled, 10);
        QCOMPARE(j.at("kv_transfer").get<std::string>(), std::string("network"));   // 64 GPUs: over the network
        QCOMPARE(j.at("concurrency").get<int>(), a.plan.workload.inference.concurrency);
        // An aggregated entry says so and has no pools (at 40 ms per token aggregated layouts qualify).
        std::vector<std::string> looser = highRatePlan();
        looser.push_back("workload.inference.tpot_target_ms=40");
        const auto g = loadExample(kExample, looser);
        QVERIFY(g);
        SearchOptions aggregatedOnly;
        aggregatedOnly.disaggregated = false;
        const SearchResult agg = searchLayouts(g->resolved, aggregatedOnly);
        QVERIFY(!agg.pareto.empty());
        const nlohmann::ordered_json k = searchCandidateToJson(agg.pareto.front(), Mode::Inference);
        QCOMPARE(k.at("serving_mode").get<std::string>(), std::string("aggregated"));
        QVERIFY(!k.contains("prefill_workers"));
    }
};

QTEST_APPLESS_MAIN(TestSearchDisaggregated)
#include "tst_searchdisaggregated.moc"

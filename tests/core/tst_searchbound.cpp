// SPDX-License-Identifier: GPL-3.0-or-later
// What the auto-planner's memory-first check and its time bounds rest on (docs/search.md
// "Pruning"), checked against the real models rather than trusted: the evaluator's two halves give
// exactly what evaluateWithoutFacility() gives, and the bound taken from a layout group's lightest
// setting is at most the time objective of every candidate of the group, at its own VP and (from
// VP = 1) at every other VP. The pruned == exhaustive comparisons are in tst_layoutsearch.cpp.
#include "LayoutSearchFixtures.h"

#include "evaluator/EvaluationJson.h"
#include "search/LayoutSpace.h"
#include "search/SearchObjective.h"
#include "search/TimeBound.h"

#include <nlohmann/json.hpp>

#include <QTest>

#include <limits>
#include <map>
#include <string>
#include <tuple>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

std::string inferencePlan()
{
    return R"({"format": "gpuplan-plan", "version": 1, "name": "i", "model": {"preset": "llama3-8b"},
      "workload": {"mode": "inference", "inference": {"prompt_len": 2048, "output_len": 256, "concurrency": 64}},
      "hardware": {"gpu": "H100-SXM-80GB", "num_gpus": 8}})";
}

// Every candidate of every group of one count: the bound from the group's lightest setting of its
// first sharding choice must not exceed any of them.
struct BoundCheck
{
    long long groups = 0;
    long long candidates = 0;
    long long tight = 0;   // groups whose bound is within 5% of their best candidate
};

} // namespace

class TestSearchBound final : public QObject
{
    Q_OBJECT

private slots:
    void evaluatorHalvesEqualTheWhole_data() const
    {
        QTest::addColumn<QString>("plan");
        QTest::addColumn<int>("tp");
        QTest::addColumn<int>("pp");
        QTest::addColumn<int>("ep");
        QTest::addColumn<int>("zero");
        QTest::newRow("dense, fits") << QString::fromStdString(presetTrainingPlan("llama3-70b", 64, 8192, 128)) << 8 << 4 << 1 << 1;
        QTest::newRow("dense, does not fit") << QString::fromStdString(presetTrainingPlan("llama3-70b", 64, 8192, 128)) << 1 << 1 << 1 << 0;
        QTest::newRow("moe with ep") << QString::fromStdString(presetTrainingPlan("qwen3-30b-a3b", 32, 4096, 256)) << 1 << 4 << 8 << 1;
        QTest::newRow("inference") << QString::fromStdString(inferencePlan()) << 2 << 1 << 1 << 0;
    }

    void evaluatorHalvesEqualTheWhole() const
    {
        QFETCH(QString, plan);
        QFETCH(int, tp);
        QFETCH(int, pp);
        QFETCH(int, ep);
        QFETCH(int, zero);
        auto f = loadPlanFixture(plan.toStdString());
        QVERIFY(f);
        Layout l = layoutFromPlan(f->plan);
        l.tp = tp;
        l.pp = pp;
        l.ep = ep;
        l.zero = zero;
        l.dp = l.numGpus / (l.tp * l.pp * l.cp);
        const Evaluation whole = evaluateWithoutFacility(f->resolved, l);
        Evaluation halves = evaluateMemoryFirst(f->resolved, l);
        QCOMPARE(halves.memory.perGpuBytes, whole.memory.perGpuBytes);
        QCOMPARE(halves.memory.fits, whole.memory.fits);
        evaluateTimeAfterMemory(f->resolved, l, halves);
        QCOMPARE(evaluationToJson(f->resolved, halves).dump(), evaluationToJson(f->resolved, whole).dump());
    }

    void groupBoundIsBelowEveryCandidate_data() const
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("gpus");
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("batch");
        QTest::newRow("llama3-70b 64") << "llama3-70b" << 64 << 8192 << 128;
        QTest::newRow("llama3-8b 32") << "llama3-8b" << 32 << 4096 << 256;
        QTest::newRow("qwen3-30b-a3b 32 (ep, vp)") << "qwen3-30b-a3b" << 32 << 4096 << 256;
        QTest::newRow("mixtral-8x7b 32 (ep, vp)") << "mixtral-8x7b" << 32 << 4096 << 128;
    }

    void groupBoundIsBelowEveryCandidate() const
    {
        QFETCH(QString, preset);
        QFETCH(int, gpus);
        QFETCH(int, seq);
        QFETCH(int, batch);
        auto f = loadPlanFixture(presetTrainingPlan(preset.toStdString().c_str(), gpus, seq, batch));
        QVERIFY(f);
        const SearchOptions options;
        const ObjectiveContext time = makeObjectiveContext(f->resolved, SearchObjective::Time);
        TrainingSpace space(f->resolved, options, gpus);
        const RecomputeLevels &levels = space.recompute();
        // The VP = 1 bound of each (TP, CP, PP, EP, expert TP, micro-batch).
        std::map<std::tuple<int, int, int, int, int, int>, GroupTimeBound> vp1;
        BoundCheck check;
        bool failed = false;
        space.forEachGroup([&](const Layout &group, const ShardingChoices &choices, bool) {
            Layout lightest = group;
            setMemorySaving(lightest, choices.items[0], levels.items[0], 0);
            const Evaluation seed = evaluateWithoutFacility(f->resolved, lightest);
            SearchCandidate scored;
            if (!scoreTraining(time, seed, scored))
                return true;
            const GroupTimeBound bound = groupTimeBound(seed, scored);
            if (!bound.known) {
                failed = true;
                qWarning("no bound from a timed candidate");
                return false;
            }
            const auto key = std::make_tuple(group.tp, group.cp, group.pp, group.ep, group.expertTp, group.microBatch);
            if (group.vp == 1)
                vp1[key] = bound;
            const auto fromVp1 = vp1.find(key);
            ++check.groups;
            double best = std::numeric_limits<double>::infinity();
            for (int i = 0; i < choices.count; ++i) {
                const ShardingChoice &choice = choices.items[static_cast<std::size_t>(i)];
                for (int r = 0; r < levels.count; ++r) {
                    for (int o = 0; o < choice.offloadCount; ++o) {
                        Layout l = group;
                        setMemorySaving(l, choice, levels.items[static_cast<std::size_t>(r)], o);
                        SearchCandidate c;
                        if (!scoreTraining(time, evaluateWithoutFacility(f->resolved, l), c))
                            continue;
                        ++check.candidates;
                        best = std::min(best, c.objective);
                        const bool own = bound.objective() <= c.objective;
                        const bool other = group.vp == 1 || fromVp1 == vp1.end()
                                           || fromVp1->second.objectiveAtVp(group.vp) <= c.objective;
                        if (!own || !other) {
                            failed = true;
                            qWarning("bound above a candidate: tp %d cp %d pp %d vp %d ep %d mb %d, choice %d, r %d, o %d: "
                                     "%.6g (own) %.6g (from VP 1) > %.6g",
                                     l.tp, l.cp, l.pp, l.vp, l.ep, l.microBatch, i, r, o, bound.objective(),
                                     fromVp1 == vp1.end() ? 0.0 : fromVp1->second.objectiveAtVp(group.vp), c.objective);
                            return false;
                        }
                    }
                }
            }
            if (bound.objective() >= 0.95 * best)
                ++check.tight;
            return true;
        });
        QVERIFY(!failed);
        QVERIFY(check.groups > 10);
        QVERIFY(check.candidates > check.groups);
        // A bound that is never close is useless for pruning: most groups' bound is near their best.
        QVERIFY2(check.tight * 4 > check.groups, (std::to_string(check.tight) + " of " + std::to_string(check.groups)).c_str());
    }

    // The memory-first walk calls the time model only for settings that fit (plus one per group
    // for its bound), and finds what the exhaustive search finds.
    void memoryFirstSkipsTheTimeModel() const
    {
        auto f = loadPlanFixture(presetTrainingPlan("llama3-70b", 64, 8192, 128));
        QVERIFY(f);
        SearchOptions options;
        const SearchResult pruned = searchLayouts(f->resolved, options);
        QVERIFY(pruned.timeModelCalls < pruned.evaluateCalls);
        options.prune = false;
        const SearchResult exhaustive = searchLayouts(f->resolved, options);
        QCOMPARE(exhaustive.timeModelCalls, exhaustive.evaluateCalls);
        compareBest(pruned, exhaustive);
    }
};

QTEST_APPLESS_MAIN(TestSearchBound)
#include "tst_searchbound.moc"

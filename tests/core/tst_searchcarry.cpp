// SPDX-License-Identifier: GPL-3.0-or-later
// A ladder of one-count searches (the procurement planner's, docs/performance.md): the group time
// bounds carried from the count below (docs/search.md "Pruning", rule 9) are checked against the
// real models rather than trusted, at most the time objective of every candidate of the same
// group at the larger count; and a ladder searched with them and with the count below's best
// searched first (SearchOptions::carriedBounds, firstGroups) returns, at every count, the same
// best list and front as the plain pruned search (which tst_layoutsearch compares with the
// exhaustive one), with fewer model calls.
#include "LayoutSearchFixtures.h"

#include "search/LayoutSpace.h"
#include "search/SearchObjective.h"
#include "search/TimeBound.h"

#include <QTest>

#include <vector>

using namespace gpuplan;
using namespace gpuplan::test;

namespace {

// The bound of a group from its lightest setting of its first sharding choice (rule 5).
GroupTimeBound measuredBound(const ResolvedPlan &rp, const ObjectiveContext &time, const Layout &group,
                             const ShardingChoices &choices, const RecomputeLevels &levels)
{
    Layout lightest = group;
    setMemorySaving(lightest, choices.items[0], levels.items[0], 0);
    const Evaluation seed = evaluateWithoutFacility(rp, lightest);
    SearchCandidate scored;
    return scoreTraining(time, seed, scored) ? groupTimeBound(seed, scored) : GroupTimeBound{};
}

}   // namespace

class TestSearchCarry final : public QObject
{
    Q_OBJECT

private slots:
    void carriedBoundIsBelowEveryCandidate_data() const
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("gpus");   // the smaller count; the bounds are carried to twice it
        QTest::addColumn<int>("seq");
        QTest::addColumn<int>("batch");
        QTest::newRow("llama3-70b 32 -> 64") << "llama3-70b" << 32 << 8192 << 128;
        QTest::newRow("llama3-70b 64 -> 128") << "llama3-70b" << 64 << 8192 << 256;
        QTest::newRow("llama3-8b 8 -> 16 (one node to two)") << "llama3-8b" << 8 << 4096 << 256;
        QTest::newRow("qwen3-30b-a3b 16 -> 32 (ep, vp)") << "qwen3-30b-a3b" << 16 << 4096 << 256;
        QTest::newRow("mixtral-8x7b 16 -> 32 (ep, vp)") << "mixtral-8x7b" << 16 << 4096 << 128;
    }

    void carriedBoundIsBelowEveryCandidate() const
    {
        QFETCH(QString, preset);
        QFETCH(int, gpus);
        QFETCH(int, seq);
        QFETCH(int, batch);
        const std::string name = preset.toStdString();
        auto small = loadPlanFixture(presetTrainingPlan(name.c_str(), gpus, seq, batch));
        auto large = loadPlanFixture(presetTrainingPlan(name.c_str(), 2 * gpus, seq, batch));
        QVERIFY(small && large);
        const SearchOptions options;
        const ObjectiveContext time = makeObjectiveContext(small->resolved, SearchObjective::Time);
        GroupBoundCarry carry;
        carry.beginCount(gpus);
        TrainingSpace below(small->resolved, options, gpus);
        below.forEachGroup([&](const Layout &group, const ShardingChoices &choices, bool) {
            carry.record(group, measuredBound(small->resolved, time, group, choices, below.recompute()));
            return true;
        });
        carry.beginCount(2 * gpus);
        TrainingSpace above(large->resolved, options, 2 * gpus);
        const RecomputeLevels &levels = above.recompute();
        long long carried = 0, candidates = 0, tight = 0;
        bool failed = false;
        above.forEachGroup([&](const Layout &group, const ShardingChoices &choices, bool) {
            const GroupTimeBound b = carry.carried(group);
            if (!b.known)
                return true;
            ++carried;
            double best = std::numeric_limits<double>::infinity();
            for (int i = 0; i < choices.count; ++i) {
                const ShardingChoice &choice = choices.items[static_cast<std::size_t>(i)];
                for (int r = 0; r < levels.count; ++r) {
                    for (int o = 0; o < choice.offloadCount; ++o) {
                        Layout l = group;
                        setMemorySaving(l, choice, levels.items[static_cast<std::size_t>(r)], o);
                        SearchCandidate c;
                        if (!scoreTraining(time, evaluateWithoutFacility(large->resolved, l), c))
                            continue;
                        ++candidates;
                        best = std::min(best, c.objective);
                        if (b.objectiveAtVp(group.vp) > c.objective) {
                            failed = true;
                            qWarning("carried bound above a candidate: tp %d cp %d pp %d vp %d ep %d mb %d dp %d, "
                                     "choice %d, r %d, o %d: %.6g > %.6g",
                                     l.tp, l.cp, l.pp, l.vp, l.ep, l.microBatch, l.dp, i, r, o,
                                     b.objectiveAtVp(group.vp), c.objective);
                            return false;
                        }
                    }
                }
            }
            if (b.objectiveAtVp(group.vp) >= 0.9 * best)
                ++tight;
            return true;
        });
        QVERIFY(!failed);
        QVERIFY(carried > 10);
        QVERIFY(candidates > carried);
        // A bound that is never close prunes nothing: most carried bounds are near their group's best.
        QVERIFY2(tight * 2 > carried, (std::to_string(tight) + " of " + std::to_string(carried)).c_str());
    }

    void ladderAnswersAsThePlainSearch_data() const
    {
        QTest::addColumn<QString>("preset");
        QTest::addColumn<int>("top");
        QTest::newRow("llama3-70b, best 8") << "llama3-70b" << 8;
        QTest::newRow("llama3-70b, best 1") << "llama3-70b" << 1;
        QTest::newRow("qwen3-30b-a3b, best 8 (ep, vp)") << "qwen3-30b-a3b" << 8;
    }

    void ladderAnswersAsThePlainSearch() const
    {
        QFETCH(QString, preset);
        QFETCH(int, top);
        const std::string name = preset.toStdString();
        GroupBoundCarry carry;
        std::vector<Layout> previous;
        long long plainCalls = 0, ladderCalls = 0;
        for (int n = 8; n <= 256; n *= 2) {
            auto f = loadPlanFixture(presetTrainingPlan(name.c_str(), n, 8192, 512));
            QVERIFY(f);
            SearchOptions options;
            options.top = top;
            options.allShardings = false;
            options.allowOffload = false;
            const SearchResult plain = searchLayouts(f->resolved, options);
            options.carriedBounds = &carry;
            options.firstGroups = previous;
            const SearchResult ladder = searchLayouts(f->resolved, options);
            checkAccounting(ladder);
            compareBest(ladder, plain);
            plainCalls += plain.evaluateCalls;
            ladderCalls += ladder.evaluateCalls;
            previous.clear();
            for (const SearchCandidate &c : ladder.best)
                previous.push_back(c.layout);
        }
        QVERIFY2(ladderCalls < plainCalls, (std::to_string(ladderCalls) + " vs " + std::to_string(plainCalls)).c_str());
    }
};

QTEST_APPLESS_MAIN(TestSearchCarry)
#include "tst_searchcarry.moc"

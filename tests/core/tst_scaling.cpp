// SPDX-License-Identifier: GPL-3.0-or-later
// Scaling curves (core/search/Scaling.cpp): the GPU counts, the best layout per count, the ideal
// line, and how weak scaling differs from strong scaling.
#include "catalog/CatalogLoader.h"
#include "evaluator/Evaluator.h"
#include "plan/PlanIo.h"
#include "search/LayoutSearch.h"
#include "search/Scaling.h"
#include "support/PlanFixture.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>

using namespace gpuplan;

namespace {

std::unique_ptr<test::PlanFixture> trainingFixture(const char *preset, int gpus, int seq, int batch)
{
    const std::string json = std::string(R"({"format": "gpuplan-plan", "version": 1, "name": "t", "model": {"preset": ")") +
                             preset + R"("}, "workload": {"mode": "training", "training": {"seq_len": )" +
                             std::to_string(seq) + R"(, "global_batch": )" + std::to_string(batch) +
                             R"(, "tokens": 1e11}}, "hardware": {"gpu": "H100-SXM-80GB", "num_gpus": )" +
                             std::to_string(gpus) + "}}";
    return test::loadPlanFixture(json);
}

const ScalingPoint *pointAt(const ScalingResult &r, int gpus)
{
    for (int i = 0; i < r.count; ++i) {
        if (r.points[static_cast<std::size_t>(i)].gpus == gpus)
            return &r.points[static_cast<std::size_t>(i)];
    }
    return nullptr;
}

} // namespace

class TestScaling final : public QObject
{
    Q_OBJECT

private slots:
    void counts() const
    {
        // One node (8 GPUs) doubling up to 4 x the plan's count.
        QCOMPARE(scalingCounts(1024, 8, 0, 0), (std::vector<int>{8, 16, 32, 64, 128, 256, 512, 1024, 2048, 4096}));
        QCOMPARE(scalingCounts(4096, 8, 0, 0).size(), std::size_t(12));
        QCOMPARE(scalingCounts(4096, 8, 0, 0).back(), 16384);
        // The plan's own count joins the powers of two.
        QCOMPARE(scalingCounts(1000, 8, 0, 0), (std::vector<int>{8, 16, 32, 64, 128, 256, 512, 1000, 1024, 2048, 4000}));
        // Explicit bounds.
        QCOMPARE(scalingCounts(64, 8, 16, 100), (std::vector<int>{16, 32, 64, 100}));
        // Never more than kMaxPoints: the small counts go first, the plan's count and the top stay.
        const std::vector<int> many = scalingCounts(100000, 8, 0, 0);
        QCOMPARE(static_cast<int>(many.size()), ScalingResult::kMaxPoints);
        QCOMPARE(many.front(), 8);
        QCOMPARE(many.back(), 400000);
        QVERIFY(std::find(many.begin(), many.end(), 100000) != many.end());
        QVERIFY(std::is_sorted(many.begin(), many.end()));
        // A plan smaller than a node starts at its own count.
        QCOMPARE(scalingCounts(2, 8, 0, 0), (std::vector<int>{2, 4, 8}));
    }

    void strongScaling() const
    {
        auto f = trainingFixture("llama3-8b", 64, 4096, 256);
        QVERIFY(f);
        const ScalingResult r = computeScaling(f->resolved);
        QVERIFY(!r.weak);
        QCOMPARE(r.count, 6);   // 8 .. 256
        // Issue 16: the ideal line extends the best tokens/s per GPU on the curve (the stated
        // baseline), so efficiency never reads above 100%.
        const ScalingPoint *base = pointAt(r, r.baselineGpus);
        QVERIFY(base && base->feasible);
        QCOMPARE(base->efficiency, 1.0);
        for (int i = 0; i < r.count; ++i) {
            const ScalingPoint &p = r.points[static_cast<std::size_t>(i)];
            QVERIFY(p.feasible);
            QCOMPARE(p.layout.numGpus, p.gpus);
            QCOMPARE(p.tokensPerSPerGpu, p.tokensPerS / p.gpus);
            QVERIFY(p.tokensPerSPerGpu <= base->tokensPerSPerGpu);
            QVERIFY(std::fabs(p.idealTokensPerS / p.gpus - base->tokensPerSPerGpu) <= 1e-9 * p.idealTokensPerS);
            QVERIFY(std::fabs(p.efficiency - p.tokensPerS / p.idealTokensPerS) < 1e-12);
            QVERIFY2(p.efficiency <= 1.0, std::to_string(p.efficiency).c_str());
            QVERIFY(p.efficiency > 0);
            // The plan does not offload: no point relies on offload it lacks.
            QCOMPARE(p.layout.offloadOptimizer, Offload::None);
            QCOMPARE(p.layout.offloadParams, Offload::None);
        }
        // Issue 16: the point at the plan's count is the auto-planner's best at that count (same
        // search, all sharding implementations, no offload the plan does not use).
        SearchOptions options;
        options.top = 1;
        options.allowOffload = false;
        options.minGpus = options.maxGpus = 64;
        const SearchResult best = searchLayouts(f->resolved, options);
        QCOMPARE(pointAt(r, 64)->tokensPerS, best.best.front().tokensPerS);
        QVERIFY(pointAt(r, 64)->layout == best.best.front().layout);
    }

    // Weak scaling grows the batch with the GPUs: identical at the plan's count, at least as fast
    // above it (the strong layout still splits the larger batch, with a smaller bubble share), at
    // most as fast below it.
    void weakVersusStrong() const
    {
        auto f = trainingFixture("llama3-8b", 64, 4096, 256);
        QVERIFY(f);
        const ScalingResult strong = computeScaling(f->resolved);
        ScalingOptions weakOptions;
        weakOptions.weak = true;
        const ScalingResult weak = computeScaling(f->resolved, weakOptions);
        QVERIFY(weak.weak);
        QCOMPARE(weak.count, strong.count);
        bool differs = false;
        for (int i = 0; i < strong.count; ++i) {
            const ScalingPoint &s = strong.points[static_cast<std::size_t>(i)];
            const ScalingPoint &w = weak.points[static_cast<std::size_t>(i)];
            QCOMPARE(w.gpus, s.gpus);
            QVERIFY(w.feasible && s.feasible);
            if (s.gpus == 64)
                QCOMPARE(w.tokensPerS, s.tokensPerS);
            else if (s.gpus > 64)
                QVERIFY(w.tokensPerS >= s.tokensPerS * (1 - 1e-12));
            else
                QVERIFY(w.tokensPerS <= s.tokensPerS * (1 + 1e-12));
            differs = differs || w.tokensPerS != s.tokensPerS;
        }
        QVERIFY(differs);
        // Weak scaling keeps its efficiency better at the top of the range.
        QVERIFY(weak.points[static_cast<std::size_t>(weak.count - 1)].efficiency >=
                strong.points[static_cast<std::size_t>(strong.count - 1)].efficiency);
    }

    // With a global batch of one sequence, DP is 1: 8 (TP) x 4 (CP, 4096 tokens / 1024) x 32 (PP)
    // = 1,024 GPUs is the most this model can use; 2,048 has no layout.
    void servingCounts() const
    {
        // Whole replicas doubling from one, through the GPUs the request rate needs, up to twice that.
        QCOMPARE(servingScalingCounts(8, 8, 40, 0, 0), (std::vector<int>{8, 16, 32, 40, 64, 80}));
        // Without a rate: from one replica (4 GPUs) to 4 x the plan's count.
        QCOMPARE(servingScalingCounts(8, 4, 0, 0, 0), (std::vector<int>{4, 8, 16, 32}));
        // Explicit bounds win; the rate's count stays when inside them.
        QCOMPARE(servingScalingCounts(8, 8, 24, 16, 64), (std::vector<int>{16, 24, 32, 64}));
    }

    // The serving lesson's case (issue 29): Llama 3 70B on one node of 8 H100 at 40 requests/s, which
    // needs more than the plan's 8 GPUs. The curve was one point, the one count that carried the
    // rate; each count now shows what it serves within the latency targets.
    void servingSweepsReplicas() const
    {
        const auto f = test::loadPlanFixture(R"({"format": "gpuplan-plan", "version": 1, "name": "s",
            "model": {"preset": "llama3-70b"},
            "workload": {"mode": "inference", "inference": {"prompt_len": 1024, "output_len": 256, "concurrency": 64,
                "request_rate": 40, "ttft_target_ms": 1000, "tpot_target_ms": 50, "engine": "vllm",
                "batching": "continuous"}},
            "hardware": {"gpu": "H100-SXM-80GB", "num_gpus": 8}, "parallelism": {"tp": 8, "pp": 1}})");
        QVERIFY(f);
        const Evaluation e = evaluate(f->resolved);
        QVERIFY(e.inference.capacity.replicas > 1);
        const int rateGpus = e.inference.capacity.replicas * e.inference.gpusPerReplica;
        QVERIFY(rateGpus > 8);
        const ScalingResult r = computeScaling(f->resolved);
        const ScalingPoint *plan = pointAt(r, 8);
        const ScalingPoint *rate = pointAt(r, rateGpus);
        QVERIFY(plan && rate);
        QVERIFY(plan->feasible);   // below the rate's count, still a point
        QVERIFY(rate->feasible);
        int feasible = 0;
        for (int i = 0; i < r.count; ++i) {
            const ScalingPoint &p = r.points[static_cast<std::size_t>(i)];
            feasible += p.feasible ? 1 : 0;
            if (i > 0 && p.feasible && r.points[static_cast<std::size_t>(i - 1)].feasible)
                QVERIFY2(p.tokensPerS > r.points[static_cast<std::size_t>(i - 1)].tokensPerS, qPrintable(QString::number(p.gpus)));
        }
        QVERIFY2(feasible >= 4, qPrintable(QString::number(feasible)));
        QCOMPARE(r.points[static_cast<std::size_t>(r.count - 1)].gpus, 2 * rateGpus);
    }

    void infeasiblePoints() const
    {
        auto f = trainingFixture("llama3-8b", 8, 4096, 1);
        QVERIFY(f);
        ScalingOptions options;
        options.maxGpus = 2048;
        const ScalingResult r = computeScaling(f->resolved, options);
        const ScalingPoint *top = pointAt(r, 2048);
        QVERIFY(top);
        QVERIFY(!top->feasible);
        QCOMPARE(top->tokensPerS, 0.0);
        QCOMPARE(top->efficiency, 0.0);
        QVERIFY(top->idealTokensPerS > 0);
        QVERIFY(pointAt(r, 8)->feasible);
    }

    void cancelStopsEarly() const
    {
        auto f = trainingFixture("llama3-8b", 64, 4096, 256);
        QVERIFY(f);
        std::atomic<bool> cancel{true};
        ScalingOptions options;
        options.cancel = &cancel;
        QCOMPARE(computeScaling(f->resolved, options).count, 0);
    }
};

QTEST_APPLESS_MAIN(TestScaling)
#include "tst_scaling.moc"

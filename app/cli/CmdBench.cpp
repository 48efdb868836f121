// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli bench [PLAN] [--json]: speed of one evaluation, of the layout search, of the scaling
// curves and of the procurement planner (docs/performance.md). Timings are medians of repeated runs
// after a warm-up.
#include "CliCommon.h"
#include "Commands.h"

#include "eval/ResolvedPlan.h"
#include "evaluator/Evaluator.h"
#include "memory/InferenceMemory.h"
#include "memory/MemoryModel.h"
#include "perf/ForwardCost.h"
#include "perf/Saturated.h"
#include "perf/ServingFrontier.h"
#include "perf/SteadyLoad.h"
#include "plan/PlanIo.h"
#include "procure/Procurement.h"
#include "search/LayoutSearch.h"
#include "search/Scaling.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <thread>
#include <tuple>

namespace gpuplan::cli {

namespace {

// The Llama 3 70B pre-training example (examples/llama3-70b-training.gpuplan) at sequence 8192:
// the workload the performance targets are stated for.
constexpr const char *kBenchPlan = R"plan({
  "format": "gpuplan-plan", "version": 1, "name": "Llama 3 70B pre-training (benchmark)",
  "model": { "preset": "llama3-70b" },
  "workload": { "mode": "training",
                "training": { "seq_len": 8192, "global_batch": 1024, "micro_batch": 1, "tokens": 15e12 } },
  "hardware": { "gpu": "H100-SXM-80GB", "num_gpus": 1024 },
  "parallelism": { "tp": 8, "pp": 4, "cp": 1, "vp": 5, "sp": true, "schedule": "interleaved",
                   "zero": 1, "sharding": "megatron", "recompute": "none" },
  "facility": { "pue": 1.3, "rack_power_limit_kw": 40 },
  "cost": { "electricity_usd_per_kwh": 0.08, "depreciation_years": 5 }
})plan";
constexpr int kSearchGpus = 4096;

using Clock = std::chrono::steady_clock;

double seconds(Clock::time_point from, Clock::time_point to)
{
    return std::chrono::duration<double>(to - from).count();
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const std::size_t n = v.size();
    return n == 0 ? 0 : (n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]));
}

// Median over `repeats` timings of fn() after `warmup` untimed calls, in seconds.
template <typename Fn>
double medianTime(int warmup, int repeats, Fn &&fn)
{
    for (int i = 0; i < warmup; ++i)
        fn();
    std::vector<double> times;
    times.reserve(static_cast<std::size_t>(repeats));
    for (int i = 0; i < repeats; ++i) {
        const auto t0 = Clock::now();
        fn();
        times.push_back(seconds(t0, Clock::now()));
    }
    return median(std::move(times));
}

// Thread CPU time in seconds: on a shared machine the wall time of a single-threaded run includes
// waiting for a core; the CPU time is close to the wall time the same run takes on an idle one.
double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Process CPU time in seconds, all threads together: for the procurement planner, which explores
// GPU types on two threads, half of it is about the wall time on two idle cores.
double processCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// Median wall and CPU time of fn() over `repeats` runs after one untimed call.
template <typename Fn>
std::pair<double, double> medianWallAndCpu(int repeats, Fn &&fn, double (*cpuSeconds)() = &threadCpuSeconds)
{
    fn();
    std::vector<double> wall, cpu;
    for (int i = 0; i < repeats; ++i) {
        const auto t0 = Clock::now();
        const double c0 = cpuSeconds();
        fn();
        cpu.push_back(cpuSeconds() - c0);
        wall.push_back(seconds(t0, Clock::now()));
    }
    return {median(std::move(wall)), median(std::move(cpu))};
}

std::string cpuModel()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.rfind("model name", 0) == 0) {
            const auto colon = line.find(':');
            return colon == std::string::npos ? line : line.substr(colon + 2);
        }
    }
    return "unknown";
}

} // namespace

CommandHelp benchHelp()
{
    auto specs = planOptions();
    specs.push_back({"--json", false, false, "print the timings as JSON"});
    return {"gpuplan-cli bench [PLAN] [--json] [--set PATH=VALUE ...]",
            "Times one evaluation (median of batches of calls), the layout search on 4,096 GPUs and on\n"
            "the plan's own count, the strong and weak scaling curves and the procurement planner ($30 M,\n"
            "240 days). Without PLAN: Llama 3 70B, sequence 8192, on H100.",
            specs};
}

int runBench(const std::vector<std::string> &argv)
{
    const CommandHelp help = benchHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("bench", help, argv, args, done))
        return done;
    if (args.positional().size() > 1) {
        printError("bench: expected at most one plan file (see --help)");
        return kUsage;
    }
    Catalog catalog;
    if (!loadCatalogFromArgs(args, catalog))
        return kBadInput;
    Plan plan;
    if (!args.positional().empty()) {
        if (!loadPlanFromArgs(args, args.positional()[0], catalog, plan))
            return kBadInput;
    } else {
        std::vector<PlanError> errors;
        if (!loadPlanText(kBenchPlan, "built-in benchmark plan", &catalog, plan, errors)) {
            for (const PlanError &e : errors)
                printError(e.text());
            return kBadInput;
        }
    }
    ResolvedPlan resolved;
    if (!resolvePlanOrReport(plan, catalog, "bench", resolved))
        return kBadInput;

    // (a) One evaluation: median over batches of calls (a single call is below the clock's
    // useful resolution).
    constexpr int kBatch = 200;
    volatile double sink = 0;
    const double batchS = medianTime(20, 101, [&] {
        for (int i = 0; i < kBatch; ++i)
            sink = sink + evaluate(resolved).memory.perGpuBytes;
    });
    const double evaluateUs = batchS / kBatch * 1e6;
    // The search's first stage: layout check, memory and time without the facility model.
    const double quickBatchS = medianTime(20, 101, [&] {
        for (int i = 0; i < kBatch; ++i)
            sink = sink + evaluateWithoutFacility(resolved, layoutFromPlan(plan)).memory.perGpuBytes;
    });
    const double quickUs = quickBatchS / kBatch * 1e6;
    // The memory model alone: the step's timeline of phases on the first and the last stage
    // (docs/memory.md §4), or the inference estimate.
    const Layout benchLayout = layoutFromPlan(plan);
    const bool trainingPlan = plan.workload.mode == Mode::Training;
    const double memoryBatchS = medianTime(20, 101, [&] {
        for (int i = 0; i < kBatch; ++i)
            sink = sink + (trainingPlan ? estimateTrainingMemory(resolved, benchLayout)
                                        : estimateInferenceMemory(resolved, benchLayout)).perGpuBytes;
    });
    const double memoryUs = memoryBatchS / kBatch * 1e6;

    // (b) The whole search at 4,096 GPUs.
    Plan searchPlan = plan;
    searchPlan.hardware.numGpus = kSearchGpus;
    ResolvedPlan searchResolved = resolved;
    searchResolved.plan = &searchPlan;
    SearchResult lastSearch;
    const auto [searchS, searchCpuS] = medianWallAndCpu(7, [&] { lastSearch = searchLayouts(searchResolved); });
    // ... and at the plan's own count.
    SearchResult planSearch;
    const auto [planSearchS, planSearchCpuS] = medianWallAndCpu(7, [&] { planSearch = searchLayouts(resolved); });

    // (c) Scaling curves from one node to 4 x the plan's count, on this thread alone and spread
    // over the hardware threads (the default).
    int points = 0;
    auto scalingTime = [&](bool weak, int threads) {
        ScalingOptions options;
        options.weak = weak;
        options.threads = threads;
        return medianTime(1, 5, [&] { points = computeScaling(resolved, options).count; });
    };
    const double strongS = scalingTime(false, 1);
    const double weakS = scalingTime(true, 1);
    const double strongParallelS = scalingTime(false, 0);

    // (d) The procurement planner: every catalog GPU x counts x ways of paying, with the constraints
    // of docs/procurement.md's example ($30 M, 240 days).
    ProcureRequest procureRequest;
    procureRequest.budgetUsd = 30e6;
    procureRequest.deadlineDays = 240;
    ProcureResult lastProcure;
    std::string procureError;
    const bool training = plan.workload.mode == Mode::Training;   // procure plans training runs
    double procureS = 0, procureCpuS = 0;
    if (training) {
        std::tie(procureS, procureCpuS) = medianWallAndCpu(
            5, [&] { procure(plan, catalog, procureRequest, lastProcure, procureError); }, &processCpuSeconds);
    }

    // (e) Serving plans: one serving evaluation at a load (perf/SteadyLoad.h), the percentiles
    // included: the plan's concurrency as a closed loop of fixed-length requests (the scheduler
    // simulation, as the benchmark tables are run), and an open loop at half the saturated rate.
    const bool serving = plan.workload.mode == Mode::Inference;
    double closedLoopUs = 0, openLoopUs = 0, frontierUs = 0;
    int frontierPoints = 0;
    if (serving) {
        const Layout layout = layoutFromPlan(plan);
        const ForwardCostModel m = buildForwardCost(resolved, layout);
        const InferenceWorkload &w = plan.workload.inference;
        LoadInputs in;
        in.model = &m;
        in.batching = batchingUsed(resolved);
        in.workload = {static_cast<double>(w.promptLen), static_cast<double>(w.outputLen), false};
        in.load = ServingLoad::Concurrency;
        in.concurrency = w.concurrency;
        in.maxRunning = std::max(saturatedConcurrency(resolved, layout, w.promptLen, w.outputLen), 1);
        in.mixedPrefill = resolved.engine->mixedPrefill;
        constexpr int kLoadBatch = 20;
        closedLoopUs = medianTime(5, 51, [&] {
            for (int i = 0; i < kLoadBatch; ++i)
                sink = sink + servingAtLoad(in).ttftP99S;
        }) / kLoadBatch * 1e6;
        LoadInputs open = in;
        open.workload.variableLengths = true;
        open.load = ServingLoad::Rate;
        open.ratePerReplica = 0.5 * servingPoint(m, in.batching, open.workload, in.maxRunning).requestsPerSPerReplica;
        openLoopUs = medianTime(5, 51, [&] {
            for (int i = 0; i < kLoadBatch; ++i)
                sink = sink + servingAtLoad(open).ttftP99S;
        }) / kLoadBatch * 1e6;
        // (f) The serving chart's sweep: aggregated loads and disaggregated splits, their frontiers.
        frontierUs = medianTime(3, 21, [&] {
            const ServingFrontier f = servingFrontier(resolved, layout);
            frontierPoints = f.aggregated.count + f.disaggregated.count;
            sink = sink + f.crossoverCount;
        }) * 1e6;
    }

    const unsigned cores = std::thread::hardware_concurrency();
    const std::string cpu = cpuModel();
    const double searchCallsPerS = searchS > 0 ? lastSearch.evaluateCalls / searchS : 0;
    if (args.flag("--json")) {
        nlohmann::ordered_json j = {
            {"machine", {{"cpu", cpu}, {"cores", cores}}},
            {"plan", plan.name},
            {"evaluate_us", evaluateUs},
            {"evaluations_per_s", evaluateUs > 0 ? 1e6 / evaluateUs : 0},
            {"evaluate_without_facility_us", quickUs},
            {"memory_us", memoryUs},
            {"search", {{"gpus", kSearchGpus}, {"ms", searchS * 1e3}, {"cpu_ms", searchCpuS * 1e3}, {"candidates", lastSearch.evaluated},
                        {"evaluate_calls", lastSearch.evaluateCalls}, {"time_model_calls", lastSearch.timeModelCalls},
                        {"evaluate_calls_per_s", searchCallsPerS},
                        {"feasible", lastSearch.feasible}}},
            {"search_plan_gpus", {{"gpus", plan.hardware.numGpus}, {"ms", planSearchS * 1e3},
                                  {"cpu_ms", planSearchCpuS * 1e3}, {"candidates", planSearch.evaluated},
                                  {"evaluate_calls", planSearch.evaluateCalls}, {"time_model_calls", planSearch.timeModelCalls},
                                  {"feasible", planSearch.feasible}}},
            {"scaling", {{"points", points}, {"strong_ms", strongS * 1e3}, {"weak_ms", weakS * 1e3},
                         {"strong_parallel_ms", strongParallelS * 1e3}}},
            {"procure", {{"ms", procureS * 1e3}, {"cpu_ms", procureCpuS * 1e3}, {"options", lastProcure.options.size()},
                         {"gpu_types", lastProcure.gpusExplored.size()}, {"layouts_evaluated", lastProcure.evaluated},
                         {"model_calls", lastProcure.modelCalls}}},
            {"serving_at_load", {{"closed_loop_us", closedLoopUs}, {"open_loop_us", openLoopUs}}},
            {"serving_frontier", {{"us", frontierUs}, {"points", frontierPoints}}},
            {"targets", {{"evaluate_us", 5}, {"memory_us", 2}, {"search_ms", 100}, {"procure_ms", 100}, {"serving_at_load_us", 50}}}};
        printJson(j);
        return kOk;
    }
    std::printf("Machine: %s, %u cores\nPlan: %s\n\n", cpu.c_str(), cores, plan.name.c_str());
    std::printf("  one evaluation (memory + time + facility)  %10.2f us   (target <= 5 us; %.0f evaluations/s)\n",
                evaluateUs, evaluateUs > 0 ? 1e6 / evaluateUs : 0.0);
    std::printf("  memory + time only (search first stage)   %10.2f us\n", quickUs);
    std::printf("  memory model only (timeline of the step)  %10.2f us   (target <= 2 us)\n", memoryUs);
    std::printf("  layout search, %d GPUs                   %10.1f ms   (target <= 100 ms; CPU %.1f ms; %lld candidates, "
                "%lld evaluations, %lld timed, %.0f evaluations/s)\n",
                kSearchGpus, searchS * 1e3, searchCpuS * 1e3, lastSearch.evaluated, lastSearch.evaluateCalls,
                lastSearch.timeModelCalls, searchCallsPerS);
    std::printf("  layout search, the plan's %5d GPUs       %10.1f ms   (CPU %.1f ms; %lld candidates, %lld evaluations, "
                "%lld timed)\n",
                plan.hardware.numGpus, planSearchS * 1e3, planSearchCpuS * 1e3, planSearch.evaluated,
                planSearch.evaluateCalls, planSearch.timeModelCalls);
    std::printf("  strong scaling curve (%2d points)          %10.1f ms   (one thread; %.1f ms on %u threads)\n", points,
                strongS * 1e3, strongParallelS * 1e3, cores);
    std::printf("  weak scaling curve (%2d points)            %10.1f ms   (one thread)\n", points, weakS * 1e3);
    if (serving) {
        std::printf("  serving at load, closed loop (simulated)   %10.2f us   (target <= 50 us; concurrency %d, P99 included)\n",
                    closedLoopUs, plan.workload.inference.concurrency);
        std::printf("  serving at load, open loop (half capacity) %10.2f us   (target <= 50 us)\n", openLoopUs);
        std::printf("  serving frontier (%3d points)              %10.1f us   (the serving chart's sweep; its tab <= 16 ms)\n",
                    frontierPoints, frontierUs);
    }
    if (training)
        std::printf("  procure, $30 M and 240 days                %10.1f ms   (target <= 100 ms; CPU %.1f ms, both threads; "
                    "%zu options over %zu GPU types, %lld layouts, %lld model calls)\n",
                    procureS * 1e3, procureCpuS * 1e3, lastProcure.options.size(), lastProcure.gpusExplored.size(),
                    lastProcure.evaluated, lastProcure.modelCalls);
    return kOk;
}

} // namespace gpuplan::cli

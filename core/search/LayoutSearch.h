// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"
#include "search/RejectReasons.h"

#include <array>
#include <atomic>
#include <functional>
#include <span>
#include <vector>

// The auto-planner: every valid parallel layout of a plan for its GPU count (or a range of
// counts), evaluated with evaluate(), ranked by an objective. docs/search.md describes what is
// enumerated, the constraints and why the pruning rules never drop a layout that could win.
namespace gpuplan {

class GroupBoundCarry;   // search/TimeBound.h

enum class SearchObjective : unsigned char { Time, Cost, Energy };

struct SearchProgress
{
    long long candidatesDone = 0;
    long long candidatesTotal = 0;
    long long evaluateCalls = 0;
    double bestTokensPerS = 0;     // fastest feasible layout so far; 0 while none
};

using EvaluateFn = Evaluation (*)(const ResolvedPlan &, const Layout &);

struct SearchOptions
{
    SearchObjective objective = SearchObjective::Time;
    int top = 10;                     // best layouts kept
    int minGpus = 0;                  // 0 = the plan's count
    int maxGpus = 0;                  // 0 = minGpus
    // Space (docs/search.md "What is enumerated").
    bool tpBeyondNode = false;        // TP larger than one node's GPUs
    bool unevenPipeline = false;      // PP that does not divide the layers (Megatron uneven first/last stages)
    bool allShardings = true;         // Megatron, DeepSpeed and FSDP; false = the plan's implementation only
    bool allowOffload = true;         // CPU offload of optimizer states / parameters
    int maxCp = 32;                   // context-parallel ranks at most
    int minTokensPerCpRank = 1024;    // CP only while every rank keeps this many tokens of the sequence
    int maxConcurrency = 4096;        // inference: largest concurrency per replica tried
    // Serving: also try disaggregated deployments (a prefill pool and a decode pool of the plan's
    // GPU, docs/search.md "Disaggregated pools"), ranked with the aggregated layouts in one list.
    // false = the aggregated layouts only, exactly as without this option.
    bool disaggregated = true;
    // Pruning (docs/search.md "Pruning"). false = evaluate every candidate (the reference the
    // tests compare the pruned search with).
    bool prune = true;
    // Layouts whose groups (their TP, CP, PP, VP, EP and micro-batch, at each count searched) are
    // searched before the others, e.g. the best of the previous count of a ladder: a good incumbent
    // early lets the time bounds skip more. Order only: the best list and front are the same with
    // and without them (docs/search.md "Pruning"). The caller keeps the layouts alive.
    std::span<const Layout> firstGroups;
    // Layout-group time bounds carried from the previous, smaller count of a ladder of one-count
    // searches of the same plan (docs/search.md "Pruning", rule 9); null = none. Same answers.
    GroupBoundCarry *carriedBounds = nullptr;
    // Evaluation function; null = evaluate(). Tests substitute models with known properties.
    EvaluateFn evaluator = nullptr;
    // Progress and cancellation for callers on a worker thread. The callback runs on the search's
    // thread about every progressEvery candidates; cancel is polled between layout groups.
    std::function<void(const SearchProgress &)> onProgress;
    long long progressEvery = 20000;
    const std::atomic<bool> *cancel = nullptr;
};

// One ranked layout with the numbers the ranking used. Inference: tokensPerS is the output rate of
// all replicas, stepTimeS the time per output token, costUsd and energyMwh per million output tokens.
struct SearchCandidate
{
    Layout layout;
    double objective = 0;            // lower is better (time: s per token; cost: USD; energy: MWh)
    double stepTimeS = 0;
    double tokensPerS = 0;
    double mfu = 0;
    double perGpuBytes = 0;
    double timeToTrainS = 0;         // training
    double gpuHours = 0;             // training
    double costUsd = 0;
    bool costKnown = false;          // false: no price in the plan or catalog (cost objective ranks GPU-hours)
    double energyMwh = 0;
    double ttftMs = 0;               // inference
    double tpotMs = 0;               // inference
    int replicas = 0;                // inference: replicas; disaggregated: workers of both pools
    // Disaggregated serving (workload.inference.serving_mode = disaggregated): the two pools as the
    // plan format names them, and the KV path between them; layout.microBatch is the requests in
    // flight over the whole deployment. The layout's tp, pp and dp are the plan's and unused.
    bool disaggregated = false;
    InferenceWorkload::Pool prefill;
    InferenceWorkload::Pool decode;
    KvTransferPath kvTransfer = KvTransferPath::Network;

    // The two axes of the Pareto front: training time to train vs cost per run; inference time
    // per output token vs cost per million tokens (GPU-hours when no price is known).
    double paretoTime = 0;
    double paretoCost() const { return costKnown ? costUsd : gpuHours; }
};

struct SearchResult
{
    Mode mode = Mode::Training;
    SearchObjective objective = SearchObjective::Time;
    std::vector<SearchCandidate> best;      // best first
    std::vector<SearchCandidate> pareto;    // non-dominated in (paretoTime, paretoCost), fastest first
    std::vector<int> gpuCounts;             // the counts searched
    // Candidate accounting: every enumerated layout is either feasible or rejected for exactly one
    // reason, so evaluated == feasible + sum(rejected).
    long long evaluated = 0;
    long long feasible = 0;
    RejectCounts rejected{};
    long long evaluateCalls = 0;            // evaluate() calls actually made (memory-first ones included)
    long long timeModelCalls = 0;           // of those, the ones that reached the time model
    bool cancelled = false;
};

SearchResult searchLayouts(const ResolvedPlan &plan, const SearchOptions &options = {});

// Number of candidates searchLayouts() would consider (no evaluation): for progress bars and tests.
long long countCandidates(const ResolvedPlan &plan, const SearchOptions &options = {});

// GPU counts of a range: min, max, the plan's own count when inside, and the powers of two and
// 1.5 x powers of two in between (whole nodes once at least one node).
std::vector<int> gpuCountsInRange(int minGpus, int maxGpus, int planGpus, int gpusPerNode);

const char *objectiveName(SearchObjective objective);

// The same deployment: layout, serving mode and pools.
bool sameDeployment(const SearchCandidate &a, const SearchCandidate &b);

// Writes a result into a plan, as "apply this result" does: the layout fields (writeLayout) and,
// for a serving plan, the serving mode, and for a disaggregated result its pools, KV path and the
// closed loop it was evaluated at (load = concurrency, the only load the pools are evaluated at).
// evaluate() of the plan then gives the result's figures.
void applySearchCandidate(const SearchCandidate &candidate, Plan &plan);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "search/LayoutSearch.h"
#include "search/LayoutSpace.h"
#include "search/SearchObjective.h"
#include "search/SearchRanking.h"

// What one search run carries between layout groups: the rankings so far, the candidate
// accounting, progress and cancellation. Internal to core/search.
//
// Two stages (docs/search.md "Objectives"): at one GPU count, candidates are evaluated without the
// facility model and ranked by time, because there the cost and energy of a run grow with its
// duration. The count's best by time and its time/cost front are then evaluated in full and
// ranked by the requested objective across all counts.
namespace gpuplan {

class SearchState
{
public:
    SearchState(const ResolvedPlan &plan, const SearchOptions &options, SearchResult &result);

    void setTotal(long long candidates) { m_total = candidates; }
    // Starts the candidates of one GPU count; plan is the plan with that count.
    void beginCount(const ResolvedPlan &plan);
    // Evaluates the count's finalists in full and ranks them by the objective.
    void endCount();
    void finish();

    const ResolvedPlan &plan() const { return *m_plan; }
    // The plan as the caller gave it (plan() is the count's copy, served as aggregated replicas).
    const Plan &sourcePlan() const { return *m_source; }
    const SearchOptions &options() const { return m_options; }
    // Scoring of the first stage: objective = time.
    const ObjectiveContext &timeObjective() const { return m_timeObjective; }

    // The first stage's full evaluation (memory and time), counted as one call.
    Evaluation evaluate(const Layout &layout);
    // Memory first (docs/search.md "Pruning"): the layout check and the memory estimate, counted
    // as one call; evaluateTime() then completes it for a layout that fits. With a substitute
    // evaluator (tests) the first call gives everything and the second does nothing.
    Evaluation evaluateMemory(const Layout &layout);
    void evaluateTime(const Layout &layout, Evaluation &e);
    // A disaggregated deployment of the count's GPUs: the plan with serving_mode = disaggregated,
    // these pools and `concurrency` requests in flight (load = concurrency), evaluated as the first
    // stage does (one call). `layout` is set to the plan's layout, which the evaluation read.
    Evaluation evaluatePools(const SearchCandidate &pools, int concurrency, Layout &layout);
    void reject(int reasonIndex, long long count) { m_result.rejected[static_cast<std::size_t>(reasonIndex)] += count; }
    void accept(const SearchCandidate &candidate);

    // True when a candidate at this count whose time objective is at least timeBound can be
    // neither among the count's best nor on its front (docs/search.md "Pruning").
    bool cannotWin(double timeBound) const;
    // The same for a serving candidate, the front included: true when, besides, a point of the
    // count's front is at least as fast per token as paretoTimeBound and cheaper than paretoCostBound.
    bool cannotWinOrFront(double timeBound, double paretoTimeBound, double paretoCostBound) const;

    // Called after each layout group with the candidates it held; false once cancelled.
    bool groupDone(long long candidates);

private:
    void reportProgress() const;
    void setPools(const SearchCandidate &pools, int concurrency);

    const ResolvedPlan *m_plan;
    const Plan *m_source;
    const SearchOptions &m_options;
    SearchResult &m_result;
    EvaluateFn m_quick;
    EvaluateFn m_full;
    // The count's plan as a disaggregated deployment; its pool fields are set per candidate (a few
    // integers: no allocation). Copied once per count.
    Plan m_pools;
    ResolvedPlan m_poolsPlan;
    ObjectiveContext m_timeObjective;
    ObjectiveContext m_objective;
    TopList m_countTop;
    ParetoFront m_countFront;
    TopList m_top;
    ParetoFront m_pareto;
    double m_bestTokensPerS = 0;
    long long m_done = 0;
    long long m_total = 0;
    long long m_nextProgress = 0;
};

// Memory-implied pruning (docs/search.md rules 2, 3 and 5) trusts only misses by more than this
// fraction of the GPU's memory: the models may be slightly non-monotone near the limit (e.g.
// kernel workspaces that shrink as the micro-batch grows), and a near miss is re-evaluated rather
// than taken as proof that lighter settings cannot fit.
inline constexpr double kNoFitMargin = 0.03;
bool clearlyOverCapacity(const MemoryResult &memory);

// Reject index of the first error among the diagnostics other than `skip`; -1 when none.
int firstErrorReason(const Diagnostics &diagnostics, DiagCode skip = DiagCode::Count);

// Per-count search loops (TrainingSearch.cpp, InferenceSearch.cpp, DisaggregatedSearch.cpp).
void searchTrainingCount(SearchState &state, int numGpus);
void searchInferenceCount(SearchState &state, int numGpus);
void searchDisaggregatedCount(SearchState &state, int numGpus);
long long countTrainingCandidates(const ResolvedPlan &plan, const SearchOptions &options, int numGpus);
long long countInferenceCandidates(const ResolvedPlan &plan, const SearchOptions &options, int numGpus);
long long countDisaggregatedCandidates(const ResolvedPlan &plan, const SearchOptions &options, int numGpus);

} // namespace gpuplan

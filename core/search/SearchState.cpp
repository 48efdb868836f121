// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/SearchState.h"

#include "evaluator/Evaluator.h"

#include <algorithm>

namespace gpuplan {

bool clearlyOverCapacity(const MemoryResult &memory)
{
    return !(memory.perGpuBytes <= memory.capacityBytes * (1 + kNoFitMargin));
}

int firstErrorReason(const Diagnostics &diagnostics, DiagCode skip)
{
    for (const Diagnostic &d : diagnostics) {
        if (d.severity == Severity::Error && d.code != skip)
            return rejectIndex(d.code);
    }
    return -1;
}

SearchState::SearchState(const ResolvedPlan &plan, const SearchOptions &options, SearchResult &result)
    : m_plan(&plan), m_source(plan.plan), m_options(options), m_result(result),
      m_quick(options.evaluator ? options.evaluator : &evaluateWithoutFacility),
      m_full(options.evaluator ? options.evaluator : static_cast<EvaluateFn>(&gpuplan::evaluate)),
      m_timeObjective(makeObjectiveContext(plan, SearchObjective::Time)),
      m_objective(makeObjectiveContext(plan, options.objective)), m_countTop(options.top), m_top(options.top),
      m_nextProgress(std::max(options.progressEvery, 1LL))
{
}

void SearchState::beginCount(const ResolvedPlan &plan)
{
    m_plan = &plan;
    if (plan.plan->workload.mode == Mode::Inference && m_options.disaggregated) {
        m_pools = *plan.plan;
        m_pools.workload.inference.servingMode = ServingMode::Disaggregated;
        m_pools.workload.inference.load = ServingLoad::Concurrency;
        m_poolsPlan = plan;
        m_poolsPlan.plan = &m_pools;
    }
    m_countTop.clear();
    m_countFront.clear();
}

Evaluation SearchState::evaluate(const Layout &layout)
{
    ++m_result.evaluateCalls;
    ++m_result.timeModelCalls;
    return m_quick(*m_plan, layout);
}

Evaluation SearchState::evaluateMemory(const Layout &layout)
{
    ++m_result.evaluateCalls;
    if (m_options.evaluator) {
        ++m_result.timeModelCalls;
        return m_options.evaluator(*m_plan, layout);
    }
    return evaluateMemoryFirst(*m_plan, layout);
}

void SearchState::evaluateTime(const Layout &layout, Evaluation &e)
{
    if (m_options.evaluator)
        return;
    ++m_result.timeModelCalls;
    evaluateTimeAfterMemory(*m_plan, layout, e);
}

void SearchState::setPools(const SearchCandidate &c, int concurrency)
{
    InferenceWorkload &w = m_pools.workload.inference;
    w.prefill = c.prefill;
    w.decode = c.decode;
    w.kvTransfer = c.kvTransfer;
    w.concurrency = concurrency;
}

Evaluation SearchState::evaluatePools(const SearchCandidate &pools, int concurrency, Layout &layout)
{
    setPools(pools, concurrency);
    layout = layoutFromPlan(m_pools);
    ++m_result.evaluateCalls;
    ++m_result.timeModelCalls;
    return m_quick(m_poolsPlan, layout);
}

void SearchState::accept(const SearchCandidate &candidate)
{
    ++m_result.feasible;
    m_countTop.offer(candidate);
    m_countFront.offer(candidate);
    m_bestTokensPerS = std::max(m_bestTokensPerS, candidate.tokensPerS);
}

bool SearchState::cannotWin(double timeBound) const
{
    // Strict: a candidate that ties could still win on the layout preference. The front of one
    // count holds its fastest layout for training (cost grows with time), so the list's bound
    // covers it; inference walks are not time-bounded.
    return m_options.prune && timeBound > m_countTop.threshold();
}

bool SearchState::cannotWinOrFront(double timeBound, double paretoTimeBound, double paretoCostBound) const
{
    if (!cannotWin(timeBound))
        return false;
    return std::any_of(m_countFront.items().begin(), m_countFront.items().end(), [&](const SearchCandidate &p) {
        return p.paretoTime <= paretoTimeBound && p.paretoCost() < paretoCostBound;
    });
}

void SearchState::endCount()
{
    std::vector<SearchCandidate> finalists = m_countTop.items();
    for (const SearchCandidate &c : m_countFront.items()) {
        if (std::none_of(finalists.begin(), finalists.end(),
                         [&](const SearchCandidate &f) { return sameDeployment(f, c); }))
            finalists.push_back(c);
    }
    for (const SearchCandidate &f : finalists) {
        ++m_result.evaluateCalls;
        ++m_result.timeModelCalls;
        if (f.disaggregated)
            setPools(f, f.layout.microBatch);
        const Evaluation e = m_full(f.disaggregated ? m_poolsPlan : *m_plan, f.layout);
        SearchCandidate c;
        const bool scored = m_result.mode == Mode::Training ? scoreTraining(m_objective, e, c) : scoreInference(m_objective, e, c);
        if (!scored)
            continue;   // the facility model only adds warnings: not expected
        if (f.disaggregated) {
            c.disaggregated = true;
            c.prefill = f.prefill;
            c.decode = f.decode;
            c.kvTransfer = f.kvTransfer;
            c.replicas = f.replicas;
        }
        m_top.offer(c);
        m_pareto.offer(c);
    }
}

void SearchState::reportProgress() const
{
    m_options.onProgress({m_done, std::max(m_total, m_done), m_result.evaluateCalls, m_bestTokensPerS});
}

bool SearchState::groupDone(long long candidates)
{
    m_done += candidates;
    if (m_options.onProgress && m_done >= m_nextProgress) {
        m_nextProgress = m_done + std::max(m_options.progressEvery, 1LL);
        reportProgress();
    }
    if (m_options.cancel && m_options.cancel->load(std::memory_order_relaxed)) {
        m_result.cancelled = true;
        return false;
    }
    return true;
}

void SearchState::finish()
{
    m_result.evaluated = m_done;
    m_result.best = m_top.items();
    m_result.pareto = m_pareto.items();
    if (m_options.onProgress)
        reportProgress();
}

} // namespace gpuplan

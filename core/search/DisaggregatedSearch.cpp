// SPDX-License-Identifier: GPL-3.0-or-later
// The disaggregated candidates of one GPU count (docs/search.md "Disaggregated pools"): a prefill
// pool of Pw workers of Ptp GPUs and a decode pool of Dw workers of Dtp GPUs filling the count
// (Pw x Ptp + Dw x Dtp = N), each decode worker running at most b requests, Dw x b requests in
// flight. Each candidate is the plan with serving_mode = disaggregated and these pools, evaluated
// by the same evaluate() as the plan itself (perf/DisaggregatedPlan.h), so a result applied to the
// plan gives its figures. Walk: per pool-TP pair, decode batches b from 1 up, and per b the
// prefill workers from few to many, with these cuts (checked against the unpruned search in
// tests/core/tst_searchdisaggregated.cpp):
//  - a decode pool that does not fit at b does not fit at any larger b (its memory depends on
//    Dtp and b alone: the weights and b requests' KV per worker), and a prefill worker whose
//    weights alone do not fit fits at no batch, nor at a larger batch than one that did not fit
//    (its memory depends on Ptp and the prompts of a pass alone);
//  - more prefill workers leave fewer decode workers, and the deployment's output is at most its
//    decode slots streaming at the TPOT seen (Dw x b / TPOT); the decode pool also fills up as the
//    prefill pool grows, so the TPOT does not fall. Once that bound misses the request rate, or
//    loses to the count's best list and to a point of its TPOT/cost front, the larger prefill
//    pools of this b are set aside; a TPOT over the target ends them too.
#include "evaluator/Evaluator.h"
#include "search/SearchState.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>

namespace gpuplan {

namespace {

// Prefill worker counts tried per pool-TP pair: every valid count up to this many, else this many
// spread evenly from the fewest to the most (the balance of the two pools can sit anywhere).
constexpr int kMaxSplits = 16;

struct PoolSpace
{
    std::vector<int> tp;      // pool TP: powers of two up to the heads and one node
    std::vector<int> batch;   // per decode worker: 1, 2, 4, ... (capped per decode TP below)
    bool applies = false;

    PoolSpace(const ResolvedPlan &plan, const SearchOptions &options, int numGpus)
    {
        const Plan &p = *plan.plan;
        if (p.workload.mode != Mode::Inference || !plan.engine || !plan.gpu || numGpus < 2 ||
            p.workload.inference.outputLen < 2)
            return;   // nothing to decode, or no second GPU for a second pool
        long long tpLimit = std::max(plan.shape.heads, 1);
        if (!options.tpBeyondNode)
            tpLimit = std::min<long long>(tpLimit, plan.gpusPerNode);
        if (plan.mig)
            tpLimit = 1;   // a MIG instance serves alone (eval/ResolvedPlan.cpp)
        tpLimit = std::min<long long>(tpLimit, numGpus - 1);
        for (int t = 1; t <= tpLimit; t *= 2)
            tp.push_back(t);
        for (int b = 1; b <= std::max(options.maxConcurrency, 1); b *= 2)
            batch.push_back(b);
        applies = !tp.empty();
    }
};

// Attention DP and EP of a pool worker: those the plan gives the pool (a disaggregated plan's own
// prefill_* or decode_* degrees, else its replica's attention_dp and ep) where they divide the
// worker's TP (and EP the experts), as a replica is served (perf/AttentionDp.h); plain TP otherwise.
void poolDegrees(const ResolvedPlan &plan, const Plan &source, int tp, bool prefill, InferenceWorkload::Pool &pool)
{
    const InferenceWorkload &w = source.workload.inference;
    const bool pools = w.servingMode == ServingMode::Disaggregated;
    const int dp = pools ? (prefill ? w.prefill : w.decode).attentionDp : w.attentionDp;
    const int ep = pools ? (prefill ? w.prefill : w.decode).ep : w.ep;
    pool.tp = tp;
    pool.attentionDp = dp > 1 && tp % dp == 0 ? dp : 1;
    const int experts = plan.shape.moeLayers > 0 ? plan.shape.experts : 0;
    pool.ep = ep > 1 && experts > 0 && tp % ep == 0 && experts % ep == 0 ? ep : 1;
}

// The decode batches tried for a decode worker: up to the engine's running requests per instance
// (max_num_seqs) on each attention-DP rank.
int batchCount(const ResolvedPlan &plan, const PoolSpace &space, int attentionDp)
{
    const long long cap = static_cast<long long>(std::max(plan.engine->maxBatch, 1)) * std::max(attentionDp, 1);
    return static_cast<int>(std::count_if(space.batch.begin(), space.batch.end(), [cap](int b) { return b <= cap; }));
}

// Prefill worker counts Pw with a whole decode pool (N - Pw x Ptp a positive multiple of Dtp),
// increasing; at most kMaxSplits of them.
int prefillCounts(int numGpus, int prefillTp, int decodeTp, std::array<int, kMaxSplits> &out)
{
    const int most = (numGpus - decodeTp) / prefillTp;
    if (most < 1)
        return 0;
    const int step = decodeTp / std::gcd(prefillTp, decodeTp);   // Pw changes by this between valid counts
    int first = 0;
    for (int pw = 1; pw <= std::min(most, step); ++pw) {
        if ((numGpus - pw * prefillTp) % decodeTp == 0) {
            first = pw;
            break;
        }
    }
    if (first == 0)
        return 0;
    const int valid = (most - first) / step + 1;
    const int n = std::min(valid, kMaxSplits);
    int count = 0;
    for (int i = 0; i < n; ++i) {
        const int k = n > 1 ? static_cast<int>(std::lround(static_cast<double>(i) * (valid - 1) / (n - 1))) : 0;
        const int pw = first + k * step;
        if (count == 0 || pw > out[static_cast<std::size_t>(count - 1)])
            out[static_cast<std::size_t>(count++)] = pw;
    }
    return count;
}

// The prompts a prefill worker takes per pass: what its share of the requests in flight asks
// for, within the engine's tokens per step and running requests (as the serving frontier's pools).
int prefillBatch(const ResolvedPlan &plan, int concurrency, int prefillWorkers)
{
    const double prompt = std::max(plan.plan->workload.inference.promptLen, 1);
    const double budget = std::clamp(std::floor(plan.engine->maxTokensPerStep / prompt), 1.0,
                                     static_cast<double>(std::max(plan.engine->maxBatch, 1)));
    const double share = std::ceil(static_cast<double>(concurrency) / std::max(prefillWorkers, 1));
    return static_cast<int>(std::min(budget, std::max(share, 1.0)));
}

bool overCapacity(const DisaggregatedPoolResult &pool)
{
    return !(pool.perGpuBytes <= pool.capacityBytes * (1 + kNoFitMargin));
}

int poolError(const Diagnostics &diagnostics)
{
    for (const Diagnostic &d : diagnostics) {
        if (d.severity == Severity::Error && d.code != DiagCode::DoesNotFit && d.code != DiagCode::TtftTargetMissed &&
            d.code != DiagCode::TpotTargetMissed)
            return rejectIndex(d.code);
    }
    return -1;
}

template <typename Visit>
void forEachPair(const ResolvedPlan &plan, const Plan &source, const PoolSpace &space, int numGpus, Visit &&visit)
{
    std::array<int, kMaxSplits> splits{};
    for (const int ptp : space.tp) {
        for (const int dtp : space.tp) {
            const int n = prefillCounts(numGpus, ptp, dtp, splits);
            if (n == 0)
                continue;
            InferenceWorkload::Pool decode;
            poolDegrees(plan, source, dtp, false, decode);
            const int batches = batchCount(plan, space, decode.attentionDp);
            if (!visit(ptp, dtp, splits, n, batches))
                return;
        }
    }
}

// The walk over one pool-TP pair (rules in the file comment and docs/search.md rule 10).
class PairWalk
{
public:
    PairWalk(SearchState &state, const PoolSpace &space, int numGpus, int ptp, int dtp,
             const std::array<int, kMaxSplits> &splits, int n, KvTransferPath kvPath)
        : m_state(state), m_plan(state.plan()), m_prune(state.options().prune), m_space(space), m_numGpus(numGpus),
          m_ptp(ptp), m_dtp(dtp), m_splits(splits), m_n(n)
    {
        const InferenceWorkload &w = m_plan.plan->workload.inference;
        m_requestRate = w.requestRate;
        m_outputLen = std::max(w.outputLen, 1);
        m_pools.disaggregated = true;
        m_pools.kvTransfer = kvPath;
        poolDegrees(m_plan, state.sourcePlan(), ptp, true, m_pools.prefill);
        poolDegrees(m_plan, state.sourcePlan(), dtp, false, m_pools.decode);
    }

    void run(int batches)
    {
        for (int bi = 0; bi < batches; ++bi) {
            if (m_pairImplied >= 0) {
                m_state.reject(m_pairImplied, m_n);
                continue;
            }
            walkBatch(m_space.batch[static_cast<std::size_t>(bi)]);
        }
    }

private:
    int decodeWorkers(int si) const { return (m_numGpus - m_splits[static_cast<std::size_t>(si)] * m_ptp) / m_dtp; }

    // Sets the pools of split si at decode batch b; returns the requests in flight.
    int setPools(int si, int b)
    {
        const int pw = m_splits[static_cast<std::size_t>(si)];
        const int dw = decodeWorkers(si);
        const int concurrency = dw * b;
        m_pools.prefill.workers = pw;
        m_pools.prefill.batch = prefillBatch(m_plan, concurrency, pw);
        m_pools.decode.workers = dw;
        m_pools.decode.batch = b;
        return concurrency;
    }

    // Evaluates split si as a candidate: counted, accepted or rejected, and the bound for the
    // larger prefill pools of this b applied (m_implied).
    void visit(int si, int b)
    {
        const int concurrency = setPools(si, b);
        if (m_prefillNoFit > 0 && m_pools.prefill.batch >= m_prefillNoFit) {
            m_state.reject(rejectIndex(SearchReject::NotFitImplied), 1);
            return;
        }
        Layout layout;
        const Evaluation e = m_state.evaluatePools(m_pools, concurrency, layout);
        const DisaggregatedResult &d = e.inference.disaggregated;
        if (!e.memory.fits) {
            m_state.reject(rejectIndex(DiagCode::DoesNotFit), 1);
            // A decode pool that does not fit at b does not at a larger b; a prefill worker whose
            // weights alone overflow fits at no batch, and one that does not fit at its batch at
            // no larger batch.
            if (m_prune && d.active &&
                (overCapacity(d.decode) || d.prefill.weightBytes > d.prefill.capacityBytes * (1 + kNoFitMargin)))
                m_pairImplied = m_implied = rejectIndex(SearchReject::NotFitImplied);
            else if (m_prune && d.active && overCapacity(d.prefill))
                m_prefillNoFit =
                    m_prefillNoFit > 0 ? std::min(m_prefillNoFit, m_pools.prefill.batch) : m_pools.prefill.batch;
            return;
        }
        if (const int reason = poolError(e.diagnostics); reason >= 0) {
            m_state.reject(reason, 1);
            return;
        }
        SearchCandidate candidate;
        if (!scoreInference(m_state.timeObjective(), e, candidate)) {
            m_state.reject(rejectIndex(SearchReject::NoTimeEstimate), 1);
            return;
        }
        candidate.disaggregated = true;
        candidate.prefill = m_pools.prefill;
        candidate.decode = m_pools.decode;
        candidate.kvTransfer = m_pools.kvTransfer;
        candidate.replicas = m_pools.prefill.workers + m_pools.decode.workers;
        if (!e.inference.meetsTtft) {
            m_state.reject(rejectIndex(DiagCode::TtftTargetMissed), 1);   // more prefill workers may meet it
        } else if (!e.inference.meetsTpot) {
            m_state.reject(rejectIndex(DiagCode::TpotTargetMissed), 1);
            if (m_prune)
                m_implied = rejectIndex(SearchReject::LatencyImplied);
            return;
        } else if (m_requestRate > 0 && e.inference.requestsPerSPerReplica < m_requestRate) {
            m_state.reject(rejectIndex(SearchReject::RequestRateNotMet), 1);
        } else {
            m_state.accept(candidate);
        }
        const double tpotS = e.inference.decodeMsPerToken / 1e3;
        if (!m_prune || si + 1 >= m_n || !(tpotS > 0))
            return;
        // Every larger prefill pool of this b: at most the next one's decode slots streaming at this TPOT.
        const double tokensBound = static_cast<double>(decodeWorkers(si + 1)) * b / tpotS;
        if (m_requestRate > 0 && tokensBound / m_outputLen < m_requestRate)
            m_implied = rejectIndex(SearchReject::RequestRateNotMet);
        else if (m_state.cannotWinOrFront(1.0 / tokensBound, candidate.paretoTime,
                                          candidate.paretoCost() * candidate.tokensPerS / tokensBound))
            m_implied = rejectIndex(SearchReject::CannotBeatBest);
    }

    void walkBatch(int b)
    {
        m_implied = -1;
        for (int si = 0; si < m_n; ++si) {
            if (m_implied >= 0) {
                m_state.reject(m_implied, 1);
                continue;
            }
            visit(si, b);
        }
    }

    SearchState &m_state;
    const ResolvedPlan &m_plan;
    const bool m_prune;
    const PoolSpace &m_space;
    const int m_numGpus, m_ptp, m_dtp;
    const std::array<int, kMaxSplits> &m_splits;
    const int m_n;
    double m_requestRate = 0;
    double m_outputLen = 1;
    SearchCandidate m_pools;
    int m_pairImplied = -1;   // once set, the larger decode batches are rejected for this reason
    int m_implied = -1;       // once set, the larger prefill pools of this b are rejected for it
    int m_prefillNoFit = 0;   // a prefill batch that clearly did not fit (0: none yet); larger ones do not either
};

}   // namespace

void searchDisaggregatedCount(SearchState &state, int numGpus)
{
    const ResolvedPlan &plan = state.plan();
    const PoolSpace space(plan, state.options(), numGpus);
    if (!space.applies)
        return;
    // Both pools in one node hand the KV over NVLink, as the serving frontier's do; else the plan's path.
    const KvTransferPath kvPath =
        numGpus <= std::max(plan.gpusPerNode, 1) ? KvTransferPath::NvLink : plan.plan->workload.inference.kvTransfer;
    forEachPair(plan, state.sourcePlan(), space, numGpus,
                [&](int ptp, int dtp, const std::array<int, kMaxSplits> &splits, int n, int batches) {
                    PairWalk(state, space, numGpus, ptp, dtp, splits, n, kvPath).run(batches);
                    return state.groupDone(static_cast<long long>(n) * batches);
                });
}

long long countDisaggregatedCandidates(const ResolvedPlan &plan, const SearchOptions &options, int numGpus)
{
    const PoolSpace space(plan, options, numGpus);
    if (!space.applies)
        return 0;
    long long total = 0;
    forEachPair(plan, *plan.plan, space, numGpus,
                [&](int, int, const std::array<int, kMaxSplits> &, int n, int batches) {
                    total += static_cast<long long>(n) * batches;
                    return true;
                });
    return total;
}

}   // namespace gpuplan

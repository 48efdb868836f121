// SPDX-License-Identifier: GPL-3.0-or-later
// The inference search of one GPU count: replicas of TP x PP GPUs, each serving a number of
// concurrent sequences, under the plan's latency targets and request rate. Concurrencies are
// tried smallest first: memory and latency only grow with it, so the first that does not fit or
// misses a target ends the walk (docs/search.md).
#include "evaluator/Evaluator.h"
#include "search/SearchState.h"

#include <algorithm>

namespace gpuplan {

namespace {

struct InferenceSpace
{
    std::vector<int> tp, pp, concurrency;

    InferenceSpace(const ResolvedPlan &plan, const SearchOptions &options, int numGpus)
    {
        long long tpLimit = std::max(plan.shape.heads, 1);
        if (!options.tpBeyondNode)
            tpLimit = std::min<long long>(tpLimit, plan.gpusPerNode);
        if (plan.mig)
            tpLimit = 1;   // a MIG instance serves its replica alone (eval/ResolvedPlan.cpp)
        powersOfTwoDividing(numGpus, tpLimit, tp);
        for (int c = 1; c <= std::max(options.maxConcurrency, 1); c *= 2)
            concurrency.push_back(c);
    }

    void ppFor(const ResolvedPlan &plan, const SearchOptions &options, int gpusPerTp)
    {
        const int layers = std::max(plan.shape.layers, 1);
        divisorsUpTo(plan.mig ? 1 : gpusPerTp, layers, pp);
        if (!options.unevenPipeline)
            std::erase_if(pp, [layers](int p) { return layers % p != 0; });
    }

    template <typename Visit>
    void forEachReplicaShape(const ResolvedPlan &plan, const SearchOptions &options, int numGpus, Visit &&visit)
    {
        for (const int t : tp) {
            ppFor(plan, options, numGpus / t);
            for (const int p : pp) {
                if (!visit(t, p))
                    return;
            }
        }
    }
};

bool missesLatency(const InferenceResult &r, int &reason)
{
    if (!r.meetsTtft)
        reason = rejectIndex(DiagCode::TtftTargetMissed);
    else if (!r.meetsTpot)
        reason = rejectIndex(DiagCode::TpotTargetMissed);
    else
        return false;
    return true;
}

int otherError(const Diagnostics &diagnostics)
{
    for (const Diagnostic &d : diagnostics) {
        if (d.severity != Severity::Error)
            continue;
        if (d.code != DiagCode::DoesNotFit && d.code != DiagCode::ConcurrencyTooHigh && d.code != DiagCode::TtftTargetMissed &&
            d.code != DiagCode::TpotTargetMissed)
            return rejectIndex(d.code);
    }
    return -1;
}

} // namespace

void searchInferenceCount(SearchState &state, int numGpus)
{
    const ResolvedPlan &plan = state.plan();
    const SearchOptions &options = state.options();
    const double requestRate = plan.plan->workload.inference.requestRate;
    InferenceSpace space(plan, options, numGpus);
    const long long perShape = static_cast<long long>(space.concurrency.size());
    Layout base = layoutFromPlan(*plan.plan);
    base.numGpus = numGpus;
    base.cp = base.ep = base.vp = 1;
    space.forEachReplicaShape(plan, options, numGpus, [&](int tp, int pp) {
        Layout l = base;
        l.tp = tp;
        l.pp = pp;
        l.dp = numGpus / (tp * pp);   // replicas
        Diagnostics diagnostics;
        checkLayout(plan, l, diagnostics);
        if (const int reason = firstErrorReason(diagnostics); reason >= 0) {
            state.reject(reason, perShape);
            return state.groupDone(perShape);
        }
        int implied = -1;   // once set, the larger concurrencies are rejected for this reason
        for (const int c : space.concurrency) {
            if (implied >= 0) {
                state.reject(implied, 1);
                continue;
            }
            l.microBatch = c;
            const Evaluation e = state.evaluate(l);
            int reason = -1;
            SearchCandidate candidate;
            if (!e.memory.fits || e.diagnostics.has(DiagCode::ConcurrencyTooHigh)) {
                state.reject(rejectIndex(DiagCode::DoesNotFit), 1);
                if (options.prune && (clearlyOverCapacity(e.memory) || e.diagnostics.has(DiagCode::ConcurrencyTooHigh)))
                    implied = rejectIndex(SearchReject::NotFitImplied);
            } else if (reason = otherError(e.diagnostics); reason >= 0) {
                state.reject(reason, 1);
            } else if (!scoreInference(state.timeObjective(), e, candidate)) {
                state.reject(rejectIndex(SearchReject::NoTimeEstimate), 1);
            } else if (missesLatency(e.inference, reason)) {
                state.reject(reason, 1);
                if (options.prune)
                    implied = rejectIndex(SearchReject::LatencyImplied);
            } else if (requestRate > 0 && l.dp * e.inference.requestsPerSPerReplica < requestRate) {
                state.reject(rejectIndex(SearchReject::RequestRateNotMet), 1);
            } else {
                state.accept(candidate);
            }
        }
        return state.groupDone(perShape);
    });
}

long long countInferenceCandidates(const ResolvedPlan &plan, const SearchOptions &options, int numGpus)
{
    InferenceSpace space(plan, options, numGpus);
    long long total = 0;
    const long long perShape = static_cast<long long>(space.concurrency.size());
    space.forEachReplicaShape(plan, options, numGpus, [&](int, int) {
        total += perShape;
        return true;
    });
    return total;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"
#include "perf/ForwardCost.h"

#include <algorithm>
#include <cmath>

// Serving one replica under a batching policy (docs/performance-model.md "Batching and queueing").
// All figures are at the capacity point: the replica is kept full (`concurrency` sequences in
// flight, or batches of that size), as when sizing a deployment for its peak request rate.
namespace gpuplan {

struct ServingWorkload
{
    double promptLen = 1;
    double outputLen = 1;           // mean output tokens per request (the first comes from prefill)
    // true: output lengths vary, uniform on [1, 2 outputLen - 1] (ESTIMATE for chat traffic);
    // false: every response has exactly outputLen tokens (fixed-length benchmarks).
    bool variableLengths = true;
    // Share of each prompt found in the prefix cache (not prefilled); the attention still covers it.
    double prefixHit = 0;
    // Speculative decoding: draft tokens per step (0 = off) and each one's acceptance chance.
    double specTokens = 0;
    double specAcceptance = 0;
};

// Tokens a speculative decode step yields on average: 1 + a + a^2 + ... + a^k for k draft tokens
// each accepted with chance a given the one before (1 without speculative decoding).
inline double acceptedTokensPerStep(const ServingWorkload &w)
{
    const double k = std::max(w.specTokens, 0.0);
    const double a = std::clamp(w.specAcceptance, 0.0, 0.99);
    return k > 0 ? (1.0 - std::pow(a, k + 1.0)) / (1.0 - a) : 1.0;
}

struct ServingPoint
{
    double concurrency = 0;
    double ttftS = 0;               // time to first token, queueing at the capacity point included
    double tpotS = 0;               // mean time per output token after the first
    double e2eS = 0;                // ttft + (outputLen - 1) x tpot
    double tokensPerSPerReplica = 0;
    double requestsPerSPerReplica = 0;
};

// Static: a batch of `concurrency` requests is prefilled together, then decoded until its LONGEST
// response ends; finished sequences keep their slots (padding), so every step costs a full batch.
// Dynamic: requests that arrive while a batch runs form the next batch; finished sequences leave
// the batch, so its steps get cheaper as it drains, but new requests still wait for the whole
// batch. For both, a request waits on average half a batch cycle for the running batch.
// Continuous: in-flight batching with chunked prefill (perf/InflightBatching.h), the step the
// saturated validation rows check; a slot freed by a finished sequence is refilled at once.
// This is the one model of throughput and latency against concurrency: the serving curve, the
// plan's point, the saturated point, capacity sizing and the validation all call it.
ServingPoint servingPoint(const ForwardCostModel &m, Batching batching, const ServingWorkload &w, double concurrency);

} // namespace gpuplan

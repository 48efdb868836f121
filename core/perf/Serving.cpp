// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Serving.h"

#include "perf/Decode.h"
#include "perf/Prefill.h"

#include <algorithm>

namespace gpuplan {

namespace {

// Expected longest of `concurrency` output lengths uniform on [1, maxLen]: maxLen x c / (c + 1)
// in the continuous approximation, never below the mean.
double expectedLongest(const ServingWorkload &w, double concurrency)
{
    if (!w.variableLengths)
        return w.outputLen;
    const double maxLen = 2.0 * w.outputLen - 1.0;
    return std::max(w.outputLen, (maxLen + 1.0) * concurrency / (concurrency + 1.0));
}

ServingPoint runToCompletion(const ForwardCostModel &m, bool dropFinished, const ServingWorkload &w, double c)
{
    ServingPoint p;
    p.concurrency = c;
    const double longest = expectedLongest(w, c);
    const double steps = std::max(longest - 1.0, 0.0);
    const double prefill = prefillTime(m, c, w.promptLen);
    const double decode = dropFinished && w.variableLengths
                              ? decodeTotalTimeShrinking(m, c, w.promptLen, 2.0 * w.outputLen - 1.0, steps)
                              : decodeTotalTime(m, c, w.promptLen, steps);
    const double cycle = prefill + decode;
    p.tpotS = steps > 0 ? decode / steps : 0.0;
    p.ttftS = prefill + 0.5 * cycle;
    p.e2eS = p.ttftS + (w.outputLen - 1.0) * p.tpotS;
    p.tokensPerSPerReplica = cycle > 0 ? c * w.outputLen / cycle : 0.0;
    return p;
}

ServingPoint continuous(const ForwardCostModel &m, const ServingWorkload &w, double c)
{
    ServingPoint p;
    p.concurrency = c;
    const double n = w.outputLen;
    // Steady state: the other c - 1 sequences are spread uniformly over their responses (mean
    // context prompt + n/2) while the tagged sequence's own context grows from the prompt, so the
    // batch's mean context grows by 1/c per step. Its decode latency is the sum over its steps.
    const double steps = n - 1.0;
    const double startContext = ((c - 1.0) * (w.promptLen + 0.5 * n) + w.promptLen) / c;
    const double decode = decodeTotalTime(m, c, startContext, steps, 1.0 / c) / steps;
    // A request holds its slot for n - 1 decode steps, so c / (n - 1) prompts are admitted per
    // step; they are prefilled together (at least one per prefill pass) and the prefill stalls
    // every sequence of the batch. Each step yields c decode tokens plus the first tokens of the
    // admitted requests.
    const double admitted = c / steps;
    const double perPass = std::max(admitted, 1.0);
    const double prefill = prefillTime(m, perPass, w.promptLen);
    p.tpotS = decode + admitted * prefill / perPass;
    p.ttftS = 0.5 * p.tpotS + prefill;
    p.e2eS = p.ttftS + steps * p.tpotS;
    p.tokensPerSPerReplica = p.tpotS > 0 ? c * n / steps / p.tpotS : 0.0;
    return p;
}

} // namespace

ServingPoint servingPoint(const ForwardCostModel &m, Batching batching, const ServingWorkload &w, double concurrency)
{
    const double c = std::max(concurrency, 1.0);
    ServingPoint p;
    if (!m.valid)
        return p;
    // Prefill-only requests (one output token): every policy runs batches of prefills.
    if (w.outputLen <= 1.0 || batching == Batching::Static)
        p = runToCompletion(m, false, w, c);
    else if (batching == Batching::Dynamic)
        p = runToCompletion(m, true, w, c);
    else
        p = continuous(m, w, c);
    p.requestsPerSPerReplica = w.outputLen > 0 ? p.tokensPerSPerReplica / w.outputLen : 0.0;
    return p;
}

} // namespace gpuplan

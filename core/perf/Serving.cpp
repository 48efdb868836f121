// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Serving.h"

#include "perf/Decode.h"
#include "perf/InflightBatching.h"
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

} // namespace

ServingPoint servingPoint(const ForwardCostModel &m, Batching batching, const ServingWorkload &w, double concurrency)
{
    const double c = std::max(concurrency, 1.0);
    ServingPoint p;
    if (!m.valid)
        return p;
    if (batching == Batching::Continuous)
        p = inflightPoint(m, w, c);
    else if (w.outputLen <= 1.0 || batching == Batching::Static)
        p = runToCompletion(m, false, w, c);   // prefill-only requests: batches of prefills
    else
        p = runToCompletion(m, true, w, c);
    p.requestsPerSPerReplica = w.outputLen > 0 ? p.tokensPerSPerReplica / w.outputLen : 0.0;
    return p;
}

} // namespace gpuplan

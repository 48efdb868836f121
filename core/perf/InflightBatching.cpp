// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/InflightBatching.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// One pass split into the pipeline's micro-batches (as decodeStepTime): with pp stages the
// sequences go through in up to pp groups, each stage busy with one group at a time.
// A speculative step verifies `tokensPerDecode` tokens of each decoding sequence in one pass: the
// draft tokens go through the GEMMs like prompt tokens, while the sequence's KV is read once.
double passTime(const ForwardCostModel &m, double decoding, double context, double prefillTokens, double promptLen,
                double firstTokens, double tokensPerDecode = 1.0)
{
    const double groups = std::clamp(decoding + firstTokens, 1.0, static_cast<double>(m.pp));
    const double drafts = decoding * (tokensPerDecode - 1.0);
    return mixedPassTime(m, decoding / groups, context, (prefillTokens + drafts) / groups, promptLen,
                         firstTokens / groups) +
           m.sequenceStepOverhead * (decoding + firstTokens);
}

ServingPoint prefillOnly(const ForwardCostModel &m, const ServingWorkload &w, double c)
{
    ServingPoint p;
    p.concurrency = c;
    const double prompt = std::max(w.promptLen, 1.0);
    const double tokens = std::min(c * prompt, std::max(m.maxTokensPerStep, prompt));
    const double first = tokens / prompt;
    const double step = passTime(m, 0.0, 0.0, tokens, prompt, first) + m.prefillOverhead;
    p.ttftS = 0.5 * step + step * std::max(c * prompt / tokens, 1.0);
    p.e2eS = p.ttftS;
    p.tokensPerSPerReplica = step > 0 ? first / step : 0.0;
    return p;
}

} // namespace

ServingPoint inflightPoint(const ForwardCostModel &m, const ServingWorkload &w, double concurrency)
{
    const double c = std::max(concurrency, 1.0);
    if (!m.valid)
        return {};
    if (w.outputLen <= 1.0)
        return prefillOnly(m, w, c);
    ServingPoint p;
    p.concurrency = c;
    // Speculative decoding: 1 + k tokens verified per pass, 1 + a + ... + a^k of them accepted.
    const double accepted = acceptedTokensPerStep(w);
    const double n = (w.outputLen - 1.0) / accepted;   // decode passes per request
    // Prompt tokens found in the prefix cache are not prefilled (their KV is read, not computed).
    const double prompt = std::max(w.promptLen * (1.0 - std::clamp(w.prefixHit, 0.0, 0.99)), 1.0);
    const double budget = std::max(m.maxTokensPerStep, 1.0);
    // Decoding sequences the budget allows when each brings its share of prompt tokens.
    const double budgetLimited = budget / (1.0 + prompt / n);
    double decoding = std::min(c * n / (n + 1.0), budgetLimited);
    double prefillPasses = 1.0;
    for (int i = 0; i < 4; ++i) {   // d and k depend on each other; converges in a few rounds
        prefillPasses = std::max(1.0, prompt / std::max(budget - decoding, 1.0));
        decoding = std::min(c * n / (n + prefillPasses), budgetLimited);
    }
    // Little's law over the requests not decoding: they finish their prompts at d / n per pass, so
    // each spends n (c - d) / d passes prefilling. That is k while the budget leaves room; once it
    // binds, prompts also wait for room in the passes, and a longer prompt waits longer.
    prefillPasses = std::max(prefillPasses, n * (c - decoding) / decoding);
    const double prefillTokens = decoding * prompt / n;
    const double firstTokens = decoding / n;
    // Decoding sequences are spread evenly over their responses.
    const double context = std::max(w.promptLen, 1.0) + 0.5 * (w.outputLen - 1.0 + 1.0);
    const double step = passTime(m, decoding, context, prefillTokens, prompt, firstTokens, 1.0 + std::max(w.specTokens, 0.0));
    p.tpotS = step / accepted;
    // The mean pass spreads every prompt over all passes; the passes that carry this request's own
    // prompt carry all of it, so they are never shorter than its prefill beside the decodes.
    p.ttftS = 0.5 * step + std::max(prefillPasses * step, ownPromptTime(m, w, c)) + m.prefillOverhead;
    p.e2eS = p.ttftS + (w.outputLen - 1.0) * p.tpotS;
    p.tokensPerSPerReplica = step > 0 ? (decoding * accepted + firstTokens) / step : 0.0;
    p.requestsPerSPerReplica = p.tokensPerSPerReplica / w.outputLen;
    return p;
}

double ownPromptTime(const ForwardCostModel &m, const ServingWorkload &w, double inFlight)
{
    if (!m.valid)
        return 0.0;
    const double prompt = std::max(w.promptLen * (1.0 - std::clamp(w.prefixHit, 0.0, 0.99)), 1.0);
    const double budget = std::max(m.maxTokensPerStep, 1.0);
    const double n = std::max(w.outputLen - 1.0, 1.0);
    // The others decode, but for the share of them prefilling their own prompts.
    const double decoding = std::min(std::max(inFlight - 1.0, 0.0) * n / (n + 1.0), budget - 1.0);
    const double passes = std::ceil(prompt / std::max(budget - decoding, 1.0));
    const double context = std::max(w.promptLen, 1.0) + 0.5 * w.outputLen;
    return passes * passTime(m, decoding, context, prompt / passes, prompt, 1.0 / passes);
}

ArrivalWaits arrivalWaits(const ForwardCostModel &m, const ServingWorkload &w, const ServingPoint &p, double lambda)
{
    ArrivalWaits a;
    const double prompt = std::max(w.promptLen * (1.0 - std::clamp(w.prefixHit, 0.0, 0.99)), 1.0);
    const double room = std::max(m.maxTokensPerStep - p.concurrency, 1.0);
    a.serviceS = p.tpotS * std::max(prompt / room, 1.0);
    a.rho = std::max(lambda, 0.0) * a.serviceS;
    a.prefillMeanS = a.rho < 1.0 ? a.rho * a.serviceS / (2.0 * (1.0 - a.rho)) : 0.0;
    return a;
}

double prefillWaitQuantileS(const ArrivalWaits &a, double q)
{
    return a.rho < 1.0 && a.rho > 1.0 - q && a.rho > 0 ? a.prefillMeanS / a.rho * std::log(a.rho / (1.0 - q)) : 0.0;
}

double passRestSpreadS(double passS, double busy, double q)
{
    const double b = std::clamp(busy, 0.0, 1.0);
    const double rest = b > 0 ? passS * std::max(0.0, (q - (1.0 - b)) / b) : 0.0;
    return rest - 0.5 * passS;
}

} // namespace gpuplan

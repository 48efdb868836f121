// SPDX-License-Identifier: GPL-3.0-or-later
#include "perf/Disaggregated.h"

#include "perf/Capacity.h"
#include "perf/Prefill.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

// Passes of the prefill pool the q-quantile request waits: of `waves` x running requests, the
// first wave's take k passes for groups of `group` prompts (k = 1 .. passes), the later waves' one.
double passesAtQuantile(double q, double waves, double running, double group, double passes)
{
    const double firstWaveShare = q * waves - (waves - 1.0);   // of the first wave, in units of running
    if (firstWaveShare <= 0)
        return 1.0;
    return std::clamp(std::ceil(firstWaveShare * running / group - 1e-9), 1.0, passes);
}

}   // namespace

double kvTransferTime(double bytes, int senders, const CommNetwork &net)
{
    const int n = std::max(senders, 1);
    // A stride of a whole node puts the two ends on different nodes.
    return p2pTime(bytes / n, std::max(net.gpusPerNode, 1), net);
}

DisaggregatedPoint disaggregatedPoint(const DisaggregatedInputs &in)
{
    DisaggregatedPoint r;
    if (!in.prefill || !in.decode || !in.prefill->valid || !in.decode->valid || in.workload.outputLen < 2)
        return r;
    const ServingWorkload &w = in.workload;
    const double n = std::max(std::floor(in.concurrency), 1.0);
    const double prompt = std::max(w.promptLen * (1.0 - std::clamp(w.prefixHit, 0.0, 0.99)), 1.0);
    // Requests the decode pool runs at once; the others wait for a slot before their prefill (the
    // router admits a request to both pools together).
    const double running = std::min(n, std::max(std::floor(in.decodeSlots), 1.0));
    // The prefill pool: the wave's prompts in passes of promptsPerPass per worker, all workers at once.
    const double perPass = std::max(std::floor(in.promptsPerPass), 1.0);
    const double workers = std::max(in.prefillWorkers, 1);
    r.prefillPassS = prefillTime(*in.prefill, perPass, prompt);
    const double passes = std::ceil(running / (perPass * workers));
    // The j-th prompt of the first wave gets its first token after pass ceil(j / (perPass x
    // workers)): on average (passes + 1) / 2 passes; later waves arrive spread out and take one.
    const double waves = std::max(in.measuredWaves, 1.0);
    const double meanPasses = (0.5 * (passes + 1.0) + (waves - 1.0)) / waves;
    r.transferS = in.transferS;
    const double ttft = meanPasses * r.prefillPassS + r.transferS;
    // The decode pool steps every running request together, at the mean context of a response.
    const double perWorker = running / std::max(in.decodeWorkers, 1);
    const double context = w.promptLen + 0.5 * w.outputLen;
    // A decode worker runs decodes only (CUDA graphs within their sizes). The draft tokens of a
    // speculative step are not costed here, only their acceptance.
    const double step = decodeOnlyStepTime(*in.decode, perWorker, context);
    const double accepted = acceptedTokensPerStep(w);
    const double tpot = step / accepted;
    // After its first token a request waits for the rest of the wave to be prefilled only as far
    // as its decode worker runs a step per pass; decodes run in their own pool, so not at all.
    double life = ttft + (w.outputLen - 1.0) * tpot;
    r.point.concurrency = running;
    r.point.ttftS = ttft;
    r.point.tpotS = tpot;
    r.point.e2eS = life;
    r.point.requestsPerSPerReplica = life > 0 ? running / life : 0.0;
    // The prefill pool prefills at most workers x promptsPerPass prompts a pass. Where asked, a loop
    // that would run faster (few prefill workers for many decodes) runs at the prefill pool's pace: the
    // decodes then hold only the requests that pace keeps decoding (b = rate x decode time, at the
    // TPOT of b), and the others wait for a prefill pass (Little's law over the prefill stage).
    const double prefillRate = r.prefillPassS > 0 ? workers * perPass / r.prefillPassS : 0.0;
    if (in.prefillBound && prefillRate > 0 && r.point.requestsPerSPerReplica > prefillRate) {
        double decoding = running;
        double t = tpot;
        for (int i = 0; i < 8; ++i) {   // TPOT grows with b: from b = running down to the fixed point
            decoding = std::clamp(prefillRate * (w.outputLen - 1.0) * t, 1.0, running);
            t = decodeOnlyStepTime(*in.decode, decoding / std::max(in.decodeWorkers, 1), context) / accepted;
        }
        r.point.tpotS = t;
        r.point.ttftS = std::max(running / prefillRate - (w.outputLen - 1.0) * t, r.prefillPassS + r.transferS);
        life = r.point.ttftS + (w.outputLen - 1.0) * t;
        r.point.e2eS = life;
        r.point.requestsPerSPerReplica = running / life;
    }
    // Requests beyond the decode slots wait a whole life of the running ones per wave ahead of them.
    if (n > running && r.point.requestsPerSPerReplica > 0) {
        r.queued = n - running;
        const double wait = r.queued / r.point.requestsPerSPerReplica;
        r.point.ttftS += wait;
        r.point.e2eS += wait;
    }
    r.point.tokensPerSPerReplica = r.point.requestsPerSPerReplica * w.outputLen;
    // A deployment run at the prefill pool's pace (the saturated point, the serving frontier's sweeps)
    // is read for its means: every request waits alike there, and the sweeps stay as cheap as before.
    if (in.prefillBound) {
        r.ttftP50S = r.ttftP90S = r.ttftP99S = r.point.ttftS;
        r.tpotP50S = r.tpotP90S = r.tpotP99S = r.point.tpotS;
    } else {
        const double queueWait = r.point.ttftS - ttft;   // for a decode slot (n > running)
        auto ttftAt = [&](double q) {
            return passesAtQuantile(q, waves, running, perPass * workers, passes) * r.prefillPassS + r.transferS +
                   queueWait;
        };
        r.ttftP50S = ttftAt(0.5);
        r.ttftP90S = ttftAt(0.9);
        r.ttftP99S = ttftAt(0.99);
        // Round-robin over the decode workers: `heavy` of them run one request more. A request's
        // TPOT is its worker's step (the attention ranks of a worker step together).
        const double decodeWorkers = std::max(in.decodeWorkers, 1);
        const double light = std::floor(running / decodeWorkers);
        const double heavy = running - light * decodeWorkers;
        const double onHeavy = heavy * (light + 1.0) / running;   // share of the requests
        // An even split is the mean's batch: no other step to cost.
        const double tpotLight =
            heavy > 0 && light >= 1 ? decodeOnlyStepTime(*in.decode, light, context) / accepted : tpot;
        const double tpotHeavy = heavy > 0 ? decodeOnlyStepTime(*in.decode, light + 1.0, context) / accepted : tpot;
        auto tpotAt = [&](double q) { return q > 1.0 - onHeavy ? tpotHeavy : tpotLight; };
        r.tpotP50S = tpotAt(0.5);
        r.tpotP90S = tpotAt(0.9);
        r.tpotP99S = tpotAt(0.99);
    }
    r.valid = true;
    return r;
}

DisaggregatedRatePoint disaggregatedAtRate(const DisaggregatedInputs &in, double rate)
{
    DisaggregatedRatePoint r;
    if (!in.prefill || !in.decode || !in.prefill->valid || !in.decode->valid || in.workload.outputLen < 2)
        return r;
    const ServingWorkload &w = in.workload;
    const double lambda = std::max(rate, 0.0);
    const double prompt = std::max(w.promptLen * (1.0 - std::clamp(w.prefixHit, 0.0, 0.99)), 1.0);
    const double perPass = std::max(std::floor(in.promptsPerPass), 1.0);
    const int workers = std::max(in.prefillWorkers, 1);
    const double fullPass = prefillTime(*in.prefill, perPass, prompt);
    const double prefillRate = fullPass > 0 ? workers * perPass / fullPass : 0.0;
    const double decodeWorkers = std::max(in.decodeWorkers, 1);
    const double slots = std::max(std::floor(in.decodeSlots), 1.0);
    const double context = w.promptLen + 0.5 * w.outputLen;
    const double accepted = acceptedTokensPerStep(w);
    // Requests decoding at that rate: b = rate x (output - 1) x TPOT(b), from b = 1 up to the fixed point.
    double decoding = 1.0;
    double tpot = decodeOnlyStepTime(*in.decode, 1.0 / decodeWorkers, context) / accepted;
    for (int i = 0; i < 30; ++i) {
        decoding = std::max(lambda * (w.outputLen - 1.0) * tpot, 1.0);
        if (decoding > slots)
            break;
        tpot = decodeOnlyStepTime(*in.decode, decoding / decodeWorkers, context) / accepted;
    }
    const double rho = prefillRate > 0 ? lambda / prefillRate : 1.0;
    if (lambda <= 0 || rho >= 1.0 || decoding > slots) {
        // Beyond capacity: the loop with the decode pool full and the prefill pool's pace binding.
        DisaggregatedInputs full = in;
        full.concurrency = slots;
        full.prefillBound = true;
        r.point = disaggregatedPoint(full);
        r.overloaded = lambda > 0;
        r.capacityRequestsPerS = r.point.point.requestsPerSPerReplica;
        return r;
    }
    DisaggregatedPoint &p = r.point;
    p.prefillPassS = prefillTime(*in.prefill, 1.0, prompt);
    p.transferS = in.transferS;
    // Poisson arrivals, a fixed pass as the service: (Ca^2 + Cs^2) / 2 = 1/2.
    const double variability = 0.5;
    const double wait = waitMeanS(rho, workers, fullPass, variability);
    p.point.concurrency = decoding;
    p.point.ttftS = p.prefillPassS + p.transferS + wait;
    p.point.tpotS = tpot;
    p.point.e2eS = p.point.ttftS + (w.outputLen - 1.0) * tpot;
    p.point.requestsPerSPerReplica = lambda;
    p.point.tokensPerSPerReplica = lambda * w.outputLen;
    p.ttftP50S = p.prefillPassS + p.transferS + waitQuantileS(rho, workers, fullPass, variability, 0.5);
    p.ttftP90S = p.prefillPassS + p.transferS + waitQuantileS(rho, workers, fullPass, variability, 0.9);
    p.ttftP99S = p.prefillPassS + p.transferS + waitQuantileS(rho, workers, fullPass, variability, 0.99);
    p.tpotP50S = p.tpotP90S = p.tpotP99S = tpot;
    p.valid = true;
    return r;
}

} // namespace gpuplan

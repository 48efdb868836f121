// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/ForwardCost.h"
#include "perf/Serving.h"

// In-flight (continuous) batching with chunked prefill, as TensorRT-LLM, vLLM V1 and SGLang run
// it (docs/performance-model.md "In-flight batching"): every forward pass carries one token of
// each decoding sequence plus chunks of waiting prompts, up to the engine's token budget per pass.
// The figures are the steady state of a stream of requests with fixed prompt and output lengths.
namespace gpuplan {

// Steady state at `concurrency` requests in flight (admitted, holding KV blocks), with the
// engine's token budget per pass and host work per sequence from the cost model. Per pass:
// d sequences decode and d x prompt / (output - 1) prompt tokens are prefilled (each finished
// request is replaced by one whose prompt is prefilled over the next passes), with
// d + prefill tokens <= the token budget. A request spends k = prompt / (budget - d) passes (at
// least one) prefilling and output - 1 decoding, so d = concurrency (output - 1) / (output - 1 + k).
// When the budget binds, d is capped by it and the c - d requests not decoding share what is left
// of the passes: Little's law gives them k = (output - 1)(c - d) / d passes of prefill.
// TPOT = the pass time; TTFT = half a pass of waiting plus the k prefill passes, and never less than the
// request's own prompt prefilled beside the decodes (ownPromptTime; no queue for a slot);
// throughput = d output / (output - 1) tokens per pass. Prefill-only requests (output 1) fill
// each pass with prompt tokens.
// servingPoint (Serving.h) runs this for continuous batching.
ServingPoint inflightPoint(const ForwardCostModel &m, const ServingWorkload &w, double concurrency);

// One request's own prefill when requests arrive one at a time (an open loop below capacity):
// its prompt in chunks of what the token budget leaves beside the decodes of the other
// `inFlight - 1` requests, one pass per chunk, each pass with those decodes (without the set-up
// overhead and the wait for the pass under way). The steady state's mean pass spreads every prompt
// over all passes, which is right for throughput and TPOT but not for the pass that carries a prompt.
double ownPromptTime(const ForwardCostModel &m, const ServingWorkload &w, double inFlight);

// A request arriving on its own (Poisson, `lambda` per second) at the in-flight steady state `p`
// first waits for the rest of the pass under way (passRestSpreadS), then its prompt queues for the
// prefill share of the passes, prompt / (budget - decodes) passes each (M/D/1, the wait's tail
// taken exponential): the plan's open loop (SteadyLoad.h). rho >= 1: the prompts outrun the passes
// (the caller says overloaded).
struct ArrivalWaits
{
    double rho = 0;           // the prompts' share of the passes
    double serviceS = 0;      // passes one prompt's prefill takes
    double prefillMeanS = 0;  // mean wait for the prefill share (M/D/1), 0 when rho >= 1
};
ArrivalWaits arrivalWaits(const ForwardCostModel &m, const ServingWorkload &w, const ServingPoint &p, double lambda);
// The q-quantile of the wait for the prefill share (0 while no more than 1 - q of prompts wait).
double prefillWaitQuantileS(const ArrivalWaits &a, double q);
// The q-quantile of the rest of the pass under way (passS long, under way at an arrival with chance
// `busy`: uniform over the pass then), less the half pass the steady state's TTFT counts. The
// plan's open loop and the capacity plan (Capacity.h) both add it to their TTFT quantiles.
double passRestSpreadS(double passS, double busy, double q);

} // namespace gpuplan

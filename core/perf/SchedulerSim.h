// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/ForwardCost.h"
#include "perf/Serving.h"

// A discrete-event simulation of an in-flight batching scheduler serving a closed loop:
// `concurrency` requests in flight at all times, a new one arriving as one ends (vLLM
// benchmark_serving --max-concurrency, genai-perf, InferenceX). With fixed prompt and output
// lengths the requests do not spread evenly over their lives, as the steady-state formula of
// perf/InflightBatching.h assumes: they start in one wave, and the scheduler decides how the wave
// breaks up. Per pass, as TensorRT-LLM, vLLM V1 and SGLang schedule:
//  - requests are admitted in arrival order while fewer than `maxRunning` run (the KV cache's
//    requests and the engine's max batch); the others wait, which is the queue a full KV cache makes;
//  - mixed engines: every running decode takes a token, prompts are prefilled in arrival order in
//    chunks up to the token budget left; prefill-first engines (SGLang's default): a pass with
//    prompt tokens waiting prefills only (up to the budget) and the decodes wait for the next pass;
//  - a request's first token comes with the pass that ends its prompt; it then decodes one token
//    per pass (or the accepted tokens of a speculative step) until its output is complete.
// Requests that arrive together and are treated alike move as one cohort, and runs of passes in
// which nothing but decoding happens are summed in one step, so a simulation costs a few events
// per prefill pass, not one per token. No allocation (fixed arrays).
namespace gpuplan {

// Prompts a closed-loop benchmark sends per request in flight. The public tables do not record
// it; 10 (vLLM benchmark_serving and genai-perf runs commonly send 10 x the concurrency) was the
// better of 4 and 10 on the validation's fit half (docs/accuracy.md "Inference").
inline constexpr double kBenchmarkWaves = 10;

struct SchedulerConfig
{
    double tokenBudget = 8192;      // tokens of one pass (max_num_tokens, max_num_batched_tokens)
    double maxRunning = 256;        // requests holding KV blocks at once
    bool mixedPrefill = true;
    // Completions measured, in units of the concurrency (the first wave included): benchmarks send
    // this many prompts per request in flight and average over all of them.
    double measuredWaves = kBenchmarkWaves;
};

struct SimulatedLoad
{
    bool valid = false;
    double ttftMeanS = 0, ttftP50S = 0, ttftP90S = 0, ttftP99S = 0;
    double tpotMeanS = 0, tpotP50S = 0, tpotP90S = 0, tpotP99S = 0;
    double e2eMeanS = 0;
    double tokensPerS = 0;          // output tokens per second of the replica over the measured requests
    double requestsPerS = 0;
    double queuedMean = 0;          // requests waiting for admission, time-averaged
    double runningMean = 0;         // requests admitted, time-averaged
};

// The closed loop of `concurrency` requests of w.promptLen / w.outputLen tokens (fixed lengths)
// served by the replica `m` under `config`. The statistics are over the requests of the first
// config.measuredWaves x concurrency completions, the first wave included.
SimulatedLoad simulateClosedLoop(const ForwardCostModel &m, const ServingWorkload &w, double concurrency,
                                 const SchedulerConfig &config);

} // namespace gpuplan

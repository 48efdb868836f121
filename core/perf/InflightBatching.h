// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/ForwardCost.h"
#include "perf/Serving.h"

// In-flight (continuous) batching with chunked prefill, as TensorRT-LLM, vLLM V1 and SGLang run
// it (docs/performance-model.md "In-flight batching"): every forward pass carries one token of
// each decoding sequence plus chunks of waiting prompts, up to the engine's token budget per pass.
// The figures are the steady state of a stream of requests with fixed prompt and output lengths.
namespace gpuplan {

struct InflightLimits
{
    double maxTokensPerStep = 8192;     // decodes + prefill chunks of one pass
    double sequenceStepOverheadS = 0;   // host work per sequence per pass
};

// Steady state at `concurrency` requests in flight (admitted, holding KV blocks). Per pass:
// d sequences decode and d x prompt / (output - 1) prompt tokens are prefilled (each finished
// request is replaced by one whose prompt is prefilled over the next passes), with
// d + prefill tokens <= the token budget. A request spends k = prompt / (budget - d) passes (at
// least one) prefilling and output - 1 decoding, so d = concurrency (output - 1) / (output - 1 + k).
// TPOT = the pass time; TTFT = half a pass of waiting plus the k prefill passes (no queue);
// throughput = d output / (output - 1) tokens per pass. Prefill-only requests (output 1) fill
// each pass with prompt tokens.
ServingPoint inflightPoint(const ForwardCostModel &m, const InflightLimits &limits, const ServingWorkload &w,
                           double concurrency);

} // namespace gpuplan

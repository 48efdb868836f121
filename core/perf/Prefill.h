// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/ForwardCost.h"

// Prefill (time to first token) of an inference replica (docs/performance-model.md "Inference").
namespace gpuplan {

// Time until `sequences` prompts of promptLen tokens, prefilled together, have their first
// tokens: the engine's prefill set-up plus one forward pass. With pipeline parallelism the
// prompts are split into up to pp micro-batches that fill the pipeline (GPipe fill: (m + pp - 1)
// stage times); a single prompt is not split, so PP never shortens one prompt's prefill.
double prefillTime(const ForwardCostModel &m, double sequences, double promptLen);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/ForwardCost.h"

// Decode (time per output token) of an inference replica (docs/performance-model.md "Inference").
namespace gpuplan {

// Time between two tokens of a sequence when `sequences` sequences of mean context `context`
// decode together. With pipeline parallelism the batch runs as up to pp micro-batches in
// flight: each token of a micro-batch passes every stage once, so the cycle is one full pass
// at the micro-batch size (a single sequence gains nothing from PP).
double decodeStepTime(const ForwardCostModel &m, double sequences, double context);

// Sum of the per-token times of `steps` decode steps of a batch whose mean context starts at
// `startContext` and grows by `growth` tokens per step (1 when every sequence of the batch
// started together), so the KV reads grow too. The latency
// of a response is this SUM (docs/formulas.md §9, pitfall 13: not the average of the first and last
// step). Computed as the integral over the steps by Simpson's rule on the linear pieces of the
// step time (split where the context reaches a sliding window): exact up to rounding.
double decodeTotalTime(const ForwardCostModel &m, double sequences, double startContext, double steps,
                       double growth = 1.0);

// The same when finished sequences leave the batch: output lengths uniform on [1, maxLen], so
// sequences x (maxLen - k) / maxLen sequences (at least one) are still decoding at step k.
double decodeTotalTimeShrinking(const ForwardCostModel &m, double sequences, double promptLen, double maxLen,
                                double steps);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "perf/ForwardCost.h"
#include "perf/Serving.h"

// Disaggregated serving (docs/performance-model.md "Disaggregated prefill and decode"): prompts
// are prefilled on a pool of prefill workers, their KV cache is sent to a worker of the decode
// pool, which generates the rest of the response. A closed loop of `concurrency` fixed-length
// requests: the requests of a wave reach the prefill pool together (they end together, as the
// decode workers run them in one batch), the prefill workers take them in arrival order, each
// pass `promptsPerPass` prompts, so the k-th pass's prompts wait for the k - 1 before it. The
// decodes end in the order the prompts were prefilled, so the next waves reach the prefill pool
// at its own pace and wait one pass; the mean is over `measuredWaves` waves. The KV
// then crosses to the decode pool (scale-out links, each prefill GPU sending its share), and the
// decode workers step their requests together.
namespace gpuplan {

struct DisaggregatedInputs
{
    const ForwardCostModel *prefill = nullptr;   // one prefill worker (its GPUs as one model)
    const ForwardCostModel *decode = nullptr;    // one decode worker
    ServingWorkload workload;
    double concurrency = 1;
    int prefillWorkers = 1;
    int decodeWorkers = 1;
    double promptsPerPass = 1;      // prompts one prefill worker prefills together
    double decodeSlots = 1;         // requests the decode pool holds (workers x ranks x batch per rank)
    double kvBytesPerRequest = 0;   // the KV cache of one prompt, all layers
    double transferS = 0;           // time to move it (0: computed by the caller, see kvTransferTime)
    double measuredWaves = 10;      // completions averaged, in units of the concurrency (kBenchmarkWaves)
    // A deployment run long enough for the prefill pool's capacity to bind (the serving frontier,
    // perf/ServingFrontier.h): the loop runs no faster than the prefill pool prefills. Off for the
    // benchmark rows: with it, TTFT on the 39 disaggregated public rows goes from 45.6% to 158.5%
    // (their prefill pools keep up with more than workers x promptsPerPass prompts a pass).
    bool prefillBound = false;
};

struct DisaggregatedPoint
{
    bool valid = false;
    ServingPoint point;             // TTFT, TPOT, e2e, tokens/s and requests/s of the whole deployment
    double prefillPassS = 0;
    double transferS = 0;
    double queued = 0;              // requests waiting for a decode slot
    // Over the measured waves' requests. TTFT: the prefill pool's queue, the first wave's prompts
    // taking 1 to `passes` passes and the later waves' one; TPOT: the decode pool's batches, the
    // requests dealt round-robin over its workers so that some run one request more per step.
    // A loop run at the prefill pool's pace (prefillBound) has every request wait alike: percentiles = means.
    double ttftP50S = 0, ttftP90S = 0, ttftP99S = 0;
    double tpotP50S = 0, tpotP90S = 0, tpotP99S = 0;
};

DisaggregatedPoint disaggregatedPoint(const DisaggregatedInputs &in);

// The same pools in an open loop, Poisson arrivals at `rate` requests/s (in.concurrency unused):
// a prompt waits for a prefill worker (the G/G/c wait of perf/Capacity.h over the workers, a
// pass of promptsPerPass prompts the service), is prefilled in one pass and its KV sent; the
// decode pool runs the requests that rate keeps decoding (b = rate x (output - 1) x TPOT at b,
// dealt over its workers). The tokens served follow the arrivals. A rate beyond the prefill
// pool's prompts per second or beyond the decode slots is `overloaded`: the figures are then the
// loop at the decode slots with the prefill pool's pace binding (prefillBound), the queue growing.
struct DisaggregatedRatePoint
{
    DisaggregatedPoint point;
    bool overloaded = false;
    double capacityRequestsPerS = 0;   // where overloaded: what the deployment serves
};
DisaggregatedRatePoint disaggregatedAtRate(const DisaggregatedInputs &in, double rate);

// Time to send `bytes` from a prefill worker of `senders` GPUs to a decode worker over the
// scale-out network of `net`: each GPU sends its share over its own link.
double kvTransferTime(double bytes, int senders, const CommNetwork &net);

} // namespace gpuplan

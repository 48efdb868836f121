// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"

#include <array>

// Aggregated against disaggregated serving on the plan's GPUs (docs/performance-model.md
// "Serving frontier"): output tokens/s per GPU against tokens/s per user (1 / TPOT) as the load
// grows, for
//  - aggregated: every worker (the plan's replica, tp x pp GPUs) prefills and decodes its own
//    requests, in-flight batching with the prefill chunks in the decode passes (servingAtLoad, a
//    closed loop at 1 .. the requests the engine's KV pool admits per replica);
//  - disaggregated: the same workers split into a prefill pool and a decode pool at several
//    prefill:decode ratios, the KV sent from one to the other (disaggregatedPoint, kvTransferTime;
//    over NVLink when the deployment fits in one node), at 1 .. the decode pool's KV slots in flight.
// Each option's Pareto frontier (no other point of the option is both faster per user and higher
// per GPU) and the per-user rates where the two frontiers cross are computed here, once; the
// serving chart draws them. A plan of one worker is split into smaller workers (tp halved while the
// model still fits) so that it can have two pools. No allocation: fixed arrays.
namespace gpuplan {

enum class ServingOption : unsigned char { Aggregated, Disaggregated };

struct FrontierPoint
{
    double tokensPerSPerGpu = 0;    // output tokens/s of the deployment over all its GPUs
    double tokensPerSPerUser = 0;   // 1 / TPOT: the speed one user sees a response stream at
    double ttftS = 0;
    double tpotS = 0;
    double concurrency = 0;         // requests in flight over the whole deployment
    int prefillWorkers = 0;         // 0 for aggregated
    int decodeWorkers = 0;          // aggregated: the replicas, each doing both
    bool meetsTtft = true;          // within the plan's TTFT target (none set: always)
};

struct ServingOptionCurve
{
    static constexpr int kMaxPoints = 192;
    std::array<FrontierPoint, kMaxPoints> points{};
    int count = 0;
    // Indices into points of the Pareto frontier, in increasing tokens/s per user (and so
    // decreasing tokens/s per GPU). Points over the plan's TTFT target are left out of it.
    std::array<int, kMaxPoints> frontier{};
    int frontierCount = 0;
    int workerGpus = 0;             // GPUs of one worker (replica or pool worker)
};

// Why there is no disaggregated option.
enum class DisaggregatedLimit : unsigned char {
    None,
    OneWorker,          // the GPUs hold one worker only, even at the smallest TP the model fits at
    SingleToken,        // output_len 1: nothing to decode
};

struct ServingFrontier
{
    bool valid = false;             // false: the model does not fit the plan's replica
    int workers = 0;                // workers of the disaggregated option, both pools together
    ServingOptionCurve aggregated;
    ServingOptionCurve disaggregated;
    DisaggregatedLimit disaggregatedLimit = DisaggregatedLimit::None;
    // Per-user rates where the two frontiers (as straight lines between their vertices) cross,
    // increasing; and which option is higher below the first one (at the lowest per-user rate both
    // frontiers reach).
    static constexpr int kMaxCrossovers = 4;
    std::array<double, kMaxCrossovers> crossoverTokensPerSPerUser{};
    int crossoverCount = 0;
    ServingOption higherAtLowRate = ServingOption::Aggregated;
};

// The sweep for the plan and its layout (layout.numGpus GPUs, replicas of layout.tp x layout.pp).
ServingFrontier servingFrontier(const ResolvedPlan &plan, const Layout &layout);

// The disaggregated option alone (servingFrontier's, without the aggregated sweep): the curve and
// its frontier of `workers` pool workers of the layout's replica (halved as above when the GPUs
// hold one only), at every prefill:decode split and load. Points carry the steady closed loop's
// mean TTFT and TPOT (perf/Disaggregated.h), not a percentile. Used by the procurement planner to
// size a disaggregated fleet for a request rate.
DisaggregatedLimit disaggregatedOption(const ResolvedPlan &plan, const Layout &layout, ServingOptionCurve &out, int &workers);

// The frontier's tokens/s per GPU at `tokensPerSPerUser`, along the straight lines between its
// vertices; 0 outside its range.
double frontierTokensPerGpu(const ServingOptionCurve &curve, double tokensPerSPerUser);

} // namespace gpuplan

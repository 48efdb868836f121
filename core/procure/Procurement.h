// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "common/Enums.h"
#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "plan/FacilityAssumptions.h"

#include <atomic>
#include <map>
#include <string>
#include <vector>

// The procurement planner: budget and deadline in, options out. For a training plan's workload it
// explores GPU type x GPU count x way of paying (buying with the plan's facility assumptions; each
// cloud offer of that GPU on demand, reserved for 1 or 3 years, and spot; a hybrid of an owned base
// cluster and a larger cloud cluster that trains a share of the tokens first) with the fastest
// layout the auto-planner finds at each count, prices every option in cash and as a cost of
// ownership, and checks the constraints (docs/procurement.md). Not the per-slider evaluate path: it searches
// layouts and allocates, but stays within a fraction of a second for the bundled examples.
namespace gpuplan {

enum class ProcureObjective : unsigned char { Cash, Tco, Time, Energy };
enum class Acquisition : unsigned char { Buy, Cloud, Hybrid };
enum class Constraint : unsigned char { Deadline, Budget, SitePower };

const char *procureObjectiveName(ProcureObjective objective);   // "cash", "tco", "time", "energy"
bool parseProcureObjective(const std::string &text, ProcureObjective &out);
const char *acquisitionName(Acquisition acquisition);           // "buy", "cloud", "hybrid"
const char *constraintName(Constraint constraint);              // "deadline", "budget", "site_power"

// Terms of a loan against GPUs, 2026: lenders advance 60-70% of the hardware price (ESTIMATE,
// v2-pseo-ai.pages.dev, January 2026, low confidence; its recommended 50-60% at origination): 0.6;
// OEM financing arrangements at 9-10% a year (CoreWeave 10-Q for the period ending 2025-06-30,
// sec.gov, a filing; its other GPU debt 7-15%): 0.10.
inline constexpr double kGpuLoanToValue = 0.6;
inline constexpr double kGpuLoanRate = 0.10;

struct ProcureRequest
{
    double budgetUsd = -1;          // negative: no budget
    double deadlineDays = -1;       // negative: no deadline
    double sitePowerKw = -1;        // negative: no site limit (buying only; rented GPUs use the provider's)
    std::vector<std::string> gpus;  // GPU ids or aliases; empty = every catalog GPU
    ProcureObjective objective = ProcureObjective::Cash;
    // Off: a bought cluster needs its whole capex up front, and more than the budget makes it
    // infeasible. On (--allow-financing): a lender advances loanToValue of the hardware at
    // financingRate a year; the buyer finds the rest up front and pays the interest in cash.
    bool allowFinancing = false;
    double loanToValue = kGpuLoanToValue;
    double financingRate = kGpuLoanRate;
};

// Documented bounds of the request (docs/procurement.md); out of bounds is refused, not clamped.
inline constexpr double kMaxBudgetUsd = 1e12;
inline constexpr double kMaxDeadlineDays = 36500;
inline constexpr double kMaxSitePowerKw = 1e7;

struct Violation
{
    Constraint constraint = Constraint::Deadline;
    double value = 0;               // days, USD or kW
    double limit = 0;
};

// One cluster of a hybrid option. The run moves between sites once, at a checkpoint: the cloud
// cluster trains the first `tokenShare` of the tokens while the bought cluster is delivered, then
// the owned cluster restarts from that checkpoint and trains the rest (one job never spans the two
// sites: the inter-site link is far too slow for its collectives).
struct HybridPart
{
    Acquisition acquisition = Acquisition::Buy;   // Buy (the owned base) or Cloud (the burst)
    int numGpus = 0;
    Layout layout;
    std::string offer;              // cloud part only
    std::string provider;
    CloudPricing term = CloudPricing::OnDemand;
    bool priceEstimated = false;
    double tokenShare = 0;          // share of the run's tokens this cluster trains
    double days = 0;                // its phase, with failures (the owned part: with the handover restart)
    double cashUsd = 0;             // owned: capex + operations over the whole run - resale; cloud: its bill
    double tcoUsd = 0;
};

// How a bought cluster is paid for (docs/procurement.md, "Cash up front").
struct Financing
{
    bool financed = false;
    double loanUsd = 0;             // advanced by the lender: loanToValue x capex
    double ratePerYear = 0;
    double interestUsd = 0;         // over the lead time and the run, in the option's cash_usd
};

struct ProcureOption
{
    std::string gpu;
    int numGpus = 0;                // hybrid: the owned base (the cluster on the buyer's site)
    Acquisition acquisition = Acquisition::Buy;
    std::string offer;              // cloud offer id (hybrid: of the cloud part); "" when buying
    std::string provider;           // cloud provider; "" when buying
    CloudPricing term = CloudPricing::OnDemand;   // cloud purchase option
    bool priceEstimated = false;    // the offer publishes no price for the term: on-demand less the plan's discount
    Layout layout;                  // hybrid: the owned base's
    double timeToTrainDays = 0;     // with failures and restarts
    double cashUsd = 0;             // cash over the run (buy: capex + operations - resale)
    double tcoUsd = 0;              // the run's share of the cost of ownership (cloud: of the contract)
    double capexUsd = 0;            // buy: the up-front commitment
    double upfrontUsd = 0;          // money needed before the run: the capex less any loan; 0 renting
    Financing financing;            // buy and hybrid: set by rankOptions() from the request
    double leadTimeDays = 0;        // order to a cluster in service (buy: facility procurement + install
                                    // weeks); cloud: capacity lead time where stated (none in the catalog)
    double finishDays = 0;          // from the order to the end of the run: what a deadline is held to
    double facilityKw = 0;          // peak IT power x PUE: what a site must supply (hybrid: the owned base)
    double energyMwh = 0;           // facility energy of the run
    double tokensPerS = 0;          // training: failure-free tokens/s; serving: output tokens/s at the plan's load
    double mfu = 0;
    // Serving: the fleet (replicas x GPUs per replica = numGpus) that carries the plan's request rate
    // within its P99 targets, and the cash per million output tokens it serves over the horizon
    // (all-in: ranked by; the split prices beside it), all from priceTokens() (facility/TokenPrice.h),
    // the computation behind evaluate's cost.token_price for the option's plan.
    // Disaggregated: replicas = the workers of both pools, gpusPerReplica = one worker's GPUs.
    int replicas = 0;
    int gpusPerReplica = 0;
    std::string engine;                      // the serving engine preset ("vllm", "sglang", ...)
    ServingMode servingMode = ServingMode::Aggregated;
    int prefillWorkers = 0;                  // disaggregated: the pools (0 aggregated)
    int prefillTp = 0;
    int decodeWorkers = 0;
    int decodeTp = 0;
    // A mixed disaggregated fleet: the prefill pool on this GPU type, the decode pool on `gpu`
    // (workload.inference.prefill_gpu of the option's plan); "" when both pools run `gpu`. Only
    // bought (one cloud offer rents one GPU type). The pools' batches per worker as the option's
    // plan sets them (prefill_batch, decode_batch); 0 for the other options.
    std::string prefillGpu;
    int prefillBatch = 0;
    int decodeBatch = 0;
    // The latency the fleet is sized to at the plan's peak rate: aggregated, the P99 of the
    // capacity model (perf/Capacity.h); disaggregated, the mean of the steady closed loop that
    // carries the rate (perf/Disaggregated.h has no percentile model); latencyP99 says which.
    double ttftMs = 0;
    double tpotMs = 0;
    bool latencyP99 = true;
    double usdPerMillionTokens = 0;          // all the cash on the output tokens (token_price's _all_in)
    double usdPerMillionOutputTokens = 0;    // decode's share of the cash per million output tokens
    double usdPerMillionInputTokens = 0;     // prefill's share per million input tokens
    bool feasible = true;
    std::vector<Violation> violations;
    std::vector<HybridPart> parts;  // hybrid only: the owned base, then the cloud burst
};

// Whether the option installs GPUs on the buyer's site (buying, or a hybrid's owned base): only
// those are held to the site's power limit.
inline bool onBuyersSite(const ProcureOption &option) { return option.acquisition != Acquisition::Cloud; }

// The largest dense model the budget trains compute-optimally by the deadline (Hoffmann et al. 2022:
// about 20 tokens per parameter, C = 6·N·D = 120·N²), on the option that delivers the most compute
// within both: its sustained FLOP rate and cash per FLOP measured on the plan's model.
struct ComputeOptimal
{
    bool known = false;
    int option = -1;                // index into options
    double computeFlops = 0;
    double params = 0;
    double tokens = 0;
    bool limitedByBudget = false;   // else by the deadline
};

struct ProcureResult
{
    std::vector<ProcureOption> options;
    std::vector<int> pareto;        // non-dominated in (cash, time), cheapest first
    int best = -1;                  // feasible option at a published price with the lowest objective; -1 = none
    int bestEstimated = -1;         // feasible option at an estimated price that beats `best` (or any when
                                    // best is none), the lowest objective of those; -1 = none
    std::vector<int> closestMisses; // when best is none: the options closest to all constraints
    std::vector<std::string> gpusExplored;
    long long evaluated = 0;        // layouts the searches evaluated
    long long modelCalls = 0;       // of those, the model calls the searches made (docs/performance.md)
    std::map<std::string, long long> rejected;   // why configurations or layouts were set aside
    ComputeOptimal computeOptimal;
    ProcureObjective objective = ProcureObjective::Cash;
    ProcureRequest request;
    bool serving = false;           // a serving plan: fleets over cost.horizon_months, cash ranked per million tokens
    bool cancelled = false;         // stopped by the caller's cancel flag: the options are incomplete and unranked
};

// Returns false with a message when a listed GPU is unknown, or a serving plan has no request rate.
// `cancel` (optional, set from another thread) is polled between GPU counts and inside the layout
// searches; once set, procure() returns soon with out.cancelled.
bool procure(const Plan &plan, const Catalog &catalog, const ProcureRequest &request, ProcureResult &out,
             std::string &error, const std::atomic<bool> *cancel = nullptr);

// Value of the objective for an option (lower is better).
double objectiveValue(const ProcureOption &option, ProcureObjective objective);

// Constraint checks, Pareto front, best option and closest misses over out.options (procure()
// calls it; exposed so tests and views can re-rank under other limits without searching again).
void rankOptions(const ProcureRequest &request, ProcureResult &out);

// Every option in ranked order after rankOptions(): the feasible ones at published prices by the
// objective (ties: less cash, then less time), the feasible ones at estimated prices likewise, then
// the others by how far they miss (summed relative overshoot), so the first is `best` when there
// is one, and the first infeasible ones are `closestMisses` when there is none.
std::vector<int> rankedOrder(const ProcureResult &result);

// Whether the plan's GPU has a complete purchase price (GPU and server; the count changes nothing).
bool purchasePriced(const ResolvedPlan &resolved);

// Whether an option of `numGpus` of the plan's GPU can be priced: bought (`bought`: purchasePriced()),
// at the plan's own cloud price, or on a catalog offer of the GPU that can host the count. Procurement
// searches no layout for a count that cannot be priced.
bool countCanBePriced(const ResolvedPlan &resolved, const Catalog &catalog, const GpuSpec &gpu, bool bought, int numGpus);

// The plan with another GPU: its node, fabric and prices from the catalog (the plan's own hardware
// and price overrides belong to its own GPU `baseGpu`).
Plan planForGpu(const Plan &base, const GpuSpec &gpu, const GpuSpec *baseGpu);

// A mixed disaggregated fleet's plan fields (ProcureOption::prefillGpu set): serving_mode
// disaggregated, prefill_gpu, both pools' workers, TP and batches, the load an open loop at the
// plan's request rate, hardware.num_gpus the pools' GPUs. The pools' attention DP and EP stay the
// plan's where they divide the TP, else 1. The sizing of the fleet evaluates the plans it writes.
void writeMixedFleet(const ProcureOption &option, Plan &plan);

// The plan an option stands for: the option's GPU (with its catalog node, fabric and prices when
// it is not the plan's own GPU, as explored), GPU count and layout, and for a cloud option its
// offer and purchase option. Evaluating it gives the option's time to train and cash.
Plan planForOption(const Plan &plan, const Catalog &catalog, const ProcureOption &option);

} // namespace gpuplan

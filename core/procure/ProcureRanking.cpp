// SPDX-License-Identifier: GPL-3.0-or-later
// Constraints, Pareto front, best option and closest misses of the procurement planner.
#include "procure/Procurement.h"

#include <algorithm>
#include <numeric>

namespace gpuplan {

namespace {

constexpr int kClosestMisses = 5;

// How a bought cluster is paid for under the request: its whole capex up front, or with
// financing allowed the part the lender does not advance, the interest over the lead time and the
// run added to the cash. Idempotent: re-ranking under other terms replaces the previous interest.
void applyFinancing(const ProcureRequest &r, ProcureOption &o)
{
    if (!onBuyersSite(o))
        return;
    o.cashUsd -= o.financing.interestUsd;
    o.financing = Financing{};
    o.upfrontUsd = o.capexUsd;
    if (!r.allowFinancing || o.capexUsd <= 0)
        return;
    o.financing.financed = true;
    o.financing.loanUsd = o.capexUsd * r.loanToValue;
    o.financing.ratePerYear = r.financingRate;
    o.financing.interestUsd = o.financing.loanUsd * r.financingRate * o.finishDays / 365.0;
    o.upfrontUsd = o.capexUsd - o.financing.loanUsd;
    o.cashUsd += o.financing.interestUsd;
}

void checkConstraints(const ProcureRequest &r, ProcureOption &o)
{
    o.violations.clear();
    applyFinancing(r, o);
    // The deadline counts from the order: a bought cluster's delivery and installation first.
    if (r.deadlineDays >= 0 && o.finishDays > r.deadlineDays)
        o.violations.push_back({Constraint::Deadline, o.finishDays, r.deadlineDays});
    // The budget is the money the buyer must have: the cash over the run, and before it the capex
    // (less a loan when financing is allowed), whichever is more.
    const double needed = std::max(o.cashUsd, o.upfrontUsd);
    if (r.budgetUsd >= 0 && needed > r.budgetUsd)
        o.violations.push_back({Constraint::Budget, needed, r.budgetUsd});
    // Site power limits what is installed on the buyer's site; rented GPUs run in the provider's.
    if (r.sitePowerKw >= 0 && onBuyersSite(o) && o.facilityKw > r.sitePowerKw)
        o.violations.push_back({Constraint::SitePower, o.facilityKw, r.sitePowerKw});
    o.feasible = o.violations.empty();
}

// How far an option misses: the sum of its relative overshoots (0.1 = 10% over one limit).
double missDistance(const ProcureOption &o)
{
    double d = 0;
    for (const Violation &v : o.violations)
        d += v.limit > 0 ? v.value / v.limit - 1.0 : v.value;
    return d;
}

// Lower objective first; ties go to less cash, then less time.
bool betterByObjective(const ProcureOption &x, const ProcureOption &y, ProcureObjective objective)
{
    const double vx = objectiveValue(x, objective), vy = objectiveValue(y, objective);
    if (vx != vy)
        return vx < vy;
    if (x.cashUsd != y.cashUsd)
        return x.cashUsd < y.cashUsd;
    return x.finishDays < y.finishDays;
}

} // namespace

void rankOptions(const ProcureRequest &request, ProcureResult &out)
{
    out.request = request;
    out.objective = request.objective;
    out.best = -1;
    out.pareto.clear();
    out.closestMisses.clear();
    std::vector<ProcureOption> &options = out.options;
    for (ProcureOption &o : options)
        checkConstraints(request, o);

    std::vector<int> order(options.size());
    std::iota(order.begin(), order.end(), 0);
    // Pareto front in (cash, finish): cheapest first, each next one finishing strictly sooner.
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const ProcureOption &x = options[static_cast<std::size_t>(a)];
        const ProcureOption &y = options[static_cast<std::size_t>(b)];
        return x.cashUsd != y.cashUsd ? x.cashUsd < y.cashUsd : x.finishDays < y.finishDays;
    });
    double fastest = 0;
    for (int i : order) {
        const double days = options[static_cast<std::size_t>(i)].finishDays;
        if (out.pareto.empty() || days < fastest) {
            out.pareto.push_back(i);
            fastest = days;
        }
    }

    auto better = [&](int a, int b) {
        return betterByObjective(options[static_cast<std::size_t>(a)], options[static_cast<std::size_t>(b)], request.objective);
    };
    // `best` rests on published prices only: an estimated price stands for an offer the provider may
    // not sell. Each kind's set of feasible options only shrinks under tighter limits, so neither
    // index can move to a cheaper option when the deadline tightens.
    out.bestEstimated = -1;
    int estimated = -1;
    for (int i = 0; i < static_cast<int>(options.size()); ++i) {
        const ProcureOption &o = options[static_cast<std::size_t>(i)];
        int &leader = o.priceEstimated ? estimated : out.best;
        if (o.feasible && (leader < 0 || better(i, leader)))
            leader = i;
    }
    if (estimated >= 0 && (out.best < 0 || better(estimated, out.best)))
        out.bestEstimated = estimated;
    if (out.best >= 0 || options.empty())
        return;
    std::vector<int> misses;
    for (int i = 0; i < static_cast<int>(options.size()); ++i) {
        if (!options[static_cast<std::size_t>(i)].feasible)
            misses.push_back(i);
    }
    const std::size_t keep = std::min<std::size_t>(kClosestMisses, misses.size());
    std::partial_sort(misses.begin(), misses.begin() + static_cast<std::ptrdiff_t>(keep), misses.end(), [&](int a, int b) {
        const double da = missDistance(options[static_cast<std::size_t>(a)]);
        const double db = missDistance(options[static_cast<std::size_t>(b)]);
        return da != db ? da < db : better(a, b);
    });
    out.closestMisses.assign(misses.begin(), misses.begin() + static_cast<std::ptrdiff_t>(keep));
}

std::vector<int> rankedOrder(const ProcureResult &result)
{
    const std::vector<ProcureOption> &options = result.options;
    std::vector<int> order(options.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        const ProcureOption &x = options[static_cast<std::size_t>(a)];
        const ProcureOption &y = options[static_cast<std::size_t>(b)];
        if (x.feasible != y.feasible)
            return x.feasible;
        if (x.feasible && x.priceEstimated != y.priceEstimated)
            return !x.priceEstimated;
        if (!x.feasible) {
            const double dx = missDistance(x), dy = missDistance(y);
            if (dx != dy)
                return dx < dy;
        }
        return betterByObjective(x, y, result.objective);
    });
    return order;
}

} // namespace gpuplan

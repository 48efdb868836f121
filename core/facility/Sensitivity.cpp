// SPDX-License-Identifier: GPL-3.0-or-later
#include "facility/Sensitivity.h"

#include "facility/FacilityChain.h"

#include <algorithm>
#include <cmath>

namespace gpuplan {

namespace {

const AssumptionInfo kAssumptions[] = {
    {"gpu_price", "GPU price", "cost.gpu_price_usd"},
    {"server_price", "Server price", "cost.server_price_usd"},
    {"network_price", "Network price", "cost.network_per_gpu_usd"},
    {"storage_price", "Storage price", "cost.storage_usd_per_tb"},
    {"electricity_price", "Electricity price", "cost.electricity_usd_per_kwh"},
    {"pue", "PUE", "facility.pue"},
    {"gpu_power", "GPU power draw", "facility.gpu_busy_power_fraction"},
    {"colocation_or_fitout", "Colocation / facility build", "cost.colo_usd_per_kw_month"},
    {"depreciation_years", "Depreciation period", "cost.depreciation_years"},
    {"onprem_utilization", "On-prem utilization", "cost.onprem_utilization"},
    {"staff_cost", "Staff cost", "cost.staff_loaded_salary_usd"},
    {"support_fraction", "Support", "cost.support_fraction"},
    {"cloud_price", "Cloud GPU-hour price", "cost.cloud_gpu_hour_usd"},
    {"cloud_overhead", "Cloud overhead", "cost.cloud_overhead_fraction"},
    {"throughput", "Throughput (time model)", ""},
    {"node_mtbf", "Node MTBF", "reliability.node_mtbf_hours"},
};
static_assert(std::size(kAssumptions) == static_cast<std::size_t>(Assumption::Count));
static_assert(static_cast<int>(Assumption::Count) <= CostResult::kMaxSensitivity);

void scaleKnown(double &price, double factor)
{
    if (price > 0)
        price *= factor;
}

double basisTotal(const FacilityInputs &in, CostBasis basis)
{
    FacilityOutputs out;
    runFacilityChain(in, out);
    return basis == CostBasis::Cloud ? out.cost.cloudTotalUsd : out.cost.onpremTotalUsd;
}

} // namespace

std::span<const AssumptionInfo> sensitivityAssumptions()
{
    return kAssumptions;
}

void scaleAssumption(FacilityInputs &in, Assumption which, double f)
{
    switch (which) {
    case Assumption::GpuPrice: scaleKnown(in.gpu.usd, f); break;
    case Assumption::ServerPrice: scaleKnown(in.server.usd, f); break;
    case Assumption::NetworkPrice:
        scaleKnown(in.switchUsd, f);
        scaleKnown(in.cableUsd, f);
        scaleKnown(in.nicUsd, f);
        scaleKnown(in.networkPerGpuUsd, f);
        break;
    case Assumption::StoragePrice:
        for (TierInputs &t : in.tiers) {
            scaleKnown(t.usdPerTb, f);
            t.usdPerGBps *= f;
        }
        break;
    case Assumption::Electricity: in.electricityUsdPerKwh *= f; break;
    case Assumption::Pue: in.pue = std::max(1.0, in.pue * f); break;
    case Assumption::GpuPower: in.busyPowerFraction *= f; break;
    case Assumption::Colocation:
        if (in.ownFacility)
            in.fitoutUsdPerKw *= f;
        else
            in.coloUsdPerKwMonth *= f;
        break;
    case Assumption::Depreciation: in.depreciationYears *= f; break;
    case Assumption::OnpremUtilization: in.onpremUtilization = std::min(1.0, in.onpremUtilization * f); break;
    case Assumption::Staff: in.staffSalaryUsd *= f; break;
    case Assumption::Support: in.supportFraction *= f; break;
    case Assumption::CloudPrice: scaleKnown(in.cloudGpuHourUsd, f); break;
    case Assumption::CloudOverhead: in.cloudOverheadFraction *= f; break;
    case Assumption::Throughput:
        // Faster model: the run is shorter (training) or more tokens are served (inference).
        if (in.mode == Mode::Training)
            in.idealRunS /= f;
        else
            in.totalTokens *= f;
        in.tokensPerS *= f;
        break;
    case Assumption::NodeMtbf: in.nodeMtbfH *= f; break;
    case Assumption::Count: break;
    }
}

void computeSensitivity(const FacilityInputs &in, CostResult &cost)
{
    cost.sensitivityBasis = cost.cheaper;
    cost.sensitivityCount = 0;
    const double base = cost.sensitivityBasis == CostBasis::Cloud ? cost.cloudTotalUsd : cost.onpremTotalUsd;
    const double tolerance = 1e-9 * std::max(1.0, std::fabs(base));
    for (int i = 0; i < static_cast<int>(Assumption::Count); ++i) {
        FacilityInputs low = in;
        FacilityInputs high = in;
        scaleAssumption(low, static_cast<Assumption>(i), 1.0 - kSensitivityStep);
        scaleAssumption(high, static_cast<Assumption>(i), 1.0 + kSensitivityStep);
        const double lowUsd = basisTotal(low, cost.sensitivityBasis);
        const double highUsd = basisTotal(high, cost.sensitivityBasis);
        if (std::fabs(lowUsd - base) <= tolerance && std::fabs(highUsd - base) <= tolerance)
            continue;
        cost.sensitivity[static_cast<std::size_t>(cost.sensitivityCount++)] = {i, lowUsd, highUsd};
    }
    auto swing = [](const SensitivityEntry &e) { return std::fabs(e.highUsd - e.lowUsd); };
    std::sort(cost.sensitivity.begin(), cost.sensitivity.begin() + cost.sensitivityCount,
              [&](const SensitivityEntry &a, const SensitivityEntry &b) { return swing(a) > swing(b); });
}

} // namespace gpuplan

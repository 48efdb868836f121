// SPDX-License-Identifier: GPL-3.0-or-later
// The power, cooling, storage, reliability, cost, bom and network sections of
// `gpuplan-cli evaluate --json` (names listed in docs/facility-and-cost.md "JSON output").
#include "facility/FacilityJson.h"

#include "common/EnumNames.h"
#include "common/Units.h"
#include "facility/CostVerdict.h"
#include "facility/FacilityNames.h"
#include "facility/Power.h"
#include "facility/Sensitivity.h"
#include "facility/TokenPrice.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace gpuplan {

using Json = nlohmann::ordered_json;

namespace {

// No NaN or infinity reaches an output; a non-finite value would be a model bug and shows as null.
Json num(double v)
{
    return std::isfinite(v) ? Json(v) : Json(nullptr);
}

Json powerJson(const PowerResult &p, const Plan &plan)
{
    return {{"gpu_w", num(p.gpuW)},
            {"node_overhead_w", num(p.nodeOverheadW)},
            {"network_w", num(p.networkW)},
            {"storage_w", num(p.storageW)},
            {"it_kw", num(p.itKw)},
            {"pue", num(plan.facility.pue)},
            {"facility_kw", num(p.facilityKw)},
            {"facility_kw_kind", "running"},
            {"peak_it_kw", num(p.peakItKw)},
            {"peak_facility_kw", num(p.peakFacilityKw)},
            {"gpu_power_fraction", num(p.gpuPowerFraction)},
            {"gpu_power_basis", gpuPowerBasisText(p)},
            {"gpu_power_basis_kind", gpuPowerBasisName(p.gpuPowerBasis)},
            {"gpu_power_in_flight", num(p.gpuPowerBasis == GpuPowerBasis::ServingCurve ? p.gpuPowerInFlight : 0.0)},
            {"average_it_kw", num(p.averageItKw)},
            {"energy_mwh", num(p.energyMwh)},
            {"energy_period", plan.workload.mode == Mode::Training ? "training_run" : "horizon"},
            {"energy_per_year_mwh", num(p.energyPerYearMwh)},
            {"energy_per_million_tokens_kwh", num(p.energyPerMillionTokensKwh)},
            {"tokens_per_joule", num(tokensPerJoule(p))},
            {"co2_tonnes", num(p.co2Tonnes)},
            {"co2_per_year_tonnes", num(p.co2PerYearTonnes)},
            {"co2_scope", "operational (embodied excluded)"}};
}

Json coolingJson(const CoolingResult &c)
{
    return {{"heat_kw", num(c.heatKw)},
            {"heat_btu_per_hour", num(c.heatBtuPerHour)},
            {"tons", num(c.tons)},
            {"racks", c.racks},
            {"compute_racks", c.computeRacks},
            {"network_racks", c.networkRacks},
            {"nodes_per_rack", c.nodesPerRack},
            {"kw_per_rack", num(c.kwPerRack)},
            {"liquid_required", c.liquidRequired},
            {"liquid_forced_by_node", c.liquidForcedByNode},
            {"node_exceeds_rack", c.nodeExceedsRack}};
}

// The tier each role is on, what it delivers to the job's nodes and what it holds.
Json storageRolesJson(const StorageResult &s)
{
    Json roles = Json::object();
    for (const EnumName &role : storageRoleNames().names) {
        const StorageRoleResult &r = s.role(static_cast<StorageRole>(role.value));
        roles[role.name] = {{"tier", r.tier >= 0 ? Json(nameOf(storageTierNames(), r.tier)) : Json(nullptr)},
                            {"read_gbps", num(r.readGBps)},
                            {"write_gbps", num(r.writeGBps)},
                            {"bytes", num(r.bytes)}};
    }
    return roles;
}

Json storageJson(const StorageResult &s, const Plan &plan)
{
    return {{"tier", nameOf(storageTierNames(), plan.storage.tier)},
            {"roles", storageRolesJson(s)},
            {"separate_cache", s.separateCache},
            {"cache_staging_s", num(s.cacheStagingS)},
            {"checkpoint_bytes", num(s.checkpointBytes)},
            {"checkpoint_gb", num(s.checkpointBytes / units::kGB)},
            {"checkpoint_bytes_per_param", num(s.bytesPerParam)},
            {"required_read_gbps", num(s.requiredReadGBps)},
            {"tier_read_gbps", num(s.tierReadGBps)},
            {"tier_write_gbps", num(s.tierWriteGBps)},
            {"checkpoint_write_s", num(s.checkpointWriteS)},
            {"checkpoint_blocking_s", num(s.checkpointBlockingS)},
            {"restore_s", num(s.restoreS)},
            {"replica_weights_load_s", num(s.replicaWeightsLoadS)},
            {"replica_engine_start_s", num(s.replicaEngineStartS)},
            {"replica_start_s", num(s.replicaStartS)},
            {"dataset_bytes", num(s.datasetBytes)},
            {"capacity_bytes", num(s.capacityBytes)},
            {"capacity_tb", num(s.capacityBytes / units::kTB)},
            {"starved", s.starved},
            {"drain_limited", s.drainLimited}};
}

Json reliabilityJson(const ReliabilityResult &r, const Plan &plan)
{
    return {{"job_nodes", r.jobNodes},
            {"mtbf_hours", num(r.mtbfHours)},
            {"checkpoint_interval_s", num(r.checkpointIntervalS)},
            {"restart_s", num(r.restartS)},
            {"expected_interruptions", num(r.expectedInterruptions)},
            {"lost_hours", num(r.lostHours)},
            {"goodput", num(r.goodput)},
            {"ideal_time_s", num(r.idealTimeS)},
            {"effective_time_to_train_s", num(r.effectiveTimeToTrainS)},
            {"effective_time_to_train_days", num(r.effectiveTimeToTrainS / units::kDay)},
            {"spares_suggested", r.sparesSuggested},
            {"spares_planned", plan.reliability.spareNodes},
            {"elastic", plan.reliability.elastic},
            {"unfinishable", r.unfinishable}};
}

Json costJson(const CostResult &c, const ResolvedPlan &plan)
{
    const Plan &p = *plan.plan;
    Json missing = Json::array();
    for (int bit = 0; bit < kMissingInputCount; ++bit) {
        if (c.missing & (1u << bit))
            missing.push_back(missingInputName(bit));
    }
    Json sensitivity = Json::array();
    const auto info = sensitivityAssumptions();
    for (int i = 0; i < c.sensitivityCount; ++i) {
        const SensitivityEntry &e = c.sensitivity[static_cast<std::size_t>(i)];
        const AssumptionInfo &a = info[static_cast<std::size_t>(e.assumption)];
        sensitivity.push_back({{"assumption", a.name},
                               {"label", a.label},
                               {"field", a.field},
                               {"low_usd", num(e.lowUsd)},
                               {"high_usd", num(e.highUsd)}});
    }
    return {{"currency", p.cost.currency},
            {"usd_to_currency", num(p.cost.usdToCurrency)},
            {"time_source", timeSourceName(c.timeSource)},
            {"gpu_hours", num(c.gpuHours)},
            {"tokens", num(c.tokens)},
            {"cloud_offer", plan.cloud ? plan.cloud->id : ""},
            {"cloud_pricing", nameOf(cloudPricingNames(), p.cost.cloudPricing)},
            {"cloud_per_gpu_hour_usd", num(c.cloudPerGpuHourUsd)},
            {"cloud_compute_usd", num(c.cloudComputeUsd)},
            {"cloud_overhead_usd", num(c.cloudOverheadUsd)},
            {"cloud_total_usd", num(c.cloudTotalUsd)},
            {"cloud_cash_usd", num(c.cloudCashUsd)},
            {"cloud_terms_billed", num(c.cloudTermsBilled)},
            {"capex_hardware_usd", num(c.capexHardwareUsd)},
            {"capex_facility_usd", num(c.capexFacilityUsd)},
            {"onprem_capex_usd", num(c.onpremCapexUsd)},
            {"capital_per_year_usd", num(c.capitalPerYearUsd)},
            {"energy_per_year_usd", num(c.energyPerYearUsd)},
            {"colo_per_year_usd", num(c.coloPerYearUsd)},
            {"support_per_year_usd", num(c.supportPerYearUsd)},
            {"staff_per_year_usd", num(c.staffPerYearUsd)},
            {"staff_fte", num(c.staffFte)},
            {"onprem_opex_per_year_usd", num(c.onpremOpexPerYearUsd)},
            {"onprem_per_year_usd", num(c.onpremPerYearUsd)},
            {"onprem_per_gpu_hour_usd", num(c.onpremPerGpuHourUsd)},
            {"onprem_total_usd", num(c.onpremTotalUsd)},
            {"cash_horizon_days", num(c.cashHorizonS / 86400.0)},
            {"onprem_operations_usd", num(c.onpremOperationsUsd)},
            {"onprem_resale_usd", num(c.onpremResaleUsd)},
            {"onprem_cash_usd", num(c.onpremCashUsd)},
            {"break_even_months", num(c.breakEvenMonths)},
            {"break_even_never", c.breakEvenNever},
            {"break_even_utilization", num(c.breakEvenUtilization)},
            {"break_even_utilization_never", c.breakEvenUtilizationNever},
            {"per_run_usd", num(c.perRunUsd)},
            {"per_million_tokens_usd", num(c.perMillionTokensUsd)},
            {"per_effective_gpu_hour_usd", num(c.perEffectiveGpuHourUsd)},
            {"missing_inputs", std::move(missing)},
            {"sensitivity_basis", costBasisName(c.sensitivityBasis)},
            {"sensitivity", std::move(sensitivity)}};
}

// evaluate --json cost.verdict: the one verdict every view words the same way (facility/CostVerdict.h).
Json verdictJson(const CostVerdict &v)
{
    const CloudQuote &q = v.cheapestCloud;
    const CloudQuote &est = v.cheapestEstimate;
    return {{"choice", v.decided ? verdictChoiceName(v.choice) : ""},
            {"offer", v.offer},
            {"cash_usd", num(v.cashUsd)},
            {"upfront_usd", num(v.upfrontUsd)},
            {"basis", costViewName(v.basis)},
            {"reason", v.reason},
            {"text", v.text},
            {"compared_usd", num(v.usd)},
            {"other_usd", num(v.otherUsd)},
            {"horizon_days", num(v.horizonS / 86400.0)},
            {"onprem_priced", v.onpremKnown},
            {"onprem_cash_usd", num(v.onpremCashUsd)},
            {"onprem_tco_usd", num(v.onpremTcoUsd)},
            {"cloud_offer_id", v.cloudKnown && q.offer ? q.offer->id : ""},
            {"cloud_pricing", v.cloudKnown ? nameOf(cloudPricingNames(), q.pricing) : ""},
            {"cloud_cash_usd", num(v.cloudKnown ? q.bill.cashUsd : 0.0)},
            {"cloud_tco_usd", num(v.cloudKnown ? q.bill.runShareUsd : 0.0)},
            {"estimate_cheaper", v.estimateCheaper},
            {"estimate_offer_id", v.estimateCheaper && est.offer ? est.offer->id : ""},
            {"estimate_pricing", v.estimateCheaper ? nameOf(cloudPricingNames(), est.pricing) : ""},
            {"estimate_usd", num(v.estimateCheaper ? est.inView(v.basis) : 0.0)}};
}

// evaluate --json cost.token_price: the serving plan's price per token from the verdict's cash, with the
// published API prices of its model class (facility/TokenPrice.h).
Json tokenPriceJson(const TokenPrice &t)
{
    Json api = Json::array();
    for (const ApiComparison &c : t.api) {
        const ApiPrice &a = *c.price;
        const auto source = a.sources.find("output_usd_per_mtok");
        const Provenance none;
        const Provenance &p = source != a.sources.end() ? source->second : none;
        Json entry = {{"id", a.id},
                       {"provider", a.provider},
                       {"model", a.apiModel},
                       {"model_preset", a.model},
                       {"same_model", c.sameModel},
                       {"active_params", num(c.activeParams)},
                       {"total_params", num(c.totalParams)},
                       {"input_usd_per_mtok", num(a.inputUsdPerMtok)},
                       {"output_usd_per_mtok", num(a.outputUsdPerMtok)},
                       {"conditions", a.conditions},
                       {"source", p.source},
                       {"date", p.date},
                       {"secondary", p.secondary}};
        if (a.cachedInputUsdPerMtok >= 0)   // left out when the provider publishes none
            entry["cached_input_usd_per_mtok"] = num(a.cachedInputUsdPerMtok);
        api.push_back(std::move(entry));
    }
    return {{"known", t.known},
            {"usd_per_million_output_tokens", num(t.usdPerMillionOutput)},
            {"usd_per_million_input_tokens", num(t.usdPerMillionInput)},
            {"usd_per_million_output_tokens_all_in", num(t.usdPerMillionOutputAllIn)},
            {"input_share", num(t.inputShare)},
            {"output_tokens", num(t.outputTokens)},
            {"input_tokens", num(t.inputTokens)},
            {"tokens_per_joule", num(t.tokensPerJoule)},
            {"active_params", num(t.activeParams)},
            {"total_params", num(t.totalParams)},
            {"api_class", apiClassName(t.apiClass)},
            {"api_prices", std::move(api)}};
}

Json dataPathJson(const DataPathResult &d, const Plan &plan)
{
    return {{"kind", nameOf(dataKindNames(), plan.data.kind)},
            {"limit", nameOf(dataLimitNames(), d.limit)},
            {"step_s", num(d.stepS)},
            {"gpu_step_s", num(d.gpuStepS)},
            {"storage_step_s", num(d.storageStepS)},
            {"network_step_s", num(d.networkStepS)},
            {"host_cpu_step_s", num(d.hostCpuStepS)},
            {"pace", num(d.pace)},
            {"gpu_busy_share", num(d.gpuBusyShare)},
            {"samples_per_s", num(d.samplesPerS)},
            {"samples_per_s_per_node", num(d.samplesPerSPerNode)},
            {"bytes_per_sample", num(d.bytesPerSample)},
            {"decode_cpu_ms_per_sample", num(d.decodeCpuSPerSample * 1000.0)},
            {"cpu_cores_needed_per_node", num(d.coresNeededPerNode)},
            {"cpu_cores_per_node", num(d.coresPerNode)},
            {"decode_cores_per_node", num(d.decodeCoresPerNode)},
            {"loader_ram_gb_per_node", num(d.loaderRamBytesPerNode / units::kGB)},
            {"node_ram_gb", num(d.nodeRamBytes / units::kGB)},
            {"ram_short", d.ramShort}};
}

Json bomJson(const BillOfMaterials &bom)
{
    Json lines = Json::array();
    for (int i = 0; i < bom.count; ++i) {
        const BomLine &l = bom.lines[static_cast<std::size_t>(i)];
        lines.push_back({{"item", bomItemName(l.item)},
                         {"quantity", num(l.quantity)},
                         {"unit_usd", num(l.unitUsd)},
                         {"total_usd", num(l.totalUsd())},
                         {"pricing", bomPricingName(l.pricing)}});
    }
    return lines;
}

} // namespace

void appendFacilityJson(const ResolvedPlan &plan, const Evaluation &e, Json &out)
{
    const Plan &p = *plan.plan;
    const DeployedResult &d = e.deployed;
    out["deployed"] = {{"gpus", d.gpus},
                       {"nodes", d.nodes},
                       {"spare_nodes", d.spareNodes},
                       {"replicas", d.replicas},
                       {"gpus_per_replica", d.gpusPerReplica},
                       {"plan_gpus", d.planGpus},
                       {"sized_by_rate", d.sizedByRate}};
    out["power"] = powerJson(e.power, p);
    out["cooling"] = coolingJson(e.cooling);
    out["storage"] = storageJson(e.storage, p);
    if (e.dataPath.known)
        out["data_path"] = dataPathJson(e.dataPath, p);
    out["reliability"] = reliabilityJson(e.reliability, p);
    out["cost"] = costJson(e.cost, plan);
    const CostVerdict verdict = costVerdict(plan, e);
    out["cost"]["verdict"] = verdictJson(verdict);
    if (p.workload.mode == Mode::Inference)
        out["cost"]["token_price"] = tokenPriceJson(tokenPrice(plan, e, verdict));
    out["bom"] = bomJson(e.bom);
    out["network"] = {{"tiers", e.bom.fabricTiers}, {"endpoints", num(e.bom.endpoints)}};
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// Plan fields: facility, cost, storage and reliability assumptions (defaults and sources in
// docs/facility-and-cost.md).
#include "plan/PlanFieldMacros.h"

namespace gpuplan {
namespace {

const FieldSpec kFacilityFields[] = {
    GP_FIELD_REAL("facility.pue", facility.pue, 1.0, 4.0, "", "Power usage effectiveness (facility / IT power)"),
    GP_FIELD_REAL("facility.gpu_utilization", facility.gpuUtilization, 0.01, 1, "fraction",
                  "Share of hours the GPUs run jobs (annual energy; serving load without a request rate)"),
    GP_FIELD_REAL("facility.gpu_busy_power_fraction", facility.gpuBusyPowerFraction, 0.05, 1.5, "of TDP",
                  "GPU draw while busy"),
    GP_FIELD_REAL("facility.gpu_idle_power_fraction", facility.gpuIdlePowerFraction, 0, 1, "of TDP", "GPU draw while idle"),
    GP_FIELD_REAL("facility.rack_power_limit_kw", facility.rackPowerLimitKw, 1, 2000, "kW", "Usable IT power per rack"),
    GP_FIELD_INT("facility.rack_units", facility.rackUnits, 1, 100, "U", "Rack height"),
    GP_FIELD_REAL("facility.air_cooling_limit_kw", facility.airCoolingLimitKw, 1, 1000, "kW",
                  "Highest rack power air cooling handles"),
    GP_FIELD_REAL("facility.grid_kg_co2_per_kwh", facility.gridKgCo2PerKwh, 0, 2, "kg/kWh", "Grid carbon intensity"),
    GP_FIELD_REAL("facility.procurement_weeks", facility.procurementWeeks, 0, 520, "weeks",
                  "Lead time from order to delivery of the hardware (report timeline)"),
    GP_FIELD_REAL("facility.install_weeks", facility.installWeeks, 0, 260, "weeks",
                  "Installation, cabling, burn-in and acceptance after delivery (report timeline)"),
    GP_FIELD_TEXT("cost.currency", cost.currency, 8, "Display currency code"),
    GP_FIELD_REAL("cost.usd_to_currency", cost.usdToCurrency, 1e-6, 1e6, "", "Exchange rate from USD"),
    GP_FIELD_TEXT("cost.cloud_offer", cost.cloudOffer, 200, "Cloud offer id (empty = cheapest for the GPU)"),
    GP_FIELD_ENUM("cost.cloud_pricing", cost.cloudPricing, CloudPricing, cloudPricingNames, "Cloud purchase option"),
    GP_FIELD_REAL_OR("cost.cloud_gpu_hour_usd", cost.cloudGpuHourUsd, 0, 10000, -1, "from the offer", "USD",
                     "Cloud price per GPU-hour"),
    GP_FIELD_REAL("cost.cloud_overhead_fraction", cost.cloudOverheadFraction, 0, 5, "fraction",
                  "Storage, egress and services on top of GPU-hours"),
    GP_FIELD_REAL("cost.spot_interruption_penalty", cost.spotInterruptionPenalty, 0, 5, "fraction",
                  "Extra GPU-hours lost to spot interruptions"),
    GP_FIELD_REAL("cost.reserved_1y_discount", cost.reserved1yDiscount, 0, 0.95, "fraction",
                  "1-year reserved discount off on-demand when the offer publishes no 1-year price"),
    GP_FIELD_REAL("cost.reserved_3y_discount", cost.reserved3yDiscount, 0, 0.95, "fraction",
                  "3-year reserved discount off on-demand when the offer publishes no 3-year price"),
    GP_FIELD_REAL("cost.spot_discount", cost.spotDiscount, 0, 0.95, "fraction",
                  "Spot discount off on-demand when the offer publishes no spot price"),
    GP_FIELD_REAL_OR("cost.gpu_price_usd", cost.gpuPriceUsd, 0, 1e7, -1, "from the catalog", "USD", "Price per GPU"),
    GP_FIELD_REAL_OR("cost.server_price_usd", cost.serverPriceUsd, 0, 1e8, -1, "from the catalog", "USD",
                     "Price per node without GPUs"),
    GP_FIELD_REAL_OR("cost.network_per_gpu_usd", cost.networkPerGpuUsd, 0, 1e7, -1, "from the fabric BOM", "USD",
                     "Network cost per GPU"),
    GP_FIELD_REAL_OR("cost.rack_price_usd", cost.rackPriceUsd, 0, 1e7, -1, "not priced", "USD",
                     "Rack cabinet with PDUs"),
    GP_FIELD_REAL("cost.storage_usd_per_tb", cost.storageUsdPerTb, 0, 1e6, "USD/TB", "Storage capex per TB"),
    GP_FIELD_REAL("cost.electricity_usd_per_kwh", cost.electricityUsdPerKwh, 0, 10, "USD/kWh", "Electricity price"),
    GP_FIELD_BOOL("cost.own_facility", cost.ownFacility, "Own data center (otherwise colocation)"),
    GP_FIELD_REAL("cost.colo_usd_per_kw_month", cost.coloUsdPerKwMonth, 0, 10000, "USD/kW-month", "Colocation price"),
    GP_FIELD_REAL("cost.facility_fitout_usd_per_kw", cost.facilityFitoutUsdPerKw, 0, 1e6, "USD/kW",
                  "Own-facility build cost per kW of peak IT load"),
    GP_FIELD_REAL("cost.facility_life_years", cost.facilityLifeYears, 1, 60, "years",
                  "Amortization period of an own facility's fit-out"),
    GP_FIELD_REAL("cost.depreciation_years", cost.depreciationYears, 0.5, 30, "years", "Depreciation period (straight line)"),
    GP_FIELD_REAL("cost.residual_fraction", cost.residualFraction, 0, 1, "fraction", "Resale value at end of life"),
    GP_FIELD_REAL("cost.financing_rate", cost.financingRate, 0, 1, "per year", "Interest on capex"),
    GP_FIELD_REAL("cost.support_fraction", cost.supportFraction, 0, 1, "per year", "Support as a share of hardware capex"),
    GP_FIELD_REAL_OR("cost.staff_fte", cost.staffFte, 0, 10000, -1, "0.5 x (GPUs/8)^(2/3)", "FTE", "Operations staff"),
    GP_FIELD_REAL("cost.staff_loaded_salary_usd", cost.staffLoadedSalaryUsd, 0, 1e8, "USD/year", "Cost per FTE"),
    GP_FIELD_REAL("cost.onprem_utilization", cost.onpremUtilization, 0.01, 1, "fraction",
                  "Share of hours an owned cluster does paid-for work (cost per useful GPU-hour)"),
    GP_FIELD_REAL("cost.horizon_months", cost.horizonMonths, 1, 360, "months", "Period compared"),
    GP_FIELD_REAL("cost.followon_utilization", cost.followonUtilization, 0, 1, "fraction",
                  "Share of the hours after the run that other work uses (rest of a reservation term)"),
    GP_FIELD_ENUM("storage.tier", storage.tier, StorageTier, storageTierNames, "Storage tier for data and checkpoints"),
    GP_FIELD_REAL_OR("storage.bytes_per_token", storage.bytesPerToken, 0.1, 1e9, 0, "from the vocabulary (2 or 4)",
                     "bytes", "Training data read per token"),
    GP_FIELD_REAL("storage.read_amplification", storage.readAmplification, 1, 100, "x", "Read amplification"),
    GP_FIELD_INT("storage.checkpoints_retained", storage.checkpointsRetained, 1, 10000, "", "Checkpoints kept"),
    GP_FIELD_INT("storage.milestone_checkpoints", storage.milestoneCheckpoints, 0, 10000, "", "Milestones kept"),
    GP_FIELD_BOOL("storage.async_checkpoint", storage.asyncCheckpoint, "Asynchronous checkpoint saves"),
    GP_FIELD_REAL("storage.checkpoint_overhead_s", storage.checkpointOverheadS, 0, 1e5, "s",
                  "Fixed training stall per checkpoint save on top of the copy or write"),
    GP_FIELD_REAL_OR("storage.dataset_tb", storage.datasetTb, 1e-6, 1e7, 0, "tokens x bytes per token", "TB",
                     "Dataset size"),
    GP_FIELD_REAL("storage.power_w_per_tb", storage.powerWPerTb, 0, 1000, "W/TB",
                  "Shared storage system power per TB of capacity"),
    GP_FIELD_REAL("reliability.node_mtbf_hours", reliability.nodeMtbfHours, 1, 1e9, "hours", "MTBF of one node"),
    GP_FIELD_REAL("reliability.restart_minutes", reliability.restartMinutes, 0, 10000, "minutes",
                  "Detection, rescheduling and warm-up after a failure (checkpoint load added from the tier)"),
    GP_FIELD_INT("reliability.spare_nodes", reliability.spareNodes, 0, 100000, "nodes", "Hot spare nodes"),
    GP_FIELD_BOOL("reliability.elastic", reliability.elastic, "Elastic training continues on fewer nodes"),
    GP_FIELD_REAL("reliability.elastic_restart_minutes", reliability.elasticRestartMinutes, 0, 10000, "minutes",
                  "Re-rendezvous time of an elastic job after a failure"),
    GP_FIELD_REAL("reliability.repair_hours", reliability.repairHours, 0.01, 1e5, "hours",
                  "Time until a failed node is back in service (sizes the spares)"),
};

} // namespace

std::span<const FieldSpec> facilityFields()
{
    return kFacilityFields;
}

} // namespace gpuplan

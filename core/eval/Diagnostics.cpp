// SPDX-License-Identifier: GPL-3.0-or-later
#include "eval/Diagnostics.h"

#include "common/EnumNames.h"
#include "common/Format.h"

#include <cmath>
#include <string_view>

namespace gpuplan {

void Diagnostics::add(DiagCode code, Severity severity, const char *field, double value, double limit)
{
    if (m_count >= kCapacity)
        return;   // the first problems are the ones worth reading
    m_items[static_cast<std::size_t>(m_count++)] = Diagnostic{code, severity, field, value, limit};
}

bool Diagnostics::hasErrors() const
{
    for (const Diagnostic &d : *this) {
        if (d.severity == Severity::Error)
            return true;
    }
    return false;
}

bool Diagnostics::has(DiagCode code) const
{
    for (const Diagnostic &d : *this) {
        if (d.code == code)
            return true;
    }
    return false;
}

const char *diagCodeId(DiagCode code)
{
    switch (code) {
    case DiagCode::GpusNotDivisible: return "gpus_not_divisible";
    case DiagCode::DpMismatch: return "dp_mismatch";
    case DiagCode::TpNotDivideHeads: return "tp_not_divide_heads";
    case DiagCode::TpNotDivideKvHeads: return "tp_not_divide_kv_heads";
    case DiagCode::TpNotDivideFfn: return "tp_not_divide_ffn";
    case DiagCode::TpNotDivideVocab: return "tp_not_divide_vocab";
    case DiagCode::PpExceedsLayers: return "pp_exceeds_layers";
    case DiagCode::PpUnevenLayers: return "pp_uneven_layers";
    case DiagCode::VpNeedsPp: return "vp_needs_pp";
    case DiagCode::VpNotDivideLayers: return "vp_not_divide_layers";
    case DiagCode::CpNotDivideSeq: return "cp_not_divide_seq";
    case DiagCode::EpNotDivideExperts: return "ep_not_divide_experts";
    case DiagCode::EpExceedsGroup: return "ep_exceeds_group";
    case DiagCode::EpWithoutMoe: return "ep_without_moe";
    case DiagCode::BatchNotDivisible: return "batch_not_divisible";
    case DiagCode::MicroBatchTooLarge: return "micro_batch_too_large";
    case DiagCode::TpExceedsNode: return "tp_exceeds_node";
    case DiagCode::SpWithoutTp: return "sp_without_tp";
    case DiagCode::ZeroStageInvalid: return "zero_stage_invalid";
    case DiagCode::Zero3WithPp: return "zero3_with_pp";
    case DiagCode::DoesNotFit: return "does_not_fit";
    case DiagCode::NoFlopsForDtype: return "no_flops_for_dtype";
    case DiagCode::InferenceTpNotDivide: return "inference_tp_not_divide";
    case DiagCode::ConcurrencyTooHigh: return "concurrency_too_high";
    case DiagCode::TtftTargetMissed: return "ttft_target_missed";
    case DiagCode::TpotTargetMissed: return "tpot_target_missed";
    case DiagCode::UtilizationLow: return "utilization_low";
    case DiagCode::UtilizationHigh: return "utilization_high";
    case DiagCode::RackBelowNode: return "rack_below_node";
    case DiagCode::LiquidCoolingRequired: return "liquid_cooling_required";
    case DiagCode::FinetuneWithOffload: return "finetune_with_offload";
    case DiagCode::EfficiencyNotFitted: return "efficiency_not_fitted";
    case DiagCode::ReplicasWithoutWork: return "replicas_without_work";
    case DiagCode::StorageLimitsStep: return "storage_limits_step";
    case DiagCode::NetworkLimitsStep: return "network_limits_step";
    case DiagCode::HostCpuLimitsStep: return "host_cpu_limits_step";
    case DiagCode::AverageRateAbovePeak: return "average_rate_above_peak";
    case DiagCode::ExpertTpNotDivideTp: return "expert_tp_not_divide_tp";
    case DiagCode::PoolsExceedGpus: return "pools_exceed_gpus";
    case DiagCode::PoolNotDivideTp: return "pool_not_divide_tp";
    case DiagCode::Count: break;
    }
    return "unknown";
}

const char *severityName(Severity s)
{
    switch (s) {
    case Severity::Info: return "info";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    }
    return "error";
}

namespace {

// A field of a disaggregated pool (workload.inference.prefill_* / decode_*).
bool poolField(const char *field)
{
    const std::string_view f(field ? field : "");
    return f.starts_with("workload.inference.prefill_") || f.starts_with("workload.inference.decode_");
}

} // namespace

std::string describe(const Diagnostic &d)
{
    const std::string v = formatBound(d.value);
    const std::string l = formatBound(d.limit);
    switch (d.code) {
    case DiagCode::GpusNotDivisible:
        return "The " + v + " GPUs cannot be split into groups of TP x PP x CP = " + l;
    case DiagCode::DpMismatch:
        return "DP = " + v + " does not match the GPU count: TP x PP x CP x DP must equal the GPUs, which gives DP = " + l;
    case DiagCode::TpNotDivideHeads:
        return "TP must divide the " + l + " attention heads (TP = " + v + ")";
    case DiagCode::TpNotDivideKvHeads:
        return "TP = " + v + " exceeds or does not divide the " + l + " KV heads: KV heads are replicated across TP ranks";
    case DiagCode::TpNotDivideFfn:
        return "TP must divide the FFN size " + l + " (TP = " + v + ")";
    case DiagCode::TpNotDivideVocab:
        return "The vocabulary (" + l + ") is padded to a multiple of TP = " + v;
    case DiagCode::PpExceedsLayers:
        return "PP = " + v + " exceeds the " + l + " layers: every pipeline stage needs at least one layer";
    case DiagCode::PpUnevenLayers:
        return "The " + l + " layers do not split evenly into PP = " + v + " stages; the busiest stage sets the pace";
    case DiagCode::VpNeedsPp:
        return "Virtual pipeline stages (" + v + ") need PP > 1";
    case DiagCode::VpNotDivideLayers:
        return "PP x virtual stages = " + v + " must divide the " + l + " layers";
    case DiagCode::CpNotDivideSeq:
        return "CP = " + v + ": the sequence length " + l + " must split into 2 x CP equal chunks";
    case DiagCode::EpNotDivideExperts:
        if (poolField(d.field))
            return std::string(d.field) + " = " + v + " does not divide the " + l + " experts; allowed: a divisor of " +
                   l;
        return "EP must divide the " + l + " experts (EP = " + v + ")";
    case DiagCode::EpExceedsGroup:
        return "EP = " + v + " must divide the " + l + " ranks that hold copies of the experts (DP x CP x TP / expert TP)";
    case DiagCode::ExpertTpNotDivideTp:
        return "Expert TP = " + v + " must divide TP = " + l;
    case DiagCode::EpWithoutMoe:
        if (poolField(d.field))
            return std::string(d.field) + " = " + v + " has no effect on a dense model";
        return "EP = " + v + " has no effect on a dense model";
    case DiagCode::PoolsExceedGpus:
        return "hardware.num_gpus = " + v + " is fewer than the " + l +
               " GPUs of the disaggregated pools (prefill_workers x prefill_tp + decode_workers x decode_tp); "
               "allowed: at least " +
               l;
    case DiagCode::PoolNotDivideTp:
        return std::string(d.field) + " = " + v + " does not divide the worker's " + l +
               " GPUs (its TP degree); allowed: a divisor of " + l;
    case DiagCode::BatchNotDivisible:
        return "The global batch of " + v + " sequences must be a multiple of DP x micro-batch = " + l;
    case DiagCode::MicroBatchTooLarge:
        return "The micro-batch " + v + " exceeds the " + l + " sequences each data-parallel rank gets per step";
    case DiagCode::TpExceedsNode:
        return "TP = " + v + " spans more than one node (" + l + " GPUs per node): TP traffic crosses the slow network";
    case DiagCode::SpWithoutTp:
        return "Sequence parallelism has no effect without TP > 1";
    case DiagCode::ZeroStageInvalid:
        return "ZeRO stage " + v + " does not exist (0 to 3)";
    case DiagCode::Zero3WithPp:
        return "ZeRO-3 with PP = " + v + " re-gathers weights for every micro-batch";
    case DiagCode::DoesNotFit:
        // Host RAM (offloaded states, pinned buffers, loader workers) is reported on the node, never
        // as GPU memory.
        if (std::string_view(d.field) == "hardware.node")
            return "Needs " + formatBytes(d.value) + " of host RAM per node, the node has " + formatBytes(d.limit) +
                   " for it (its RAM less what the system keeps)";
        return "Needs " + formatGib(d.value) + " per GPU but the GPU has " + formatGib(d.limit);
    case DiagCode::NoFlopsForDtype:
        return "This GPU has no tensor-core throughput for the chosen compute precision";
    case DiagCode::InferenceTpNotDivide:
        return "TP must divide the " + l + " attention heads (TP = " + v + ")";
    case DiagCode::ConcurrencyTooHigh:
        return "Concurrency " + v + " exceeds the " + l + " sequences whose KV cache fits";
    case DiagCode::TtftTargetMissed:
        return "Time to first token " + v + " ms misses the " + l + " ms target";
    case DiagCode::TpotTargetMissed:
        return "Time per output token " + v + " ms misses the " + l + " ms target";
    case DiagCode::UtilizationLow:
        return "Expected GPU utilization " + formatPercent(d.value, 0) + " is below 30%: most of the money buys idle GPUs";
    case DiagCode::UtilizationHigh:
        return "Expected GPU utilization " + formatPercent(d.value, 0) + " is above 95%: no headroom, queues grow and jobs wait";
    case DiagCode::RackBelowNode:
        return "The rack power limit of " + v + " kW is below one node's " + l + " kW";
    case DiagCode::LiquidCoolingRequired:
        if (d.value <= d.limit)   // the node type itself is liquid-cooled (GB200 NVL72 class)
            return "This node type needs direct liquid cooling (racks at " + v + " kW)";
        return "Racks at " + v + " kW exceed the air-cooling limit of " + l + " kW: direct liquid cooling required";
    case DiagCode::FinetuneWithOffload:
        return "This fine-tuning and offload combination is not modelled";
    case DiagCode::EfficiencyNotFitted:
        return "No published runs on this GPU were fitted: its time-model efficiencies are derived from another GPU "
               "(catalogs/gpu_efficiency.json), so times carry a wider error band of +/-" + formatBound(d.value) + "%";
    case DiagCode::ReplicasWithoutWork:
        return "The global batch of " + v + " sequences is smaller than the " + l + " data-parallel replicas: " +
               formatBound(d.limit - d.value) + " replicas would get no sequence per step (DP must not exceed the global batch)";
    case DiagCode::StorageLimitsStep:
        return "The storage tier's aggregate bandwidth limits the step: " + v + " s to read one step's data against the GPUs' " +
               l + " s; time and cost are at the slower step (Explain: Data path)";
    case DiagCode::NetworkLimitsStep:
        return "The nodes' links to storage limit the step: " + v + " s to read one step's data against the GPUs' " + l +
               " s; time and cost are at the slower step (Explain: Data path)";
    case DiagCode::HostCpuLimitsStep:
        return "The data loaders' host CPU limits the step: " + v + " s to decode one step's samples against the GPUs' " + l +
               " s; time and cost are at the slower step (Explain: Data path)";
    case DiagCode::AverageRateAbovePeak:
        return "workload.inference.average_request_rate = " + v + " requests/s is above workload.inference.request_rate = " +
               l + " requests/s, the peak: the average over the day must not exceed the peak (average_request_rate <= "
               "request_rate)";
    case DiagCode::Count: break;
    }
    return "unknown problem";
}

} // namespace gpuplan

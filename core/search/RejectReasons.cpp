// SPDX-License-Identifier: GPL-3.0-or-later
#include "search/RejectReasons.h"

namespace gpuplan {

namespace {

const char *diagReasonName(DiagCode code)
{
    switch (code) {
    case DiagCode::GpusNotDivisible: return "GPU count not divisible by TP x PP x CP";
    case DiagCode::DpMismatch: return "DP does not match the GPU count";
    case DiagCode::TpNotDivideHeads: return "TP does not divide the attention heads";
    case DiagCode::TpNotDivideKvHeads: return "TP does not divide the KV heads";
    case DiagCode::TpNotDivideFfn: return "TP does not divide the FFN size";
    case DiagCode::TpNotDivideVocab: return "TP does not divide the vocabulary";
    case DiagCode::PpExceedsLayers: return "PP exceeds the layers";
    case DiagCode::PpUnevenLayers: return "PP does not divide the layers";
    case DiagCode::VpNeedsPp: return "virtual stages without PP";
    case DiagCode::VpNotDivideLayers: return "PP x virtual stages does not divide the layers";
    case DiagCode::CpNotDivideSeq: return "sequence does not split into 2 x CP chunks";
    case DiagCode::EpNotDivideExperts: return "EP does not divide the experts";
    case DiagCode::EpExceedsGroup: return "EP does not divide DP x CP";
    case DiagCode::EpWithoutMoe: return "EP on a dense model";
    case DiagCode::BatchNotDivisible: return "global batch not divisible by DP x micro-batch";
    case DiagCode::MicroBatchTooLarge: return "micro-batch larger than the batch per data-parallel rank";
    case DiagCode::TpExceedsNode: return "TP spans nodes";
    case DiagCode::SpWithoutTp: return "sequence parallelism without TP";
    case DiagCode::ZeroStageInvalid: return "invalid ZeRO stage";
    case DiagCode::Zero3WithPp: return "ZeRO-3 with pipeline parallelism";
    case DiagCode::DoesNotFit: return "does not fit in GPU memory";
    case DiagCode::NoFlopsForDtype: return "GPU has no throughput for the compute precision";
    case DiagCode::InferenceTpNotDivide: return "TP does not divide the attention heads";
    case DiagCode::ConcurrencyTooHigh: return "KV cache of the concurrency does not fit";
    case DiagCode::TtftTargetMissed: return "misses the time-to-first-token target";
    case DiagCode::TpotTargetMissed: return "misses the time-per-output-token target";
    case DiagCode::UtilizationLow: return "utilization below 30%";
    case DiagCode::UtilizationHigh: return "utilization above 95%";
    case DiagCode::StorageLimitsStep: return "storage limits the step";
    case DiagCode::NetworkLimitsStep: return "network to storage limits the step";
    case DiagCode::HostCpuLimitsStep: return "data loaders' CPU limits the step";
    case DiagCode::RackBelowNode: return "rack power limit below one node";
    case DiagCode::LiquidCoolingRequired: return "needs liquid cooling";
    case DiagCode::FinetuneWithOffload: return "fine-tuning with offload not modelled";
    case DiagCode::EfficiencyNotFitted: return "GPU efficiencies derived, not fitted";
    case DiagCode::ReplicasWithoutWork: return "more data-parallel replicas than sequences per step";
    case DiagCode::AverageRateAbovePeak: return "average request rate above the peak";
    case DiagCode::ExpertTpNotDivideTp: return "expert TP does not divide TP";
    case DiagCode::PoolsExceedGpus: return "disaggregated pools need more GPUs than the plan has";
    case DiagCode::PoolNotDivideTp: return "a pool's attention DP or EP does not divide its TP";
    case DiagCode::Count: break;
    }
    return "unknown problem";
}

const char *searchReasonName(SearchReject reason)
{
    switch (reason) {
    case SearchReject::NotFitImplied: return "does not fit in GPU memory (implied by a bound)";
    case SearchReject::Dominated: return "same layout with less recompute or offload fits and is faster";
    case SearchReject::CannotBeatBest: return "cannot beat the best layouts (time bound)";
    case SearchReject::NoTimeEstimate: return "no time estimate";
    case SearchReject::LatencyImplied: return "misses the latency target (implied by a smaller concurrency)";
    case SearchReject::RequestRateNotMet: return "too few replicas for the request rate";
    case SearchReject::Count: break;
    }
    return "unknown problem";
}

} // namespace

const char *rejectReasonName(int index)
{
    if (index >= 0 && index < static_cast<int>(DiagCode::Count))
        return diagReasonName(static_cast<DiagCode>(index));
    if (index >= rejectIndex(SearchReject::NotFitImplied) && index < kRejectReasonCount)
        return searchReasonName(static_cast<SearchReject>(index - static_cast<int>(DiagCode::Count)));
    return "unknown problem";
}

} // namespace gpuplan

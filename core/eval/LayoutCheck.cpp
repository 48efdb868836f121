// SPDX-License-Identifier: GPL-3.0-or-later
// The rules a layout must follow (Megatron-LM argument checks, DeepSpeed/FSDP constraints),
// each reported as a diagnostic naming the plan field it concerns.
#include "eval/LayoutCheck.h"

namespace gpuplan {

namespace {

void checkCommon(const ResolvedPlan &rp, const Layout &l, Diagnostics &d)
{
    const ModelShape &s = rp.shape;
    if (s.heads % l.tp != 0)
        d.add(rp.plan->workload.mode == Mode::Inference ? DiagCode::InferenceTpNotDivide : DiagCode::TpNotDivideHeads,
              Severity::Error, "parallelism.tp", l.tp, s.heads);
    if (!s.mla && s.kvHeads % l.tp != 0) {
        // More TP ranks than KV heads works by replicating heads when tp is a multiple of them.
        const bool replicate = l.tp % s.kvHeads == 0;
        d.add(DiagCode::TpNotDivideKvHeads, replicate ? Severity::Info : Severity::Error, "parallelism.tp", l.tp, s.kvHeads);
    }
    if (s.ffn % l.tp != 0 || (s.experts > 0 && s.expertFfn % l.tp != 0))
        d.add(DiagCode::TpNotDivideFfn, Severity::Error, "parallelism.tp", l.tp, s.experts > 0 ? s.expertFfn : s.ffn);
    if (l.pp > s.layers)
        d.add(DiagCode::PpExceedsLayers, Severity::Error, "parallelism.pp", l.pp, s.layers);
    else if (s.layers % l.pp != 0)
        d.add(DiagCode::PpUnevenLayers, Severity::Warning, "parallelism.pp", l.pp, s.layers);
    if (l.tp > rp.gpusPerNode)
        d.add(DiagCode::TpExceedsNode, Severity::Warning, "parallelism.tp", l.tp, rp.gpusPerNode);
    if (rp.gpu && rp.gpu->peak(rp.plan->precision.compute) <= 0)
        d.add(DiagCode::NoFlopsForDtype, Severity::Error, "precision.compute", static_cast<double>(rp.plan->precision.compute), 0);
}

void checkTraining(const ResolvedPlan &rp, const Layout &l, Diagnostics &d)
{
    const ModelShape &s = rp.shape;
    const Plan &plan = *rp.plan;
    const int group = l.tp * l.pp * l.cp;
    if (l.numGpus % group != 0)
        d.add(DiagCode::GpusNotDivisible, Severity::Error, "hardware.num_gpus", l.numGpus, group);
    else if (static_cast<long long>(l.dp) * group != l.numGpus)   // 64-bit: dp x group can pass 2^31
        d.add(DiagCode::DpMismatch, Severity::Error, "parallelism.dp", l.dp, l.numGpus / group);
    if (l.vp > 1) {
        if (l.pp == 1)
            d.add(DiagCode::VpNeedsPp, Severity::Error, "parallelism.vp", l.vp, 0);
        else if (s.layers % (l.pp * l.vp) != 0)
            d.add(DiagCode::VpNotDivideLayers, Severity::Error, "parallelism.vp", l.pp * l.vp, s.layers);
    }
    if (l.cp > 1 && plan.workload.training.seqLen % (2 * l.cp) != 0)
        d.add(DiagCode::CpNotDivideSeq, Severity::Error, "parallelism.cp", l.cp, plan.workload.training.seqLen);
    if (l.expertTp > 0 && l.tp % l.expertTp != 0)
        d.add(DiagCode::ExpertTpNotDivideTp, Severity::Error, "parallelism.expert_tp", l.expertTp, l.tp);
    if (l.ep > 1) {
        if (s.experts == 0)
            d.add(DiagCode::EpWithoutMoe, Severity::Warning, "parallelism.ep", l.ep, 0);
        else if (s.experts % l.ep != 0)
            d.add(DiagCode::EpNotDivideExperts, Severity::Error, "parallelism.ep", l.ep, s.experts);
        // The experts' groups: expert TP x EP x expert DP = TP x DP x CP (Megatron-Core's MoE
        // parallel folding); with expert TP = TP, EP comes out of DP x CP.
        const long long dpCp = static_cast<long long>(l.dp) * l.cp * (l.tp / l.expertTpOrTp());
        if (dpCp % l.ep != 0)
            d.add(DiagCode::EpExceedsGroup, Severity::Error, "parallelism.ep", l.ep, static_cast<double>(dpCp));
    }
    // Sequences per data-parallel pass; 64-bit, since dp (up to 10^6) x micro-batch (up to 65,536)
    // passes 2^31.
    const long long perStep = static_cast<long long>(l.dp) * l.microBatch;
    const int globalBatch = plan.workload.training.globalBatch;
    if (l.dp > globalBatch)
        d.add(DiagCode::ReplicasWithoutWork, Severity::Error, "workload.training.global_batch", globalBatch, l.dp);
    else if (perStep > globalBatch)
        d.add(DiagCode::MicroBatchTooLarge, Severity::Error, "workload.training.micro_batch", l.microBatch,
              globalBatch / l.dp);
    else if (globalBatch % perStep != 0)
        d.add(DiagCode::BatchNotDivisible, Severity::Error, "workload.training.global_batch", globalBatch,
              static_cast<double>(perStep));
    if (l.sp && l.tp == 1)
        d.add(DiagCode::SpWithoutTp, Severity::Info, "parallelism.sp", l.tp, 0);
    if (l.zero < 0 || l.zero > 3)
        d.add(DiagCode::ZeroStageInvalid, Severity::Error, "parallelism.zero", l.zero, 3);
    else if (l.zero == 3 && l.pp > 1)
        d.add(DiagCode::Zero3WithPp, Severity::Warning, "parallelism.zero", l.pp, 0);
}

void checkInference(const ResolvedPlan &, const Layout &l, Diagnostics &d)
{
    const int group = l.tp * l.pp;
    if (l.numGpus % group != 0)
        d.add(DiagCode::GpusNotDivisible, Severity::Error, "hardware.num_gpus", l.numGpus, group);
}

} // namespace

void checkLayout(const ResolvedPlan &plan, const Layout &layout, Diagnostics &diagnostics)
{
    checkCommon(plan, layout, diagnostics);
    if (plan.plan->workload.mode == Mode::Training)
        checkTraining(plan, layout, diagnostics);
    else
        checkInference(plan, layout, diagnostics);
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/LaunchContext.h"

#include "common/Format.h"
#include "facility/Elastic.h"
#include "facility/Reliability.h"

#include "common/EnumNames.h"
#include "export/TextEscape.h"

#include <cstdio>

namespace gpuplan::launch {

namespace {

// Words a shell passes through unchanged without quotes.
bool isPlainWord(const std::string &w)
{
    if (w.empty())
        return false;
    for (char c : w) {
        const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' ||
                        c == '_' || c == '.' || c == '/' || c == ':' || c == '=' || c == ',' || c == '+';
        if (!ok)
            return false;
    }
    return true;
}

} // namespace

std::string modelName(const Plan &p)
{
    if (!p.model.name.empty())
        return p.model.name;
    return p.model.preset.empty() ? std::string("custom model") : p.model.preset;
}

int ceilDiv(long long a, long long b)
{
    return b > 0 ? static_cast<int>((a + b - 1) / b) : 0;
}

bool prepareContext(Context &out, std::string &error)
{
    const ResolvedPlan &plan = out.resolved;
    const Evaluation &evaluation = out.evaluation;
    const LaunchOptions &options = out.options;
    for (const Diagnostic &d : evaluation.diagnostics) {
        if (d.severity != Severity::Error || d.code == DiagCode::DoesNotFit)
            continue;
        error = "the plan's layout has an error a framework would reject: " + std::string(d.field) + ": " + describe(d);
        return false;
    }
    if (evaluation.diagnostics.has(DiagCode::DoesNotFit))
        out.notes.push_back("The memory estimate, " + formatGib(evaluation.memory.perGpuBytes) +
                            " per GPU, exceeds the " + formatGib(evaluation.memory.capacityBytes) +
                            " available: as planned the job runs out of GPU memory.");
    const Layout &l = out.layout;
    out.gpusPerNode = std::max(plan.gpusPerNode, 1);
    const Plan &p = *plan.plan;
    // A serving fleet starts the replicas its cost and power are of (Evaluation::deployed: the
    // request rate's replicas when the plan lists fewer GPUs), packed onto whole nodes; a training
    // job spreads the layout's GPUs evenly over its nodes.
    const bool serving = p.workload.mode == Mode::Inference;
    out.gpus = std::max(serving ? deployedGpus(evaluation) : l.numGpus, 1);
    out.nodes = std::max(ceilDiv(out.gpus, out.gpusPerNode), 1);
    if (serving) {
        out.procsPerNode = std::min(out.gpus, out.gpusPerNode);
    } else if (out.gpus % out.nodes != 0) {
        error = std::to_string(out.gpus) + " GPUs cannot be spread evenly over " + std::to_string(out.nodes) +
                " nodes of " + std::to_string(out.gpusPerNode) + " GPUs (hardware.num_gpus)";
        return false;
    } else {
        out.procsPerNode = out.gpus / out.nodes;
    }
    if (p.workload.mode == Mode::Training) {
        const long long perStep = static_cast<long long>(l.dp) * l.microBatch;
        if (perStep <= 0 || p.workload.training.globalBatch % perStep != 0) {
            error = "the global batch of " + std::to_string(p.workload.training.globalBatch) +
                    " sequences is not a multiple of DP x micro-batch = " + std::to_string(perStep);
            return false;
        }
        out.gradAccumulation = static_cast<int>(p.workload.training.globalBatch / perStep);
    }
    const ElasticRange range = elasticRange(p, evaluation);
    out.elastic = p.reliability.elastic && p.workload.mode == Mode::Training;
    out.minNodes = out.elastic ? std::min(range.minNodes, out.nodes) : out.nodes;
    out.maxNodes = out.elastic ? std::max(range.maxNodes, out.nodes) : out.nodes;
    // Every failure restarts torchrun's worker group once; allow the failures of 95% of runs.
    out.maxRestarts = out.elastic ? std::max(poissonQuantile95(evaluation.reliability.expectedInterruptions), 1) : 0;
    out.title = commentText(p.name);
    out.fileBase = kubernetesName(p.name, "gpuplan-job");
    if (!options.entryScript.empty())
        out.entryScript = options.entryScript;
    else
        out.entryScript = (l.sharding == ShardingImpl::Megatron || l.tp * l.pp * l.cp > 1) ? "pretrain_gpt.py" : "train.py";
    return true;
}

std::string jobSummary(const Context &c)
{
    const std::string gpu = c.resolved.gpu ? c.resolved.gpu->name : c.plan.hardware.gpu;
    std::string s = modelName(c.plan) + " on " + std::to_string(c.gpus) + " x " + gpu;
    if (c.nodes > 1)
        s += " (" + std::to_string(c.nodes) + " nodes x " + std::to_string(c.procsPerNode) + " GPUs)";
    return commentText(s);
}

std::string layoutSummary(const Context &c)
{
    const Layout &l = c.layout;
    std::string s = "TP " + std::to_string(l.tp) + ", PP " + std::to_string(l.pp);
    if (l.vp > 1)
        s += " (" + std::to_string(l.vp) + " virtual stages)";
    s += ", DP " + std::to_string(l.dp) + ", CP " + std::to_string(l.cp) + ", EP " + std::to_string(l.ep);
    if (c.plan.workload.mode == Mode::Inference) {
        const InferenceResult &r = c.evaluation.inference;
        const DisaggregatedResult &d = r.disaggregated;
        if (!d.active) {
            // The replica as served: attention data-parallel ranks and expert parallelism (perf/AttentionDp.h).
            if (r.attentionDp > 1)
                s += ", attention DP " + std::to_string(r.attentionDp) + " of TP " + std::to_string(r.attentionTp);
            if (r.expertParallel > 1)
                s += ", experts over EP " + std::to_string(r.expertParallel) + " x expert TP " + std::to_string(r.expertTp);
            return s;
        }
        auto pool = [](const char *role, const DisaggregatedPoolResult &p) {
            return std::string(role) + " " + std::to_string(p.workers) + " x " + std::to_string(p.gpusPerWorker) +
                   " GPUs (attention DP " + std::to_string(p.attentionDp) + ", EP " + std::to_string(p.ep) + ")";
        };
        return pool("disaggregated: prefill", d.prefill) + ", " + pool("decode", d.decode) + ", KV over " +
               nameOf(kvTransferNames(), d.kvTransfer);
    }
    s += std::string(l.sp ? ", sequence parallel" : "") + ", ZeRO " + std::to_string(l.zero) + " (" +
         nameOf(shardingImplNames(), l.sharding) + "), recompute " + nameOf(recomputeNames(), l.recompute) +
         ", micro-batch " + std::to_string(l.microBatch) + ", global batch " +
         std::to_string(c.plan.workload.training.globalBatch) + " (" + std::to_string(c.gradAccumulation) +
         " micro-batches per step)";
    return s;
}

std::string commentHeader(const Context &c, const std::string &what)
{
    std::string h = "# " + c.title + "\n";
    h += "# " + what + ", generated by " + commentText(c.options.generator) + " from the plan's evaluated layout.\n";
    h += "# " + jobSummary(c) + "\n";
    h += "# Layout: " + layoutSummary(c) + "\n";
    return h;
}

std::string bashArray(const std::string &name, const std::vector<std::string> &words)
{
    std::string out = name + "=(\n";
    for (std::size_t i = 0; i < words.size(); ++i) {
        const std::string &w = words[i];
        const bool flag = w.size() > 2 && w[0] == '-' && w[1] == '-';
        // Flags start a line; their values follow on the same line.
        if (flag || i == 0)
            out += (i == 0 ? "  " : "\n  ");
        else
            out += ' ';
        out += isPlainWord(w) ? w : shellQuote(w);
    }
    out += "\n)\n";
    return out;
}

std::string deepSpeedConfigFileName(const Context &c)
{
    return c.fileBase + ".deepspeed.json";
}

std::vector<std::string> trainingScriptArguments(Context &c)
{
    const Layout &l = c.layout;
    switch (l.sharding) {
    case ShardingImpl::Megatron:
        return megatronArguments(c);
    case ShardingImpl::DeepSpeed: {
        // Model parallelism under DeepSpeed is Megatron-DeepSpeed: Megatron's arguments plus
        // DeepSpeed's; pure data parallelism needs only DeepSpeed's.
        std::vector<std::string> args;
        if (l.tp * l.pp * l.cp > 1)
            args = megatronArguments(c, false);
        args.insert(args.end(), {"--deepspeed", "--deepspeed_config", deepSpeedConfigFileName(c)});
        c.notes.push_back("The training script reads the DeepSpeed configuration " + deepSpeedConfigFileName(c) +
                          " (gpuplan-cli export PLAN --launch deepspeed writes it).");
        return args;
    }
    case ShardingImpl::Fsdp:
        break;
    }
    c.notes.push_back("FSDP is set up inside the training script: ZeRO stage " + std::to_string(l.zero) +
                      " corresponds to " +
                      (l.zero >= 3 ? "FULL_SHARD" : l.zero >= 2 ? "SHARD_GRAD_OP" : "NO_SHARD") +
                      (l.shardGroup > 0 ? " (HYBRID_SHARD over groups of " + std::to_string(l.shardGroup) + ")" : "") +
                      "; no script arguments are generated.");
    return {};
}

} // namespace gpuplan::launch

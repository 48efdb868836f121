// SPDX-License-Identifier: GPL-3.0-or-later
// vLLM launch script for a serving plan: one `vllm serve` per replica of TP x PP GPUs.
#include "export/LaunchScripts.h"

#include "common/EnumNames.h"
#include "export/TextEscape.h"

#include <algorithm>
#include <cstdio>

namespace gpuplan::launch {

namespace {

std::string fixed(double v, int decimals)
{
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, v);
    return buf;
}

const char *vllmDtype(Dtype compute)
{
    switch (compute) {
    case Dtype::FP16: return "float16";
    case Dtype::FP32: return "float32";
    default: return "bfloat16";
    }
}

} // namespace

// Sequences per replica: the request slots of the capacity plan (the saturated concurrency, what
// the KV pool and the engine's max batch hold), which the queueing model assumes; without one,
// the largest concurrency meeting the targets, else the plan's concurrency capped by memory.
int maxSequences(const Context &c)
{
    const InferenceResult &r = c.evaluation.inference;
    if (r.capacity.valid)
        return r.capacity.requestSlots;
    if (r.sizingConcurrency > 0)
        return r.sizingConcurrency;
    const int planned = c.layout.microBatch;
    return c.evaluation.memory.maxConcurrency > 0 ? std::min(planned, c.evaluation.memory.maxConcurrency) : planned;
}

std::string maxSequencesComment(const Context &c)
{
    const int seqs = maxSequences(c);
    const InferenceResult &r = c.evaluation.inference;
    std::string s = "# --max-num-seqs " + std::to_string(seqs);
    if (r.capacity.valid)
        s += ": the request slots of the capacity plan (saturated concurrency: KV pool and max batch)";
    else if (r.sizingConcurrency > 0)
        s += ": the largest concurrency meeting the latency targets";
    else
        s += ": the plan's concurrency, capped by the KV cache that fits";
    if (seqs != c.layout.microBatch)
        s += "; the plan's concurrency " + std::to_string(c.layout.microBatch) +
             " is the point evaluated for latency, not a cap on the engine";
    return s + ".\n";
}

int gpusPerReplica(const Context &c)
{
    return std::max(c.layout.tp * c.layout.pp, 1);
}

int servingReplicas(const Context &c)
{
    // The replicas of the fleet as deployed (Evaluation::deployed), the ones cost and power are of:
    // every replica the plan's GPUs hold, or the request rate's replicas where it needs more.
    const int deployed = c.evaluation.deployed.replicas;
    return deployed > 0 ? deployed : std::max(c.gpus / gpusPerReplica(c), 1);
}

std::vector<std::string> vllmArguments(Context &c)
{
    const InferenceWorkload &w = c.plan.workload.inference;
    const Precision &p = c.plan.precision;
    std::vector<std::string> a = {"--tensor-parallel-size", std::to_string(c.layout.tp),
                                  "--pipeline-parallel-size", std::to_string(c.layout.pp),
                                  "--max-num-seqs", std::to_string(maxSequences(c)),
                                  "--max-model-len", std::to_string(w.promptLen + w.outputLen),
                                  "--gpu-memory-utilization", fixed(w.memoryUtilization, 2),
                                  "--dtype", vllmDtype(p.compute),
                                  "--block-size", std::to_string(w.kvBlockTokens)};
    if (p.kvCache == Dtype::FP8)
        a.insert(a.end(), {"--kv-cache-dtype", "fp8"});
    if (p.weights == Dtype::FP8)
        a.insert(a.end(), {"--quantization", "fp8"});
    else if (p.weights == Dtype::INT8 || p.weights == Dtype::INT4 || p.weights == Dtype::NF4)
        c.notes.push_back(std::string("The plan's weights are ") + nameOf(dtypeNames(), p.weights) +
                          ": serve a checkpoint quantized that way (vLLM reads the method from it, e.g. AWQ or GPTQ).");
    if (gpusPerReplica(c) > c.procsPerNode)
        a.insert(a.end(), {"--distributed-executor-backend", "ray"});
    if (w.engine != ServingEngine::Vllm)
        c.notes.push_back(std::string("The plan is evaluated for ") + nameOf(engineNames(), w.engine) +
                          "; these are the equivalent vLLM settings.");
    if (w.batching != Batching::Continuous)
        c.notes.push_back("vLLM always batches continuously; the plan assumes " +
                          std::string(nameOf(batchingNames(), w.batching)) + " batching.");
    return a;
}

std::string vllmScript(Context &c)
{
    const std::vector<std::string> args = vllmArguments(c);
    const int perReplica = gpusPerReplica(c);
    const int replicas = servingReplicas(c);
    const std::string model = c.plan.model.name.empty() ? c.plan.model.preset : c.plan.model.name;
    std::string s = "#!/usr/bin/env bash\n" + commentHeader(c, "vLLM serving launch");
    s += "# " + std::to_string(replicas) + " replica" + (replicas == 1 ? "" : "s") + " of " + std::to_string(perReplica) +
         " GPU" + (perReplica == 1 ? "" : "s") + " each; put a load balancer in front of the ports.\n";
    s += maxSequencesComment(c);
    s += "set -euo pipefail\n\n";
    s += "MODEL=${MODEL:?set MODEL to the Hugging Face id or local path of " + shellQuote(commentText(model)) + "}\n";
    s += "PORT=${PORT:-8000}\n";
    s += bashArray("VLLM_ARGS", args) + "\n";
    if (perReplica > c.procsPerNode) {
        s += "# A replica spans " + std::to_string(ceilDiv(perReplica, c.procsPerNode)) +
             " nodes: start a Ray cluster over them first (ray start --head on this node, ray start --address on the\n"
             "# others), then run this script on the head node.\n";
        s += "exec vllm serve \"$MODEL\" \"${VLLM_ARGS[@]}\" --port \"$PORT\"\n";
        return s;
    }
    const int local = std::clamp(c.procsPerNode / perReplica, 1, replicas);
    const int nodes = ceilDiv(replicas, local);
    const int last = replicas - (nodes - 1) * local;
    s += "# This node runs " + std::to_string(local) + " replica" + (local == 1 ? "" : "s") + " on ports $PORT and up; run the script on each of the " +
         std::to_string(nodes) + " node" + (nodes == 1 ? "" : "s") +
         (last != local ? " (with REPLICAS_PER_NODE=" + std::to_string(last) + " on the last)" : std::string()) + ".\n";
    s += "REPLICAS_PER_NODE=${REPLICAS_PER_NODE:-" + std::to_string(local) + "}\n";
    s += "GPUS_PER_REPLICA=" + std::to_string(perReplica) + "\n";
    s += "for ((r = 0; r < REPLICAS_PER_NODE; r++)); do\n"
         "  first=$((r * GPUS_PER_REPLICA))\n"
         "  CUDA_VISIBLE_DEVICES=$(seq -s, \"$first\" $((first + GPUS_PER_REPLICA - 1))) \\\n"
         "    vllm serve \"$MODEL\" \"${VLLM_ARGS[@]}\" --port $((PORT + r)) &\n"
         "done\n"
         "wait\n";
    return s;
}

} // namespace gpuplan::launch

// SPDX-License-Identifier: GPL-3.0-or-later
// vLLM launch script for a serving plan: one `vllm serve` per replica of TP x PP GPUs, and the
// arguments of one instance of a disaggregated plan's pools (DisaggregatedLaunch.cpp).
#include "export/LaunchScripts.h"

#include "common/EnumNames.h"
#include "export/TextEscape.h"

#include <algorithm>
#include <cmath>
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

// vLLM's max_num_seqs holds per attention data-parallel rank (each rank schedules its own requests).
int perRank(double sequences, int ranks)
{
    return std::max(1, static_cast<int>(std::ceil(sequences / std::max(ranks, 1) - 1e-9)));
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
    const int ranks = std::max(r.attentionDp, 1);
    if (ranks > 1)
        s += " (" + std::to_string(perRank(seqs, ranks)) + " per attention data-parallel rank, as vLLM counts them)";
    if (seqs != c.layout.microBatch)
        s += "; the plan's concurrency " + std::to_string(c.layout.microBatch) +
             " is the point evaluated for latency, not a cap on the engine";
    return s + ".\n";
}

bool isDisaggregated(const Context &c)
{
    return c.evaluation.inference.disaggregated.active;
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

namespace {

// The parallel layout of one vLLM instance: `ranks` attention data-parallel ranks of `attentionTp`
// GPUs (vLLM --data-parallel-size; its max_num_seqs then holds per rank), the routed experts spread
// over all of the instance's GPUs when expertParallel (vLLM's --enable-expert-parallel makes the
// expert-parallel group TP x DP: it has no expert TP inside EP, so a plan's EP below the instance's
// GPUs is noted, not mapped).
void appendLayout(std::vector<std::string> &a, Context &c, int attentionTp, int pp, int ranks, int ep)
{
    a.insert(a.end(), {"--tensor-parallel-size", std::to_string(attentionTp), "--pipeline-parallel-size", std::to_string(pp)});
    if (ranks > 1)
        a.insert(a.end(), {"--data-parallel-size", std::to_string(ranks)});
    if (ep > 1) {
        a.push_back("--enable-expert-parallel");
        const int gpus = attentionTp * ranks * pp;
        if (ep != gpus)
            c.notes.push_back("vLLM spreads the experts over all " + std::to_string(gpus) +
                              " GPUs of an instance (EP = TP x DP); the plan's EP " + std::to_string(ep) +
                              " with experts split over the rest has no vLLM setting.");
    }
}

// What every instance shares: lengths, memory share, dtypes, KV block size and quantization, with
// notes for the plan's settings vLLM does not take.
void appendEngineSettings(std::vector<std::string> &a, Context &c)
{
    const InferenceWorkload &w = c.plan.workload.inference;
    const Precision &p = c.plan.precision;
    a.insert(a.end(), {"--max-model-len", std::to_string(w.promptLen + w.outputLen),
                       "--gpu-memory-utilization", fixed(w.memoryUtilization, 2),
                       "--dtype", vllmDtype(p.compute),
                       "--block-size", std::to_string(w.kvBlockTokens)});
    if (p.kvCache == Dtype::FP8)
        a.insert(a.end(), {"--kv-cache-dtype", "fp8"});
    if (p.weights == Dtype::FP8)
        a.insert(a.end(), {"--quantization", "fp8"});
    else if (p.weights == Dtype::INT8 || p.weights == Dtype::INT4 || p.weights == Dtype::NF4 ||
             p.weights == Dtype::NVFP4 || p.weights == Dtype::MXFP4)
        c.notes.push_back(std::string("The plan's weights are ") + nameOf(dtypeNames(), p.weights) +
                          ": serve a checkpoint quantized that way (vLLM reads the method from it, e.g. AWQ, GPTQ, "
                          "NVFP4 or MXFP4).");
    if (w.engine != ServingEngine::Vllm)
        c.notes.push_back(std::string("The plan is evaluated for ") + nameOf(engineNames(), w.engine) +
                          "; these are the equivalent vLLM settings.");
    if (w.batching != Batching::Continuous)
        c.notes.push_back("vLLM always batches continuously; the plan assumes " +
                          std::string(nameOf(batchingNames(), w.batching)) + " batching.");
}

} // namespace

std::vector<std::string> vllmArguments(Context &c)
{
    // The replica's layout as served (InferenceResult: attention DP and expert parallelism).
    const InferenceResult &r = c.evaluation.inference;
    const int ranks = std::max(r.attentionDp, 1);
    const int attentionTp = ranks > 1 ? std::max(r.attentionTp, 1) : c.layout.tp;
    std::vector<std::string> a;
    appendLayout(a, c, attentionTp, c.layout.pp, ranks, r.expertParallel);
    a.insert(a.end(), {"--max-num-seqs", std::to_string(perRank(maxSequences(c), ranks))});
    appendEngineSettings(a, c);
    if (gpusPerReplica(c) > c.procsPerNode)
        a.insert(a.end(), {"--distributed-executor-backend", "ray"});
    return a;
}

std::vector<std::string> vllmPoolArguments(Context &c, bool prefill)
{
    const DisaggregatedResult &d = c.evaluation.inference.disaggregated;
    const DisaggregatedPoolResult &pool = prefill ? d.prefill : d.decode;
    const int ranks = std::max(pool.attentionDp, 1);
    std::vector<std::string> a;
    appendLayout(a, c, std::max(pool.gpusPerWorker / ranks, 1), 1, ranks, pool.ep);
    // A prefill worker holds the prompts of one pass, a decode worker the requests it decodes.
    a.insert(a.end(), {"--max-num-seqs", std::to_string(perRank(pool.batch, ranks))});
    appendEngineSettings(a, c);
    if (pool.gpusPerWorker > c.gpusPerNode)
        a.insert(a.end(), {"--distributed-executor-backend", "ray"});
    // Every instance sends and receives KV blocks through NIXL; the router decides the roles.
    a.insert(a.end(), {"--kv-transfer-config", R"({"kv_connector":"NixlConnector","kv_role":"kv_both"})"});
    return a;
}

std::string vllmScript(Context &c)
{
    const std::vector<std::string> args = vllmArguments(c);
    const int perReplica = gpusPerReplica(c);
    const int replicas = servingReplicas(c);
    const std::string model = modelName(c.plan);
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
    return s + vllmNodeLoop("REPLICAS_PER_NODE", "GPUS_PER_REPLICA", "VLLM_ARGS", false);
}

std::string vllmNodeLoop(const char *countVar, const char *gpusVar, const char *argsArray, bool nixl)
{
    const std::string count = countVar, gpus = gpusVar, args = argsArray;
    std::string s = "for ((r = 0; r < " + count + "; r++)); do\n"
                    "  first=$((r * " + gpus + "))\n"
                    "  CUDA_VISIBLE_DEVICES=$(seq -s, \"$first\" $((first + " + gpus + " - 1))) \\\n";
    // Each instance on a node needs its own NIXL side-channel port, as it needs its own HTTP port.
    if (nixl)
        s += "    VLLM_NIXL_SIDE_CHANNEL_PORT=$((NIXL_PORT + r)) \\\n";
    return s + "    vllm serve \"$MODEL\" \"${" + args + "[@]}\" --port $((PORT + r)) &\n"
               "done\n"
               "wait\n";
}

} // namespace gpuplan::launch

// SPDX-License-Identifier: GPL-3.0-or-later
// vLLM launch script for a disaggregated serving plan: one `vllm serve` instance per worker of the
// prefill pool and of the decode pool, each moving KV blocks through NIXL (NixlConnector), the
// pools' workers packed onto whole nodes. The script runs on every node with ROLE saying which
// pool the node belongs to.
#include "export/LaunchScripts.h"

#include "export/TextEscape.h"

#include <algorithm>

namespace gpuplan::launch {

namespace {

// Where one pool's workers go: workers per node, nodes, and the workers of the last node.
struct PoolPlacement
{
    int gpusPerWorker = 1;
    int workers = 1;
    int perNode = 1;
    int nodes = 1;
    int last = 1;
    bool spansNodes = false;   // a worker needs more GPUs than a node has (Ray over its nodes)
};

PoolPlacement placement(const Context &c, const DisaggregatedPoolResult &pool)
{
    PoolPlacement p;
    p.gpusPerWorker = std::max(pool.gpusPerWorker, 1);
    p.workers = std::max(pool.workers, 1);
    p.spansNodes = p.gpusPerWorker > c.gpusPerNode;
    if (p.spansNodes) {
        p.perNode = 1;
        p.nodes = p.workers * ceilDiv(p.gpusPerWorker, c.gpusPerNode);
        p.last = 1;
        return p;
    }
    p.perNode = std::clamp(c.gpusPerNode / p.gpusPerWorker, 1, p.workers);
    p.nodes = ceilDiv(p.workers, p.perNode);
    p.last = p.workers - (p.nodes - 1) * p.perNode;
    return p;
}

std::string plural(int n, const char *word)
{
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string poolComment(const Context &c, const char *role, const PoolPlacement &p)
{
    std::string s = "# " + std::string(role) + ": " + plural(p.workers, "worker") + " of " + plural(p.gpusPerWorker, "GPU");
    if (p.spansNodes)
        return s + ", each over " + plural(ceilDiv(p.gpusPerWorker, c.gpusPerNode), "node") + " (" +
               plural(p.nodes, "node") + "): start a Ray cluster over a worker's nodes and run the script on its head node.\n";
    s += " on " + plural(p.nodes, "node") + ", " + std::to_string(p.perNode) + " per node";
    if (p.last != p.perNode)
        s += " (WORKERS_PER_NODE=" + std::to_string(p.last) + " on the last)";
    return s + ".\n";
}

} // namespace

std::string vllmDisaggregatedScript(Context &c)
{
    const DisaggregatedResult &d = c.evaluation.inference.disaggregated;
    const PoolPlacement prefill = placement(c, d.prefill);
    const PoolPlacement decode = placement(c, d.decode);
    const std::vector<std::string> prefillArgs = vllmPoolArguments(c, true);
    const std::vector<std::string> decodeArgs = vllmPoolArguments(c, false);
    const std::string model = modelName(c.plan);
    c.notes.push_back("Requests need a router in front of the instances: it sends each prompt to a prefill instance "
                      "(one output token, the KV blocks kept for transfer) and then to a decode instance with the "
                      "transfer parameters the prefill returned, as vLLM's NIXL disaggregated-serving proxy does.");

    std::string s = "#!/usr/bin/env bash\n" + commentHeader(c, "vLLM disaggregated serving launch");
    s += "# Disaggregated prefill and decode: one vLLM instance per worker, the KV cache of each prompt sent from its\n"
         "# prefill instance to a decode instance through NIXL. Run this script on every node, with ROLE=prefill on\n"
         "# the prefill nodes and ROLE=decode on the decode nodes.\n";
    s += poolComment(c, "prefill", prefill);
    s += poolComment(c, "decode", decode);
    s += "# --max-num-seqs per attention rank: a prefill worker's prompts of one pass, a decode worker's requests.\n";
    s += "set -euo pipefail\n\n";
    s += "MODEL=${MODEL:?set MODEL to the Hugging Face id or local path of " + shellQuote(commentText(model)) + "}\n";
    s += "ROLE=${ROLE:?set ROLE to prefill or decode}\n";
    s += "PORT=${PORT:-8000}\n";
    s += "NIXL_PORT=${NIXL_PORT:-5600}\n";
    s += bashArray("PREFILL_ARGS", prefillArgs);
    s += bashArray("DECODE_ARGS", decodeArgs) + "\n";
    auto roleCase = [](const char *role, const char *array, const PoolPlacement &p) {
        return std::string("  ") + role + ")\n    ARGS=(\"${" + array + "[@]}\")\n    GPUS_PER_WORKER=" +
               std::to_string(p.gpusPerWorker) + "\n    WORKERS_PER_NODE=${WORKERS_PER_NODE:-" +
               std::to_string(p.perNode) + "}\n    ;;\n";
    };
    s += "case \"$ROLE\" in\n" + roleCase("prefill", "PREFILL_ARGS", prefill) + roleCase("decode", "DECODE_ARGS", decode) +
         "  *)\n    echo \"ROLE must be prefill or decode, not '$ROLE'\" >&2\n    exit 2\n    ;;\nesac\n\n";
    if (prefill.spansNodes || decode.spansNodes) {
        // A worker larger than a node runs under Ray from its head node: one instance per invocation.
        s += "if ((GPUS_PER_WORKER > " + std::to_string(c.gpusPerNode) + ")); then\n"
             "  exec env VLLM_NIXL_SIDE_CHANNEL_PORT=\"$NIXL_PORT\" vllm serve \"$MODEL\" \"${ARGS[@]}\" --port \"$PORT\"\n"
             "fi\n";
    }
    return s + vllmNodeLoop("WORKERS_PER_NODE", "GPUS_PER_WORKER", "ARGS", true);
}

} // namespace gpuplan::launch

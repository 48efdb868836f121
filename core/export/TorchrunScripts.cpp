// SPDX-License-Identifier: GPL-3.0-or-later
// torchrun command line and Slurm batch script for a training plan.
#include "export/LaunchScripts.h"

#include "common/Units.h"
#include "export/TextEscape.h"

#include <cmath>
#include <cstdio>

namespace gpuplan::launch {

namespace {

// nnodes: "--nnodes N" for a fixed size, "--nnodes=MIN:MAX" for an elastic range.
std::string torchrunLines(const std::string &nnodes, const std::string &rdzvId, int maxRestarts)
{
    const std::string restarts =
        maxRestarts > 0 ? "  --max-restarts " + std::to_string(maxRestarts) + " \\\n" : std::string();
    return "  " + nnodes + " \\\n"
           "  --nproc-per-node \"$NPROC_PER_NODE\" \\\n" + restarts +
           "  --rdzv-id " + rdzvId + " \\\n"
           "  --rdzv-backend c10d \\\n"
           "  --rdzv-endpoint \"$MASTER_ADDR:$MASTER_PORT\" \\\n"
           "  \"$TRAIN_SCRIPT\" \"${TRAIN_ARGS[@]}\"\n";
}

std::string scriptVariables(const Context &c)
{
    return "NPROC_PER_NODE=" + std::to_string(c.procsPerNode) + "\n" +
           "TRAIN_SCRIPT=${TRAIN_SCRIPT:-" + shellQuote(c.entryScript) + "}\n";
}

// "12-00:00:00": Slurm's days-hours:minutes:seconds.
std::string slurmDuration(double seconds)
{
    const long long total = static_cast<long long>(std::ceil(std::max(seconds, 60.0)));
    char buf[64];
    std::snprintf(buf, sizeof buf, "%lld-%02lld:%02lld:%02lld", total / 86400, total % 86400 / 3600, total % 3600 / 60,
                  total % 60);
    return buf;
}

// What an elastic launch does when a node fails, for the comment header.
std::string elasticComment(const Context &c)
{
    return "# Elastic: trains on " + std::to_string(c.minNodes) + " to " + std::to_string(c.maxNodes) +
           " nodes. When a node fails, torchrun restarts the worker group on the nodes left (at most " +
           std::to_string(c.maxRestarts) + "\n# times); the training script must resume from its last checkpoint "
           "with a layout for the nodes left that keeps the global batch\n# (gpuplan-cli evaluate shows the one it "
           "falls back to under Elastic training).\n";
}

} // namespace

std::string torchrunScript(Context &c)
{
    const std::vector<std::string> args = trainingScriptArguments(c);
    std::string s = "#!/usr/bin/env bash\n" + commentHeader(c, "torchrun launch");
    if (c.nodes > 1)
        s += "# Run this script on each of the " + std::to_string(c.nodes) +
             " nodes, with MASTER_ADDR set to the address of the first one.\n";
    if (c.elastic)
        s += elasticComment(c);
    s += "set -euo pipefail\n\n";
    s += "NNODES=" + std::to_string(c.nodes) + "\n";
    if (c.elastic)
        s += "MIN_NODES=" + std::to_string(c.minNodes) + "\nMAX_NODES=" + std::to_string(c.maxNodes) + "\n";
    s += scriptVariables(c);
    if (c.nodes > 1)
        s += "MASTER_ADDR=${MASTER_ADDR:?set MASTER_ADDR to the address of the first node}\n";
    else
        s += "MASTER_ADDR=${MASTER_ADDR:-localhost}\n";
    s += "MASTER_PORT=${MASTER_PORT:-" + std::to_string(c.options.masterPort) + "}\n";
    s += "RDZV_ID=${RDZV_ID:-" + shellQuote(c.fileBase) + "}\n\n";
    s += bashArray("TRAIN_ARGS", args) + "\n";
    s += "exec torchrun \\\n" +
         torchrunLines(c.elastic ? "--nnodes=\"$MIN_NODES:$MAX_NODES\"" : "--nnodes \"$NNODES\"", "\"$RDZV_ID\"",
                       c.maxRestarts);
    return s;
}

std::string slurmScript(Context &c)
{
    const std::vector<std::string> args = trainingScriptArguments(c);
    std::string s = "#!/bin/bash\n";
    // #SBATCH lines must come before the first command; sbatch reads them, the shell does not.
    s += "#SBATCH --job-name=" + safeName(c.fileBase, "gpuplan-job") + "\n";
    if (c.elastic) {
        // A node range, the job kept when one of its nodes fails, and requeued when it stops.
        s += "#SBATCH --nodes=" + std::to_string(c.minNodes) + "-" + std::to_string(c.maxNodes) + "\n";
        s += "#SBATCH --no-kill\n#SBATCH --requeue\n";
    } else {
        s += "#SBATCH --nodes=" + std::to_string(c.nodes) + "\n";
    }
    s += "#SBATCH --ntasks-per-node=1\n";
    s += "#SBATCH --gres=gpu:" + std::to_string(c.procsPerNode) + "\n";
    s += "#SBATCH --exclusive\n";
    s += "#SBATCH --output=%x-%j.out\n";
    s += commentHeader(c, "Slurm batch script");
    const double runS = c.evaluation.reliability.effectiveTimeToTrainS;
    if (runS > 0 && std::isfinite(runS))
        s += "# Estimated wall time of the whole run, failures included: " + slurmDuration(runS) +
             " (days-hh:mm:ss). Most clusters cap jobs far below that: add #SBATCH --time for one\n"
             "# allocation and resubmit from the last checkpoint.\n";
    s += "# One task per node: torchrun starts the " + std::to_string(c.procsPerNode) + " GPU processes of its node.\n";
    if (c.elastic)
        s += elasticComment(c);
    s += "set -euo pipefail\n\n";
    s += scriptVariables(c);
    s += "MASTER_ADDR=$(scontrol show hostnames \"$SLURM_JOB_NODELIST\" | head -n 1)\n";
    s += "MASTER_PORT=${MASTER_PORT:-" + std::to_string(c.options.masterPort) + "}\n\n";
    s += bashArray("TRAIN_ARGS", args) + "\n";
    if (c.elastic)
        s += "srun torchrun \\\n" +
             torchrunLines("--nnodes=\"" + std::to_string(c.minNodes) + ":$SLURM_NNODES\"", "\"$SLURM_JOB_ID\"",
                           c.maxRestarts);
    else
        s += "srun --kill-on-bad-exit=1 torchrun \\\n" + torchrunLines("--nnodes \"$SLURM_NNODES\"", "\"$SLURM_JOB_ID\"", 0);
    return s;
}

std::string megatronArgumentsFile(Context &c)
{
    const std::vector<std::string> args = megatronArguments(c);
    std::string s = "#!/usr/bin/env bash\n" + commentHeader(c, "Megatron-LM arguments");
    s += "# Source this file and pass \"${MEGATRON_ARGS[@]}\" to pretrain_gpt.py, together with the data, tokenizer,\n"
         "# checkpoint (--save/--load) and learning-rate arguments, which the plan does not hold.\n";
    s += bashArray("MEGATRON_ARGS", args);
    if (c.plan.model.vocab > 0)
        c.notes.push_back("The tokenizer sets the vocabulary; the plan assumes " + std::to_string(c.plan.model.vocab) +
                          " tokens.");
    return s;
}

std::string deepSpeedConfigFile(Context &c)
{
    return deepSpeedConfig(c);
}

} // namespace gpuplan::launch

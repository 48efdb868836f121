// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "export/LaunchFiles.h"

#include <string>
#include <vector>

// What every launch format derives from the plan and its evaluation, worked out once: node
// counts, batch arithmetic, names. Internal to core/export.
namespace gpuplan::launch {

struct Context
{
    const Plan &plan;
    const ResolvedPlan &resolved;
    const Evaluation &evaluation;
    const Layout &layout;
    const LaunchOptions &options;
    int gpusPerNode = 8;       // GPUs of one node of the plan's node type
    int gpus = 1;              // GPUs the job deploys (serving: the fleet, Evaluation::deployed)
    int nodes = 1;             // nodes the job occupies
    int procsPerNode = 1;      // GPUs used on each of them (torchrun --nproc-per-node)
    int gradAccumulation = 1;  // micro-batches per data-parallel rank per step
    bool elastic = false;      // reliability.elastic on a training plan: launch over a node range
    int minNodes = 1;          // elastic range (facility/Elastic.h); both = nodes when not elastic
    int maxNodes = 1;
    int maxRestarts = 0;       // torchrun worker-group restarts allowed (95% of the expected failures)
    std::string title;         // plan name, safe for a comment line
    std::string fileBase;      // plan name reduced to [a-z0-9-], for file and job names
    std::string entryScript;   // training script
    std::vector<std::string> notes;
};

// Fills the derived members of a context built from its references. False with a one-line error
// when the plan cannot be launched as evaluated.
bool prepareContext(Context &c, std::string &error);

// The plan's model as launch files name it: its name, else its preset id, else "custom model".
std::string modelName(const Plan &p);

// "Llama 3 70B on 1,024 x NVIDIA H100 SXM5 80GB (128 nodes of 8)".
std::string jobSummary(const Context &c);
// "TP 8, PP 4 (5 virtual stages), DP 32, CP 1, EP 1, ZeRO 1, recompute selective, micro-batch 1".
std::string layoutSummary(const Context &c);
// Comment lines (prefixed by "# ") that start every shell and YAML file: plan, generator, layout.
std::string commentHeader(const Context &c, const std::string &what);

// Arguments of the training script, one word each (plain words, safe in a shell without quotes
// unless quoteWords says otherwise): Megatron-LM arguments, DeepSpeed's flags or none (FSDP).
std::vector<std::string> trainingScriptArguments(Context &c);
// distributedOptimizer: map ZeRO >= 1 to --use-distributed-optimizer (false under DeepSpeed).
std::vector<std::string> megatronArguments(Context &c, bool distributedOptimizer = true);
std::string deepSpeedConfig(Context &c);
std::string deepSpeedConfigFileName(const Context &c);

// `NAME=(` ... `)` bash array of words, each shell-quoted when it needs it, one per line.
std::string bashArray(const std::string &name, const std::vector<std::string> &words);

int ceilDiv(long long a, long long b);

} // namespace gpuplan::launch

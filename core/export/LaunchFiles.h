// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "eval/Evaluation.h"
#include "eval/ResolvedPlan.h"

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

// Launch files generated from a plan and the layout of its evaluation (docs/exports.md): what a
// team runs to start the job the plan describes. Training: torchrun, Slurm, DeepSpeed config,
// Megatron-LM arguments, Kubernetes PyTorchJob. Serving: vLLM and a Kubernetes Deployment.
namespace gpuplan {

enum class LaunchFormat : unsigned char { Torchrun, Slurm, DeepSpeed, Megatron, Kubernetes, Vllm };

struct LaunchFormatInfo
{
    LaunchFormat format;
    const char *name;        // command-line name: "torchrun", "slurm", ...
    const char *label;       // for people: "Slurm batch script"
    const char *suffix;      // file name suffix: ".sh", ".json", ".yaml"
    bool training;           // available for training plans
    bool inference;          // available for inference plans
};

std::span<const LaunchFormatInfo> launchFormats();
const LaunchFormatInfo &launchFormatInfo(LaunchFormat format);
std::optional<LaunchFormat> parseLaunchFormat(std::string_view name);

struct LaunchOptions
{
    std::string generator = "gpuplan";   // "gpuplan 0.1.0": named in the header of every file
    std::string entryScript;             // training script; empty = pretrain_gpt.py (Megatron) or train.py
    std::string image = "nvcr.io/nvidia/pytorch:24.07-py3";  // container image (Kubernetes training)
    std::string servingImage = "vllm/vllm-openai:v0.12.0";   // container image (Kubernetes serving; vLLM 0.12: expert and data parallelism, NIXL)
    int masterPort = 29500;
};

struct LaunchFile
{
    std::string fileName;                // suggested name, e.g. "llama-3-70b.slurm.sh"
    std::string text;
    std::vector<std::string> notes;      // what the user must check or add (printed, shown in the GUI)
};

// Builds one launch file. False with a one-line error when the format does not apply to the
// plan's mode (training-only formats for a serving plan and the reverse) or when the layout has
// errors a framework would reject (the evaluation's error diagnostics). A layout that does not
// fit in GPU memory still gets its file, with a note.
bool makeLaunchFile(const ResolvedPlan &plan, const Evaluation &evaluation, LaunchFormat format,
                    const LaunchOptions &options, LaunchFile &out, std::string &error);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "export/LaunchFiles.h"

#include "export/LaunchScripts.h"

#include <algorithm>
#include <cctype>

namespace gpuplan {

namespace {

const LaunchFormatInfo kFormats[] = {
    {LaunchFormat::Torchrun, "torchrun", "torchrun command line", ".torchrun.sh", true, false},
    {LaunchFormat::Slurm, "slurm", "Slurm batch script", ".slurm.sh", true, false},
    {LaunchFormat::DeepSpeed, "deepspeed", "DeepSpeed configuration", ".deepspeed.json", true, false},
    {LaunchFormat::Megatron, "megatron", "Megatron-LM arguments", ".megatron.sh", true, false},
    {LaunchFormat::Kubernetes, "k8s", "Kubernetes manifest", ".k8s.yaml", true, true},
    {LaunchFormat::Vllm, "vllm", "vLLM serving script", ".vllm.sh", false, true},
};

std::string formatList(Mode mode)
{
    std::string out;
    for (const LaunchFormatInfo &f : kFormats) {
        if (mode == Mode::Training ? f.training : f.inference)
            out += std::string(out.empty() ? "" : ", ") + f.name;
    }
    return out;
}

} // namespace

std::span<const LaunchFormatInfo> launchFormats()
{
    return kFormats;
}

const LaunchFormatInfo &launchFormatInfo(LaunchFormat format)
{
    return kFormats[static_cast<int>(format)];
}

std::optional<LaunchFormat> parseLaunchFormat(std::string_view name)
{
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char ch) { return std::tolower(ch); });
    if (lower == "kubernetes")
        return LaunchFormat::Kubernetes;
    for (const LaunchFormatInfo &f : kFormats) {
        if (lower == f.name)
            return f.format;
    }
    return std::nullopt;
}

bool makeLaunchFile(const ResolvedPlan &plan, const Evaluation &evaluation, LaunchFormat format,
                    const LaunchOptions &options, LaunchFile &out, std::string &error)
{
    const LaunchFormatInfo &info = launchFormatInfo(format);
    const Mode mode = plan.plan->workload.mode;
    if (mode == Mode::Training ? !info.training : !info.inference) {
        error = std::string(info.label) + " is for " + (mode == Mode::Training ? "serving" : "training") +
                " plans; this plan is a " + (mode == Mode::Training ? "training" : "serving") + " plan (formats for it: " +
                formatList(mode) + ")";
        return false;
    }
    launch::Context c{*plan.plan, plan, evaluation, evaluation.layout, options};
    if (!launch::prepareContext(c, error))
        return false;
    std::string text;
    switch (format) {
    case LaunchFormat::Torchrun: text = launch::torchrunScript(c); break;
    case LaunchFormat::Slurm: text = launch::slurmScript(c); break;
    case LaunchFormat::DeepSpeed: text = launch::deepSpeedConfigFile(c); break;
    case LaunchFormat::Megatron: text = launch::megatronArgumentsFile(c); break;
    case LaunchFormat::Vllm:
        text = launch::isDisaggregated(c) ? launch::vllmDisaggregatedScript(c) : launch::vllmScript(c);
        break;
    case LaunchFormat::Kubernetes:
        if (mode == Mode::Training) {
            text = launch::kubernetesTrainingManifest(c);
        } else if (launch::isDisaggregated(c)) {
            const DisaggregatedResult &d = evaluation.inference.disaggregated;
            const int largest = std::max(d.prefill.gpusPerWorker, d.decode.gpusPerWorker);
            if (largest > c.gpusPerNode) {
                error = "a " + std::string(d.prefill.gpusPerWorker >= d.decode.gpusPerWorker ? "prefill" : "decode") +
                        " worker of " + std::to_string(largest) + " GPUs spans several nodes of " +
                        std::to_string(c.gpusPerNode) + "; a Deployment runs each worker in one pod on one node "
                        "(use --launch vllm with a Ray cluster per worker)";
                return false;
            }
            text = launch::kubernetesServingManifest(c);
        } else if (launch::gpusPerReplica(c) > c.gpusPerNode) {
            error = "a replica of " + std::to_string(launch::gpusPerReplica(c)) + " GPUs spans several nodes of " +
                    std::to_string(c.gpusPerNode) + "; a Deployment runs each replica in one pod on one node "
                    "(use --launch vllm with a Ray cluster)";
            return false;
        } else {
            text = launch::kubernetesServingManifest(c);
        }
        break;
    }
    out.fileName = c.fileBase + info.suffix;
    out.text = std::move(text);
    // The same note can come from two places (e.g. the script arguments of two formats).
    out.notes.clear();
    for (const std::string &n : c.notes) {
        if (std::find(out.notes.begin(), out.notes.end(), n) == out.notes.end())
            out.notes.push_back(n);
    }
    return true;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli export PLAN (--launch FORMAT | --results json|csv) [--out FILE] [--set PATH=VALUE ...]
#include "CliCommon.h"
#include "Commands.h"

#include "evaluator/Evaluator.h"
#include "export/LaunchFiles.h"
#include "export/ResultsExport.h"
#include "export/TextEscape.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace gpuplan::cli {

namespace {

std::string launchFormatNames()
{
    std::string out;
    for (const LaunchFormatInfo &f : launchFormats())
        out += std::string(out.empty() ? "" : "|") + f.name;
    return out;
}

} // namespace

CommandHelp exportHelp()
{
    auto specs = planOptions();
    specs.push_back({"--launch", true, false, "launch file: torchrun, slurm, deepspeed, megatron, k8s (training); vllm, k8s (serving)"});
    specs.push_back({"--results", true, false, "results as json (the evaluate --json document) or csv (section,name,value,unit)"});
    specs.push_back({"--out", true, false, "write to FILE instead of standard output"});
    specs.push_back({"--entry", true, false, "training script the launch files start (default pretrain_gpt.py or train.py)"});
    specs.push_back({"--image", true, false, "container image of the Kubernetes manifest"});
    return {"gpuplan-cli export PLAN (--launch " + launchFormatNames() +
                             " | --results json|csv) [--out FILE] [--set PATH=VALUE ...]",
            "Writes launch files for the plan's evaluated layout, or its results as JSON or CSV "
                         "(docs/exports.md).",
            specs};
}

int runExport(const std::vector<std::string> &argv)
{
    const CommandHelp help = exportHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("export", help, argv, args, done))
        return done;
    if (args.positional().size() != 1) {
        printError("export: expected exactly one plan file (see --help)");
        return kUsage;
    }
    const auto launch = args.value("--launch");
    const auto results = args.value("--results");
    if (launch.has_value() == results.has_value()) {
        printError("export: give either --launch FORMAT or --results json|csv (see --help)");
        return kUsage;
    }
    std::optional<LaunchFormat> format;
    if (launch && !(format = parseLaunchFormat(*launch))) {
        printError("export: --launch: \"" + *launch + "\"; expected " + launchFormatNames());
        return kUsage;
    }
    if (results && *results != "json" && *results != "csv") {
        printError("export: --results: \"" + *results + "\"; expected json or csv");
        return kUsage;
    }

    Catalog catalog;
    if (!loadCatalogFromArgs(args, catalog))
        return kBadInput;
    const std::string &planPath = args.positional()[0];
    Plan plan;
    if (!loadPlanFromArgs(args, planPath, catalog, plan))
        return kBadInput;
    ResolvedPlan resolved;
    if (!resolvePlanOrReport(plan, catalog, planPath, resolved))
        return kBadInput;
    const std::string out = args.value("--out").value_or("");
    if (results) {
        const auto json = resultsJson(resolved, evaluateForExport(resolved));
        const std::string text =
            *results == "json"
                ? jsonForYaml(json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)) + "\n"
                : resultsCsv(json);
        return writeOutput("export", out, text) ? kOk : kBadInput;
    }
    LaunchOptions options;
    options.generator = std::string("gpuplan ") + GPUPLAN_VERSION;
    if (auto entry = args.value("--entry"))
        options.entryScript = *entry;
    if (auto image = args.value("--image"))
        options.image = options.servingImage = *image;
    LaunchFile file;
    std::string error;
    if (!makeLaunchFile(resolved, evaluate(resolved), *format, options, file, error)) {
        printError("export: " + planPath + ": " + error);
        return kBadInput;
    }
    if (!writeOutput("export", out, file.text))
        return kBadInput;
    for (const std::string &note : file.notes)
        std::fprintf(stderr, "gpuplan-cli: note: %s\n", note.c_str());
    return kOk;
}

} // namespace gpuplan::cli

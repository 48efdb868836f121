// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli: the headless planner. Subcommands are listed in commands().
#include "Commands.h"

#include <csignal>
#include <cstdio>
#include <cstring>
#include <iostream>

namespace gpuplan::cli {

namespace {

const Command kCommands[] = {
    {"evaluate", "evaluate a plan: memory, time, power, cost", runEvaluate, evaluateHelp},
    {"validate", "compare predictions with published measurements (CSV)", runValidate, validateHelp},
    {"calibrate", "fit a GPU's efficiency parameters to your own training measurements (CSV)", runCalibrate, calibrateHelp},
    {"catalog", "list, show and check catalog entries (GPUs, nodes, fabrics, clouds, models, ...)", runCatalog, catalogHelp},
    {"model", "import a model from a Hugging Face config.json or model folder into the user catalog", runModel, modelHelp},
    {"fields", "list plan fields with their allowed values", runFields, fieldsHelp},
    {"search", "find the best parallel layouts of a plan (auto-planner)", runSearch, searchHelp},
    {"procure", "budget and deadline in, options out: GPUs x counts x buying or renting", runProcure, procureHelp},
    {"portfolio", "several plans on one shared cluster: pool size for the deadlines, schedule, utilization", runPortfolio, portfolioHelp},
    {"growth", "the plan later with a larger model and more work, re-sized to keep today's target, side by side", runGrowth, growthHelp},
    {"bench", "time one evaluation, the layout search and the scaling curves", runBench, benchHelp},
    {"export", "write launch files (torchrun, Slurm, DeepSpeed, Megatron, k8s, vLLM) or results as JSON/CSV", runExport, exportHelp},
};

int usage(std::FILE *out)
{
    std::fprintf(out, "Usage: gpuplan-cli COMMAND [ARGS...]\n\n%s\n\nCommands:\n", kDescription);
    for (const Command &c : commands())
        std::fprintf(out, "  %-12s %s\n", c.name, c.summary);
    std::fprintf(out, "\n%s\n", kCommandHelpHint);
    return out == stdout ? kOk : kUsage;
}

} // namespace

std::span<const Command> commands()
{
    return kCommands;
}

} // namespace gpuplan::cli

int main(int argc, char **argv)
{
    using namespace gpuplan::cli;
    // A file size limit (ulimit -f) makes a write fail with EFBIG, which writeOutput reports with
    // the file, instead of killing the process with the old file's replacement half written.
    std::signal(SIGXFSZ, SIG_IGN);
    if (argc < 2)
        return usage(stderr);
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help")
        return usage(stdout);
    if (name == "--man") {   // not in --help: the build writes the man page with it
        std::fputs(manPage(GPUPLAN_VERSION).c_str(), stdout);
        return kOk;
    }
    if (name == "--version") {
        std::printf("gpuplan-cli %s\n", GPUPLAN_VERSION);
        return kOk;
    }
    std::vector<std::string> args(argv + 2, argv + argc);
    for (const Command &c : commands()) {
        if (name == c.name) {
            try {
                return c.run(args);
            } catch (const std::exception &e) {
                printError(name + ": internal error: " + e.what());
                return kInternalError;
            }
        }
    }
    printError("unknown command \"" + name + "\" (see gpuplan-cli --help)");
    return kUsage;
}

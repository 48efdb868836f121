// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli growth PLAN [--model-scale X] [--traffic-scale Y] [--tokens-scale Z] [--years N] [--json]
#include "CliCommon.h"
#include "Commands.h"

#include "export/TextEscape.h"
#include "procure/Growth.h"
#include "procure/GrowthJson.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <iostream>

namespace gpuplan::cli {

namespace {

bool parseScale(const CliArgs &args, const char *name, double &out, std::string &error)
{
    const auto text = args.value(name);
    return !text || parseNumberInRange(name, *text, kMinGrowthScale, kMaxGrowthScale, "times", out, error);
}

bool parseRequest(const CliArgs &args, GrowthRequest &request, std::string &error)
{
    if (!parseScale(args, "--model-scale", request.modelScale, error) ||
        !parseScale(args, "--traffic-scale", request.trafficScale, error) ||
        !parseScale(args, "--tokens-scale", request.tokensScale, error))
        return false;
    if (const auto text = args.value("--years")) {
        double years = 0;
        if (!parseNumberInRange("--years", *text, kMinGrowthYears, kMaxGrowthYears, "years (a whole number)", years,
                                error))
            return false;
        if (years != std::floor(years)) {
            error = "--years \"" + *text + "\": expected a whole number from 1 to 10";
            return false;
        }
        request.years = static_cast<int>(years);
    }
    return true;
}

} // namespace

CommandHelp growthHelp()
{
    auto specs = planOptions();
    specs.push_back({"--model-scale", true, false,
                     "parameters of the transformer blocks x X: layers x X, rounded; width, heads and vocabulary held "
                     "(0.1 to 100; default 1)"});
    specs.push_back({"--traffic-scale", true, false,
                     "serving plans: request_rate and average_request_rate x Y (0.1 to 100; default 1)"});
    specs.push_back({"--tokens-scale", true, false, "training plans: training tokens x Z (0.1 to 100; default 1)"});
    specs.push_back({"--years", true, false, "the horizon the grown column stands for, 1 to 10 (default 1)"});
    specs.push_back({"--json", false, false, "print both columns as JSON (docs/cli.md lists the fields)"});
    return {"gpuplan-cli growth PLAN [--model-scale X] [--traffic-scale Y] [--tokens-scale Z] [--years N] [--json]",
            "The same plan later with a larger model and more work, side by side with today: the grown plan is\n"
            "sized again to keep today's target. A training run keeps its time to train with failures: GPU counts\n"
            "double from one node until the fastest layout found at a count trains in time, then whole nodes are\n"
            "bisected. A serving fleet keeps its P99 latency targets at the grown request rate: the replicas the\n"
            "rate needs, with tensor parallelism doubled within a node when the grown model does not fit a replica.\n"
            "The catalog has no price or efficiency trend, so the GPU, prices, electricity and PUE are held as\n"
            "today and the output says so. Exit codes: 0 done (target met or not: see meets_target), 1 bad input\n"
            "or a plan that cannot grow (today's plan invalid, no layout for the grown model), 2 usage.\n"
            "Details: docs/cli.md.",
            specs};
}

int runGrowth(const std::vector<std::string> &argv)
{
    const CommandHelp help = growthHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("growth", help, argv, args, done))
        return done;
    if (args.positional().size() != 1) {
        printError("growth: expected exactly one plan file (see --help)");
        return kUsage;
    }
    GrowthRequest request;
    std::string error;
    if (!parseRequest(args, request, error)) {
        printError("growth: " + error);
        return kUsage;
    }
    Catalog catalog;
    Plan plan;
    if (!loadCatalogAndPlan(args, catalog, plan))
        return kBadInput;
    GrowthResult result;
    if (!planGrowth(plan, catalog, request, result, error)) {
        printError("growth: " + args.positional()[0] + ": " + error);
        return error.rfind("--", 0) == 0 ? kUsage : kBadInput;
    }
    if (args.flag("--json"))
        printJson(growthToJson(result));
    else
        std::cout << terminalText(growthTextReport(result));
    return kOk;
}

} // namespace gpuplan::cli

// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli search PLAN [--objective time|cost|energy] [--json] [--set ...] [--top N] [--gpus N|MIN-MAX]
#include "CliCommon.h"
#include "Commands.h"

#include "eval/ResolvedPlan.h"
#include "export/TextEscape.h"
#include "search/LayoutSearch.h"
#include "search/SearchJson.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <iostream>

namespace gpuplan::cli {

namespace {

constexpr int kMaxTop = 1000;
constexpr int kMaxGpus = 1000000;   // hardware.num_gpus bound

bool parseInt(const std::string &text, int lo, int hi, int &out)
{
    const char *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && ptr == end && out >= lo && out <= hi;
}

bool parseGpus(const std::string &text, SearchOptions &options, std::string &error)
{
    const auto dash = text.find('-');
    int lo = 0, hi = 0;
    bool ok = false;
    if (dash == std::string::npos) {
        ok = parseInt(text, 1, kMaxGpus, lo);
        hi = lo;
    } else {
        ok = parseInt(text.substr(0, dash), 1, kMaxGpus, lo) && parseInt(text.substr(dash + 1), 1, kMaxGpus, hi);
    }
    if (!ok || hi < lo) {
        error = "--gpus \"" + text + "\": expected a GPU count N or a range MIN-MAX with 1 <= MIN <= MAX <= " +
                std::to_string(kMaxGpus);
        return false;
    }
    options.minGpus = lo;
    options.maxGpus = hi;
    return true;
}

bool parseSearchOptions(const CliArgs &args, SearchOptions &options, std::string &error)
{
    if (const auto objective = args.value("--objective")) {
        if (*objective == "time")
            options.objective = SearchObjective::Time;
        else if (*objective == "cost")
            options.objective = SearchObjective::Cost;
        else if (*objective == "energy")
            options.objective = SearchObjective::Energy;
        else {
            error = "--objective \"" + *objective + "\": expected time, cost or energy";
            return false;
        }
    }
    if (const auto top = args.value("--top"); top && !parseInt(*top, 1, kMaxTop, options.top)) {
        error = "--top \"" + *top + "\": expected a whole number from 1 to " + std::to_string(kMaxTop);
        return false;
    }
    if (const auto gpus = args.value("--gpus"); gpus && !parseGpus(*gpus, options, error))
        return false;
    options.tpBeyondNode = args.flag("--tp-beyond-node");
    options.unevenPipeline = args.flag("--uneven-pp");
    options.allShardings = !args.flag("--plan-sharding");
    options.allowOffload = !args.flag("--no-offload");
    options.prune = !args.flag("--exhaustive");
    options.disaggregated = !args.flag("--aggregated-only");
    return true;
}

} // namespace

CommandHelp searchHelp()
{
    auto specs = planOptions();
    specs.push_back({"--objective", true, false, "rank by time (default), cost ($ per run) or energy (MWh per run)"});
    specs.push_back({"--json", false, false, "print the result as JSON (docs/cli.md lists the fields)"});
    specs.push_back({"--top", true, false, "how many of the best layouts to list (1-1000, default 10)"});
    specs.push_back({"--gpus", true, false, "GPU count N or range MIN-MAX to search (default: the plan's count)"});
    specs.push_back({"--tp-beyond-node", false, false, "also try TP larger than one node"});
    specs.push_back({"--uneven-pp", false, false, "also try PP that does not divide the layers"});
    specs.push_back({"--plan-sharding", false, false, "only the plan's sharding implementation (default: Megatron, DeepSpeed and FSDP)"});
    specs.push_back({"--no-offload", false, false, "never offload optimizer states or parameters to the CPU"});
    specs.push_back({"--exhaustive", false, false, "evaluate every candidate without pruning (slow; for checking)"});
    specs.push_back({"--aggregated-only", false, false,
                     "serving: only aggregated replicas (default: also prefill and decode pools on separate GPUs)"});
    return {"gpuplan-cli search PLAN [--objective time|cost|energy] [--json] [--set PATH=VALUE ...] [--top N] "
            "[--gpus N|MIN-MAX]",
            "Searches every valid parallel layout of a plan (TP, PP, virtual stages, DP, CP, EP, micro-batch,\n"
            "ZeRO stage and implementation, recompute, offload; for inference TP, PP and concurrency per\n"
            "replica, and prefill and decode pools on separate GPUs, under the latency targets) and lists\n"
            "the best ones, the time/cost Pareto front and why the others were rejected (docs/search.md).",
            specs};
}

int runSearch(const std::vector<std::string> &argv)
{
    const CommandHelp help = searchHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("search", help, argv, args, done))
        return done;
    if (args.positional().size() != 1) {
        printError("search: expected exactly one plan file (see --help)");
        return kUsage;
    }
    SearchOptions options;
    std::string error;
    if (!parseSearchOptions(args, options, error)) {
        printError("search: " + error);
        return kUsage;
    }
    Catalog catalog;
    Plan plan;
    if (!loadCatalogAndPlan(args, catalog, plan))
        return kBadInput;
    ResolvedPlan resolved;
    if (!resolvePlanOrReport(plan, catalog, args.positional()[0], resolved))
        return kBadInput;
    const SearchResult result = searchLayouts(resolved, options);
    if (args.flag("--json"))
        printJson(searchToJson(result));
    else
        std::cout << terminalText(searchTextReport(result));
    return kOk;
}

} // namespace gpuplan::cli

// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli procure PLAN [--budget-usd X] [--deadline-days D] [--site-power-kw P] [--gpus ID,ID,...]
//                          [--objective cash|tco|time|energy] [--allow-financing] [--json]
#include "CliCommon.h"
#include "Commands.h"

#include "export/TextEscape.h"
#include "procure/ProcureJson.h"
#include "procure/Procurement.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace gpuplan::cli {

namespace {

constexpr int kShownInText = 12;

bool parseLimit(const CliArgs &args, const char *name, double lo, double hi, const char *unit, double &out,
                std::string &error)
{
    const auto text = args.value(name);
    return !text || parseNumberInRange(name, *text, lo, hi, unit, out, error);
}

bool parseRequest(const CliArgs &args, ProcureRequest &request, std::string &error)
{
    if (!parseLimit(args, "--budget-usd", 1, kMaxBudgetUsd, "USD", request.budgetUsd, error) ||
        !parseLimit(args, "--deadline-days", 0.01, kMaxDeadlineDays, "days", request.deadlineDays, error) ||
        !parseLimit(args, "--site-power-kw", 0.01, kMaxSitePowerKw, "kW", request.sitePowerKw, error))
        return false;
    if (const auto objective = args.value("--objective"); objective && !parseProcureObjective(*objective, request.objective)) {
        error = "--objective \"" + *objective + "\": expected cash, tco, time or energy";
        return false;
    }
    request.allowFinancing = args.flag("--allow-financing");
    if (const auto gpus = args.value("--gpus")) {
        std::size_t start = 0;
        while (start <= gpus->size()) {
            const std::size_t comma = std::min(gpus->find(',', start), gpus->size());
            const std::string id = gpus->substr(start, comma - start);
            if (id.empty()) {
                error = "--gpus \"" + *gpus + "\": expected GPU ids separated by commas (gpuplan-cli catalog list gpus)";
                return false;
            }
            request.gpus.push_back(id);
            start = comma + 1;
        }
    }
    return true;
}

} // namespace

CommandHelp procureHelp()
{
    auto specs = planOptions();
    specs.push_back({"--budget-usd", true, false, "cash the run may cost, USD (1 to 1e12; default: no limit)"});
    specs.push_back({"--deadline-days", true, false, "days the run may take with failures (0.01 to 36,500; default: no limit)"});
    specs.push_back({"--site-power-kw", true, false, "facility power the site supplies for owned GPUs, kW (0.01 to 1e7)"});
    specs.push_back({"--gpus", true, false, "GPU ids to consider, comma-separated (default: every catalog GPU)"});
    specs.push_back({"--objective", true, false, "rank by cash (default), tco, time or energy"});
    specs.push_back({"--allow-financing", false, false,
                     "a bought cluster may borrow 60% of its capex (at cost.financing_rate, else 10%/year): the budget "
                     "then holds the rest up front and the interest (default: the whole capex up front)"});
    specs.push_back({"--json", false, false, "print the options as JSON (docs/procurement.md lists the fields)"});
    return {"gpuplan-cli procure PLAN [--budget-usd X] [--deadline-days D] [--site-power-kw P] "
            "[--gpus ID,ID,...] [--objective cash|tco|time|energy] [--allow-financing] [--json]",
            "Budget and deadline in, options out: for the plan's training run, explores every catalog GPU\n"
            "(or the listed ones) x GPU counts doubling from one node x buying, each cloud offer on demand,\n"
            "reserved and spot, or a hybrid (an owned base after a larger cloud cluster that trains the first\n"
            "share of the tokens), with the fastest layout at each count; prices each option in cash and as a\n"
            "cost of ownership, checks the constraints and names the best option, the cash-vs-time Pareto\n"
            "front and the largest compute-optimal model the budget trains by the deadline (docs/procurement.md).",
            specs};
}

int runProcure(const std::vector<std::string> &argv)
{
    const CommandHelp help = procureHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("procure", help, argv, args, done))
        return done;
    std::string error;
    if (args.positional().size() != 1) {
        printError("procure: expected exactly one plan file (see --help)");
        return kUsage;
    }
    ProcureRequest request;
    if (!parseRequest(args, request, error)) {
        printError("procure: " + error);
        return kUsage;
    }
    Catalog catalog;
    Plan plan;
    if (!loadCatalogAndPlan(args, catalog, plan))
        return kBadInput;
    if (plan.cost.financingRate > 0)
        request.financingRate = plan.cost.financingRate;
    ProcureResult result;
    if (!procure(plan, catalog, request, result, error)) {
        printError("procure: " + args.positional()[0] + ": " + error);
        return kBadInput;
    }
    if (args.flag("--json"))
        printJson(procureToJson(result));
    else
        std::cout << terminalText(procureTextReport(result, kShownInText));
    return kOk;
}

} // namespace gpuplan::cli

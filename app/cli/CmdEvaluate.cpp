// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli evaluate PLAN [--json] [--set PATH=VALUE ...]
#include "CliCommon.h"
#include "Commands.h"

#include "eval/ResolvedPlan.h"
#include "export/ResultsExport.h"
#include "export/TextEscape.h"
#include "report/TextReport.h"
#include "search/ElasticJson.h"

#include <nlohmann/json.hpp>

#include <iostream>

namespace gpuplan::cli {

CommandHelp evaluateHelp()
{
    auto specs = planOptions();
    specs.push_back({"--json", false, false, "print the evaluation as JSON (docs/cli.md lists the fields)"});
    return {"gpuplan-cli evaluate PLAN [--json] [--set PATH=VALUE ...]",
            "Evaluates a .gpuplan file: memory per GPU, step time or serving capacity, power, cost.\n"
                         "An invalid plan (layout does not divide the GPUs or the batch, replicas without work, model\n"
                         "does not fit) prints its errors first, then the figures the run would have, and exits 3;\n"
                         "--json carries the verdict in \"validity\" and every problem in \"diagnostics\".\n"
                         "Exit codes: 0 valid plan, 1 bad input (file, field, catalog), 2 usage, 3 invalid plan.\n"
                         "Details: docs/cli.md.",
            specs};
}

int runEvaluate(const std::vector<std::string> &argv)
{
    const CommandHelp help = evaluateHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("evaluate", help, argv, args, done))
        return done;
    if (args.positional().size() != 1) {
        printError("evaluate: expected exactly one plan file (see --help)");
        return kUsage;
    }
    Catalog catalog;
    Plan plan;
    if (!loadCatalogAndPlan(args, catalog, plan))
        return kBadInput;
    ResolvedPlan resolved;
    if (!resolvePlanOrReport(plan, catalog, args.positional()[0], resolved))
        return kBadInput;
    // The one result the JSON document, the CSV, the GUI's exports and the PDF share.
    const ExportResults results = evaluateForExport(resolved);
    const Evaluation &evaluation = results.evaluation;
    if (args.flag("--json"))
        printJson(resultsJson(resolved, results));
    else
        std::cout << terminalText(textReport(resolved, evaluation) + elasticTextSection(results.elastic));
    if (!evaluation.validity.valid()) {
        printError(args.positional()[0] + ": " + describeValidity(evaluation.validity));
        return kInvalidPlan;
    }
    return kOk;
}

} // namespace gpuplan::cli

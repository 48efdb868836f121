// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli validate memory|training|inference CSV [--json]
#include "CliCommon.h"
#include "Commands.h"

#include "common/TextFile.h"
#include "export/TextEscape.h"
#include "plan/PlanIo.h"
#include "validate/CsvTable.h"
#include "validate/ErrorBands.h"
#include "validate/InferenceRowPlan.h"
#include "validate/MemoryRowPlan.h"
#include "validate/TrainingRowPlan.h"
#include "validate/Validators.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <ctime>
#include <iostream>

namespace gpuplan::cli {

namespace {

// The plan a row is predicted from, as a plan document, so that `evaluate` can show its step
// breakdown and `--set` can try what-ifs on a published run. Returns false (message printed)
// when no row has the id or the row is skipped.
bool printRowPlan(const std::string &kind, const CsvTable &table, const Catalog &catalog, const std::string &id,
                  const std::string &file)
{
    for (std::size_t row = 0; row < table.rowCount(); ++row) {
        if (table.cell(row, "id") != id)
            continue;
        std::string skipReason;
        bool ok = false;
        Plan plan;
        if (kind == "memory") {
            MemoryRowPlan m;
            ok = memoryRowPlan(table, row, catalog, m, skipReason);
            plan = m.plan;
        } else if (kind == "training") {
            TrainingRowPlan t;
            ok = trainingRowPlan(table, row, catalog, t, skipReason);
            plan = t.plan;
        } else {
            InferenceRowPlan i;
            ok = inferenceRowPlan(table, row, catalog, i, skipReason);
            plan = i.plan;
        }
        if (!ok) {
            printError(file + ": row " + id + " is skipped: " + skipReason);
            return false;
        }
        printJson(planToJson(plan));
        return true;
    }
    printError(file + ": no row with id \"" + id + "\"");
    return false;
}

} // namespace

CommandHelp validateHelp()
{
    auto specs = catalogOptions();
    specs.push_back({"--json", false, false, "print rows and summary as one JSON object"});
    specs.push_back({"--bands", false, false,
                     "print the test-half mean absolute error per regime (metric, GPU class, framework or engine, "
                     "dense/MoE) as JSON entries of catalogs/error_bands.json"});
    specs.push_back({"--worst", true, false, "rows listed as worst in the text summary (0-100000, default 10)"});
    specs.push_back({"--plan-of", true, false,
                     "print the plan row ID is predicted from (a .gpuplan document for evaluate) instead of validating"});
    return {"gpuplan-cli validate memory|training|inference CSV [--json|--bands]",
            "Predicts every row of a validation CSV (columns as in tests/data/validation/README.md) from its\n"
                         "configuration columns and compares with the measured_* columns where present.\n"
                         "Exit status 0 when the file was read, whatever the errors.",
            specs};
}

int runValidate(const std::vector<std::string> &argv)
{
    const CommandHelp help = validateHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("validate", help, argv, args, done))
        return done;
    const auto &pos = args.positional();
    if (pos.size() != 2) {
        printError("validate: expected KIND and CSV file (see --help)");
        return kUsage;
    }
    const std::string &kind = pos[0];
    if (kind != "memory" && kind != "training" && kind != "inference") {
        printError("validate: unknown kind \"" + kind + "\"; expected memory, training or inference");
        return kUsage;
    }
    int worst = 10;
    if (auto w = args.value("--worst")) {
        // The whole text must be the number: "5x" or "1e3" is refused, not read as 5 or 1.
        const auto [end, ec] = std::from_chars(w->data(), w->data() + w->size(), worst);
        if (ec != std::errc() || end != w->data() + w->size() || worst < 0 || worst > 100000) {
            printError("validate: --worst expects an integer from 0 to 100000, found \"" + *w + "\"");
            return kUsage;
        }
    }
    Catalog catalog;
    if (!loadCatalogFromArgs(args, catalog))
        return kBadInput;
    std::string text, error;
    if (!readTextFile(pos[1], CsvTable::kMaxBytes, text, error)) {
        printError(error);
        return kBadInput;
    }
    CsvTable table;
    if (!table.parse(text, error)) {
        printError(pos[1] + ": " + error);
        return kBadInput;
    }
    if (!table.hasColumn("id")) {
        printError(pos[1] + ": no \"id\" column; expected the columns of tests/data/validation/" + kind + "_public.csv");
        return kBadInput;
    }
    if (auto id = args.value("--plan-of"))
        return printRowPlan(kind, table, catalog, *id, pos[1]) ? kOk : kBadInput;
    const ValidationReport report = kind == "memory"     ? validateMemory(table, catalog)
                                    : kind == "training" ? validateTraining(table, catalog)
                                                         : validateInference(table, catalog);
    if (args.flag("--bands")) {
        // The date the figures were produced: the catalog entry's date.
        const std::time_t now = std::time(nullptr);
        char date[16] = "";
        std::tm utc{};
        if (gmtime_r(&now, &utc))
            std::strftime(date, sizeof date, "%Y-%m-%d", &utc);
        const std::string file = pos[1].substr(pos[1].find_last_of('/') == std::string::npos
                                                   ? 0 : pos[1].find_last_of('/') + 1);
        printJson(errorBandsToJson(kind, computeErrorBands(report),
                                   "gpuplan-cli validate " + kind + " tests/data/validation/" + file +
                                       " --bands (test half)", date));
    } else if (args.flag("--json"))
        printJson(reportToJson(report));
    else
        std::cout << terminalText(reportToText(report, worst));
    return kOk;
}

} // namespace gpuplan::cli

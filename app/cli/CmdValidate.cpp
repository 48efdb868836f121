// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli validate memory|training|inference CSV [--json]
#include "CliCommon.h"
#include "Commands.h"

#include "common/TextFile.h"
#include "validate/CsvTable.h"
#include "validate/Validators.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <iostream>

namespace gpuplan::cli {

int runValidate(const std::vector<std::string> &argv)
{
    auto specs = catalogOptions();
    specs.push_back({"--json", false, false, "print rows and summary as one JSON object"});
    specs.push_back({"--worst", true, false, "rows listed as worst in the text summary (0-100000, default 10)"});
    CliArgs args(specs);
    std::string error;
    if (!args.parse(argv, error)) {
        printError("validate: " + error);
        return kUsage;
    }
    if (args.flag("--help"))
        return printHelp("gpuplan-cli validate memory|training|inference CSV [--json]",
                         "Predicts every row of a validation CSV (columns as in shared/validation/README.md) from its\n"
                         "configuration columns and compares with the measured_* columns where present.\n"
                         "Exit status 0 when the file was read, whatever the errors.",
                         args);
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
    std::string text;
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
        printError(pos[1] + ": no \"id\" column; expected the columns of shared/validation/" + kind + "_public.csv");
        return kBadInput;
    }
    const ValidationReport report = kind == "memory"     ? validateMemory(table, catalog)
                                    : kind == "training" ? validateTraining(table, catalog)
                                                         : validateInference(table, catalog);
    if (args.flag("--json"))
        printJson(reportToJson(report));
    else
        std::cout << reportToText(report, worst);
    return kOk;
}

} // namespace gpuplan::cli

// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli fields [--markdown]: every plan field with its type, bounds and meaning.
#include "CliCommon.h"
#include "Commands.h"

#include "plan/PlanFields.h"

#include <iostream>

namespace gpuplan::cli {

int runFields(const std::vector<std::string> &argv)
{
    CliArgs args({{"--markdown", false, false, "print a Markdown table (as in docs/plan-format.md)"},
                  {"--help", false, false, "show this help"}});
    std::string error;
    if (!args.parse(argv, error)) {
        printError("fields: " + error);
        return kUsage;
    }
    if (args.flag("--help"))
        return printHelp("gpuplan-cli fields [--markdown]",
                         "Lists every field of a .gpuplan file with its allowed values (usable with --set).", args);
    if (!args.positional().empty()) {
        printError("fields: takes no arguments");
        return kUsage;
    }
    const bool md = args.flag("--markdown");
    if (md)
        std::cout << "| field | allowed | meaning |\n|---|---|---|\n";
    for (const FieldSpec &f : planFields()) {
        if (md)
            std::cout << "| `" << f.path << "` | " << describeAllowed(f) << " | " << f.help << " |\n";
        else
            std::cout << f.path << "\n    " << describeAllowed(f) << "\n    " << f.help << "\n";
    }
    return kOk;
}

} // namespace gpuplan::cli

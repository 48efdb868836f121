// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli fields [--markdown]: every plan field with its type, bounds and meaning.
#include "CliCommon.h"
#include "Commands.h"

#include "plan/PlanFields.h"

#include <iostream>

namespace gpuplan::cli {

CommandHelp fieldsHelp()
{
    return {"gpuplan-cli fields [--markdown]",
            "Lists every field of a .gpuplan file with its allowed values (usable with --set).",
            {{"--markdown", false, false, "print a Markdown table (as in docs/plan-format.md)"},
             {"--help", false, false, "show this help"}}};
}

int runFields(const std::vector<std::string> &argv)
{
    const CommandHelp help = fieldsHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("fields", help, argv, args, done))
        return done;
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

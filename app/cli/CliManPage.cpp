// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli(1): the commands table and each command's --help (usage, description, options).
#include "Commands.h"

#include "manpage/ManPage.h"

namespace gpuplan::cli {

std::string manPage(const char *version)
{
    manpage::Page page;
    page.name = "gpuplan-cli";
    page.summary = "plan GPU infrastructure for language models from the command line";
    page.version = version;
    page.synopsis = {"COMMAND [ARGS...]", "--help | --version"};
    page.sections.push_back({"Description", std::string(kDescription) + "\n\n" + kCommandHelpHint, {}});
    page.sections.push_back({"Commands", "", {}});
    for (const Command &c : commands()) {
        const CommandHelp help = c.help();
        std::vector<manpage::Option> options;
        for (const CliArgs::OptionSpec &spec : help.options)
            options.push_back({spec.name, spec.takesValue ? "VALUE" : "", spec.help});
        page.sections.push_back({c.name, std::string(c.summary) + ".\n\n" + help.description, options, true, help.usage});
    }
    page.sections.push_back({"Exit status",
                             "0: success.\n\n1: bad input (a file, a field value or a catalog entry; the message names "
                             "it).\n\n2: bad usage (unknown command or option, missing argument).\n\n3: the plan "
                             "cannot run as written (evaluate: invalid layout or batch, replicas without work, does not "
                             "fit).\n\n4: internal error.",
                             {}});
    page.sections.push_back({"Environment",
                             "GPUPLAN_USER_CATALOG_DIR: the user catalog folder (default ~/.config/gpuplan/catalogs).",
                             {}});
    page.sections.push_back({"Files",
                             "share/gpuplan/examples under the installation prefix (/usr for the Debian package): example "
                             "plans.\n\nshare/doc/gpuplan: the documentation (plan-format.md lists every plan field and "
                             "its bounds).",
                             {}});
    page.sections.push_back({"See also", "gpuplan(1)", {}});
    return manpage::render(page);
}

} // namespace gpuplan::cli

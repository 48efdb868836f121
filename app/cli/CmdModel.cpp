// SPDX-License-Identifier: GPL-3.0-or-later
// gpuplan-cli model import PATH [--id ID] [--name NAME]: a Hugging Face config.json or model folder
// into the user catalog (docs/cli.md, docs/catalogs.md "Importing a model").
#include "CliCommon.h"
#include "Commands.h"

#include "catalog/CatalogLoader.h"
#include "model/ModelImportEntry.h"
#include "catalog/UserCatalogWrite.h"
#include "common/EnumNames.h"
#include "common/Format.h"
#include "model/HfImport.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <iostream>

namespace gpuplan::cli {

namespace {

using OrderedJson = nlohmann::ordered_json;

int runImport(const CliArgs &args)
{
    if (args.positional().size() != 2) {
        printError("model import: expected one PATH (a config.json or a model folder)");
        return kUsage;
    }
    const std::string path = args.positional()[1];
    HfImport imported;
    HfImportError error;
    if (!importHfModel(path, imported, error)) {
        printError("model import: " + error.text() + "; nothing was written");
        return kBadInput;
    }
    if (args.flag("--no-user-catalog")) {
        printError("model import: --no-user-catalog leaves no folder to write to");
        return kUsage;
    }
    Catalog catalog;
    if (!loadCatalogFromArgs(args, catalog))
        return kBadInput;
    ModelImportEntry made;
    std::string problem;
    if (!makeModelImportEntry(imported, catalog, args.value("--id").value_or(""), args.value("--name").value_or(""),
                              todayUtc(), made, problem)) {
        printError("model import: " + problem + " (--id); nothing was written");
        return kBadInput;
    }
    const std::string &id = made.id;
    const std::string &name = made.name;
    const OrderedJson &entry = made.entry;
    const std::string userDir = args.value("--user-catalog").value_or(defaultUserCatalogDir());
    UserCatalogWrite written;
    std::string message;
    if (!args.flag("--dry-run") && !writeUserCatalogEntry(userDir, "models", entry, written, message)) {
        printError("model import: " + message);
        return kBadInput;
    }
    if (args.flag("--json")) {
        OrderedJson out = {{"id", id},
                           {"file", args.flag("--dry-run") ? OrderedJson(nullptr) : OrderedJson(written.file)},
                           {"replaced", written.replaced},
                           {"model_type", imported.modelType},
                           {"architecture", imported.architecture},
                           {"counted_params", imported.countedParams},
                           {"counted_active_params", imported.countedActiveParams},
                           {"checkpoint_params", imported.checkpointParams > 0 ? OrderedJson(imported.checkpointParams)
                                                                              : OrderedJson(nullptr)},
                           {"weights", imported.hasWeightDtype ? OrderedJson(enumName(dtypeNames(), static_cast<int>(
                                                                                                       imported.weightDtype)))
                                                               : OrderedJson(nullptr)},
                           {"weight_format", imported.weightFormat},
                           {"notes", imported.notes},
                           {"ignored", imported.ignored},
                           {"unknown", imported.unknown},
                           {"entry", entry}};
        printJson(out);
        return kOk;
    }
    // Counts as the catalog listing and the report write them: "671 B parameters, 37.5 B active per token".
    std::string counts = formatCount(imported.countedParams) + " parameters";
    if (imported.arch.moeExperts > 0)
        counts += ", " + formatCount(imported.countedActiveParams) + " active per token";
    std::cout << "imported " << name << " as " << id << " (" << imported.modelType
              << (imported.architecture.empty() ? "" : ", " + imported.architecture) << "): " << counts << "\n";
    if (imported.hasWeightDtype)
        std::cout << "weights: " << imported.weightFormat << " -> --set precision.weights="
                  << enumName(dtypeNames(), static_cast<int>(imported.weightDtype)) << "\n";
    for (const std::string &n : imported.notes)
        std::cout << "note: " << n << "\n";
    if (const std::string s = imported.ignoredMessage(); !s.empty())
        std::cout << s << "\n";
    if (const std::string s = imported.unknownMessage(); !s.empty())
        std::cout << s << "\n";
    if (args.flag("--dry-run"))
        std::cout << "not written (--dry-run)\n";
    else
        std::cout << (written.replaced ? "replaced the entry in " : "written to ") << written.file
                  << "; use it with --set model.preset=" << id << "\n";
    std::cout << entry.dump(2) << "\n";
    return kOk;
}

} // namespace

CommandHelp modelHelp()
{
    auto options = catalogOptions();
    options.push_back({"--id", true, false, "catalog id of the entry (default: from the name)"});
    options.push_back({"--name", true, false, "display name (default: the config's _name_or_path or the folder name)"});
    options.push_back({"--dry-run", false, false, "print the entry without writing it"});
    options.push_back({"--json", false, false, "print the import as JSON"});
    options.push_back({"--help", false, false, "show this help"});
    return {"gpuplan-cli model import PATH [--id ID] [--name NAME] [--dry-run] [--json]",
            "Reads a Hugging Face config.json, or a model folder (config.json, plus model.safetensors.index.json\n"
            "and the safetensors headers when present for the stored parameter count and dtypes), maps its\n"
            "architecture to gpuplan's model fields and writes it as an entry of the user catalog\n"
            "(added-in-gpuplan.json in the user catalog folder), then prints it. Fields with no effect on\n"
            "cost are named in one line, fields gpuplan does not know in another; a bad file, a field out of\n"
            "bounds or an architecture gpuplan cannot map is one error naming the file and the field, and\n"
            "nothing is written. Without writing anything, --set model.config=PATH reads a model the same\n"
            "way into any command that takes --set.",
            options};
}

int runModel(const std::vector<std::string> &argv)
{
    const CommandHelp help = modelHelp();
    CliArgs args(help.options);
    if (int done = 0; !parseCommandArgs("model", help, argv, args, done))
        return done;
    if (args.positional().empty() || args.positional()[0] != "import") {
        printError("model: expected the subcommand import (gpuplan-cli model import PATH)");
        return kUsage;
    }
    return runImport(args);
}

} // namespace gpuplan::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#include "CliCommon.h"

#include "catalog/CatalogLoader.h"
#include "common/AtomicFile.h"
#include "common/Format.h"
#include "common/TextFile.h"
#include "export/TextEscape.h"
#include "model/HfImport.h"
#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

namespace gpuplan::cli {

std::vector<CliArgs::OptionSpec> catalogOptions()
{
    return {{"--catalog-dir", true, false, "read bundled catalogs from DIR instead of the built-in copy"},
            {"--user-catalog", true, false, "user catalog folder (default: $GPUPLAN_USER_CATALOG_DIR or ~/.config/gpuplan/catalogs)"},
            {"--no-user-catalog", false, false, "ignore the user catalog folder"},
            {"--help", false, false, "show this help"}};
}

std::vector<CliArgs::OptionSpec> planOptions()
{
    auto specs = catalogOptions();
    specs.push_back({"--set", true, true, "override a plan field: PATH=VALUE, e.g. hardware.num_gpus=4096 (repeatable)"});
    return specs;
}

void printError(const std::string &message)
{
    std::fprintf(stderr, "gpuplan-cli: %s\n", terminalText(message).c_str());
}

// Text in the output comes from files and arguments; anything that is not UTF-8 (a file name in
// another encoding) is replaced rather than aborting the command.
bool writeOutput(const std::string &command, const std::string &path, const std::string &text)
{
    if (path.empty() || path == "-") {
        std::cout << text;
        return static_cast<bool>(std::cout);
    }
    // Atomic and honest (common/AtomicFile.h): the old file stays unless the new one is whole.
    std::string error;
    if (!writeFileAtomically(path, text, error)) {
        printError(command + ": " + error);
        return false;
    }
    return true;
}

void printJson(const nlohmann::ordered_json &json)
{
    // Line separators, NEL and bidirectional controls from plan text as \uXXXX (TextEscape.h): the
    // same JSON, but nothing a terminal or a YAML reader of the output would act on.
    std::cout << jsonForYaml(json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)) << '\n';
}

void printJson(const nlohmann::json &json)
{
    std::cout << jsonForYaml(json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace)) << '\n';
}

bool parseNumberInRange(const std::string &option, const std::string &text, double lo, double hi, const char *unit,
                        double &out, std::string &error)
{
    double v = 0;
    const char *end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, v);
    if (ec != std::errc() || ptr != end || !std::isfinite(v) || v < lo || v > hi) {
        // The bounds as the forms write them (common/Format.h): "a number from 0.01 to 36500 days".
        error = option + " \"" + text + "\": expected a number from " + formatBound(lo) + " to " + formatBound(hi) + " " +
                unit;
        return false;
    }
    out = v;
    return true;
}

int printHelp(const CommandHelp &help)
{
    std::cout << "Usage: " << help.usage << "\n\n" << help.description << "\n\nOptions:\n"
              << CliArgs(help.options).optionsHelp();
    return kOk;
}

bool parseCommandArgs(const char *command, const CommandHelp &help, const std::vector<std::string> &argv,
                      CliArgs &args, int &exitCode)
{
    if (std::string error; !args.parse(argv, error)) {
        printError(std::string(command) + ": " + error);
        exitCode = kUsage;
        return false;
    }
    if (args.flag("--help")) {
        exitCode = printHelp(help);
        return false;
    }
    return true;
}

bool loadCatalogFromArgs(const CliArgs &args, Catalog &catalog)
{
    CatalogSources sources;
    if (auto dir = args.value("--catalog-dir"))
        sources.bundledDir = *dir;
    if (args.flag("--no-user-catalog"))
        sources.loadUser = false;
    else
        sources.userDir = args.value("--user-catalog").value_or(defaultUserCatalogDir());
    std::vector<CatalogIssue> issues;
    catalog = loadCatalog(sources, issues);
    for (const CatalogIssue &issue : issues)
        std::fprintf(stderr, "gpuplan-cli: warning: %s\n", issue.text().c_str());
    if (catalog.gpus.empty()) {
        printError("no GPUs in the catalog");
        return false;
    }
    return true;
}

bool loadPlanFromArgs(const CliArgs &args, const std::string &path, const Catalog &catalog, Plan &plan)
{
    std::string text, error;
    if (!readTextFile(path, kMaxPlanFileBytes, text, error)) {
        printError(error);
        return false;
    }
    std::vector<PlanError> errors;
    nlohmann::json doc;
    if (!parseJsonText(text, path, doc, errors)) {
        for (const PlanError &e : errors)
            printError(e.text());
        return false;
    }
    for (const std::string &assignment : args.values("--set")) {
        if (!applyPlanOverride(doc, assignment, errors)) {
            for (const PlanError &e : errors)
                printError("--set " + e.text());
            return false;
        }
    }
    if (!planFromJson(doc, &catalog, plan, errors)) {
        for (PlanError &e : errors) {
            e.file = path;
            printError(e.text());
        }
        return false;
    }
    return true;
}

bool loadCatalogAndPlan(const CliArgs &args, Catalog &catalog, Plan &plan)
{
    return loadCatalogFromArgs(args, catalog) && loadPlanFromArgs(args, args.positional()[0], catalog, plan);
}

bool resolvePlanOrReport(const Plan &plan, const Catalog &catalog, const std::string &prefix, ResolvedPlan &resolved)
{
    std::vector<ResolveError> errors;
    if (resolvePlan(plan, catalog, resolved, errors))
        return true;
    for (const ResolveError &e : errors)
        printError(prefix + ": " + e.field + ": " + e.message);
    return false;
}

} // namespace gpuplan::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CliArgs.h"

#include "catalog/Catalog.h"
#include "eval/ResolvedPlan.h"
#include "plan/Plan.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

// Shared pieces of the gpuplan-cli subcommands: catalog and plan loading with --set overrides,
// error output, exit codes.
namespace gpuplan::cli {

// kInvalidPlan: the plan was read and evaluated, but it cannot run as written (its layout does not
// divide the GPUs or the batch, or the model does not fit); the output still carries the figures.
enum ExitCode : int { kOk = 0, kBadInput = 1, kUsage = 2, kInvalidPlan = 3, kInternalError = 4 };

// Options every catalog-using subcommand accepts.
std::vector<CliArgs::OptionSpec> catalogOptions();
// Catalog options plus --set.
std::vector<CliArgs::OptionSpec> planOptions();

// Loads the bundled + user catalogs as the options say. Catalog problems are printed to stderr
// as warnings (the rest still loads).
bool loadCatalogFromArgs(const CliArgs &args, Catalog &catalog);

// Loads a plan file, applies --set overrides, resolves it against the catalog.
bool loadPlanFromArgs(const CliArgs &args, const std::string &path, const Catalog &catalog, Plan &plan);

// The catalogs and the command's one plan file (its first positional argument), as evaluate,
// search and procure load them; false after the problem was printed (exit with kBadInput).
bool loadCatalogAndPlan(const CliArgs &args, Catalog &catalog, Plan &plan);

// Resolves a loaded plan against the catalog; false after each problem was printed as
// "PREFIX: field: message" (exit with kBadInput). resolved points into plan and catalog.
bool resolvePlanOrReport(const Plan &plan, const Catalog &catalog, const std::string &prefix, ResolvedPlan &resolved);

void printError(const std::string &message);

// Reads a number given to an option; out of [lo, hi] or not a number, error names the option, the
// text and what is allowed: '--deadline-days "-3": expected a number from 0.01 to 36,500 days'.
bool parseNumberInRange(const std::string &option, const std::string &text, double lo, double hi, const char *unit,
                        double &out, std::string &error);
// Writes text to path, or to standard output for "" or "-". A file is written next to its target
// and renamed, so a failed write never leaves half a file behind; a failure is printed as
// "COMMAND: cannot write PATH".
bool writeOutput(const std::string &command, const std::string &path, const std::string &text);

void printJson(const nlohmann::ordered_json &json);
void printJson(const nlohmann::json &json);

// What a command's --help prints and its man page section shows: the usage line, the
// description and the option table the command parses with.
struct CommandHelp
{
    std::string usage;
    std::string description;
    std::vector<CliArgs::OptionSpec> options;
};

// A command's --help text: usage line, description, options.
int printHelp(const CommandHelp &help);

// Parses a command's arguments with its option table. False when the command is done: the usage
// was wrong (message printed, exit code kUsage) or --help was printed (kOk).
bool parseCommandArgs(const char *command, const CommandHelp &help, const std::vector<std::string> &argv,
                      CliArgs &args, int &exitCode);

struct Command
{
    const char *name;
    const char *summary;
    int (*run)(const std::vector<std::string> &args);
    CommandHelp (*help)();
};

} // namespace gpuplan::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "CliCommon.h"

#include <span>

namespace gpuplan::cli {

int runEvaluate(const std::vector<std::string> &args);
int runValidate(const std::vector<std::string> &args);
int runCalibrate(const std::vector<std::string> &args);
int runFields(const std::vector<std::string> &args);
int runCatalog(const std::vector<std::string> &args);
int runSearch(const std::vector<std::string> &args);
int runProcure(const std::vector<std::string> &args);
int runPortfolio(const std::vector<std::string> &args);
int runGrowth(const std::vector<std::string> &args);
int runBench(const std::vector<std::string> &args);
int runExport(const std::vector<std::string> &args);
int runModel(const std::vector<std::string> &args);

CommandHelp evaluateHelp();
CommandHelp validateHelp();
CommandHelp calibrateHelp();
CommandHelp fieldsHelp();
CommandHelp catalogHelp();
CommandHelp searchHelp();
CommandHelp procureHelp();
CommandHelp portfolioHelp();
CommandHelp growthHelp();
CommandHelp benchHelp();
CommandHelp exportHelp();
CommandHelp modelHelp();

std::span<const Command> commands();

// The top of `gpuplan-cli --help` and of its man page.
inline constexpr const char *kDescription =
    "The gpuplan planner without a GUI: evaluates .gpuplan files, validates the models against published\n"
    "measurements, searches parallel layouts and exports launch files and results.";
inline constexpr const char *kCommandHelpHint =
    "Run gpuplan-cli COMMAND --help for the options of a command; docs/cli.md describes every\n"
    "command, its options and output.\n"
    "Exit codes: 0 success, 1 bad input (file, field, catalog), 2 usage, 3 invalid plan (evaluate),\n"
    "4 internal error.";

// The roff source of gpuplan-cli(1), built from commands() and their option tables.
std::string manPage(const char *version);

} // namespace gpuplan::cli

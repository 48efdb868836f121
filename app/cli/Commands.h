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
int runBench(const std::vector<std::string> &args);
int runExport(const std::vector<std::string> &args);

std::span<const Command> commands();

} // namespace gpuplan::cli

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

#include <optional>
#include <string>
#include <string_view>

// Turning one row of a validation CSV (../shared/validation/README.md schema) into a plan.
// Only configuration columns are read here; measured_* columns never are.
namespace gpuplan {

class Catalog;
class CsvTable;

std::optional<double> parseNumberCell(std::string_view text);

// Fills plan.model, plan.hardware, plan.parallelism, plan.precision and the training workload's
// sequence/batch fields from the columns every validation file shares. Returns false with a
// reason (for a "skipped" row) when a needed column is blank or unusable.
bool planFromCommonColumns(const CsvTable &table, std::size_t row, const Catalog &catalog, Plan &plan,
                           std::string &skipReason);

} // namespace gpuplan

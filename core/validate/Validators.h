// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validate/ValidationReport.h"

// Predicting every row of a validation CSV (schema: tests/data/validation/README.md). Each row
// becomes a plan built from its configuration columns only; measured_* columns are read after
// prediction, for comparison, and never influence it.
namespace gpuplan {

class Catalog;
class CsvTable;

ValidationReport validateMemory(const CsvTable &table, const Catalog &catalog);
ValidationReport validateTraining(const CsvTable &table, const Catalog &catalog);
ValidationReport validateInference(const CsvTable &table, const Catalog &catalog);

} // namespace gpuplan

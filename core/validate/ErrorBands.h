// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/ErrorBand.h"
#include "validate/ValidationReport.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

// `gpuplan-cli validate KIND CSV --bands`: the test-half mean absolute % error of the report's
// rows per regime, at four levels (the full regime, the GPU class and model kind, the GPU class
// alone, every row of the metric), as the entries of catalogs/error_bands.json. The test half is the one each kind's
// calibration leaves out: validationHalf (training), inferenceFitHalf (inference), memoryFitHalf
// (memory).
namespace gpuplan {

bool inBandTestHalf(const std::string &kind, const std::string &id);

// Sorted by id; entries of every regime with at least one compared test-half row (the lookup
// skips those under kMinBandRows).
std::vector<ErrorBandEntry> computeErrorBands(const ValidationReport &report);

// {"kind": ..., "error_bands": [{"id", "metric", "gpu_class", "framework", "model_kind",
// "mape_pct", "rows", "source", "date"}]}: entries as catalogs/error_bands.json holds them.
nlohmann::ordered_json errorBandsToJson(const std::string &kind, const std::vector<ErrorBandEntry> &bands,
                                        const std::string &source, const std::string &date);

} // namespace gpuplan

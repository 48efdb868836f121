// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/ErrorBand.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <vector>

// What `gpuplan-cli validate KIND CSV` reports: one row per id and metric, and error statistics
// overall, per metric, per source (id prefix) and per group (rank correlation).
namespace gpuplan {

struct ValidationRow
{
    std::string id;
    std::string metric;        // e.g. "peak_mem_gib", "tokens_per_s_per_gpu"
    std::string group;         // rows compared by rank together (e.g. one model size); may be empty
    double predicted = 0;
    bool hasMeasured = false;
    double measured = 0;
    std::string skipped;       // non-empty: the row could not be predicted, for this reason
    std::string defaults;      // defaults taken for blank cells ("loss=standard, packed=1"); may be empty
    // What the prediction is beside its number (an open loop above capacity: "overloaded ..."); may be empty
    std::string note;
    // The regime of the row's plan (set for predicted rows): what `validate --bands` groups by.
    bool hasRegime = false;
    RegimeKey regime;
};

struct ErrorStats
{
    int rows = 0;              // rows of this slice (predicted + skipped)
    int predicted = 0;
    int skipped = 0;
    int compared = 0;          // predicted rows with a measurement
    double mape = 0;           // mean absolute percentage error, %
    double medianApe = 0;      // %
    double maxApe = 0;         // %
    double meanSignedPe = 0;   // mean signed % error (bias: > 0 = predictions high)
};

struct ValidationReport
{
    std::string kind;          // "memory", "training", "inference"
    std::vector<ValidationRow> rows;
};

// Absolute percentage error of one compared row, %.
double absolutePercentError(const ValidationRow &row);

ErrorStats computeStats(const std::vector<const ValidationRow *> &rows);

// Spearman rank correlation (average ranks for ties); 0 when fewer than 3 pairs.
double spearman(const std::vector<double> &a, const std::vector<double> &b);

// "VT-M-001" -> "VT-M", "LF001" -> "LF", "TRT061L-01" -> "TRT061L".
std::string sourceOfId(const std::string &id);

nlohmann::json reportToJson(const ValidationReport &report);
std::string reportToText(const ValidationReport &report, int worstRows = 10);

} // namespace gpuplan

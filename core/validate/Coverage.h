// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "catalog/Catalog.h"

#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

// The support matrix (docs/accuracy.md, "Coverage"): for every catalog GPU, compute precision and
// workload, whether the models have been checked against measurements (how many rows of the
// bundled validation CSVs, from how many sources), are extrapolated (and from what), or cover
// nothing there. Computed from the CSVs, never written by hand. Not on the evaluation path.
namespace gpuplan {

// The workloads of the validation files: training step time (training_public.csv), serving
// (inference_public.csv) and peak memory (memory_public.csv).
inline constexpr const char *kCoverageWorkloads[] = {"training", "inference", "memory"};

struct CoverageCount
{
    int rows = 0;
    std::set<std::string> sources;
};

// Measurement rows by workload, then by (catalog GPU id, precision).
struct ValidationCounts
{
    std::map<std::string, std::map<std::pair<std::string, std::string>, CoverageCount>> byWorkload;
    std::vector<std::string> unknownGpus;   // GPU cells no catalog entry has (their rows are not counted)
    int count(const std::string &workload, const std::string &gpu, const std::string &precision) const;
    int countGpu(const std::string &workload, const std::string &gpu) const;          // any precision
    int countPrecision(const std::string &workload, const std::string &precision) const;   // any GPU
};

// Counts the rows of one validation CSV (its gpu, precision and source columns). A row without a
// precision counts as bf16, as the validators read it. False with a message on a malformed file.
bool countValidationRows(std::string_view csvText, const std::string &workload, const Catalog &catalog,
                         ValidationCounts &counts, std::string &error);

enum class CoverageStatus { Validated, Extrapolated, NotCovered };

struct CoverageCell
{
    std::string gpu;
    std::string precision;   // bf16, fp16, fp8, ... (the dtypes the GPU has a dense rate for)
    std::string workload;
    CoverageStatus status = CoverageStatus::NotCovered;
    int rows = 0;            // measurements of exactly this GPU, precision and workload
    int sources = 0;
    std::string basis;       // what the status rests on, for people
};

const char *coverageStatusName(CoverageStatus status);   // "validated", "extrapolated", "not covered"

// One cell per GPU x precision the GPU runs x workload, in catalog order.
std::vector<CoverageCell> computeCoverage(const Catalog &catalog, const ValidationCounts &counts);

} // namespace gpuplan

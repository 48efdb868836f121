// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "validate/MemoryRowPlan.h"

#include <string_view>
#include <vector>

// How the two fitted memory overheads in memory/MemoryAssumptions.h (CUDA context, allocator slack)
// were obtained, as code: a grid search over their published physical ranges minimizing the MAPE of
// the fit half of a memory CSV. tests/core/tst_memoryvalidation.cpp re-runs it to show the shipped
// constants are the optimum and reports the test half separately (docs/accuracy.md "Memory").
// Not on the evaluation path.
namespace gpuplan {

class Catalog;
class CsvTable;

// Fit/test split: bit 0 of a mixed FNV-1a hash of the row id (fixed, independent of the other rows).
bool memoryFitHalf(std::string_view id);

enum class MemoryHalf : unsigned char { Fit, Test, All };

struct MemoryCase
{
    std::string id;
    MemoryRowPlan row;
    double measuredGiB = 0;
};

// The rows of a memory CSV that can be predicted and have a measurement.
std::vector<MemoryCase> memoryCases(const CsvTable &table, const Catalog &catalog);

// MAPE (%) of the cases in `half`, predicted with the given overheads: the CUDA context for every
// row, the generic allocator slack for rows whose framework has no fitted gap of its own, and
// `stackGap` (>= 0) instead of the fitted gap for rows of `stack`.
double memoryMape(std::vector<MemoryCase> &cases, const Catalog &catalog, double cudaContextGiB, double allocatorSlack,
                  MemoryHalf half, Framework stack = Framework::Generic, double stackGap = -1.0);

struct MemoryOverheadFit
{
    double cudaContextGiB = 0;
    double allocatorSlack = 0;
    double fitMape = 0;
    double testMape = 0;
};

// Grid ranges: CUDA context 0.3-2 GiB in 0.05 GiB steps (docs/formulas.md §4), slack 0-0.30 in 0.01.
inline constexpr double kContextGridLo = 0.3, kContextGridHi = 2.0, kContextGridStep = 0.05;
inline constexpr double kSlackGridLo = 0.0, kSlackGridHi = 0.30, kSlackGridStep = 0.01;

MemoryOverheadFit fitMemoryOverheads(std::vector<MemoryCase> &cases, const Catalog &catalog);

// A framework's reserved-vs-allocated gap (FrameworkMemory.h): grid 0-0.40 in 0.01 steps minimizing
// the MAPE of that framework's fit-half rows of dense models measured in the reserved counter, with the shipped
// context and slack. Returns -1 when the fit half has no such row.
inline constexpr double kGapGridHi = 0.40, kGapGridStep = 0.01;
double fitFrameworkGap(std::vector<MemoryCase> &cases, const Catalog &catalog, Framework stack);

} // namespace gpuplan

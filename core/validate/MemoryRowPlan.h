// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "memory/MemoryCounter.h"
#include "plan/Plan.h"

#include <string>
#include <string_view>

// One row of a memory validation CSV (memory_public.csv schema) as a plan: the common columns
// (RowPlan) plus workload, precision, optimizer, master_weights, framework and what_measured, and
// configuration that only the notes state. Rules and defaults: docs/memory.md §8.
namespace gpuplan {

class Catalog;
class CsvTable;

// Defaults for columns a row leaves blank.
inline constexpr int kDefaultTrainingSeqLen = 512;     // fine-tuning scripts' usual max_length
inline constexpr int kDefaultInferenceContext = 128;   // a short prompt

struct MemoryRowPlan
{
    Plan plan;
    MemoryCounter counter = MemoryCounter::Device;
    std::string engineId;        // inference: catalog engine id (empty for training)
};

// Returns false with a reason (for a skipped row) when the row cannot be turned into a plan.
bool memoryRowPlan(const CsvTable &table, std::size_t row, const Catalog &catalog, MemoryRowPlan &out,
                   std::string &skipReason);

// The row's predicted peak in GiB, in the counter the row measured (validate/MemoryValidation.cpp).
double predictMemoryRowGiB(const MemoryRowPlan &row, const Catalog &catalog);

// The counter a what_measured description names: "...allocated..." -> Allocated;
// "...reserved..." or PyTorch/torchtune memory stats without saying which -> Reserved;
// nvidia-smi, NVML, operator-observed or not stated -> Device.
MemoryCounter counterFromDescription(std::string_view whatMeasured);

} // namespace gpuplan

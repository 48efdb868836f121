// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "memory/MemoryCounter.h"
#include "plan/Plan.h"

#include <string>
#include <string_view>

// One row of a memory validation CSV (memory_public.csv schema) as a plan: the common columns
// (RowPlan) plus workload, precision, optimizer, master_weights, framework, what_measured and the
// optional memory columns (activation_offload ... experts_per_token). A blank cell takes the
// framework's default and the row records which. Notes are never read. Rules: docs/memory.md §8.
namespace gpuplan {

class Catalog;
class CsvTable;

// Defaults for columns a row leaves blank.
inline constexpr int kDefaultTrainingSeqLen = 512;     // fine-tuning scripts' usual max_length
inline constexpr int kDefaultInferenceContext = 128;   // a short prompt

// The defaults a row took for its blank cells ("loss=standard, packed=1"), for the report.
struct RowDefaults
{
    std::string text;
    void add(const std::string &item) { text += (text.empty() ? "" : ", ") + item; }
};

struct MemoryRowPlan
{
    Plan plan;
    RowDefaults defaults;
    MemoryCounter counter = MemoryCounter::Device;
    std::string engineId;        // inference: catalog engine id (empty for training)
};

// Returns false with a reason (for a skipped row) when the row cannot be turned into a plan.
bool memoryRowPlan(const CsvTable &table, std::size_t row, const Catalog &catalog, MemoryRowPlan &out,
                   std::string &skipReason);

// The row's memory estimate (validate/MemoryValidation.cpp), and its peak in GiB in the counter
// the row measured.
MemoryResult predictMemoryRow(const MemoryRowPlan &row, const Catalog &catalog);
double predictMemoryRowGiB(const MemoryRowPlan &row, const Catalog &catalog);

// The counter a what_measured description names: "...allocated..." -> Allocated;
// "...reserved..." or PyTorch/torchtune memory stats without saying which -> Reserved;
// nvidia-smi, NVML, operator-observed or not stated -> Device.
MemoryCounter counterFromDescription(std::string_view whatMeasured);

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
// libFuzzer target: validation CSV text -> CsvTable::parse, then the memory, training and
// inference validations on the parsed table (what `gpuplan-cli validate` runs). Every row is
// predicted or skipped with a reason; predictions are finite and not negative; the JSON and text
// reports hold no NaN or infinity. Corpus: tests/fuzz/corpus/csv (docs/robustness.md).
#include "FuzzChecks.h"

#include "catalog/CatalogLoader.h"
#include "validate/CsvTable.h"
#include "validate/Validators.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace {

using namespace gpuplan;

// Validation runs a few evaluations per row; a bigger table only repeats the same code.
constexpr std::size_t kMaxRows = 64;

void check(const ValidationReport &report)
{
    for (const ValidationRow &row : report.rows) {
        if (!row.skipped.empty())
            continue;
        if (!std::isfinite(row.predicted) || row.predicted < 0)
            gpuplan::fuzz::fail(report.kind + " validation row " + row.id + " (" + row.metric +
                                "): prediction " + std::to_string(row.predicted));
    }
    // "measured" is null for a row without a measurement.
    gpuplan::fuzz::requireFiniteJson(reportToJson(report), report.kind + " validation JSON", {"measured"});
    (void)reportToText(report, 10);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const Catalog &catalog = bundledCatalog();
    const std::string_view text(reinterpret_cast<const char *>(data), size);
    CsvTable table;
    std::string error;
    if (!table.parse(text, error)) {
        if (error.empty())
            gpuplan::fuzz::fail("CsvTable::parse failed without a message");
        return 0;
    }
    for (std::size_t r = 0; r < table.rowCount(); ++r) {
        if (table.lineOf(r) < 1)
            gpuplan::fuzz::fail("row without a line number");
    }
    if (table.rowCount() > kMaxRows)
        return 0;
    check(validateMemory(table, catalog));
    check(validateTraining(table, catalog));
    check(validateInference(table, catalog));
    return 0;
}

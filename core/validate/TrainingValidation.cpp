// SPDX-License-Identifier: GPL-3.0-or-later
// Training validation: every row of a training CSV predicted from its configuration columns
// (validate/TrainingRowPlan.h) and compared on tokens/s per GPU.
#include "validate/Validators.h"

#include "common/EnumNames.h"
#include "eval/Layout.h"
#include "eval/ResolvedPlan.h"
#include "perf/TrainingTime.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"
#include "validate/TrainingRowPlan.h"

namespace gpuplan {

namespace {

// The regime's framework: the framework column (names and aliases of plan files, so that a plan
// naming its framework finds these rows' band), generic when blank or unknown. The row's plan
// itself takes only the framework's defaults (TrainingRowPlan.h).
int frameworkColumn(std::string_view cell)
{
    return parseEnum(frameworkNames(), cell).value_or(static_cast<int>(Framework::Generic));
}

} // namespace

ValidationReport validateTraining(const CsvTable &table, const Catalog &catalog)
{
    ValidationReport report;
    report.kind = "training";
    for (std::size_t i = 0; i < table.rowCount(); ++i) {
        ValidationRow r;
        r.id = std::string(table.cell(i, "id"));
        r.metric = "tokens_per_s_per_gpu";
        TrainingRowPlan row;
        std::string reason;
        if (!trainingRowPlan(table, i, catalog, row, reason)) {
            r.skipped = reason;
            report.rows.push_back(std::move(r));
            continue;
        }
        ResolvedPlan resolved;
        std::vector<ResolveError> errors;
        if (!resolvePlan(row.plan, catalog, resolved, errors)) {
            r.skipped = errors.front().field + ": " + errors.front().message;
            report.rows.push_back(std::move(r));
            continue;
        }
        const TrainingResult result = estimateTrainingTime(resolved, layoutFromPlan(row.plan));
        if (!result.valid) {
            r.skipped = "no training time: the GPU has no peak for the compute format";
            report.rows.push_back(std::move(r));
            continue;
        }
        r.group = row.group;
        r.hasRegime = resolved.gpu != nullptr;
        if (r.hasRegime)
            r.regime = regimeKey(BandMetric::TrainingTime, *resolved.gpu, frameworkColumn(table.cell(i, "framework")),
                                 resolved.shape.moeLayers > 0);
        r.predicted = result.tokensPerSPerGpu;
        // Read only now, after the prediction, for the comparison.
        if (auto measured = parseNumberCell(table.cell(i, "measured_tokens_per_s_per_gpu")); measured && *measured > 0) {
            r.hasMeasured = true;
            r.measured = *measured;
        }
        report.rows.push_back(std::move(r));
    }
    return report;
}

} // namespace gpuplan

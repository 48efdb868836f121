// SPDX-License-Identifier: GPL-3.0-or-later
// `gpuplan-cli validate memory`: every row of a memory CSV predicted from its configuration
// (MemoryRowPlan) and compared, in the counter the row names (what_measured), with
// measured_peak_mem_gib. docs/memory.md §8 and docs/accuracy.md.
#include "validate/Validators.h"

#include "catalog/Catalog.h"
#include "common/Format.h"
#include "common/Units.h"
#include "eval/ResolvedPlan.h"
#include "memory/MemoryModel.h"
#include "validate/CsvTable.h"
#include "validate/MemoryRowPlan.h"
#include "validate/RowPlan.h"

#include <algorithm>

namespace gpuplan {

namespace {

// The evaluation inputs the memory model reads. Built directly rather than through resolvePlan()
// so that catalog entries memory does not need (node, fabric, cloud offer) cannot skip a row.
ResolvedPlan resolveForMemory(const MemoryRowPlan &row, const Catalog &catalog)
{
    ResolvedPlan rp;
    rp.plan = &row.plan;
    rp.catalog = &catalog;
    rp.gpu = catalog.findGpu(row.plan.hardware.gpu);
    if (!row.engineId.empty())
        rp.engine = catalog.findEngine(row.engineId);
    rp.gpusPerNode = std::max(row.plan.hardware.gpusPerNode, 1);
    rp.shape = computeModelShape(row.plan.model, row.plan.workload.training.seqLen);
    return rp;
}

std::string offloadNote(const MemoryResult &m)
{
    std::string note = "host memory " + formatGib(m.offloadedCpuBytes, 2) + " per GPU offloaded";
    if (m.offloadedNvmeBytes > 0)
        note += ", NVMe " + formatGib(m.offloadedNvmeBytes, 2) + " per GPU";
    return note + " (not in peak_mem_gib)";
}

} // namespace

MemoryResult predictMemoryRow(const MemoryRowPlan &row, const Catalog &catalog)
{
    const ResolvedPlan rp = resolveForMemory(row, catalog);
    const Layout layout = layoutFromPlan(row.plan);
    return row.plan.workload.mode == Mode::Inference ? estimateInferenceMemory(rp, layout)
                                                     : estimateTrainingMemory(rp, layout);
}

double predictMemoryRowGiB(const MemoryRowPlan &row, const Catalog &catalog)
{
    return bytesSeenBy(predictMemoryRow(row, catalog), row.counter) / units::kGiB;
}

ValidationReport validateMemory(const CsvTable &table, const Catalog &catalog)
{
    ValidationReport report;
    report.kind = "memory";
    MemoryRowPlan row;
    for (std::size_t i = 0; i < table.rowCount(); ++i) {
        ValidationRow out;
        out.id = std::string(table.cell(i, "id"));
        if (out.id.empty())
            out.id = "line " + std::to_string(table.lineOf(i));
        std::string reason;
        if (!memoryRowPlan(table, i, catalog, row, reason)) {
            out.skipped = reason;
            report.rows.push_back(std::move(out));
            continue;
        }
        out.metric = "peak_mem_gib";
        out.group = std::string(table.cell(i, "model"));
        const MemoryResult memory = predictMemoryRow(row, catalog);
        out.predicted = bytesSeenBy(memory, row.counter) / units::kGiB;
        // What is offloaded is host memory, never part of the GPU figure compared above.
        if (memory.offloadedCpuBytes > 0 || memory.offloadedNvmeBytes > 0)
            out.note = offloadNote(memory);
        out.defaults = row.defaults.text;
        if (const GpuSpec *gpu = catalog.findGpu(row.plan.hardware.gpu)) {
            const ModelShape shape = computeModelShape(row.plan.model, row.plan.workload.training.seqLen);
            out.hasRegime = true;
            out.regime = regimeKey(BandMetric::Memory, *gpu, static_cast<int>(row.plan.parallelism.framework),
                                   shape.moeLayers > 0);
        }
        // Read only now, for the comparison.
        if (const auto measured = parseNumberCell(table.cell(i, "measured_peak_mem_gib")); measured && *measured > 0) {
            out.hasMeasured = true;
            out.measured = *measured;
        }
        report.rows.push_back(std::move(out));
    }
    return report;
}

} // namespace gpuplan

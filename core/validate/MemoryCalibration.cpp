// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/MemoryCalibration.h"

#include "memory/FrameworkMemory.h"
#include "memory/MemoryAssumptions.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"

#include <cmath>
#include <cstdint>

namespace gpuplan {

bool memoryFitHalf(std::string_view id)
{
    // FNV-1a alone leaves bit 0 depending only on the last character; the murmur3 finalizer mixes
    // every character into it.
    std::uint32_t h = 2166136261u;
    for (const unsigned char c : id) {
        h ^= c;
        h *= 16777619u;
    }
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return (h & 1u) == 0;
}

std::vector<MemoryCase> memoryCases(const CsvTable &table, const Catalog &catalog)
{
    std::vector<MemoryCase> cases;
    for (std::size_t i = 0; i < table.rowCount(); ++i) {
        MemoryCase c;
        std::string reason;
        const auto measured = parseNumberCell(table.cell(i, "measured_peak_mem_gib"));
        if (!measured || *measured <= 0 || !memoryRowPlan(table, i, catalog, c.row, reason))
            continue;
        c.id = std::string(table.cell(i, "id"));
        c.measuredGiB = *measured;
        cases.push_back(std::move(c));
    }
    return cases;
}

double memoryMape(std::vector<MemoryCase> &cases, const Catalog &catalog, double cudaContextGiB, double allocatorSlack,
                  MemoryHalf half, Framework stack, double stackGap)
{
    double sum = 0;
    int n = 0;
    for (MemoryCase &c : cases) {
        if (half != MemoryHalf::All && memoryFitHalf(c.id) != (half == MemoryHalf::Fit))
            continue;
        MemoryOverheads &o = c.row.plan.overheads;
        const MemoryOverheads saved = o;
        const Framework fw = c.row.plan.parallelism.framework;
        o.cudaContextGiB = cudaContextGiB;
        if (fw == stack && stackGap >= 0)
            o.allocatorSlack = stackGap;
        else if (frameworkMemoryTraits(fw).reservedGap < 0)
            o.allocatorSlack = allocatorSlack;
        const double predicted = predictMemoryRowGiB(c.row, catalog);
        o = saved;
        sum += std::fabs(predicted - c.measuredGiB) / c.measuredGiB * 100.0;
        ++n;
    }
    return n > 0 ? sum / n : 0.0;
}

MemoryOverheadFit fitMemoryOverheads(std::vector<MemoryCase> &cases, const Catalog &catalog)
{
    MemoryOverheadFit best;
    best.fitMape = 1e300;
    const int contextSteps = static_cast<int>(std::lround((kContextGridHi - kContextGridLo) / kContextGridStep));
    const int slackSteps = static_cast<int>(std::lround((kSlackGridHi - kSlackGridLo) / kSlackGridStep));
    for (int i = 0; i <= contextSteps; ++i) {
        const double context = kContextGridLo + i * kContextGridStep;
        for (int j = 0; j <= slackSteps; ++j) {
            const double slack = kSlackGridLo + j * kSlackGridStep;
            const double mape = memoryMape(cases, catalog, context, slack, MemoryHalf::Fit);
            if (mape < best.fitMape - 1e-12) {
                best.fitMape = mape;
                best.cudaContextGiB = context;
                best.allocatorSlack = slack;
            }
        }
    }
    best.testMape = memoryMape(cases, catalog, best.cudaContextGiB, best.allocatorSlack, MemoryHalf::Test);
    return best;
}

double fitFrameworkGap(std::vector<MemoryCase> &cases, const Catalog &catalog, Framework stack)
{
    std::vector<MemoryCase> rows;
    for (const MemoryCase &c : cases) {
        // Dense models only: the MoE rows carry expert-dispatch memory the model does not hold yet
        // (docs/accuracy.md "Memory", MoE rows), which a gap fit would take for allocator slack.
        if (c.row.plan.parallelism.framework == stack && c.row.counter == MemoryCounter::Reserved && memoryFitHalf(c.id)
            && c.row.plan.model.moeExperts == 0)
            rows.push_back(c);
    }
    if (rows.empty())
        return -1.0;
    double best = 0, bestMape = 1e300;
    const int steps = static_cast<int>(std::lround(kGapGridHi / kGapGridStep));
    for (int i = 0; i <= steps; ++i) {
        const double gap = i * kGapGridStep;
        const double mape = memoryMape(rows, catalog, memassume::kCudaContextGiB, memassume::kAllocatorSlack,
                                       MemoryHalf::Fit, stack, gap);
        if (mape < bestMape - 1e-12) {
            bestMape = mape;
            best = gap;
        }
    }
    return best;
}

} // namespace gpuplan

// SPDX-License-Identifier: GPL-3.0-or-later
#include "validate/Coverage.h"

#include "common/EnumNames.h"
#include "common/Format.h"
#include "validate/CsvTable.h"
#include "validate/RowPlan.h"

#include <algorithm>
#include <cctype>

namespace gpuplan {

int ValidationCounts::count(const std::string &workload, const std::string &gpu, const std::string &precision) const
{
    auto w = byWorkload.find(workload);
    if (w == byWorkload.end())
        return 0;
    auto it = w->second.find({gpu, precision});
    return it == w->second.end() ? 0 : it->second.rows;
}

int ValidationCounts::countGpu(const std::string &workload, const std::string &gpu) const
{
    int n = 0;
    if (auto w = byWorkload.find(workload); w != byWorkload.end()) {
        for (const auto &[key, c] : w->second)
            n += key.first == gpu ? c.rows : 0;
    }
    return n;
}

int ValidationCounts::countPrecision(const std::string &workload, const std::string &precision) const
{
    int n = 0;
    if (auto w = byWorkload.find(workload); w != byWorkload.end()) {
        for (const auto &[key, c] : w->second)
            n += key.second == precision ? c.rows : 0;
    }
    return n;
}

bool countValidationRows(std::string_view csvText, const std::string &workload, const Catalog &catalog,
                         ValidationCounts &counts, std::string &error)
{
    CsvTable t;
    if (!t.parse(csvText, error))
        return false;
    if (!t.hasColumn("gpu")) {
        error = "no gpu column";
        return false;
    }
    auto &table = counts.byWorkload[workload];
    for (std::size_t row = 0; row < t.rowCount(); ++row) {
        const std::string_view gpuCell = t.cell(row, "gpu");
        if (gpuCell.empty())
            continue;
        const GpuSpec *gpu = catalog.findGpu(std::string(gpuCell));
        if (!gpu) {
            if (std::find(counts.unknownGpus.begin(), counts.unknownGpus.end(), gpuCell) == counts.unknownGpus.end())
                counts.unknownGpus.emplace_back(gpuCell);
            continue;
        }
        std::string precision = lowerCell(t.cell(row, "precision"));
        if (precision.empty())
            precision = "bf16";
        CoverageCount &c = table[{gpu->id, precision}];
        ++c.rows;
        c.sources.insert(std::string(t.cell(row, "source")));
    }
    return true;
}

const char *coverageStatusName(CoverageStatus status)
{
    switch (status) {
    case CoverageStatus::Validated: return "validated";
    case CoverageStatus::Extrapolated: return "extrapolated";
    case CoverageStatus::NotCovered: return "not covered";
    }
    return "not covered";
}

std::vector<CoverageCell> computeCoverage(const Catalog &catalog, const ValidationCounts &counts)
{
    std::vector<CoverageCell> out;
    for (const GpuSpec &g : catalog.gpus) {
        std::vector<std::string> precisions;
        for (const EnumName &d : dtypeNames().names) {
            if (g.peak(static_cast<Dtype>(d.value)) > 0)
                precisions.emplace_back(d.name);
        }
        for (const std::string &p : precisions) {
            for (const char *workload : kCoverageWorkloads) {
                CoverageCell c;
                c.gpu = g.id;
                c.precision = p;
                c.workload = workload;
                if (auto w = counts.byWorkload.find(workload); w != counts.byWorkload.end()) {
                    if (auto it = w->second.find({g.id, p}); it != w->second.end()) {
                        c.rows = it->second.rows;
                        c.sources = static_cast<int>(it->second.sources.size());
                    }
                }
                if (c.rows > 0) {
                    c.status = CoverageStatus::Validated;
                    c.basis = counted(c.rows, "measurement", "measurements") + " of this GPU at " + p + " (" +
                              counted(c.sources, "source", "sources") + ")";
                    out.push_back(std::move(c));
                    continue;
                }
                const int sameGpu = counts.countGpu(workload, g.id);
                if (std::string(workload) == "memory") {
                    // The memory model does not depend on the GPU's speed: measured at this precision
                    // on other GPUs, it carries over.
                    const int samePrecision = counts.countPrecision(workload, p);
                    if (samePrecision > 0) {
                        c.status = CoverageStatus::Extrapolated;
                        c.basis = "memory model checked on " + counted(samePrecision, "measurement", "measurements") +
                                  " at " + p + " on other GPUs";
                    } else {
                        c.basis = "no memory measurement at " + p;
                    }
                    out.push_back(std::move(c));
                    continue;
                }
                const GpuEfficiency &e = g.efficiency;
                const std::string base = e.fitted ? g.id : e.derivedFrom;
                const int onBase = base.empty() || base == g.id ? 0 : counts.countGpu(workload, base);
                if (sameGpu > 0) {
                    c.status = CoverageStatus::Extrapolated;
                    c.basis = "from this GPU's " + counted(sameGpu, "measurement", "measurements") + " at other precisions";
                } else if (onBase > 0) {
                    c.status = CoverageStatus::Extrapolated;
                    c.basis = "efficiency derived from " + base + " (" + counted(onBase, "measurement", "measurements") +
                              " there); not validated on this GPU";
                } else if (!e.fitted && e.derivedFrom.empty()) {
                    c.basis = "no measurement; the generation default efficiency";
                } else {
                    c.basis = "no measurement of this GPU" + (base.empty() || base == g.id ? std::string() : " or of " + base) +
                              " for " + workload;
                }
                out.push_back(std::move(c));
            }
        }
    }
    return out;
}

} // namespace gpuplan

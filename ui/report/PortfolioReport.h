// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/PlanReport.h"

#include "portfolio/PortfolioPlans.h"

// The PDF report of a shared cluster (docs/exports.md, "Portfolio report"): a cover, then the
// pools (the cluster that meets every deadline, its utilization, peak power and cost), the jobs
// (GPUs, start, end, deadline, time to train, power, cost, on time or late) and the schedule
// chart, as the Portfolio tab shows them, with how the cluster was sized.
namespace gpuplan::ui::report {

ReportDocument buildPortfolioReport(const std::vector<PortfolioEntry> &entries, const PortfolioOutcome &outcome,
                                    const ReportOptions &options);

// Headless: reads the plan files with the installed catalogs, applies the deadlines as
// `gpuplan --deadline-days D --deadline-days-of N=D` give them (allDays empty = none), computes the
// portfolio and writes its report. A file that cannot be read or a bad deadline is an error naming it.
RenderResult exportPortfolioFiles(const QStringList &planPaths, const QString &allDays, const QStringList &perPlan,
                                  const QString &outPath, const ReportOptions &options);

// `gpuplan --export-pdf OUT PLAN --portfolio PLAN ... [--deadline-days D] [--deadline-days-of N=D ...]`.
int runPortfolioPdfExportCommand(const QString &outPath, const QStringList &planPaths, const QString &allDays,
                                 const QStringList &perPlan, const QString &pageSize, const QString &generator);

} // namespace gpuplan::ui::report

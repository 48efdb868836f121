// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "report/Branding.h"
#include "report/ReportDocument.h"
#include "report/ReportRenderer.h"

#include "export/ResultsExport.h"

#include <QDate>
#include <QPageSize>
#include <QString>
#include <QStringList>

#include <functional>
#include <memory>
#include <vector>

// The PDF plan summary for procurement (docs/exports.md): one plan, or several plans in one
// comparison report. Built as a ReportDocument (data, checked by tests) and rendered by
// ReportRenderer.
namespace gpuplan::ui {
class PlanController;
}

namespace gpuplan::ui::report {

struct ReportOptions
{
    QPageSize::PageSizeId pageSize = QPageSize::A4;
    QDate date = QDate::currentDate();
    QString generator = QStringLiteral("gpuplan");
    // Organisation and logo where the (first) plan leaves report.organisation or report.logo empty.
    BrandingDefaults branding;
};

// One plan of a report: its controller (plan, catalog, evaluation) and what the report adds to
// the slider-path evaluation (cost sensitivity, scaling curve).
struct ReportPlan
{
    const PlanController *controller = nullptr;
    ExportResults results;
};

// Null when the controller's plan does not resolve (error says why).
std::unique_ptr<ReportPlan> prepareReportPlan(const PlanController &controller, QString &error);

// The branding is the first plan's (a comparison report is one organisation's); a logo that cannot
// be read is left out and named in the document's warnings.
ReportDocument buildReport(const std::vector<const ReportPlan *> &plans, const ReportOptions &options);

// "a4" or "letter" (any case); nullopt-like false for anything else.
bool parsePageSize(const QString &name, QPageSize::PageSizeId &out);

// Headless export: loads each plan file with the installed catalogs, writes one report (a
// comparison when there are several). Needs a QApplication (the charts are widgets).
RenderResult exportPlanFiles(const QStringList &planPaths, const QString &outPath, const ReportOptions &options);

// The frame of a headless export command: reads the page size, takes the branding defaults of the
// user's Preferences, calls write and prints "OUT: N pages" (and on stderr each warning) or a
// one-line error on stderr; returns the exit code (2 for a bad page size).
int runExportCommand(const QString &outPath, const QString &pageSize, const QString &generator,
                     const std::function<RenderResult(const ReportOptions &options)> &write);

// `gpuplan --export-pdf OUT PLAN [PLAN ...] [--page-size a4|letter]`: writes the report with the
// branding defaults of the user's Preferences, prints "OUT: N pages" (and on stderr each warning,
// such as a logo left out) or a one-line error on stderr, returns the exit code.
int runPdfExportCommand(const QString &outPath, const QStringList &planPaths, const QString &pageSize,
                        const QString &generator);

} // namespace gpuplan::ui::report

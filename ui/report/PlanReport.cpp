// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/PlanReport.h"

#include "charts/MemoryVerdictText.h"
#include "report/ReportFormat.h"
#include "report/ReportSections.h"

#include "Settings.h"
#include "document/PlanController.h"
#include "facility/CostVerdict.h"

#include <cstdio>

namespace gpuplan::ui::report {

namespace {

SectionInput sectionInput(const ReportPlan &rp, const QString &prefix)
{
    const PlanController &c = *rp.controller;
    return SectionInput{c, c.plan(), c.resolved(), rp.results.evaluation, rp.results.scaling, rp.results.elastic,
                        prefix};
}

void addPlanSections(ReportDocument &doc, const SectionInput &in, bool withSummary)
{
    if (withSummary)
        addExecutiveSummary(doc, in);
    addBillOfMaterials(doc, in);
    addCosts(doc, in);
    addAlternatives(doc, in);
    addFacility(doc, in);
    addElastic(doc, in);
    addServingCapacity(doc, in);
    addServingChart(doc, in);
    addMemoryChart(doc, in);
    addScalingChart(doc, in);
    addTimeline(doc, in);
    addRisks(doc, in);
    addAssumptions(doc, in);
}

// Key figures of every plan side by side.
void addComparison(ReportDocument &doc, const std::vector<const ReportPlan *> &plans)
{
    doc.add(Heading{QObject::tr("Comparison"), 1});
    Table t;
    t.id = QStringLiteral("comparison");
    t.columns.push_back({QObject::tr("Key figure"), 1.5, false});
    for (std::size_t i = 0; i < plans.size(); ++i)
        t.columns.push_back({QObject::tr("Plan %1").arg(i + 1), 1.0, true});
    auto row = [&](const QString &name, const std::function<QString(const SectionInput &)> &value) {
        QStringList cells{name};
        for (const ReportPlan *rp : plans)
            cells << value(sectionInput(*rp, {}));
        t.rows.push_back({cells});
    };
    row(QObject::tr("Plan"), [](const SectionInput &in) { return q(in.plan.name); });
    row(QObject::tr("Model"), [](const SectionInput &in) { return modelName(in.plan); });
    row(QObject::tr("GPUs"), [](const SectionInput &in) {
        return QObject::tr("%1 × %2").arg(grouped(deployedGpus(in.evaluation)), in.resolved.gpu ? q(in.resolved.gpu->name) : QString());
    });
    row(QObject::tr("Memory per GPU"), [](const SectionInput &in) {
        return QObject::tr("%1 (%2)").arg(bytes(in.evaluation.memory.perGpuBytes), memoryVerdictName(in.evaluation.memory));
    });
    row(QObject::tr("Time to train / capacity"), [](const SectionInput &in) { return capacityText(in); });
    row(QObject::tr("Cloud cost"), [](const SectionInput &in) { return money(in.plan, in.evaluation.cost.cloudTotalUsd); });
    row(QObject::tr("On-prem cost"), [](const SectionInput &in) { return money(in.plan, in.evaluation.cost.onpremTotalUsd); });
    row(QObject::tr("On-prem capex"), [](const SectionInput &in) { return money(in.plan, in.evaluation.cost.onpremCapexUsd); });
    // The one verdict (facility/CostVerdict.h), not a comparison of its own against the plan's offer.
    row(QObject::tr("Verdict"), [](const SectionInput &in) {
        const CostVerdict v = costVerdict(in.resolved, in.evaluation);
        return v.decided ? QObject::tr("%1 %2, %3 in cash, %4 up front")
                               .arg(QString::fromUtf8(verdictWord(v)), q(v.offer), money(in.plan, v.cashUsd), money(in.plan, v.upfrontUsd))
                         : QObject::tr("no verdict (%1)").arg(q(v.reason));
    });
    row(QObject::tr("Facility power, running"), [](const SectionInput &in) { return kw(in.evaluation.power.facilityKw); });
    row(QObject::tr("Facility power, peak"), [](const SectionInput &in) { return kw(in.evaluation.power.peakFacilityKw); });
    row(QObject::tr("Racks"), [](const SectionInput &in) { return grouped(in.evaluation.cooling.racks); });
    doc.add(std::move(t));
    for (std::size_t i = 0; i < plans.size(); ++i) {
        const SectionInput in = sectionInput(*plans[i], {});
        doc.add(Paragraph{recommendation(in), TextStyle::Body, QObject::tr("Plan %1 (%2): ").arg(i + 1).arg(q(in.plan.name))});
    }
}

} // namespace

std::unique_ptr<ReportPlan> prepareReportPlan(const PlanController &controller, QString &error)
{
    if (!controller.isResolved()) {
        const auto &errors = controller.resolveErrors();
        error = errors.empty() ? QObject::tr("the plan cannot be evaluated")
                               : QObject::tr("%1: %2").arg(q(errors.front().field), q(errors.front().message));
        return nullptr;
    }
    auto rp = std::make_unique<ReportPlan>();
    rp->controller = &controller;
    rp->results = evaluateForExport(controller.resolved());
    return rp;
}

ReportDocument buildReport(const std::vector<const ReportPlan *> &plans, const ReportOptions &options)
{
    ReportDocument doc;
    doc.generator = options.generator;
    doc.dateText = options.date.toString(Qt::ISODate);
    QStringList names, preparers;
    for (const ReportPlan *rp : plans) {
        names << q(rp->controller->plan().name);
        const QString by = q(rp->controller->plan().preparedBy);
        if (!by.isEmpty() && !preparers.contains(by))
            preparers << by;
    }
    const bool comparison = plans.size() > 1;
    if (!plans.empty()) {
        const PlanController &first = *plans.front()->controller;
        const Branding branding = resolveBranding(first.plan(), first.filePath(), options.branding, doc.warnings);
        doc.organisation = branding.organisation;
        doc.logo = branding.logo;
    }
    doc.title = comparison ? QObject::tr("Comparison of %1 plans").arg(plans.size()) : names.value(0);
    doc.footer = comparison ? names.join(QStringLiteral(" / ")) : names.value(0);
    addCover(doc, doc.title, names, preparers.join(QStringLiteral(", ")), options.date, options.generator);
    // A plan that cannot run says so on the cover, before any figure can be read as an answer.
    for (std::size_t i = 0; i < plans.size(); ++i) {
        const PlanValidity &v = plans[i]->results.evaluation.validity;
        if (v.valid())
            continue;
        const QString verdict = v.status == PlanStatus::DoesNotFit ? QObject::tr("DOES NOT FIT") : QObject::tr("INVALID PLAN");
        doc.add(Paragraph{QObject::tr("%1%2: %3. The times, throughput, power and costs in this report are what the run "
                                      "would be if the plan could run as written; they are not a plan to order from.")
                              .arg(comparison ? names[static_cast<int>(i)] + QStringLiteral(" — ") : QString(), verdict,
                                   q(describe(v.reason))),
                          TextStyle::Alert, {}});
    }
    // Page 1 is the decision: what to buy or rent, the cash and the finish day (ReportDecision.cpp);
    // a plan that cannot run has no decision to sign, only the alert above.
    if (!comparison && !plans.empty() && plans.front()->results.evaluation.validity.valid())
        addDecision(doc, sectionInput(*plans.front(), {}));
    doc.add(PageBreak{});
    if (!comparison) {
        if (!plans.empty())
            addPlanSections(doc, sectionInput(*plans.front(), {}), true);
    } else {
        addComparison(doc, plans);
        for (std::size_t i = 0; i < plans.size(); ++i) {
            doc.add(PageBreak{});
            const QString prefix = QObject::tr("Plan %1 · ").arg(i + 1);
            doc.add(Heading{QObject::tr("Plan %1: %2").arg(i + 1).arg(names[static_cast<int>(i)]), 1});
            addPlanSections(doc, sectionInput(*plans[i], prefix), true);
        }
    }
    addFormulaAppendix(doc);
    return doc;
}

bool parsePageSize(const QString &name, QPageSize::PageSizeId &out)
{
    const QString n = name.trimmed().toLower();
    if (n == QStringLiteral("a4"))
        out = QPageSize::A4;
    else if (n == QStringLiteral("letter"))
        out = QPageSize::Letter;
    else
        return false;
    return true;
}

RenderResult exportPlanFiles(const QStringList &planPaths, const QString &outPath, const ReportOptions &options)
{
    RenderResult result;
    QStringList issues;
    const Catalog catalog = PlanController::loadInstalledCatalog(issues);
    std::vector<std::unique_ptr<PlanController>> controllers;
    std::vector<std::unique_ptr<ReportPlan>> prepared;
    std::vector<const ReportPlan *> plans;
    for (const QString &path : planPaths) {
        auto controller = std::make_unique<PlanController>(catalog);
        QString error;
        if (!controller->openFile(path, error)) {
            result.error = QObject::tr("cannot open %1: %2").arg(path, error);
            return result;
        }
        auto rp = prepareReportPlan(*controller, error);
        if (!rp) {
            result.error = QObject::tr("%1: %2").arg(path, error);
            return result;
        }
        plans.push_back(rp.get());
        prepared.push_back(std::move(rp));
        controllers.push_back(std::move(controller));
    }
    if (plans.empty()) {
        result.error = QObject::tr("no plan to export");
        return result;
    }
    return writePdfFile(buildReport(plans, options), outPath, options.pageSize);
}

int runPdfExportCommand(const QString &outPath, const QStringList &planPaths, const QString &pageSize,
                        const QString &generator)
{
    if (planPaths.isEmpty()) {
        std::fprintf(stderr, "gpuplan: --export-pdf needs at least one plan file\n");
        return 2;
    }
    return runExportCommand(outPath, pageSize, generator,
                            [&](const ReportOptions &options) { return exportPlanFiles(planPaths, outPath, options); });
}

int runExportCommand(const QString &outPath, const QString &pageSize, const QString &generator,
                     const std::function<RenderResult(const ReportOptions &options)> &write)
{
    ReportOptions options;
    options.generator = generator;
    const Settings settings;
    options.branding = {settings.reportOrganisation(), settings.reportLogo()};
    if (!parsePageSize(pageSize, options.pageSize)) {
        std::fprintf(stderr, "gpuplan: --page-size: \"%s\"; expected a4 or letter\n", qPrintable(pageSize));
        return 2;
    }
    const RenderResult r = write(options);
    if (!r.ok) {
        std::fprintf(stderr, "gpuplan: %s\n", qPrintable(QString(r.error).replace(QLatin1Char('\n'), QLatin1Char(' '))));
        return 1;
    }
    for (const QString &warning : r.warnings)
        std::fprintf(stderr, "gpuplan: warning: %s\n", qPrintable(QString(warning).replace(QLatin1Char('\n'), QLatin1Char(' '))));
    std::printf("%s: %d pages\n", qPrintable(outPath), r.pages);
    return 0;
}

} // namespace gpuplan::ui::report

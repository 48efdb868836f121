// SPDX-License-Identifier: GPL-3.0-or-later
#include "report/PortfolioReport.h"

#include "report/Branding.h"
#include "report/ReportFormat.h"
#include "report/ReportSections.h"

#include "document/PlanController.h"
#include "portfolio/PortfolioTable.h"

#include <cstdio>

namespace gpuplan::ui::report {

namespace {

void addPoolsTable(ReportDocument &doc, const PortfolioResult &result)
{
    Table t;
    t.id = QStringLiteral("portfolio-pools");
    const QStringList titles = portfolioPoolColumns();
    const double widths[] = {2.0, 1.0, 0.9, 0.9, 1.0, 0.9, 1.0, 1.0, 1.0};
    for (int c = 0; c < titles.size(); ++c)
        t.columns.push_back({titles[c], widths[c], c > 0});
    const std::vector<QStringList> rows = portfolioPoolRows(result);
    for (std::size_t r = 0; r < rows.size(); ++r)
        t.rows.push_back({rows[r], result.pools.size() > 1 && r + 1 == rows.size() ? RowKind::Total : RowKind::Normal});
    t.note = QObject::tr("Busy: GPU-hours in use over the pool's GPU-hours (serving fleets all the time, training jobs "
                         "while they run), over the first 168 hours and over the whole schedule.");
    doc.add(std::move(t));
}

// The jobs as the Portfolio tab's table shows them (the same model gives the cells), without its
// Mode column: a page is narrower than the tab, and the status says "always on" for a fleet.
void addJobsTable(ReportDocument &doc, const std::vector<PortfolioEntry> &entries,
                  const std::shared_ptr<const PortfolioOutcome> &outcome)
{
    PortfolioTableModel model;
    for (const PortfolioEntry &e : entries)
        model.addEntry(e);
    model.setOutcome(outcome);
    Table t;
    t.id = QStringLiteral("portfolio-jobs");
    const double widths[] = {2.1, 0, 1.6, 1.15, 0.8, 0.95, 0.8, 0.8, 1.0, 1.05, 1.0};
    for (int c = 0; c < PortfolioTableModel::ColumnCount; ++c) {
        if (c != PortfolioTableModel::Mode)
            t.columns.push_back({model.headerData(c, Qt::Horizontal, Qt::DisplayRole).toString(), widths[c],
                                 c >= PortfolioTableModel::Deadline && c <= PortfolioTableModel::Cost});
    }
    for (int r = 0; r < model.rowCount(); ++r) {
        QStringList cells;
        for (int c = 0; c < PortfolioTableModel::ColumnCount; ++c) {
            if (c != PortfolioTableModel::Mode)
                cells << model.index(r, c).data(Qt::DisplayRole).toString();
        }
        if (!outcome->errors[static_cast<std::size_t>(r)].isEmpty())
            cells.back() = QObject::tr("not placed");   // the reason is above the tables
        t.rows.push_back({cells});
    }
    t.note = QObject::tr("Deadlines and times in days from the start of the schedule. Cost: a training job's run, a "
                         "serving fleet's cost horizon, the cheaper of cloud and owning.");
    doc.add(std::move(t));
}

QString summary(const PortfolioOutcome &o, std::size_t plans)
{
    int placed = 0;
    for (const QString &e : o.errors)
        placed += e.isEmpty() ? 1 : 0;
    bool met = true;
    int gpus = 0;
    for (const PoolResult &p : o.result.pools) {
        met = met && p.schedule.meetsDeadlines;
        gpus += p.clusterGpus;
    }
    return QObject::tr("%1 of %2 plans placed on %3 GPUs in %4 (one pool per GPU type); %5.")
        .arg(placed)
        .arg(plans)
        .arg(grouped(gpus))
        .arg(o.result.pools.size() == 1 ? QObject::tr("one pool") : QObject::tr("%1 pools").arg(o.result.pools.size()))
        .arg(met ? QObject::tr("every training job meets its deadline")
                 : QObject::tr("some job takes longer than its deadline even alone, so no pool size meets every "
                               "deadline; the pools shown run every job at once"));
}

} // namespace

ReportDocument buildPortfolioReport(const std::vector<PortfolioEntry> &entries, const PortfolioOutcome &outcome,
                                    const ReportOptions &options)
{
    ReportDocument doc;
    doc.generator = options.generator;
    doc.dateText = options.date.toString(Qt::ISODate);
    QStringList names, preparers;
    for (const PortfolioEntry &e : entries) {
        names << e.name;
        const QString by = q(e.plan.preparedBy);
        if (!by.isEmpty() && !preparers.contains(by))
            preparers << by;
    }
    if (!entries.empty()) {
        const Branding branding = resolveBranding(entries.front().plan, entries.front().path, options.branding, doc.warnings);
        doc.organisation = branding.organisation;
        doc.logo = branding.logo;
    }
    doc.title = QObject::tr("Shared cluster for %1 plans").arg(entries.size());
    doc.footer = doc.title;
    addCover(doc, doc.title, names, preparers.join(QStringLiteral(", ")), options.date, options.generator);
    doc.add(PageBreak{});

    doc.add(Heading{QObject::tr("Shared cluster"), 1});
    doc.add(Paragraph{summary(outcome, entries.size()), TextStyle::Body, {}});
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (!outcome.errors[i].isEmpty())
            doc.add(Paragraph{QObject::tr("%1 is not placed: %2.").arg(entries[i].name, outcome.errors[i]), TextStyle::Alert, {}});
    }
    doc.add(Heading{QObject::tr("Pools"), 2});
    addPoolsTable(doc, outcome.result);
    doc.add(Heading{QObject::tr("Jobs"), 2});
    addJobsTable(doc, entries, std::make_shared<const PortfolioOutcome>(outcome));
    doc.add(Heading{QObject::tr("Schedule"), 2});
    doc.add(portfolioScheduleFigure(entries, outcome));
    doc.add(Heading{QObject::tr("How the cluster is sized"), 2});
    doc.add(BulletList{{QObject::tr("Each plan is evaluated on its own: a training job takes its GPU count for its time "
                                    "to train with failures and restarts; a serving fleet is always on and takes the "
                                    "replicas its request rate needs."),
                        QObject::tr("Serving fleets hold their GPUs all the time; training jobs run at their fixed size, "
                                    "earliest deadline first, each starting as soon as enough GPUs are free (list "
                                    "scheduling; jobs are not split, resized or pre-empted)."),
                        QObject::tr("A pool is the smallest whole number of nodes at which that schedule meets every "
                                    "deadline. This is a heuristic, not an optimal schedule: a cleverer order, or jobs "
                                    "run on fewer GPUs for longer, can need fewer GPUs."),
                        QObject::tr("Peak power is the serving fleets plus the training jobs running at once (idle GPUs "
                                    "not counted); cost is the sum of the plans' own costs, each priced on its own.")},
                       TextStyle::Body});
    return doc;
}

RenderResult exportPortfolioFiles(const QStringList &planPaths, const QString &allDays, const QStringList &perPlan,
                                  const QString &outPath, const ReportOptions &options)
{
    RenderResult result;
    QStringList issues;
    const Catalog catalog = PlanController::loadInstalledCatalog(issues);
    if (planPaths.size() > kMaxPortfolioPlans) {
        result.error = QObject::tr("a portfolio holds at most %1 plans, got %2").arg(kMaxPortfolioPlans).arg(planPaths.size());
        return result;
    }
    std::vector<PortfolioEntry> entries(static_cast<std::size_t>(planPaths.size()));
    for (int i = 0; i < planPaths.size(); ++i) {
        if (QString error; !loadPortfolioEntry(planPaths[i], catalog, entries[static_cast<std::size_t>(i)], error)) {
            result.error = QObject::tr("cannot open %1: %2").arg(planPaths[i], error);
            return result;
        }
    }
    if (QString error; !applyDeadlineOptions(entries, allDays, perPlan, error)) {
        result.error = error;
        return result;
    }
    const PortfolioOutcome outcome = computePortfolio(entries, catalog);
    return writePdfFile(buildPortfolioReport(entries, outcome, options), outPath, options.pageSize);
}

int runPortfolioPdfExportCommand(const QString &outPath, const QStringList &planPaths, const QString &allDays,
                                 const QStringList &perPlan, const QString &pageSize, const QString &generator)
{
    return runExportCommand(outPath, pageSize, generator, [&](const ReportOptions &options) {
        return exportPortfolioFiles(planPaths, allDays, perPlan, outPath, options);
    });
}

} // namespace gpuplan::ui::report

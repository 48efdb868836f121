// SPDX-License-Identifier: GPL-3.0-or-later
#include "ExportActions.h"

#include "MainWindow.h"
#include "charts/ChartWidget.h"
#include "document/PlanController.h"
#include "document/PlanFileWriter.h"
#include "portfolio/PortfolioTable.h"
#include "portfolio/PortfolioView.h"
#include "report/PlanReport.h"
#include "report/PortfolioReport.h"
#include "results/ComparisonTab.h"
#include "results/ResultsPanel.h"

#include "export/LaunchFiles.h"
#include "export/ResultsExport.h"
#include "export/TextEscape.h"
#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>

#include <QAction>
#include <QCoreApplication>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QLocale>
#include <QMenu>
#include <QMessageBox>
#include <QRegularExpression>

namespace gpuplan::ui {

namespace {

const QString kA4Filter = QObject::tr("PDF, A4 (*.pdf)");
const QString kLetterFilter = QObject::tr("PDF, US Letter (*.pdf)");

// Letter where it is the paper people have at hand, A4 everywhere else.
bool prefersLetter()
{
    const QLocale::Territory t = QLocale().territory();
    return t == QLocale::UnitedStates || t == QLocale::Canada || t == QLocale::Mexico;
}

} // namespace

ExportActions::ExportActions(PlanController *controller, MainWindow *window)
    : QObject(window), m_controller(controller), m_window(window)
{
    m_save = [this](const QString &title, const QString &suggested, const QString &filters, QString *selected) {
        return QFileDialog::getSaveFileName(m_window, title, suggested, filters, selected);
    };
    m_open = [this](const QString &title) {
        return QFileDialog::getOpenFileNames(m_window, title, QString(), tr("gpuplan plans (*.gpuplan *.json)"));
    };
    m_dir = [this](const QString &title) { return QFileDialog::getExistingDirectory(m_window, title); };
    m_error = [this](const QString &title, const QString &text) { QMessageBox::warning(m_window, title, text); };
    m_info = [this](const QString &title, const QString &text) { QMessageBox::information(m_window, title, text); };

    auto add = [this](const QString &text, auto slot) {
        auto *a = new QAction(text, this);
        connect(a, &QAction::triggered, this, slot);
        m_window->addExportAction(a);
        return a;
    };
    add(tr("Plan summary (&PDF)…"), [this] { exportPdf(); })->setObjectName(QStringLiteral("exportPdf"));
    add(tr("&Comparison with other plans (PDF)…"), [this] { exportComparisonPdf(); })
        ->setStatusTip(tr("The open plan against the Compare tab's columns (or plan files you choose when it has none)"));
    add(tr("Shared cluster, the Portfolio tab (P&DF)…"), [this] { exportPortfolioPdf(); });
    if (auto *portfolio = m_window->resultsPanel()->findTab<PortfolioView>())
        portfolio->setPdfExporter([this] { exportPortfolioPdf(); });
    add(tr("Results as &JSON…"), [this] { exportResults(false); });
    add(tr("Results as C&SV…"), [this] { exportResults(true); });
    add(tr("Plan &file copy (.gpuplan)…"), [this] { exportPlanCopy(); });
    add(tr("All c&harts as PNG and SVG…"), [this] { exportCharts(); });
    auto *launch = new QMenu(tr("&Launch files"), m_window);
    for (const LaunchFormatInfo &f : launchFormats()) {
        const int format = static_cast<int>(f.format);
        QAction *a = launch->addAction(tr("%1…").arg(QString::fromUtf8(f.label)), this, [this, format] { exportLaunchFile(format); });
        m_launchActions.emplace_back(a, format);
    }
    auto *launchAction = new QAction(tr("&Launch files"), this);
    launchAction->setMenu(launch);
    m_window->addExportAction(launchAction);
    connect(m_controller, &PlanController::evaluationChanged, this, &ExportActions::updateEnabled);
    updateEnabled();
}

void ExportActions::updateEnabled()
{
    const Mode mode = m_controller->plan().workload.mode;
    for (const auto &[action, format] : m_launchActions) {
        const LaunchFormatInfo &f = launchFormatInfo(static_cast<LaunchFormat>(format));
        action->setEnabled(m_controller->isResolved() && (mode == Mode::Training ? f.training : f.inference));
    }
}

QString ExportActions::suggestedName(const QString &suffix) const
{
    const QString path = m_controller->filePath();
    const QString dir = path.isEmpty() ? QDir::homePath() : QFileInfo(path).absolutePath();
    QString base = path.isEmpty() ? QString::fromStdString(m_controller->plan().name) : QFileInfo(path).completeBaseName();
    base.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
    if (base.isEmpty())
        base = QStringLiteral("plan");
    return QDir(dir).filePath(base + suffix);
}

bool ExportActions::writeText(const QString &path, const std::string &text)
{
    QString error;
    if (writeFileAtomically(path, text, error))
        return true;
    error[0] = error[0].toUpper();
    m_error(tr("Export failed"), error);
    return false;
}

// Asks where to write a PDF (A4 or Letter by the filter chosen) and fills the options; empty = cancelled.
QString ExportActions::choosePdf(const QString &title, const QString &suggested, report::ReportOptions &options)
{
    QString filter = prefersLetter() ? kLetterFilter : kA4Filter;
    const QString path = m_save(title, suggested, kA4Filter + QStringLiteral(";;") + kLetterFilter, &filter);
    options.pageSize = filter == kLetterFilter ? QPageSize::Letter : QPageSize::A4;
    options.generator = tr("gpuplan %1").arg(QCoreApplication::applicationVersion());
    options.branding = {m_window->settings()->reportOrganisation(), m_window->settings()->reportLogo()};
    return path;
}

bool ExportActions::reportWritten(const report::RenderResult &r, const QString &path)
{
    if (!r.ok)
        m_error(tr("Export failed"), r.error);
    else if (!r.warnings.isEmpty())
        m_info(tr("Report exported"), tr("%1 was written, with these parts left out:\n\n%2")
                                          .arg(QDir::toNativeSeparators(path), r.warnings.join(QStringLiteral("\n\n"))));
    return r.ok;
}

bool ExportActions::exportPortfolioPdf()
{
    auto *view = m_window->resultsPanel()->findTab<PortfolioView>();
    if (!view || !view->outcome() || view->isComputing() || view->tableModel()->rowCount() == 0) {
        m_error(tr("Export failed"), tr("The Portfolio tab has no shared cluster to export yet: add plans to it and "
                                        "wait for the cluster to be sized."));
        return false;
    }
    // The answer shown belongs to these rows: nothing is recomputed, so the PDF says what the tab says.
    std::vector<PortfolioEntry> entries = view->entriesNow();
    const PortfolioOutcome outcome = *view->outcome();
    report::ReportOptions options;
    const QString path = choosePdf(tr("Export the shared cluster"), suggestedName(QStringLiteral(".portfolio.pdf")), options);
    if (path.isEmpty())
        return false;
    return reportWritten(report::writePdfFile(report::buildPortfolioReport(entries, outcome, options), path, options.pageSize),
                         path);
}

bool ExportActions::writePdf(const QStringList &otherPlans, const std::vector<std::pair<Plan, QString>> &otherInMemory)
{
    QString error;
    auto current = report::prepareReportPlan(*m_controller, error);
    if (!current) {
        m_error(tr("Export failed"), tr("The plan cannot be evaluated: %1").arg(error));
        return false;
    }
    std::vector<std::unique_ptr<PlanController>> others;
    std::vector<std::unique_ptr<report::ReportPlan>> prepared;
    std::vector<const report::ReportPlan *> plans{current.get()};
    // Each other plan in a controller of its own, from which the report reads plan and evaluation.
    auto add = [&](std::unique_ptr<PlanController> controller, bool loaded, const QString &label) {
        std::unique_ptr<report::ReportPlan> rp;
        if (!loaded || !(rp = report::prepareReportPlan(*controller, error))) {
            m_error(tr("Export failed"), tr("Cannot use %1:\n%2").arg(label, error));
            return false;
        }
        plans.push_back(rp.get());
        prepared.push_back(std::move(rp));
        others.push_back(std::move(controller));
        return true;
    };
    for (const QString &path : otherPlans) {
        auto controller = std::make_unique<PlanController>(m_controller->catalog());
        const bool loaded = controller->openFile(path, error);
        if (!add(std::move(controller), loaded, path))
            return false;
    }
    for (const auto &[plan, name] : otherInMemory) {
        auto controller = std::make_unique<PlanController>(m_controller->catalog());
        Plan named = plan;
        named.name = name.toStdString();   // the report's "Plan" row names the column as the tab does
        controller->applyPlan(named, name);
        if (!add(std::move(controller), true, name))
            return false;
    }
    report::ReportOptions options;
    const QString path = choosePdf(tr("Export plan summary"), suggestedName(QStringLiteral(".pdf")), options);
    if (path.isEmpty())
        return false;
    return reportWritten(report::writePdfFile(report::buildReport(plans, options), path, options.pageSize), path);
}

bool ExportActions::exportPdf()
{
    return writePdf({});
}

bool ExportActions::exportComparisonPdf()
{
    std::vector<std::pair<Plan, QString>> columns;
    if (const auto *compare = m_window->resultsPanel()->findTab<ComparisonTab>())
        for (const ScenarioComparison::Scenario &s : compare->comparison().scenarios())
            columns.emplace_back(s.plan, s.name);
    if (!columns.empty())
        return writePdf({}, columns);
    const QStringList others = m_open(tr("Plans to compare with this one"));
    return !others.isEmpty() && writePdf(others);
}

bool ExportActions::exportResults(bool csv)
{
    if (!m_controller->isResolved()) {
        m_error(tr("Export failed"), tr("The plan cannot be evaluated."));
        return false;
    }
    QString filter = csv ? tr("CSV (*.csv)") : tr("JSON (*.json)");
    const QString path = m_save(csv ? tr("Export results as CSV") : tr("Export results as JSON"),
                                suggestedName(csv ? QStringLiteral(".results.csv") : QStringLiteral(".results.json")), filter, &filter);
    if (path.isEmpty())
        return false;
    const auto json = resultsJson(m_controller->resolved(), evaluateForExport(m_controller->resolved()));
    // The document gpuplan-cli export --results writes, escaped the same way (export/TextEscape.h).
    return writeText(path, csv ? resultsCsv(json)
                               : jsonForYaml(json.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace)) +
                                     "\n");
}

bool ExportActions::exportPlanCopy()
{
    QString filter = tr("gpuplan plan (*.gpuplan)");
    const QString path = m_save(tr("Export a copy of the plan"), suggestedName(QStringLiteral(".copy.gpuplan")), filter, &filter);
    if (path.isEmpty())
        return false;
    std::string error;
    if (!savePlanFile(path.toStdString(), m_controller->plan(), error)) {
        m_error(tr("Export failed"), QString::fromStdString(error));
        return false;
    }
    return true;
}

bool ExportActions::exportCharts()
{
    const QString dir = m_dir(tr("Folder for the chart images"));
    if (dir.isEmpty())
        return false;
    QStringList written;
    for (int i = 0; i < m_window->resultsPanel()->tabCount(); ++i) {
        auto *chart = qobject_cast<ChartWidget *>(m_window->resultsPanel()->tab(i));
        if (!chart)
            continue;
        QString base = chart->title().toLower();
        base.replace(QRegularExpression(QStringLiteral("[^a-z0-9]+")), QStringLiteral("-"));
        const QString stem = QDir(dir).filePath(QFileInfo(suggestedName({})).fileName() + QLatin1Char('-') + base);
        if (!chart->exportPng(stem + QStringLiteral(".png")) ||
            (ChartWidget::svgExportAvailable() && !chart->exportSvg(stem + QStringLiteral(".svg")))) {
            m_error(tr("Export failed"), tr("Cannot write the images of the %1 chart to %2").arg(chart->title(), dir));
            return false;
        }
        written << chart->title();
    }
    m_info(tr("Charts exported"), tr("%1 charts written to %2: %3").arg(written.size()).arg(dir, written.join(QStringLiteral(", "))));
    return !written.isEmpty();
}

bool ExportActions::exportLaunchFile(int format)
{
    if (!m_controller->isResolved()) {
        m_error(tr("Export failed"), tr("The plan cannot be evaluated."));
        return false;
    }
    LaunchOptions options;
    options.generator = QStringLiteral("gpuplan %1").arg(QCoreApplication::applicationVersion()).toStdString();
    LaunchFile file;
    std::string error;
    if (!makeLaunchFile(m_controller->resolved(), m_controller->evaluation(), static_cast<LaunchFormat>(format), options, file, error)) {
        m_error(tr("Cannot write this launch file"), QString::fromStdString(error));
        return false;
    }
    QString filter = tr("All files (*)");
    const QString suggested = QDir(QFileInfo(suggestedName({})).absolutePath()).filePath(QString::fromStdString(file.fileName));
    const QString path = m_save(tr("Export %1").arg(QString::fromUtf8(launchFormatInfo(static_cast<LaunchFormat>(format)).label)),
                                suggested, filter, &filter);
    if (path.isEmpty() || !writeText(path, file.text))
        return false;
    if (!file.notes.empty()) {
        QStringList notes;
        for (const std::string &n : file.notes)
            notes << QStringLiteral("• ") + QString::fromStdString(n);
        m_info(tr("Launch file written"), tr("Before running it:\n%1").arg(notes.join(QLatin1Char('\n'))));
    }
    return true;
}

} // namespace gpuplan::ui

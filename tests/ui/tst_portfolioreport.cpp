// SPDX-License-Identifier: GPL-3.0-or-later
// The PDF report of a shared cluster (ui/report/PortfolioReport): its tables say what the
// Portfolio tab says (the same pool rows and job cells, for the open 70B training plan, the 70B run
// on H200 and the 8B chat fleet of examples/), the schedule is a figure, a plan that cannot be
// placed is named with its reason, and File › Export writes the tab's answer as a PDF. The PDF's
// text as poppler reads it is checked by tests/e2e/portfolio_pdf.cmake.
#include "ExamplePlans.h"
#include "UiTestFixtures.h"

#include "ExportActions.h"
#include "MainWindow.h"
#include "Settings.h"
#include "document/PlanController.h"
#include "portfolio/PortfolioTable.h"
#include "portfolio/PortfolioView.h"
#include "report/PortfolioReport.h"
#include "results/ResultsPanel.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace gpuplan;
using namespace gpuplan::ui;
using namespace gpuplan::ui::report;

namespace {

const QString kExamples = QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/");

std::vector<PortfolioEntry> examplePortfolio(const Catalog &catalog)
{
    std::vector<PortfolioEntry> entries(3);
    const char *files[] = {"llama3-70b-training.gpuplan", "llama3-70b-training-h200.gpuplan", "llama3-8b-inference.gpuplan"};
    for (std::size_t i = 0; i < 3; ++i) {
        QString error;
        if (!loadPortfolioEntry(kExamples + QString::fromLatin1(files[i]), catalog, entries[i], error))
            qFatal("%s", qPrintable(error));
    }
    entries[0].deadlineDays = 400;
    entries[1].deadlineDays = 300;
    return entries;
}

} // namespace

class TestPortfolioReport final : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void tablesAreTheTabsFigures()
    {
        QStringList issues;
        const Catalog catalog = PlanController::loadInstalledCatalog(issues);
        const std::vector<PortfolioEntry> entries = examplePortfolio(catalog);
        const PortfolioOutcome outcome = computePortfolio(entries, catalog);
        const ReportDocument doc = buildPortfolioReport(entries, outcome, ReportOptions{});
        QCOMPARE(doc.title, QStringLiteral("Shared cluster for 3 plans"));
        QVERIFY(doc.headings(1).contains(QStringLiteral("Shared cluster")));

        const Table *pools = doc.table(QStringLiteral("portfolio-pools"));
        QVERIFY(pools);
        const std::vector<QStringList> poolRows = portfolioPoolRows(outcome.result);
        QCOMPARE(pools->rows.size(), std::size_t(3));   // H100, H200, all pools
        for (std::size_t r = 0; r < poolRows.size(); ++r)
            QCOMPARE(pools->rows[r].cells, poolRows[r]);
        QCOMPARE(pools->rows.back().kind, RowKind::Total);
        QCOMPARE(pools->rows[0].cells[1], QLocale(QLocale::English).toString(outcome.result.pools[0].clusterGpus));

        // The jobs: the tab's cells without its Mode column.
        const Table *jobs = doc.table(QStringLiteral("portfolio-jobs"));
        QVERIFY(jobs);
        QCOMPARE(jobs->columns.size(), std::size_t(PortfolioTableModel::ColumnCount - 1));
        PortfolioTableModel model;
        for (const PortfolioEntry &e : entries)
            model.addEntry(e);
        model.setOutcome(std::make_shared<const PortfolioOutcome>(outcome));
        for (int r = 0; r < 3; ++r) {
            QStringList expected;
            for (int c = 0; c < PortfolioTableModel::ColumnCount; ++c)
                if (c != PortfolioTableModel::Mode)
                    expected << model.index(r, c).data().toString();
            QCOMPARE(jobs->rows[static_cast<std::size_t>(r)].cells, expected);
        }
        QCOMPARE(jobs->rows[1].cells.back(), QStringLiteral("LATE"));        // 363.5 days against 300
        QCOMPARE(jobs->rows[2].cells.back(), QStringLiteral("always on"));   // the fleet

        bool figure = false;
        for (const Block &b : doc.blocks)
            figure = figure || (std::holds_alternative<Figure>(b) && std::get<Figure>(b).id == QStringLiteral("portfolio-schedule"));
        QVERIFY(figure);
        QVERIFY(doc.plainText().contains(QStringLiteral("no pool size meets every deadline")));
    }

    void unplacedPlanIsNamed()
    {
        QStringList issues;
        const Catalog catalog = PlanController::loadInstalledCatalog(issues);
        std::vector<PortfolioEntry> entries = examplePortfolio(catalog);
        entries[0].plan.parallelism.tp = 3;   // does not divide the heads: invalid
        const PortfolioOutcome outcome = computePortfolio(entries, catalog);
        QVERIFY(!outcome.errors[0].isEmpty());
        const ReportDocument doc = buildPortfolioReport(entries, outcome, ReportOptions{});
        QVERIFY(doc.plainText().contains(QStringLiteral("llama3-70b-training.gpuplan is not placed: ") + outcome.errors[0]));
        QCOMPARE(doc.table(QStringLiteral("portfolio-jobs"))->rows[0].cells.back(), QStringLiteral("not placed"));
        QVERIFY(doc.plainText().contains(QStringLiteral("2 of 3 plans placed")));
    }

    void exportMenuWritesTheTabsAnswer()
    {
        QTemporaryDir dir(QStringLiteral(GPUPLAN_BINARY_DIR "/tst_portfolioreport-XXXXXX"));
        auto c = test::openExamplePlan("llama3-70b-training.gpuplan");
        Settings settings(dir.filePath(QStringLiteral("settings.ini")));
        MainWindow window(c.get(), &settings);
        ExportActions *exports = window.exports();
        QString target = dir.filePath(QStringLiteral("cluster.pdf"));
        exports->setSaveChooser([&target](const QString &, const QString &, const QString &, QString *) { return target; });
        QStringList errors;
        exports->setErrorReporter([&errors](const QString &, const QString &text) { errors << text; });
        exports->setInfoReporter([](const QString &, const QString &) {});

        auto *view = window.resultsPanel()->findTab<PortfolioView>();
        QVERIFY(view);
        window.resultsPanel()->setCurrentTab(view);
        QString error;
        QVERIFY(view->addFile(kExamples + QStringLiteral("llama3-8b-inference.gpuplan"), error));
        QVERIFY(QTest::qWaitFor([view] { return view->outcome() && !view->isComputing(); }, 20000));
        QVERIFY2(exports->exportPortfolioPdf(), qPrintable(errors.join(QLatin1Char('\n'))));
        QFile pdf(target);
        QVERIFY(pdf.open(QIODevice::ReadOnly) && pdf.read(4) == "%PDF");

        // Nothing to export: refused with a reason, nothing written.
        view->removeRow(1);
        view->removeRow(0);
        QVERIFY(QTest::qWaitFor([view] { return !view->isComputing(); }, 20000));
        target = dir.filePath(QStringLiteral("empty.pdf"));
        QVERIFY(!exports->exportPortfolioPdf());
        QVERIFY(errors.last().contains(QStringLiteral("add plans")));
        QVERIFY(!QFile::exists(target));
    }
};

QTEST_MAIN(TestPortfolioReport)
#include "tst_portfolioreport.moc"

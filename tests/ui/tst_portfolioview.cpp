// SPDX-License-Identifier: GPL-3.0-or-later
// The Portfolio tab: the open 70B training plan, the 70B run on H200 and the 8B chat fleet
// (examples/*.gpuplan on the bundled catalog) on one shared cluster. Every number of the jobs
// table, the pools table and the schedule chart is checked against core/portfolio computed here
// on its own (portfolioJob and planPortfolio, as `gpuplan-cli portfolio` does); the arithmetic of
// the schedule itself is pinned by hand in tests/core/tst_portfolio.cpp.
#include "ExamplePlans.h"
#include "support/Near.h"
#include "UiTestFixtures.h"

#include "document/PlanController.h"
#include "portfolio/ClusterConfigExport.h"
#include "portfolio/PortfolioChart.h"
#include "portfolio/PortfolioTable.h"
#include "portfolio/PortfolioView.h"

#include "common/Units.h"
#include "plan/PlanIo.h"
#include "portfolio/PortfolioJobs.h"

#include <QDir>
#include <QFile>
#include <QLocale>
#include <QMenu>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace gpuplan;
using namespace gpuplan::ui;

namespace {

const QString kH200 = QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-70b-training-h200.gpuplan");
const QString kServing = QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/llama3-8b-inference.gpuplan");

// The portfolio as the core makes it from the same plans and deadlines (days; negative = none).
PortfolioResult corePortfolio(const PlanController &open, const std::vector<double> &deadlines)
{
    std::vector<Plan> plans{open.plan()};
    for (const QString &path : {kH200, kServing}) {
        Plan p;
        std::vector<PlanError> errors;
        if (!loadPlanFile(path.toStdString(), &open.catalog(), p, errors))
            qFatal("cannot load %s", qPrintable(path));
        plans.push_back(p);
    }
    std::vector<PortfolioJob> jobs(plans.size());
    for (std::size_t i = 0; i < plans.size(); ++i) {
        std::string error;
        if (portfolioJob(std::to_string(i), plans[i], open.catalog(), deadlines[i], jobs[i], error) != JobProblem::None)
            qFatal("plan %zu: %s", i, error.c_str());
    }
    return planPortfolio(jobs);
}

} // namespace

class TestPortfolioView final : public QObject
{
    Q_OBJECT

    static bool waitForAnswer(const PortfolioView &view)
    {
        return QTest::qWaitFor([&view] { return !view.isComputing() && view.outcome(); }, 20000);
    }

    static QVariant number(const PortfolioView &view, int row, PortfolioTableModel::Column column)
    {
        return view.tableModel()->index(row, column).data(Qt::UserRole);
    }

private slots:
    void initTestCase() { test::isolateUserFiles(); }

    void tablesAndChartShowTheCoreSchedule()
    {
        auto c = test::openExamplePlan("llama3-70b-training.gpuplan");
        PortfolioView view(c.get());
        QString error;
        QVERIFY2(view.addFile(kH200, error), qPrintable(error));
        QVERIFY2(view.addFile(kServing, error), qPrintable(error));
        PortfolioTableModel *model = view.tableModel();
        QCOMPARE(model->rowCount(), 3);
        QVERIFY(model->entries()[0].openPlan);
        // Deadlines as typed in the table: the open plan due on day 400, the H200 run on day 300.
        QVERIFY(model->setData(model->index(0, PortfolioTableModel::Deadline), QStringLiteral("400"), Qt::EditRole));
        QVERIFY(model->setData(model->index(1, PortfolioTableModel::Deadline), QStringLiteral("300"), Qt::EditRole));
        QVERIFY(!(model->flags(model->index(2, PortfolioTableModel::Deadline)) & Qt::ItemIsEditable));   // serving
        QVERIFY(waitForAnswer(view));

        const PortfolioResult core = corePortfolio(*c, {400, 300, -1});
        QCOMPARE(core.pools.size(), std::size_t(2));
        const PortfolioOutcome &o = *view.outcome();
        QCOMPARE(o.result.pools.size(), core.pools.size());
        // Entry -> (pool, job): the open plan and the fleet share the H100 pool, the H200 run has its own.
        const std::pair<std::size_t, std::size_t> at[] = {{0, 0}, {1, 0}, {0, 1}};
        for (int row = 0; row < 3; ++row) {
            const auto [pool, k] = at[row];
            const PortfolioJob &job = core.pools[pool].jobs[k];
            const JobPlacement &p = core.pools[pool].schedule.placements[k];
            QVERIFY(o.errors[static_cast<std::size_t>(row)].isEmpty());
            QCOMPARE(number(view, row, PortfolioTableModel::Gpus).toInt(), job.gpus);
            QVERIFY(gpuplan::test::nearScaled(number(view, row, PortfolioTableModel::Start).toDouble(), p.startS / units::kDay));
            QVERIFY(gpuplan::test::nearScaled(number(view, row, PortfolioTableModel::FacilityKw).toDouble(), job.facilityKw));
            QVERIFY(gpuplan::test::nearScaled(number(view, row, PortfolioTableModel::Cost).toDouble(), job.costUsd));
            if (job.serving) {
                QVERIFY(!number(view, row, PortfolioTableModel::End).isValid());
                QCOMPARE(model->index(row, PortfolioTableModel::Status).data().toString(), QStringLiteral("always on"));
            } else {
                QVERIFY(gpuplan::test::nearScaled(number(view, row, PortfolioTableModel::End).toDouble(), p.endS / units::kDay));
                QVERIFY(gpuplan::test::nearScaled(number(view, row, PortfolioTableModel::TimeToTrain).toDouble(), job.durationS / units::kDay));
                QCOMPARE(model->index(row, PortfolioTableModel::Status).data().toString(),
                         p.late ? QStringLiteral("LATE") : QStringLiteral("on time"));
            }
        }

        // Pools: the cluster that meets the deadlines, its utilization, peak power and cost; a
        // row of totals under two pools.
        const QLocale english(QLocale::English);
        const QTableWidget *pools = view.poolTable();
        QCOMPARE(pools->rowCount(), 3);
        for (int r = 0; r < 2; ++r) {
            const PoolResult &p = core.pools[static_cast<std::size_t>(r)];
            QVERIFY(pools->item(r, 0)->text().startsWith(QString::fromStdString(p.gpu)));
            QCOMPARE(pools->item(r, 1)->text(), english.toString(p.clusterGpus));
            QCOMPARE(pools->item(r, 3)->text(), english.toString(p.servingGpus));
            QCOMPARE(pools->item(r, 7)->text(), english.toString(p.peakFacilityKw, 'f', 0));
        }
        QCOMPARE(pools->item(2, 1)->text(), english.toString(core.pools[0].clusterGpus + core.pools[1].clusterGpus));

        // The chart: one bar per job at its placement, the fleet across the whole axis; the
        // first week's utilization per pool, whose mean is the core's first-week figure.
        const std::vector<ScheduleBar> bars = view.chart()->bars();
        QCOMPARE(bars.size(), std::size_t(3));
        QCOMPARE(view.chart()->rowLabels(), (QStringList{model->entries()[0].name, QStringLiteral("llama3-70b-training-h200.gpuplan"),
                                                          QStringLiteral("llama3-8b-inference.gpuplan")}));
        for (std::size_t row = 0; row < 3; ++row) {
            const auto [pool, k] = at[row];
            const PortfolioJob &job = core.pools[pool].jobs[k];
            const JobPlacement &p = core.pools[pool].schedule.placements[k];
            QCOMPARE(bars[row].pool, static_cast<int>(pool));
            QCOMPARE(bars[row].gpus, job.gpus);
            QVERIFY(gpuplan::test::nearScaled(bars[row].startDays, p.startS / units::kDay));
            QVERIFY(gpuplan::test::nearScaled(bars[row].endDays, job.serving ? view.chart()->axisEndDays() : p.endS / units::kDay));
            QCOMPARE(bars[row].late, p.late);
            QVERIFY(gpuplan::test::nearScaled(bars[row].deadlineDays, job.serving ? -1.0 : job.deadlineS / units::kDay));
        }
        QVERIFY(view.chart()->axisEndDays() >= core.pools[1].schedule.makespanS / units::kDay);
        QCOMPARE(view.chart()->utilizationCurves(), 2);
        for (int k = 0; k < 2; ++k) {
            const QVector<double> days = view.chart()->utilizationDays(k);
            const QVector<double> percent = view.chart()->utilizationPercent(k);
            QVERIFY(days.size() >= 2);
            QCOMPARE(days.front(), 0.0);
            QCOMPARE(days.back(), 7.0);
            double area = 0;   // percent-days under the step line
            for (int i = 0; i + 1 < days.size(); ++i)
                area += percent[i] * (days[i + 1] - days[i]);
            QVERIFY2(gpuplan::test::nearScaled(area / 7.0, 100.0 * core.pools[static_cast<std::size_t>(k)].utilizationFirstWeek),
                     qPrintable(QStringLiteral("%1 vs %2").arg(area / 7.0).arg(core.pools[static_cast<std::size_t>(k)].utilizationFirstWeek)));
        }
    }

    // Edits of the open plan reach its row; a deadline that is not one is refused with a message
    // naming the plan, the value and what is allowed, and nothing changes.
    void openPlanFollowsEditsAndBadDeadlinesAreRefused()
    {
        auto c = test::openExamplePlan("llama3-70b-training.gpuplan");
        PortfolioView view(c.get());
        QString error;
        QVERIFY(view.addFile(kServing, error));
        QVERIFY(waitForAnswer(view));
        QCOMPARE(number(view, 0, PortfolioTableModel::Gpus).toInt(), 1024);
        QVERIFY(c->setNumber(QStringLiteral("hardware.num_gpus"), 512));
        view.refresh(*c);
        QVERIFY(QTest::qWaitFor([&] { return view.outcome() && !view.isComputing() &&
                                             number(view, 0, PortfolioTableModel::Gpus).toInt() == 512; }, 20000));

        PortfolioTableModel *model = view.tableModel();
        QSignalSpy refused(model, &PortfolioTableModel::inputRefused);
        for (const char *bad : {"soon", "-3", "0", "40000", "nan"}) {
            QVERIFY(!model->setData(model->index(0, PortfolioTableModel::Deadline), QString::fromLatin1(bad), Qt::EditRole));
            QVERIFY(refused.last().at(0).toString().contains(QString::fromLatin1(bad)));
            QVERIFY(refused.last().at(0).toString().contains(QStringLiteral("0.01 to 36,500")));
            QVERIFY(view.statusText().contains(QStringLiteral("Deadline of")));
        }
        QCOMPARE(model->entries()[0].deadlineDays, -1.0);
        QVERIFY(model->setData(model->index(0, PortfolioTableModel::Deadline), QStringLiteral("12.5"), Qt::EditRole));
        QCOMPARE(model->entries()[0].deadlineDays, 12.5);
        QVERIFY(model->setData(model->index(0, PortfolioTableModel::Deadline), QString(), Qt::EditRole));
        QCOMPARE(model->entries()[0].deadlineDays, -1.0);

        // The command line's deadlines: the same rules as gpuplan-cli portfolio.
        QVERIFY(view.applyDeadlineOptions(QStringLiteral("90"), {}, error));
        QCOMPARE(model->entries()[0].deadlineDays, 90.0);
        QCOMPARE(model->entries()[1].deadlineDays, -1.0);   // serving: always on
        QVERIFY(!view.applyDeadlineOptions({}, {QStringLiteral("2=10")}, error));
        QVERIFY(error.contains(QStringLiteral("serving")));
        QVERIFY(!view.applyDeadlineOptions({}, {QStringLiteral("3=10")}, error));
        QVERIFY(error.contains(QStringLiteral("1 to 2")));
        QVERIFY(!view.applyDeadlineOptions({}, {QStringLiteral("1=10"), QStringLiteral("1=20")}, error));
        QVERIFY(error.contains(QStringLiteral("already")));
        QCOMPARE(model->entries()[0].deadlineDays, 90.0);   // nothing half-applied

        // The open plan out and back; an unreadable file names its problem.
        view.removeRow(0);
        QCOMPARE(model->rowCount(), 1);
        QVERIFY(!model->entries()[0].openPlan);
        view.addOpenPlan();
        QCOMPARE(model->openPlanRow(), 1);
        QVERIFY(!view.addFile(QStringLiteral("/nonexistent/x.gpuplan"), error));
        QVERIFY(!error.isEmpty());
        QCOMPARE(model->rowCount(), 2);
    }

    // A plan that cannot run keeps its row with the reason; the others are still placed.
    void invalidPlanIsNamedOthersPlaced()
    {
        auto c = test::openExamplePlan("llama3-70b-training.gpuplan");
        QVERIFY(c->setNumber(QStringLiteral("parallelism.tp"), 3));
        PortfolioView view(c.get());
        QString error;
        QVERIFY(view.addFile(kServing, error));
        QVERIFY(waitForAnswer(view));
        QVERIFY(!view.outcome()->errors[0].isEmpty());
        QVERIFY(view.tableModel()->index(0, PortfolioTableModel::Status).data().toString().startsWith(QStringLiteral("not placed")));
        QVERIFY(view.outcome()->errors[1].isEmpty());
        QCOMPARE(view.chart()->bars().size(), std::size_t(1));
        QVERIFY(view.statusText().contains(QStringLiteral("1 of 2 plans placed")));
    }

    // Export cluster configuration…: disabled with the reason as its tooltip until there is a pool;
    // then both formats offered, and the files written are the core's text for the answer shown (the
    // same as gpuplan-cli portfolio --cluster-config), with the fleet's GPUs as its quota.
    void clusterConfigExportWritesThePools()
    {
        auto c = test::openExamplePlan("llama3-70b-training.gpuplan");
        PortfolioView view(c.get());
        QPushButton *button = view.clusterConfigButton();
        QCOMPARE(button->text(), QStringLiteral("Export cluster &configuration…"));
        view.removeRow(0);
        QVERIFY(!button->isEnabled());
        QVERIFY(button->toolTip().contains(QStringLiteral("No plans")));
        view.addOpenPlan();
        QString error;
        QVERIFY(view.addFile(kServing, error));
        QVERIFY(!button->isEnabled());
        QVERIFY(button->toolTip().contains(QStringLiteral("being sized")));
        QVERIFY(waitForAnswer(view));
        QVERIFY(button->isEnabled());
        QVERIFY(button->toolTip().contains(QStringLiteral("Slurm or Kubernetes")));
        QVERIFY(button->menu());
        QCOMPARE(button->menu()->actions().size(), 2);

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        for (const auto format : {ClusterConfigFormat::Slurm, ClusterConfigFormat::Kubernetes}) {
            const QString folder = dir.filePath(format == ClusterConfigFormat::Slurm ? QStringLiteral("slurm")
                                                                                      : QStringLiteral("k8s"));
            QStringList written;
            QVERIFY2(view.exportClusterConfig(format, folder, written, error), qPrintable(error));
            const auto files = clusterConfigFiles(view.outcome()->result, c->catalog(), format,
                                                  QStringLiteral("gpuplan %1").arg(QCoreApplication::applicationVersion()).toStdString());
            QCOMPARE(written.size(), static_cast<qsizetype>(files.size()));
            for (const ClusterConfigFile &f : files) {
                QFile file(folder + QLatin1Char('/') + QString::fromStdString(f.fileName));
                QVERIFY2(file.open(QIODevice::ReadOnly), qPrintable(file.fileName()));
                QCOMPARE(file.readAll().toStdString(), f.text);
            }
            QVERIFY(view.statusText().contains(QStringLiteral("Wrote %1 cluster configuration files").arg(files.size())));
        }
        const PortfolioJob *fleet = view.outcome()->job(1);
        QVERIFY(fleet && fleet->serving);
        QFile quotas(dir.filePath(QStringLiteral("k8s/quotas.yaml")));
        QVERIFY(quotas.open(QIODevice::ReadOnly));
        QVERIFY(QString::fromUtf8(quotas.readAll())
                    .contains(QStringLiteral("requests.nvidia.com/gpu: \"%1\"\n").arg(fleet->gpus)));

        // A folder that cannot be made: refused with its name, nothing claimed written.
        QFile blocker(dir.filePath(QStringLiteral("a-file")));
        QVERIFY(blocker.open(QIODevice::WriteOnly));
        blocker.close();
        QStringList written;
        QVERIFY(!view.exportClusterConfig(ClusterConfigFormat::Slurm, blocker.fileName() + QStringLiteral("/sub"), written, error));
        QVERIFY(error.contains(QStringLiteral("a-file")));
        QVERIFY(written.isEmpty());
    }

    // No plan placed: nothing to configure, said in the tooltip.
    void clusterConfigNeedsAPool()
    {
        auto c = test::openExamplePlan("llama3-70b-training.gpuplan");
        QVERIFY(c->setNumber(QStringLiteral("parallelism.tp"), 3));
        PortfolioView view(c.get());
        QVERIFY(waitForAnswer(view));
        QVERIFY(!view.clusterConfigButton()->isEnabled());
        QVERIFY(view.clusterConfigButton()->toolTip().contains(QStringLiteral("No plan could be placed")));
        QString error;
        QStringList written;
        QVERIFY(!view.exportClusterConfig(ClusterConfigFormat::Slurm, QDir::tempPath(), written, error));
        QVERIFY(error.contains(QStringLiteral("No plan could be placed")));
    }
};

QTEST_MAIN(TestPortfolioView)
#include "tst_portfolioview.moc"

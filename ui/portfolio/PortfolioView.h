// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "charts/ResultTab.h"
#include "portfolio/PortfolioPlans.h"

#include "export/ClusterConfig.h"

#include <functional>
#include <memory>

class QLabel;
class QPushButton;
class QTableView;
class QTableWidget;

namespace gpuplan::ui {

class BackgroundJob;
class PortfolioChart;
class PortfolioTableModel;

// The Portfolio tab: a shared cluster for several plans (docs/cli.md "portfolio"; the same model
// as `gpuplan-cli portfolio`). The open plan is the first row and follows its edits; plan files are
// added next to it; each training job's deadline is edited in the table. Shown: per plan its GPUs,
// start, end, time to train, facility power, cost and whether it is on time; per GPU pool the
// smallest cluster in whole nodes that meets every deadline, its makespan, utilization over the
// first week and the whole schedule, peak facility power and total cost (a row of totals when
// there are several pools); and the schedule chart. Plans are evaluated and pools sized on a
// worker thread (BackgroundJob): with many plans or long schedules the pool search takes longer
// than a frame. Export cluster configuration… writes the Slurm or Kubernetes files of the pools
// (portfolio/ClusterConfigExport.h) into a folder.
class PortfolioView : public ResultTab
{
    Q_OBJECT
public:
    explicit PortfolioView(PlanController *controller, QWidget *parent = nullptr);
    ~PortfolioView() override;

    QString title() const override { return tr("Portfolio"); }
    void refresh(const PlanController &controller) override;

    bool addFile(const QString &path, QString &error);
    void addOpenPlan();                   // back in the list after it was removed
    void removeRow(int row);
    void chooseAndAddFiles();
    // Deadlines from `gpuplan --deadline-days` / `--deadline-days-of` (rows counted from 1).
    bool applyDeadlineOptions(const QString &allDays, const QStringList &perPlan, QString &error);

    bool isComputing() const;
    const PortfolioOutcome *outcome() const;   // null before the first answer for the rows shown
    std::vector<PortfolioEntry> entriesNow() const;   // the rows, the open plan's as it is now
    PortfolioTableModel *tableModel() const { return m_model; }
    QTableView *table() const { return m_table; }
    QTableWidget *poolTable() const { return m_pools; }
    PortfolioChart *chart() const { return m_chart; }
    QString statusText() const;
    // Export PDF… asks the window to write the portfolio report (the shell owns the file dialogs).
    void setPdfExporter(std::function<void()> exporter);
    // Export cluster configuration…: enabled once there is a pool, with the reason as its tooltip
    // while it is not. exportClusterConfig writes the files of the answer shown into folder.
    QPushButton *clusterConfigButton() const { return m_exportCluster; }
    void chooseAndExportClusterConfig(ClusterConfigFormat format);
    bool exportClusterConfig(ClusterConfigFormat format, const QString &folder, QStringList &written, QString &error);

signals:
    void answered();

private:
    void schedule();
    void onOutcome(std::shared_ptr<const PortfolioOutcome> outcome);
    void fillPools(const PortfolioOutcome &outcome);
    void updateButtons();

    PlanController *m_controller;
    BackgroundJob *m_job;
    PortfolioTableModel *m_model;
    QTableView *m_table;
    QTableWidget *m_pools;
    PortfolioChart *m_chart;
    QLabel *m_status;
    QPushButton *m_add;
    QPushButton *m_addOpen;
    QPushButton *m_remove;
    QPushButton *m_exportPdf;
    QPushButton *m_exportCluster;
    std::function<void()> m_pdfExporter;
    QString m_refused;                    // the last refused input, shown until the next change
    QString m_exported;                   // what the last cluster configuration export wrote or why it failed
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "portfolio/PortfolioView.h"

#include "charts/ChartFormat.h"
#include "document/BackgroundJob.h"
#include "document/PlanController.h"
#include "portfolio/ClusterConfigExport.h"
#include "portfolio/PortfolioChart.h"
#include "portfolio/PortfolioTable.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QTableWidget>
#include <QVBoxLayout>

namespace gpuplan::ui {

namespace {

// Below these the tab scrolls rather than squeezing the chart's rows or the tables to nothing.
constexpr int kMinChartHeight = 340;
constexpr int kMinJobsHeight = 120;
constexpr int kMinPoolsHeight = 80;

QString openPlanName(const PlanController &controller)
{
    return PortfolioView::tr("%1 (open plan)").arg(controller.displayName());
}

} // namespace

PortfolioView::PortfolioView(PlanController *controller, QWidget *parent)
    : ResultTab(parent), m_controller(controller), m_job(new BackgroundJob(this)), m_model(new PortfolioTableModel(this)),
      m_table(new QTableView), m_pools(new QTableWidget), m_chart(new PortfolioChart), m_status(new QLabel),
      m_add(new QPushButton(tr("Add &plan files…"))), m_addOpen(new QPushButton(tr("Add &open plan"))),
      m_remove(new QPushButton(tr("&Remove"))), m_exportPdf(new QPushButton(tr("Export P&DF…"))),
      m_exportCluster(new QPushButton(tr("Export cluster &configuration…")))
{
    m_add->setToolTip(tr("Training jobs and serving fleets to place on the same cluster"));
    m_exportPdf->setToolTip(tr("The portfolio's tables and schedule chart as a PDF report"));
    m_exportPdf->setVisible(false);   // until the window gives it somewhere to write
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_add);
    buttons->addWidget(m_addOpen);
    buttons->addWidget(m_remove);
    buttons->addStretch(1);
    buttons->addWidget(m_exportCluster);
    buttons->addWidget(m_exportPdf);
    auto *clusterMenu = new QMenu(m_exportCluster);
    clusterMenu->addAction(tr("&Slurm: gres.conf, slurm.conf lines, sbatch lines per job…"), this,
                           [this] { chooseAndExportClusterConfig(ClusterConfigFormat::Slurm); });
    clusterMenu->addAction(tr("&Kubernetes: GPU Operator MIG settings, node labels, quotas per job…"), this,
                           [this] { chooseAndExportClusterConfig(ClusterConfigFormat::Kubernetes); });
    m_exportCluster->setMenu(clusterMenu);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                             QAbstractItemView::SelectedClicked);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_pools->setColumnCount(static_cast<int>(portfolioPoolColumns().size()));
    m_pools->setHorizontalHeaderLabels(portfolioPoolColumns());
    m_pools->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_pools->verticalHeader()->hide();
    m_pools->verticalHeader()->setDefaultSectionSize(m_pools->fontMetrics().height() + 6);
    m_pools->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_pools->horizontalHeader()->setStretchLastSection(true);

    auto *tables = new QWidget;
    auto *tableLayout = new QVBoxLayout(tables);
    tableLayout->setContentsMargins(0, 0, 0, 0);
    tableLayout->addWidget(m_table, 3);
    tableLayout->addWidget(m_pools, 2);
    auto *split = new QSplitter(Qt::Vertical);
    // The chart first: on a projector's 720 pixels it is what shows without scrolling.
    split->addWidget(m_chart);
    split->addWidget(tables);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 1);
    split->setChildrenCollapsible(false);
    m_chart->setMinimumHeight(kMinChartHeight);
    m_table->setMinimumHeight(kMinJobsHeight);
    m_pools->setMinimumHeight(kMinPoolsHeight);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addLayout(buttons);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    setScrollableContent(content);

    connect(m_add, &QPushButton::clicked, this, &PortfolioView::chooseAndAddFiles);
    connect(m_addOpen, &QPushButton::clicked, this, &PortfolioView::addOpenPlan);
    connect(m_remove, &QPushButton::clicked, this, [this] { removeRow(m_table->currentIndex().row()); });
    connect(m_exportPdf, &QPushButton::clicked, this, [this] {
        if (m_pdfExporter)
            m_pdfExporter();
    });
    connect(m_model, &PortfolioTableModel::entriesEdited, this, [this] {
        m_refused.clear();
        m_exported.clear();
        schedule();
    });
    connect(m_model, &PortfolioTableModel::inputRefused, this, [this](const QString &message) {
        m_refused = message;
        m_status->setText(statusText());
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, &PortfolioView::updateButtons);

    addOpenPlan();
}

PortfolioView::~PortfolioView() = default;

void PortfolioView::setPdfExporter(std::function<void()> exporter)
{
    m_pdfExporter = std::move(exporter);
    m_exportPdf->setVisible(static_cast<bool>(m_pdfExporter));
    updateButtons();
}

void PortfolioView::refresh(const PlanController &controller)
{
    Q_UNUSED(controller);
    if (m_model->openPlanRow() < 0)
        return;   // the open plan is not in the portfolio: its edits change nothing here
    m_model->setOpenPlanName(openPlanName(*m_controller));
    schedule();
}

bool PortfolioView::addFile(const QString &path, QString &error)
{
    if (m_model->rowCount() >= kMaxPortfolioPlans) {
        error = tr("A portfolio holds at most %1 plans").arg(kMaxPortfolioPlans);
        return false;
    }
    PortfolioEntry entry;
    if (!loadPortfolioEntry(path, m_controller->catalog(), entry, error))
        return false;
    m_model->addEntry(std::move(entry));
    return true;
}

void PortfolioView::addOpenPlan()
{
    if (m_model->openPlanRow() >= 0 || m_model->rowCount() >= kMaxPortfolioPlans)
        return;
    PortfolioEntry entry;
    entry.name = openPlanName(*m_controller);
    entry.openPlan = true;
    m_model->addEntry(std::move(entry));
    updateButtons();
}

void PortfolioView::removeRow(int row)
{
    m_model->removeEntry(row);
    updateButtons();
}

void PortfolioView::chooseAndAddFiles()
{
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Add plans to the portfolio"), QString(),
                                                            tr("gpuplan plans (*.gpuplan);;All files (*)"));
    QStringList problems;
    for (const QString &path : paths) {
        if (QString error; !addFile(path, error))
            problems << tr("%1: %2").arg(path, error);
    }
    if (!problems.isEmpty()) {
        m_refused = problems.join(QLatin1Char('\n'));
        m_status->setText(statusText());
    }
}

bool PortfolioView::applyDeadlineOptions(const QString &allDays, const QStringList &perPlan, QString &error)
{
    std::vector<PortfolioEntry> entries = entriesNow();
    if (!ui::applyDeadlineOptions(entries, allDays, perPlan, error))
        return false;
    m_model->setDeadlines(entries);
    return true;
}

std::vector<PortfolioEntry> PortfolioView::entriesNow() const
{
    std::vector<PortfolioEntry> entries = m_model->entries();
    for (PortfolioEntry &e : entries)
        if (e.openPlan)
            e.plan = m_controller->plan();
    return entries;
}

void PortfolioView::schedule()
{
    m_status->setText(statusText());
    updateButtons();
    m_job->submit([this]() -> BackgroundJob::Work {
        // Copies: the plans and the catalog change under a running job.
        auto entries = std::make_shared<const std::vector<PortfolioEntry>>(entriesNow());
        auto catalog = std::make_shared<const Catalog>(m_controller->catalog());
        return [this, entries, catalog](const std::atomic<bool> &) -> BackgroundJob::Deliver {
            auto outcome = std::make_shared<const PortfolioOutcome>(computePortfolio(*entries, *catalog));
            return [this, outcome] { onOutcome(outcome); };
        };
    });
}

void PortfolioView::chooseAndExportClusterConfig(ClusterConfigFormat format)
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, format == ClusterConfigFormat::Slurm ? tr("Folder for the Slurm files") : tr("Folder for the Kubernetes files"));
    if (folder.isEmpty())
        return;
    QStringList written;
    QString error;
    exportClusterConfig(format, folder, written, error);
}

bool PortfolioView::exportClusterConfig(ClusterConfigFormat format, const QString &folder, QStringList &written,
                                        QString &error)
{
    written.clear();
    const QString unavailable = clusterConfigUnavailableReason(outcome(), isComputing(), m_model->rowCount());
    const bool ok = unavailable.isEmpty() &&
                    writeClusterConfig(outcome()->result, m_controller->catalog(), format, folder, written, error);
    if (!unavailable.isEmpty())
        error = unavailable;
    m_exported = ok ? tr("Wrote %1 cluster configuration files to %2.").arg(written.size()).arg(folder)
                    : error;
    m_status->setText(statusText());
    return ok;
}

bool PortfolioView::isComputing() const
{
    return m_job->isBusy();
}

const PortfolioOutcome *PortfolioView::outcome() const
{
    return m_model->outcome();
}

void PortfolioView::onOutcome(std::shared_ptr<const PortfolioOutcome> outcome)
{
    m_model->setOutcome(outcome);
    if (m_model->outcome()) {
        fillPools(*outcome);
        if (m_model->rowCount() == 0)
            m_chart->setMessage(tr("Add plans to place them on one cluster"));
        else
            m_chart->setSchedule(m_model->entries(), *outcome);
    }
    m_status->setText(statusText());
    updateButtons();
    emit answered();
}

void PortfolioView::fillPools(const PortfolioOutcome &outcome)
{
    const std::vector<QStringList> rows = portfolioPoolRows(outcome.result);
    const bool totals = outcome.result.pools.size() > 1;
    m_pools->setRowCount(static_cast<int>(rows.size()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        for (int c = 0; c < rows[r].size(); ++c) {
            auto *item = new QTableWidgetItem(rows[r][c]);
            item->setTextAlignment(c == 0 ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
            if (totals && r + 1 == rows.size()) {
                QFont bold = m_pools->font();
                bold.setBold(true);
                item->setFont(bold);
                if (c == 7)
                    item->setToolTip(tr("The sum of the pools' peaks: at most this at any one time"));
            }
            m_pools->setItem(static_cast<int>(r), c, item);
        }
    }
}

QString PortfolioView::statusText() const
{
    QStringList parts;
    if (!m_refused.isEmpty())
        parts << m_refused;
    if (!m_exported.isEmpty())
        parts << m_exported;
    if (m_model->rowCount() == 0)
        parts << tr("No plans: add plan files, or the open plan.");
    else if (isComputing() || !m_model->outcome())
        parts << tr("Sizing the cluster …");
    else {
        const PortfolioOutcome &o = *m_model->outcome();
        int placed = 0;
        bool met = true;
        for (const QString &e : o.errors)
            placed += e.isEmpty() ? 1 : 0;
        for (const PoolResult &p : o.result.pools)
            met = met && p.schedule.meetsDeadlines;
        const QString pools = o.result.pools.size() == 1 ? tr("one pool") : tr("%1 pools").arg(o.result.pools.size());
        parts << tr("%1 of %2 plans placed in %3; %4. Pools are the smallest whole-node size at which "
                    "earliest-deadline-first list scheduling meets every deadline (a heuristic, not an optimal "
                    "schedule). Computed in %5 ms.")
                     .arg(placed)
                     .arg(m_model->rowCount())
                     .arg(pools)
                     .arg(met ? tr("every deadline met") : tr("some deadline cannot be met by any pool size"))
                     .arg(fixedText(o.computeMs, 1));
    }
    return parts.join(QLatin1Char(' '));
}

void PortfolioView::updateButtons()
{
    m_addOpen->setEnabled(m_model->openPlanRow() < 0);
    m_remove->setEnabled(m_table->currentIndex().isValid());
    m_exportPdf->setEnabled(m_model->outcome() && !isComputing());
    const QString unavailable = clusterConfigUnavailableReason(outcome(), isComputing(), m_model->rowCount());
    m_exportCluster->setEnabled(unavailable.isEmpty());
    m_exportCluster->setToolTip(unavailable.isEmpty() ? tr("The pools as Slurm or Kubernetes (NVIDIA GPU Operator) "
                                                           "configuration files, written into a folder")
                                                      : unavailable);
}

} // namespace gpuplan::ui

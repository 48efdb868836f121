// SPDX-License-Identifier: GPL-3.0-or-later
#include "autoplan/AutoPlanDialog.h"

#include "NumberText.h"

#include "autoplan/AutoPlanRunner.h"
#include "autoplan/AutoPlanTable.h"
#include "autoplan/ParetoChart.h"
#include "document/PlanController.h"

#include "plan/PlanFields.h"
#include "plan/PlanIo.h"

#include <QCheckBox>
#include <QHideEvent>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QSplitter>
#include <QTableWidget>
#include <QTimer>
#include <QVBoxLayout>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <string_view>

namespace gpuplan::ui {

namespace {

constexpr int kTopLayouts = 20;
// A search shorter than this shows no progress bar: it would only flicker.
constexpr int kProgressDelayMs = 200;

// The fields a result writes (applySearchCandidate): the search varies them, so a plan that
// differs from the searched one only here is still the plan the results belong to. A serving
// result also sets the serving mode and, disaggregated, the pools, their KV path and the load.
bool isLayoutField(std::string_view path)
{
    return path.starts_with("parallelism.") || path == "hardware.num_gpus" || path == "workload.training.micro_batch" ||
           path == "workload.inference.concurrency" || path == "workload.inference.flash_attention" ||
           path == "workload.inference.serving_mode" || path == "workload.inference.load" ||
           path == "workload.inference.kv_transfer" || path.starts_with("workload.inference.prefill_") ||
           path.starts_with("workload.inference.decode_");
}

bool sameApartFromLayout(const Plan &current, const Plan &searched)
{
    Plan copy = current;
    for (const FieldSpec &f : planFields()) {
        if (!isLayoutField(f.path))
            continue;
        if (f.type == FieldType::Text)
            f.setText(copy, f.getText(searched));
        else
            f.setNumber(copy, f.getNumber(searched));
    }
    return planToJson(copy) == planToJson(searched);
}

} // namespace

AutoPlanDialog::AutoPlanDialog(PlanController *controller, QWidget *parent)
    : QDialog(parent), m_controller(controller), m_runner(new AutoPlanRunner(this)), m_objective(new QComboBox),
      m_minGpus(new QSpinBox), m_maxGpus(new QSpinBox), m_offload(new QCheckBox(tr("Allow CPU offload"))),
      m_search(new QPushButton(tr("&Search"))), m_cancel(new QPushButton(tr("&Cancel search"))),
      m_apply(new QPushButton(tr("&Apply layout"))), m_progress(new QProgressBar), m_progressDelay(new QTimer(this)),
      m_status(new QLabel), m_summary(new QLabel), m_layouts(new QTableWidget), m_rejects(new QTableWidget),
      m_chart(new ParetoChart)
{
    setObjectName(QStringLiteral("autoPlanDialog"));
    setWindowTitle(tr("Auto-plan"));
    m_objective->setObjectName(QStringLiteral("objective"));
    m_objective->addItem(tr("Shortest time"), static_cast<int>(SearchObjective::Time));
    m_objective->addItem(tr("Lowest cost"), static_cast<int>(SearchObjective::Cost));
    m_objective->addItem(tr("Lowest energy"), static_cast<int>(SearchObjective::Energy));
    m_objective->setToolTip(tr("Training: time to train, USD or MWh per run. Inference: per output token or per "
                               "million output tokens."));
    const int maxGpus = static_cast<int>(findPlanField("hardware.num_gpus")->max);
    for (QSpinBox *s : {m_minGpus, m_maxGpus}) {
        s->setRange(1, maxGpus);
        s->setGroupSeparatorShown(true);
    }
    m_minGpus->setToolTip(tr("Smallest GPU count searched"));
    m_maxGpus->setToolTip(tr("Largest GPU count searched: a range searches the powers of two and 1.5 × powers of "
                             "two in between (whole nodes), plus the plan's own count"));
    m_offload->setChecked(true);
    m_offload->setToolTip(tr("Try offloading optimizer states and parameters to host memory"));

    auto *gpus = new QHBoxLayout;
    gpus->addWidget(m_minGpus);
    gpus->addWidget(new QLabel(tr("to")));
    gpus->addWidget(m_maxGpus);
    gpus->addStretch();
    auto *form = new QFormLayout;
    form->setFieldGrowthPolicy(QFormLayout::FieldsStayAtSizeHint);
    form->addRow(tr("&Objective:"), m_objective);
    form->addRow(tr("GPU count:"), gpus);
    form->addRow(QString(), m_offload);

    auto *run = new QHBoxLayout;
    run->addWidget(m_search);
    run->addWidget(m_cancel);
    run->addWidget(m_progress, 1);
    run->addWidget(m_status, 2);
    m_progress->setVisible(false);
    m_progress->setTextVisible(true);
    m_progressDelay->setSingleShot(true);
    m_progressDelay->setInterval(kProgressDelayMs);
    connect(m_progressDelay, &QTimer::timeout, this, [this] { m_progress->setVisible(m_runner->isRunning()); });

    m_layouts->setObjectName(QStringLiteral("autoPlanLayouts"));
    m_layouts->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_layouts->setSelectionMode(QAbstractItemView::SingleSelection);
    m_layouts->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_layouts->verticalHeader()->setVisible(false);
    m_layouts->setAlternatingRowColors(true);
    m_layouts->setColumnCount(ColCount);
    m_layouts->setHorizontalHeaderLabels(autoPlanHeaders(m_controller->plan().workload.mode));
    m_rejects->setObjectName(QStringLiteral("autoPlanRejections"));
    m_rejects->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_rejects->setSelectionMode(QAbstractItemView::NoSelection);
    m_rejects->verticalHeader()->setVisible(false);
    m_summary->setWordWrap(true);

    auto *rejectBox = new QWidget;
    auto *rejectLayout = new QVBoxLayout(rejectBox);
    rejectLayout->setContentsMargins(0, 0, 0, 0);
    rejectLayout->addWidget(m_summary);
    rejectLayout->addWidget(m_rejects);
    m_chart->setObjectName(QStringLiteral("autoPlanPareto"));
    // The table is wide (20 columns) and needs the full width; the chart and the rejection
    // reasons share the lower half, so the whole dialog reads at 1280 x 800.
    auto *lower = new QSplitter(Qt::Horizontal);
    lower->addWidget(m_chart);
    lower->addWidget(rejectBox);
    lower->setStretchFactor(0, 2);
    lower->setStretchFactor(1, 1);
    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_layouts);
    split->addWidget(lower);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    buttons->addButton(m_apply, QDialogButtonBox::ApplyRole);
    m_apply->setToolTip(tr("Set the plan's parallel layout to the selected row (one undo step)"));
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);

    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(run);
    layout->addWidget(split, 1);
    layout->addWidget(buttons);

    connect(m_search, &QPushButton::clicked, this, &AutoPlanDialog::startSearch);
    connect(m_cancel, &QPushButton::clicked, this, &AutoPlanDialog::cancelSearch);
    connect(m_apply, &QPushButton::clicked, this, [this] { applyRow(std::max(selectedRow(), 0)); });
    connect(m_layouts, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { applyRow(row); });
    connect(m_layouts, &QTableWidget::itemSelectionChanged, this, &AutoPlanDialog::updateButtons);
    connect(m_layouts, &QTableWidget::itemSelectionChanged, this, [this] { m_chart->setSelectedRow(selectedRow()); });
    connect(m_chart, &ParetoChart::rowClicked, this, [this](int row) {
        m_layouts->selectRow(row);
        m_layouts->scrollToItem(m_layouts->item(row, 0));
    });
    connect(m_runner, &AutoPlanRunner::progress, this, &AutoPlanDialog::onProgress);
    connect(m_runner, &AutoPlanRunner::finished, this, &AutoPlanDialog::onFinished);
    connect(m_controller, &PlanController::planChanged, this, &AutoPlanDialog::onPlanChanged);

    syncGpuRangeToPlan();
    m_status->setText(tr("Searches every parallel layout of the plan and ranks them."));
    updateButtons();
    resize(1250, 720);
}

AutoPlanDialog::~AutoPlanDialog() = default;

void AutoPlanDialog::setObjective(SearchObjective objective)
{
    m_objective->setCurrentIndex(m_objective->findData(static_cast<int>(objective)));
}

void AutoPlanDialog::setGpuRange(int minGpus, int maxGpus)
{
    m_minGpus->setValue(minGpus);
    m_maxGpus->setValue(maxGpus);
}

SearchOptions AutoPlanDialog::options() const
{
    SearchOptions o;
    o.objective = static_cast<SearchObjective>(m_objective->currentData().toInt());
    o.top = kTopLayouts;
    o.minGpus = m_minGpus->value();
    o.maxGpus = std::max(m_maxGpus->value(), o.minGpus);
    o.allowOffload = m_offload->isChecked();
    return o;
}

void AutoPlanDialog::startSearch()
{
    QString error;
    if (!m_runner->start(m_controller->plan(), m_controller->catalog(), options(), &error)) {
        m_status->setText(tr("Cannot search: %1").arg(error));
        return;
    }
    m_progress->setRange(0, 0);   // busy until the first progress report gives a total
    m_progressDelay->start();
    m_status->setText(tr("Searching…"));
    updateButtons();
}

void AutoPlanDialog::cancelSearch()
{
    m_runner->cancel();
    m_status->setText(tr("Cancelling…"));
}

bool AutoPlanDialog::isSearching() const
{
    return m_runner->isRunning();
}

const SearchResult &AutoPlanDialog::result() const
{
    return m_runner->result();
}

QString AutoPlanDialog::statusText() const
{
    return m_status->text();
}

void AutoPlanDialog::onProgress(qint64 done, qint64 total)
{
    if (!m_runner->isRunning() || total <= 0)
        return;
    // QProgressBar holds ints; the fraction is what matters.
    m_progress->setRange(0, 1000);
    m_progress->setValue(static_cast<int>(1000.0 * static_cast<double>(done) / static_cast<double>(total)));
    m_status->setText(tr("Searching… %1 of %2 layouts").arg(groupedText(done), groupedText(total)));
}

void AutoPlanDialog::onFinished()
{
    m_progressDelay->stop();
    m_progress->setVisible(false);
    const SearchResult &r = m_runner->result();
    m_hasResult = true;
    // The plan may have been edited while the search ran on its copy.
    m_stale = !sameApartFromLayout(m_controller->plan(), m_runner->searchedPlan());
    fillLayoutTable(m_layouts, r);
    fillRejectTable(m_rejects, r);
    m_chart->setResult(r);
    if (!r.best.empty())
        m_layouts->selectRow(0);
    // Row 0 may have been selected already (no selection signal): ring it explicitly.
    m_chart->setSelectedRow(selectedRow());
    QString status;
    if (r.cancelled)
        status = tr("Search cancelled: the best layouts among those evaluated so far.");
    else if (r.best.empty())
        status = tr("No layout fits: see the reasons below.");
    else
        status = tr("Best %1 layouts by %2.").arg(r.best.size()).arg(m_objective->currentText().toLower());
    if (m_stale)
        status += QLatin1Char(' ') + tr("The plan has changed since: search again to apply a layout.");
    m_status->setText(status);
    m_summary->setText(tr("%1 layouts considered, %2 feasible, %3 evaluated with the models; the others were set "
                          "aside:")
                           .arg(groupedText(r.evaluated), groupedText(r.feasible), groupedText(r.evaluateCalls)));
    updateButtons();
    emit searchFinished();
}

void AutoPlanDialog::onPlanChanged()
{
    // A single count follows the plan's GPU count; a range the user chose stays.
    if (m_minGpus->value() == m_maxGpus->value())
        syncGpuRangeToPlan();
    if (!m_hasResult)
        return;
    const bool stale = !sameApartFromLayout(m_controller->plan(), m_runner->searchedPlan());
    if (stale && !m_stale)
        m_status->setText(tr("The plan has changed since this search: search again to apply a layout."));
    m_stale = stale;
    updateButtons();
}

bool AutoPlanDialog::applyRow(int row)
{
    const SearchResult &r = m_runner->result();
    if (m_stale || m_runner->isRunning() || row < 0 || row >= static_cast<int>(r.best.size()))
        return false;
    const SearchCandidate &c = r.best[static_cast<std::size_t>(row)];
    // Layout, serving mode and pools in one plan: one undo step.
    Plan plan = m_controller->plan();
    applySearchCandidate(c, plan);
    m_controller->applyPlan(plan, tr("Apply auto-plan layout #%1").arg(row + 1));
    m_status->setText(tr("Applied layout #%1 (Undo restores the previous layout).").arg(row + 1));
    return true;
}

int AutoPlanDialog::selectedRow() const
{
    const QModelIndexList rows = m_layouts->selectionModel()->selectedRows();
    return rows.isEmpty() ? -1 : rows.front().row();
}

void AutoPlanDialog::updateButtons()
{
    const bool running = m_runner->isRunning();
    m_search->setEnabled(!running);
    m_cancel->setEnabled(running);
    m_objective->setEnabled(!running);
    m_minGpus->setEnabled(!running);
    m_maxGpus->setEnabled(!running);
    m_offload->setEnabled(!running);
    m_apply->setEnabled(!running && !m_stale && m_hasResult && !m_runner->result().best.empty());
}

void AutoPlanDialog::syncGpuRangeToPlan()
{
    if (m_runner->isRunning())
        return;
    const int n = m_controller->plan().hardware.numGpus;
    setGpuRange(n, n);
}

void AutoPlanDialog::hideEvent(QHideEvent *event)
{
    // A closed dialog (Close, Escape, window button) has nobody to show the result to. A
    // spontaneous hide (the main window minimized) is not a close: the search goes on.
    if (!event->spontaneous())
        m_runner->cancel();
    QDialog::hideEvent(event);
}

} // namespace gpuplan::ui

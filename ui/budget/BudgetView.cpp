// SPDX-License-Identifier: GPL-3.0-or-later
#include "budget/BudgetView.h"

#include "NumberText.h"

#include "budget/BudgetChart.h"
#include "budget/BudgetTable.h"
#include "budget/BudgetText.h"
#include "budget/LimitSlider.h"

#include "document/PlanController.h"

#include "catalog/Catalog.h"

#include <QAction>
#include <QComboBox>
#include <QElapsedTimer>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace gpuplan::ui {

namespace {

// A limit moved: answered after this pause, so a drag across many notches asks once per pause
// (a re-ranking takes about a millisecond, so this is most of the time the user waits).
constexpr int kRankDelayMs = 10;
// A plan edited: explored again after this pause (an exploration takes a few hundred ms of CPU;
// a drag of an input slider should not start one per step).
constexpr int kPlanDelayMs = 250;
// Below these the view scrolls rather than squeezing the chart or the table to nothing.
constexpr int kMinChartHeight = 220;
constexpr int kMinTableHeight = 110;
// The manager's question of issue 13: "about $30 M and eight months".
constexpr double kDefaultBudgetUsd = 30e6;
constexpr double kDefaultDeadlineDays = 240;

// Same option in two answers (re-ranking keeps the options but may filter them).
bool sameOption(const ProcureOption &a, const ProcureOption &b)
{
    return a.gpu == b.gpu && a.numGpus == b.numGpus && a.acquisition == b.acquisition && a.offer == b.offer && a.term == b.term &&
           a.engine == b.engine && a.servingMode == b.servingMode && a.gpusPerReplica == b.gpusPerReplica;
}

} // namespace

BudgetView::BudgetView(PlanController *controller, QWidget *parent)
    : ResultTab(parent), m_controller(controller), m_worker(new BudgetWorker(this)),
      m_budget(new LimitSlider(tr("&Budget"), budgetLadderUsd(), usdShort)),
      m_deadline(new LimitSlider(tr("&Deadline"), deadlineLadderDays(), limitDaysText)),
      m_sitePower(new LimitSlider(tr("Site &power"), sitePowerLadderKw(), kwText)), m_objective(new QComboBox),
      m_gpus(new QToolButton), m_apply(new QPushButton(tr("&Apply option"))), m_cancel(new QPushButton(tr("Cance&l"))),
      m_chart(new BudgetChart),
      m_model(new BudgetTableModel(this)), m_table(new QTableView), m_status(new QLabel), m_rankDelay(new QTimer(this)),
      m_planDelay(new QTimer(this))
{
    m_budget->setLimit(kDefaultBudgetUsd);
    m_deadline->setLimit(kDefaultDeadlineDays);
    m_sitePower->setLimit(-1);
    for (ProcureObjective o : {ProcureObjective::Cash, ProcureObjective::Tco, ProcureObjective::Time, ProcureObjective::Energy})
        m_objective->addItem(tr("Rank by %1").arg(objectiveText(o)), static_cast<int>(o));
    m_objective->setToolTip(tr("The best option is the feasible one with the lowest value of this"));
    m_gpus->setText(tr("GPUs: all"));
    m_gpus->setPopupMode(QToolButton::InstantPopup);
    m_gpus->setMenu(new QMenu(m_gpus));
    m_gpus->setToolTip(tr("The GPU types whose options are listed"));

    auto *controls = new QGridLayout;
    controls->addWidget(m_budget, 0, 0);
    controls->addWidget(m_deadline, 0, 1);
    controls->addWidget(m_sitePower, 0, 2);
    auto *second = new QHBoxLayout;
    second->addWidget(m_objective);
    second->addWidget(m_gpus);
    second->addStretch(1);
    second->addWidget(m_cancel);
    second->addWidget(m_apply);
    m_cancel->setToolTip(tr("Stop exploring GPU types, counts and ways of paying for this plan; the options shown stay. "
                            "Move a limit or edit the plan to explore again."));
    controls->addLayout(second, 1, 0, 1, 3);

    m_table->setModel(m_model);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setAlternatingRowColors(true);
    m_table->verticalHeader()->hide();
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);

    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_chart);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);

    // In a scroll area (setScrollableContent): the window must still fit a 1280x720 projector at
    // presentation fonts with the teaching docks open.
    auto *content = new QWidget;
    auto *layout = new QVBoxLayout(content);
    layout->addLayout(controls);
    layout->addWidget(split, 1);
    layout->addWidget(m_status);
    m_chart->setMinimumHeight(kMinChartHeight);
    m_table->setMinimumHeight(kMinTableHeight);
    setScrollableContent(content);

    m_rankDelay->setSingleShot(true);
    m_rankDelay->setInterval(kRankDelayMs);
    m_planDelay->setSingleShot(true);
    m_planDelay->setInterval(kPlanDelayMs);
    connect(m_rankDelay, &QTimer::timeout, this, &BudgetView::requestNow);
    connect(m_planDelay, &QTimer::timeout, this, &BudgetView::requestNow);
    for (LimitSlider *s : {m_budget, m_deadline, m_sitePower})
        connect(s, &LimitSlider::limitChanged, this, &BudgetView::limitsChanged);
    connect(m_objective, &QComboBox::currentIndexChanged, this, &BudgetView::limitsChanged);
    connect(m_worker, &BudgetWorker::finished, this, &BudgetView::onAnswer);
    connect(m_apply, &QPushButton::clicked, this, &BudgetView::applySelected);
    connect(m_cancel, &QPushButton::clicked, this, &BudgetView::cancelSearch);
    connect(m_worker, &BudgetWorker::cancelled, this, [this] {
        m_cancelled = true;
        m_sinceChange.invalidate();
        if (!m_answer)
            m_chart->setMessage(tr("Exploration cancelled. Move a limit or edit the plan to explore again."));
        updateStatus();
        updateCancel();
    });
    connect(m_table, &QTableView::doubleClicked, this, [this](const QModelIndex &index) {
        selectOption(m_model->optionAtRow(index.row()));
        applySelected();
    });
    connect(m_table->selectionModel(), &QItemSelectionModel::currentRowChanged, this, [this](const QModelIndex &current) {
        if (m_selecting)
            return;
        m_chart->setSelectedOption(m_model->optionAtRow(current.row()));
        updateApply();
    });
    connect(m_chart, &BudgetChart::optionClicked, this, &BudgetView::selectOption);
    updateApply();
    updateCancel();
}

BudgetView::~BudgetView() = default;

void BudgetView::refresh(const PlanController &controller)
{
    Q_UNUSED(controller);   // the controller given at construction, which apply edits
    updatePlanMark();
    const std::string key = budgetPlanKey(m_controller->plan());
    if (key != m_requestedKey) {
        m_requestedKey = key;
        // The first answer is asked at once; later plan edits wait for a pause.
        if (!m_answer && !m_worker->isBusy())
            requestNow();
        else
            m_planDelay->start();
    }
    updateStatus();
    updateApply();
}

void BudgetView::setBudgetUsd(double usd)
{
    m_budget->setLimit(usd);
}

void BudgetView::setDeadlineDays(double days)
{
    m_deadline->setLimit(days);
}

void BudgetView::setSitePowerKw(double kw)
{
    m_sitePower->setLimit(kw);
}

void BudgetView::setObjective(ProcureObjective objective)
{
    m_objective->setCurrentIndex(m_objective->findData(static_cast<int>(objective)));
}

void BudgetView::setGpuFilter(const std::vector<std::string> &gpus)
{
    m_gpuFilter = gpus;
    for (QAction *a : m_gpus->menu()->actions()) {
        const QSignalBlocker quiet(a);   // this sets the filter; the actions only show it
        if (a->isCheckable())
            a->setChecked(gpus.empty() || std::find(gpus.begin(), gpus.end(), a->data().toString().toStdString()) != gpus.end());
    }
    m_gpus->setText(gpus.empty() ? tr("GPUs: all") : tr("GPUs: %1 of %2").arg(gpus.size()).arg(m_gpusExplored.size()));
    limitsChanged();
}

ProcureRequest BudgetView::request() const
{
    ProcureRequest r;
    r.budgetUsd = m_budget->limit();
    r.deadlineDays = m_deadline->limit();
    r.sitePowerKw = m_sitePower->limit();
    r.objective = static_cast<ProcureObjective>(m_objective->currentData().toInt());
    r.gpus = m_gpuFilter;
    return r;
}

void BudgetView::limitsChanged()
{
    if (!m_rankDelay->isActive())
        m_sinceChange.start();   // the first change a request will serve
    m_rankDelay->start();
}

void BudgetView::requestNow()
{
    m_rankDelay->stop();
    m_planDelay->stop();
    if (!m_sinceChange.isValid())
        m_sinceChange.start();
    m_requestedKey = budgetPlanKey(m_controller->plan());
    m_cancelled = false;
    m_worker->request(*m_controller, request());
    updateStatus();
    updateCancel();
}

void BudgetView::cancelSearch()
{
    m_rankDelay->stop();
    m_planDelay->stop();
    m_worker->cancel();
    updateCancel();
}

void BudgetView::updateCancel()
{
    m_cancel->setEnabled(m_worker->isExploring());
}

void BudgetView::onAnswer(const BudgetAnswer &answer)
{
    QElapsedTimer ui;
    ui.start();
    // Keep the selected option selected when it is still listed.
    const ProcureOption *selected = nullptr;
    ProcureOption kept;
    if (const int i = selectedOption(); i >= 0) {
        kept = m_answer->ranked->options[static_cast<std::size_t>(i)];
        selected = &kept;
    }
    m_answer = std::make_shared<const BudgetAnswer>(answer);
    if (answer.explored)
        updateGpuMenu(answer.gpus);
    const bool firstRows = m_model->rowCount() == 0 && answer.ranked && !answer.ranked->options.empty();
    m_selecting = true;
    m_model->setOptions(answer.ranked, answer.order);
    const bool serving = answer.ranked && answer.ranked->serving;
    m_table->setColumnHidden(BudgetTableModel::Engine, !serving);
    m_table->setColumnHidden(BudgetTableModel::Mode, !serving);
    m_chart->setOptions(answer.ranked);
    m_selecting = false;
    int reselect = -1;
    if (selected && answer.ranked) {
        const auto &options = answer.ranked->options;
        const auto found = std::find_if(options.begin(), options.end(), [&](const ProcureOption &o) { return sameOption(o, *selected); });
        if (found != options.end())
            reselect = static_cast<int>(found - options.begin());
    }
    selectOption(reselect);
    if (firstRows)
        m_table->resizeColumnsToContents();   // the rows in view and the headers; the user's widths stay after
    if (!answer.error.isEmpty())
        m_chart->setMessage(answer.error);
    else if (answer.ranked && answer.ranked->options.empty())
        m_chart->setMessage(tr("No GPU of the catalog can run this plan's training (or none is chosen)."));
    updatePlanMark();
    updateStatus();
    updateApply();
    updateCancel();
    m_lastWorkerMs = answer.workerMs;
    m_lastUiMs = static_cast<double>(ui.nsecsElapsed()) / 1e6;
    m_lastLatencyMs = m_sinceChange.isValid() ? static_cast<double>(m_sinceChange.nsecsElapsed()) / 1e6 : 0;
    m_sinceChange.invalidate();
    emit answered();
}

void BudgetView::updatePlanMark()
{
    BudgetPlanMark mark;
    const Evaluation &e = m_controller->evaluation();
    const Plan &plan = m_controller->plan();
    if (m_controller->isResolved() && plan.workload.mode == Mode::Training && e.reliability.effectiveTimeToTrainS > 0
        && !e.reliability.unfinishable) {
        mark.known = true;
        mark.days = e.reliability.effectiveTimeToTrainS / 86400.0;
        const CostResult &c = e.cost;
        if (!c.isMissing(MissingInput::GpuPrice) && !c.isMissing(MissingInput::NodePrice) && c.onpremCapexUsd > 0)
            mark.buyCashUsd = c.onpremCashUsd;
        if (c.cloudCashUsd > 0) {
            mark.cloudCashUsd = c.cloudCashUsd;
            const CloudOffer *offer = m_controller->resolved().cloud;
            const QString who = offer ? QString::fromStdString(offer->provider.empty() ? offer->id : offer->provider) : tr("own price");
            mark.cloudName = QStringLiteral("%1, %2").arg(who, cloudTermText(plan.cost.cloudPricing));
        }
    }
    m_chart->setPlanMark(mark);
}

void BudgetView::updateGpuMenu(const std::vector<std::string> &gpus)
{
    m_gpusExplored = gpus;
    QMenu *menu = m_gpus->menu();
    menu->clear();
    QAction *all = menu->addAction(tr("All GPU types"));
    connect(all, &QAction::triggered, this, [this] { setGpuFilter({}); });
    menu->addSeparator();
    for (const std::string &id : gpus) {
        QAction *a = menu->addAction(QString::fromStdString(id));
        a->setCheckable(true);
        a->setData(QString::fromStdString(id));
        a->setChecked(m_gpuFilter.empty() || std::find(m_gpuFilter.begin(), m_gpuFilter.end(), id) != m_gpuFilter.end());
        connect(a, &QAction::toggled, this, [this] {
            std::vector<std::string> checked;
            for (QAction *action : m_gpus->menu()->actions()) {
                if (action->isCheckable() && action->isChecked())
                    checked.push_back(action->data().toString().toStdString());
            }
            // Every type checked is the same as no filter; none checked lists nothing.
            if (checked.size() == m_gpusExplored.size())
                checked.clear();
            else if (checked.empty())
                checked.push_back(std::string());
            if (checked != m_gpuFilter)
                setGpuFilter(checked);
        });
    }
}

bool BudgetView::isComputing() const
{
    if (m_worker->latestCancelled() && !m_worker->isBusy() && !m_rankDelay->isActive() && !m_planDelay->isActive())
        return false;
    return m_worker->isBusy() || m_worker->hasPending() || m_rankDelay->isActive() || m_planDelay->isActive()
           || !m_answer || m_answer->generation != m_worker->generation();
}

bool BudgetView::isStale() const
{
    return m_answer && m_answer->planKey != budgetPlanKey(m_controller->plan());
}

int BudgetView::selectedOption() const
{
    return m_answer && m_answer->ranked ? m_chart->selectedOption() : -1;
}

void BudgetView::selectOption(int index)
{
    m_chart->setSelectedOption(index);
    const int row = m_model->rowOfOption(m_chart->selectedOption());
    m_selecting = true;
    if (row < 0) {
        m_table->clearSelection();
    } else {
        m_table->selectRow(row);
        m_table->scrollTo(m_model->index(row, 0));
    }
    m_selecting = false;
    updateApply();
}

bool BudgetView::applySelected()
{
    if (!m_answer || !m_answer->ranked || isStale())
        return false;
    int i = selectedOption();
    if (i < 0)
        i = m_answer->ranked->best;
    if (i < 0)
        return false;
    const ProcureOption &o = m_answer->ranked->options[static_cast<std::size_t>(i)];
    // Two clusters in turn, or a single-type fleet's pools sized for a rate: no one plan holds it
    // (updateApply() says why). A mixed fleet's plan is its pools at the rate (writeMixedFleet).
    if (o.acquisition == Acquisition::Hybrid || (o.servingMode == ServingMode::Disaggregated && o.prefillGpu.empty()))
        return false;
    m_controller->applyPlan(planForOption(m_controller->plan(), m_controller->catalog(), o),
                            tr("Apply budget option: %1").arg(optionName(o)));
    return true;
}

QString BudgetView::statusText() const
{
    return m_status->text();
}

void BudgetView::updateStatus()
{
    QString text;
    if (m_cancelled) {
        text = m_answer ? tr("Exploration cancelled: the options shown are those of the last finished one. Move a limit "
                             "or edit the plan to explore again.")
                        : tr("Exploration cancelled. Move a limit or edit the plan to explore again.");
    } else if (!m_answer) {
        text = tr("Exploring GPU types, counts and ways of paying for this plan's training run …");
    } else if (!m_answer->error.isEmpty()) {
        text = m_answer->error;
    } else {
        const ProcureResult &r = *m_answer->ranked;
        const auto feasible = std::count_if(r.options.begin(), r.options.end(), [](const ProcureOption &o) { return o.feasible; });
        text = tr("%1 options over %2 GPU types (%3 layouts evaluated), %4 feasible.")
                   .arg(r.options.size())
                   .arg(m_answer->gpus.size())
                   .arg(groupedText(r.evaluated))
                   .arg(feasible);
        if (r.best >= 0) {
            const ProcureOption &b = r.options[static_cast<std::size_t>(r.best)];
            text += QLatin1Char(' ') + tr("Best by %1: %2, %3, %4 in cash.")
                                           .arg(objectiveText(r.objective), optionName(b), daysText(b.timeToTrainDays), usdShort(b.cashUsd));
        } else if (r.bestEstimated < 0 && !r.options.empty()) {
            text += QLatin1Char(' ') + tr("None meets every limit: the closest misses are listed first.");
        }
        if (r.bestEstimated >= 0) {
            const ProcureOption &e = r.options[static_cast<std::size_t>(r.bestEstimated)];
            text += QLatin1Char(' ') + (r.best >= 0 ? tr("Better only at an estimated price, not chosen: %1, %2, %3.")
                                                    : tr("Feasible only at an estimated price, not chosen: %1, %2, %3."))
                                           .arg(optionName(e), daysText(e.timeToTrainDays), usdShort(e.cashUsd));
        }
        if (std::any_of(r.options.begin(), r.options.end(), [](const ProcureOption &o) { return o.priceEstimated; }))
            text += QLatin1Char(' ') + tr("* estimated price (the offer publishes none for that term): ranked after "
                                          "the published ones.");
        if (isStale())
            text += QLatin1Char(' ') + tr("The plan has changed: updating …");
    }
    m_status->setText(text);
}

void BudgetView::updateApply()
{
    const ProcureResult *r = m_answer ? m_answer->ranked.get() : nullptr;
    const int i = !r ? -1 : selectedOption() >= 0 ? selectedOption() : r->best;
    const bool hybrid = i >= 0 && r->options[static_cast<std::size_t>(i)].acquisition == Acquisition::Hybrid;
    const bool pools = i >= 0 && r->options[static_cast<std::size_t>(i)].servingMode == ServingMode::Disaggregated &&
                       r->options[static_cast<std::size_t>(i)].prefillGpu.empty();
    m_apply->setEnabled(i >= 0 && !hybrid && !pools && !isStale());
    m_apply->setToolTip(pools ? tr("A disaggregated fleet is sized for the request rate, and a disaggregated plan runs at a fixed "
                                   "number of requests in flight: set its pools under Serving mode in the inputs, or apply an "
                                   "aggregated fleet of the same GPU and engine from its own row.")
                        : hybrid ? tr("A hybrid is two clusters in turn (the cloud cluster trains its share of the tokens, then "
                                    "the owned base the rest) and a plan describes one: apply the owned base or the cloud "
                                    "cluster from their own rows (buy, or cloud with the same offer and term).")
                               : tr("Make the selected option (the best one when none is selected) the plan: GPU, count, "
                                    "layout, cloud offer and term (a mixed fleet: both pools, the prefill GPU and an open "
                                    "loop at the request rate), in one undo step"));
}

} // namespace gpuplan::ui

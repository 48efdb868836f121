// SPDX-License-Identifier: GPL-3.0-or-later
#include "budget/BudgetWorker.h"

#include "document/PlanController.h"

#include "plan/PlanIo.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>

namespace gpuplan::ui {

std::string budgetPlanKey(const Plan &plan)
{
    Plan p = plan;
    // procure() chooses the GPU count and the layout itself (with the plan's sharding
    // implementation), and quotes every cloud offer and purchase option of a GPU unless the plan
    // fixes its own price per GPU-hour.
    Layout neutral;
    neutral.sharding = plan.parallelism.sharding;
    writeLayout(neutral, p);
    if (p.cost.cloudGpuHourUsd < 0) {
        p.cost.cloudOffer.clear();
        p.cost.cloudPricing = CloudPricing::OnDemand;
    }
    p.name.clear();
    p.notes.clear();
    p.preparedBy.clear();
    p.extensions.clear();
    return planToJson(p).dump();
}

ProcureResult rankedForRequest(const ProcureResult &explored, const ProcureRequest &request)
{
    ProcureResult out;
    out.gpusExplored = explored.gpusExplored;
    out.serving = explored.serving;
    out.evaluated = explored.evaluated;
    out.rejected = explored.rejected;
    out.options.reserve(explored.options.size());
    // A mixed fleet shows when both its GPU types pass the filter.
    const auto listed = [&](const std::string &gpu) {
        return request.gpus.empty() || std::find(request.gpus.begin(), request.gpus.end(), gpu) != request.gpus.end();
    };
    for (const ProcureOption &o : explored.options) {
        if (listed(o.gpu) && (o.prefillGpu.empty() || listed(o.prefillGpu)))
            out.options.push_back(o);
    }
    rankOptions(request, out);
    return out;
}

BudgetWorker::BudgetWorker(QObject *parent)
    : QObject(parent), m_job(new BackgroundJob(BackgroundJob::Answers::Every, this))
{
}

void BudgetWorker::cancel()
{
    m_job->dropPending();
    if (!isBusy())
        return;
    m_job->cancelRunning();
    m_cancelAsked = true;
}

quint64 BudgetWorker::request(const PlanController &controller, const ProcureRequest &request)
{
    m_controller = &controller;
    m_request = request;
    m_pendingGeneration = ++m_generation;
    const bool running = isBusy();
    m_job->submit([this] { return prepare(); });
    if (running && m_runningExplores && budgetPlanKey(controller.plan()) != m_runningKey)
        m_job->cancelRunning();   // exploring a plan that is no longer the latest: its answer would be dropped
    return m_generation;
}

BackgroundJob::Work BudgetWorker::prepare()
{
    if (!m_controller)
        return {};
    auto answer = std::make_shared<BudgetAnswer>();
    answer->generation = m_pendingGeneration;
    answer->planKey = budgetPlanKey(m_controller->plan());
    const ProcureRequest request = m_request;
    // The thread gets its own copies: the controller's plan and catalog may change under it. The
    // catalog is copied only when the plan has to be explored again.
    std::shared_ptr<const Plan> plan;
    std::shared_ptr<const Catalog> catalog;
    std::shared_ptr<const ProcureResult> explored = m_explored;
    answer->explored = !explored || answer->planKey != m_exploredKey;
    m_cancelAsked = false;
    m_runningKey = answer->planKey;
    m_runningExplores = answer->explored;
    if (answer->explored) {
        plan = std::make_shared<const Plan>(m_controller->plan());
        catalog = std::make_shared<const Catalog>(m_controller->catalog());
    } else {
        answer->error = QString::fromStdString(m_exploredError);
    }
    return [this, answer, request, plan, catalog, explored](const std::atomic<bool> &cancelled) mutable
           -> BackgroundJob::Deliver {
        const auto began = std::chrono::steady_clock::now();
        if (plan) {
            auto all = std::make_shared<ProcureResult>();
            ProcureRequest everything;   // the exploration does not depend on the limits
            std::string error;
            if (!procure(*plan, *catalog, everything, *all, error, &cancelled)) {
                *all = ProcureResult{};
                answer->error = QString::fromStdString(error);
            }
            if (all->cancelled) {
                answer->cancelled = true;
                return [this, answer] { onDone(answer, nullptr); };
            }
            explored = all;
        }
        auto ranked = std::make_shared<ProcureResult>(rankedForRequest(*explored, request));
        answer->order = rankedOrder(*ranked);
        answer->gpus = explored->gpusExplored;
        answer->ranked = std::move(ranked);
        answer->workerMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began).count();
        return [this, answer, explored] { onDone(answer, explored); };
    };
}

void BudgetWorker::onDone(const std::shared_ptr<BudgetAnswer> &answer, const std::shared_ptr<const ProcureResult> &explored)
{
    m_runningExplores = false;
    const bool askedToCancel = m_cancelAsked;
    m_cancelAsked = false;
    if (answer->cancelled) {
        ++m_cancellations;
        if (askedToCancel && !hasPending()) {
            m_cancelledGeneration = m_generation;
            emit cancelled();
        }
        return;   // the job starts the pending request next
    }
    if (answer->explored) {
        m_explored = explored;
        m_exploredKey = answer->planKey;
        m_exploredError = answer->error.toStdString();
        ++m_explorations;
    }
    if (answer->generation == m_generation) {
        emit finished(*answer);
    } else {
        ++m_discarded;
        if (askedToCancel && !hasPending()) {   // cancelled while re-ranking for an older request
            m_cancelledGeneration = m_generation;
            emit cancelled();
        }
    }
}

} // namespace gpuplan::ui

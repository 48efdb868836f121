// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/ScalingWorker.h"

#include "document/PlanController.h"

#include "search/Scaling.h"

#include <algorithm>
#include <memory>
#include <thread>

namespace gpuplan::ui {

// The job is a child: destroying the worker destroys it, which cancels a running curve and waits
// for its thread.
ScalingWorker::ScalingWorker(QObject *parent)
    : QObject(parent), m_job(new BackgroundJob(BackgroundJob::Answers::Every, this))
{
}

void ScalingWorker::request(const PlanController &controller)
{
    m_controller = &controller;
    m_job->submit([this] { return prepare(); });
}

BackgroundJob::Work ScalingWorker::prepare()
{
    if (!m_controller || !m_controller->isResolved())
        return {};
    // The thread gets its own copies: the controller's plan and catalog change under it while
    // the user drags (a catalog is a few hundred kB; copying it costs far less than the curve).
    auto plan = std::make_shared<const Plan>(m_controller->plan());
    auto catalog = std::make_shared<const Catalog>(m_controller->catalog());
    const int hardware = static_cast<int>(std::thread::hardware_concurrency());
    const int threads = m_threads > 0 ? m_threads : std::max(1, hardware - 1);
    return [this, plan, catalog, threads](const std::atomic<bool> &cancelled) -> BackgroundJob::Deliver {
        ScalingResult result;
        ResolvedPlan resolved;
        std::vector<ResolveError> errors;
        if (resolvePlan(*plan, *catalog, resolved, errors)) {
            ScalingOptions options;
            options.cancel = &cancelled;
            options.threads = threads;
            result = computeScaling(resolved, options);
        }
        const int planGpus = plan->hardware.numGpus;
        return [this, result = std::move(result), planGpus] { emit finished(result, planGpus); };
    };
}

} // namespace gpuplan::ui

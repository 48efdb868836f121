// SPDX-License-Identifier: GPL-3.0-or-later
#include "charts/ScalingWorker.h"

#include "document/PlanController.h"

#include "search/Scaling.h"

#include <algorithm>

namespace gpuplan::ui {

ScalingWorker::ScalingWorker(QObject *parent) : QObject(parent) {}

ScalingWorker::~ScalingWorker()
{
    stopThread();
}

void ScalingWorker::stopThread()
{
    if (!m_thread.joinable())
        return;
    m_cancel = true;
    m_thread.join();
    m_cancel = false;
}

void ScalingWorker::request(const PlanController &controller)
{
    m_controller = &controller;
    m_pending = true;
    if (!isBusy())
        start();
}

void ScalingWorker::start()
{
    m_pending = false;
    if (!m_controller || !m_controller->isResolved())
        return;
    // The thread gets its own copies: the controller's plan and catalog change under it while
    // the user drags (a catalog is a few hundred kB; copying it costs far less than the curve).
    auto plan = std::make_shared<const Plan>(m_controller->plan());
    auto catalog = std::make_shared<const Catalog>(m_controller->catalog());
    const int hardware = static_cast<int>(std::thread::hardware_concurrency());
    const int threads = m_threads > 0 ? m_threads : std::max(1, hardware - 1);
    m_thread = std::thread([this, plan, catalog, threads] {
        ScalingResult result;
        ResolvedPlan resolved;
        std::vector<ResolveError> errors;
        if (resolvePlan(*plan, *catalog, resolved, errors)) {
            ScalingOptions options;
            options.cancel = &m_cancel;
            options.threads = threads;
            result = computeScaling(resolved, options);
        }
        if (m_cancel)
            return;   // the worker is being destroyed
        const int planGpus = plan->hardware.numGpus;
        // Queued to the UI thread; dropped by Qt if this object is gone by then.
        QMetaObject::invokeMethod(this, [this, result, planGpus] { onDone(result, planGpus); }, Qt::QueuedConnection);
    });
}

void ScalingWorker::onDone(const ScalingResult &result, int planGpus)
{
    if (m_thread.joinable())
        m_thread.join();   // it has posted this call and is returning
    emit finished(result, planGpus);
    if (m_pending)
        start();
}

} // namespace gpuplan::ui

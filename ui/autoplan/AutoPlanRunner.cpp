// SPDX-License-Identifier: GPL-3.0-or-later
#include "autoplan/AutoPlanRunner.h"

#include "eval/ResolvedPlan.h"

#include <QThread>

namespace gpuplan::ui {

// Everything the worker thread touches. The resolved plan points into plan and catalog, so they
// live here, never in the controller.
struct AutoPlanRunner::Job
{
    Plan plan;
    Catalog catalog;
    ResolvedPlan resolved;
    SearchOptions options;
    std::atomic<bool> cancel{false};
    SearchResult result;
};

AutoPlanRunner::AutoPlanRunner(QObject *parent)
    : QObject(parent)
{
}

AutoPlanRunner::~AutoPlanRunner()
{
    if (m_thread) {
        m_job->cancel = true;
        m_thread->wait();
        delete m_thread;
    }
}

bool AutoPlanRunner::start(const Plan &plan, const Catalog &catalog, SearchOptions options, QString *error)
{
    if (m_job) {
        if (error)
            *error = tr("A search is already running.");
        return false;
    }
    auto job = std::make_unique<Job>();
    job->plan = plan;
    job->catalog = catalog;
    std::vector<ResolveError> errors;
    if (!resolvePlan(job->plan, job->catalog, job->resolved, errors)) {
        if (error) {
            QStringList lines;
            for (const ResolveError &e : errors)
                lines << QStringLiteral("%1: %2").arg(QString::fromStdString(e.field), QString::fromStdString(e.message));
            *error = lines.join(QLatin1Char('\n'));
        }
        return false;
    }
    job->options = std::move(options);
    job->options.cancel = &job->cancel;
    // Emitted from the worker thread; the connection to widgets in this thread is queued.
    job->options.onProgress = [this](const SearchProgress &p) { emit progress(p.candidatesDone, p.candidatesTotal); };
    job->options.progressEvery = 2000;

    Job *raw = job.get();
    m_job = std::move(job);
    m_searchedPlan = plan;
    m_thread = QThread::create([raw] { raw->result = searchLayouts(raw->resolved, raw->options); });
    m_thread->setObjectName(QStringLiteral("auto-plan search"));
    // QThread::finished is emitted by the worker thread; this object lives in the caller's thread,
    // so the slot runs there, after the search has returned.
    connect(m_thread, &QThread::finished, this, &AutoPlanRunner::jobDone);
    m_thread->start(QThread::LowPriority);
    return true;
}

void AutoPlanRunner::cancel()
{
    if (m_job)
        m_job->cancel = true;
}

void AutoPlanRunner::jobDone()
{
    m_thread->wait();
    delete m_thread;
    m_thread = nullptr;
    m_result = std::move(m_job->result);
    m_job.reset();
    emit finished();
}

} // namespace gpuplan::ui

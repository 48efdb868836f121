// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/BackgroundJob.h"
#include "procure/Procurement.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <memory>
#include <string>

namespace gpuplan::ui {

class PlanController;

// One answer of the Budget view's worker: the options of the plan's workload ranked under the
// limits, objective and GPU filter of one request.
struct BudgetAnswer
{
    quint64 generation = 0;                    // of the request it answers
    std::string planKey;                       // the plan it was explored for (budgetPlanKey())
    std::shared_ptr<const ProcureResult> ranked;   // filtered to the request's GPUs, ranked
    std::vector<int> order;                    // rankedOrder(*ranked): best first
    std::vector<std::string> gpus;             // every GPU type explored (before the filter)
    bool explored = false;                     // this answer searched again (the plan changed)
    bool cancelled = false;                    // its exploration was cancelled: never delivered
    double workerMs = 0;                       // compute time on the worker thread
    QString error;                             // the plan cannot be procured (serving plan, ...)
};

// What the exploration of procure() depends on: the plan apart from its GPU count and layout
// (procure() chooses those itself), as text. Two plans with the same key have the same options.
std::string budgetPlanKey(const Plan &plan);

// The explored options filtered to request.gpus (ids; empty = all) and ranked under the request.
ProcureResult rankedForRequest(const ProcureResult &explored, const ProcureRequest &request);

// Computes the Budget view's options off the UI thread. Exploring GPU types, counts and ways of
// paying (procure()) takes a fraction of a second and is redone only when the plan's workload
// changes; a new budget, deadline, site power, objective or GPU filter only re-ranks the explored
// options (rankOptions(): microseconds). One job runs at a time; requests made meanwhile are
// coalesced into one more job for the latest request. Every request gets a generation number, and
// only the answer to the latest one is delivered: answers to older requests are discarded. A
// request for another plan than the one being explored cancels that exploration (its options would
// be discarded anyway), and cancel() stops the running job and drops the pending request. The
// thread is a BackgroundJob that delivers every answer: an answer to an older request still
// brings the options it explored.
class BudgetWorker : public QObject
{
    Q_OBJECT
public:
    explicit BudgetWorker(QObject *parent = nullptr);

    // Options for the controller's plan (read when the job starts) under `request`; returns the
    // request's generation.
    quint64 request(const PlanController &controller, const ProcureRequest &request);
    quint64 generation() const { return m_generation; }
    bool isBusy() const { return m_job->isRunning(); }
    bool isExploring() const { return isBusy() && m_runningExplores; }   // not only re-ranking
    // Stops the running exploration and drops the pending request; cancelled() follows unless the
    // running job delivers the latest request's answer first.
    void cancel();
    bool latestCancelled() const { return m_generation > 0 && m_cancelledGeneration == m_generation; }
    int cancellations() const { return m_cancellations; }   // explorations stopped before their end
    bool hasPending() const { return m_job->hasPending(); }
    int discarded() const { return m_discarded; }   // answers dropped as stale
    int explorations() const { return m_explorations; }

signals:
    // On the UI thread, for the latest request only.
    void finished(const gpuplan::ui::BudgetAnswer &answer);
    // On the UI thread, after cancel(): the latest request has no answer.
    void cancelled();

private:
    BackgroundJob::Work prepare();
    void onDone(const std::shared_ptr<BudgetAnswer> &answer, const std::shared_ptr<const ProcureResult> &explored);

    BackgroundJob *m_job;                     // a child: destroyed (and its thread joined) with this
    QPointer<const PlanController> m_controller;
    ProcureRequest m_request;                 // of the pending job
    quint64 m_generation = 0;                 // of the latest request
    quint64 m_pendingGeneration = 0;
    std::string m_runningKey;                 // plan key of the running job
    bool m_runningExplores = false;
    bool m_cancelAsked = false;               // cancel() was called for the running job
    quint64 m_cancelledGeneration = 0;
    int m_cancellations = 0;
    std::string m_exploredKey;                // plan key of m_explored
    std::shared_ptr<const ProcureResult> m_explored;   // every option of the last exploration
    std::string m_exploredError;
    int m_discarded = 0;
    int m_explorations = 0;
};

} // namespace gpuplan::ui

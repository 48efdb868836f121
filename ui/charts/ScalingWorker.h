// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/BackgroundJob.h"
#include "eval/Evaluation.h"

#include <QObject>
#include <QPointer>

namespace gpuplan::ui {

class PlanController;

// Computes scaling curves off the UI thread. A curve re-runs the layout search at a dozen GPU
// counts (tens of milliseconds), too long for a slider drag, so requests are coalesced: while a
// curve is being computed, further requests only mark the plan as changed, and when the curve is
// done one more is started from the plan as it is then. Every finished curve is delivered (it
// belongs to a plan the user saw moments ago), so dragging shows the curve following along: a
// BackgroundJob that delivers every answer.
class ScalingWorker : public QObject
{
    Q_OBJECT
public:
    explicit ScalingWorker(QObject *parent = nullptr);

    // Threads used for the counts of one curve; 0 = all but one hardware thread (the UI's).
    void setThreads(int threads) { m_threads = threads; }
    // Curve of the controller's current plan, now or as soon as the running one is done.
    void request(const PlanController &controller);
    bool isBusy() const { return m_job->isRunning(); }
    bool hasPending() const { return m_job->hasPending(); }

signals:
    // On the UI thread. planGpus: the GPU count of the plan the curve was computed for.
    void finished(const gpuplan::ScalingResult &result, int planGpus);

private:
    BackgroundJob::Work prepare();

    BackgroundJob *m_job;
    QPointer<const PlanController> m_controller;
    int m_threads = 0;
};

} // namespace gpuplan::ui

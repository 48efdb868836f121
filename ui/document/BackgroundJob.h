// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

#include <atomic>
#include <functional>
#include <thread>

namespace gpuplan::ui {

// Runs one computation at a time off the UI thread and delivers only the newest one's answer.
// A computation is submitted as a function that runs on the UI thread when its turn comes and
// copies what it needs (the plan and catalog change under a running job); it returns the work,
// which runs on a worker thread and returns what to do with its answer back on the UI thread.
// Submissions made while a job runs are coalesced: only the last one runs next, and the running
// job's answer is dropped when a newer submission waits, since it belongs to a plan the user has
// already changed.
class BackgroundJob : public QObject
{
    Q_OBJECT
public:
    using Deliver = std::function<void()>;
    using Work = std::function<Deliver(const std::atomic<bool> &cancelled)>;
    using Prepare = std::function<Work()>;

    explicit BackgroundJob(QObject *parent = nullptr);
    ~BackgroundJob() override;   // asks a running job to stop and waits for it

    void submit(Prepare prepare);
    // A job runs or waits to run (tests, and screenshots that wait for the answer).
    bool isBusy() const { return m_thread.joinable() || static_cast<bool>(m_pending); }
    int delivered() const { return m_delivered; }

private:
    void start();
    void onDone(const Deliver &deliver);

    Prepare m_pending;
    std::thread m_thread;
    std::atomic<bool> m_cancel{false};
    int m_delivered = 0;
};

} // namespace gpuplan::ui

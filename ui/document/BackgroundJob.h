// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>

#include <atomic>
#include <functional>
#include <thread>

namespace gpuplan::ui {

// Runs one computation at a time off the UI thread. A computation is submitted as a function that
// runs on the UI thread when its turn comes and copies what it needs (the plan and catalog change
// under a running job); it returns the work, which runs on a worker thread, polls the cancel flag
// it is given, and returns what to do with its answer back on the UI thread. Submissions made
// while a job runs are coalesced: only the last one runs next.
//
// Which answers are delivered is the owner's choice:
//  - NewestOnly (default): a running job's answer is dropped when a newer submission waits, since
//    it belongs to a plan the user has already changed (live lesson values).
//  - Every: every finished job's answer is delivered before the next job starts, for views that
//    follow a slider drag (the scaling curve) or that keep what an older job computed (the Budget
//    view's explored options) and decide staleness themselves.
// Destroying the object stops a running job and waits for its thread; its answer is dropped.
class BackgroundJob : public QObject
{
    Q_OBJECT
public:
    enum class Answers { NewestOnly, Every };
    using Deliver = std::function<void()>;
    using Work = std::function<Deliver(const std::atomic<bool> &cancelled)>;
    using Prepare = std::function<Work()>;

    explicit BackgroundJob(QObject *parent = nullptr);
    explicit BackgroundJob(Answers answers, QObject *parent = nullptr);
    ~BackgroundJob() override;   // asks a running job to stop and waits for it

    void submit(Prepare prepare);
    // Sets the running job's cancel flag; its answer is still delivered as its policy says (the
    // work decides what a cancelled answer holds). Cleared when the next job starts.
    void cancelRunning();
    void dropPending() { m_pending = nullptr; }

    bool isRunning() const { return m_thread.joinable(); }
    bool hasPending() const { return static_cast<bool>(m_pending); }
    // A job runs or waits to run (tests, and screenshots that wait for the answer).
    bool isBusy() const { return isRunning() || hasPending(); }
    int delivered() const { return m_delivered; }

private:
    void start();
    void onDone(const Deliver &deliver);

    Answers m_answers = Answers::NewestOnly;
    Prepare m_pending;
    std::thread m_thread;
    std::atomic<bool> m_cancel{false};
    std::atomic<bool> m_destroying{false};
    int m_delivered = 0;
};

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
// The one-job-at-a-time worker: the work runs off the UI thread, its answer is delivered on the UI
// thread, submissions made while a job runs are coalesced into one, a stale answer is dropped,
// and destroying the worker stops a running job.
#include "document/BackgroundJob.h"

#include <QCoreApplication>
#include <QTest>
#include <QThread>

#include <atomic>
#include <chrono>
#include <thread>
#include <vector>

using namespace gpuplan::ui;

namespace {

// A job that waits until `release` is set (or it is cancelled), then answers `value` into `out`.
BackgroundJob::Prepare job(int value, std::vector<int> &prepared, std::vector<int> &out,
                           const std::atomic<bool> &release, std::atomic<QThread *> *ranOn = nullptr)
{
    return [value, &prepared, &out, &release, ranOn]() -> BackgroundJob::Work {
        prepared.push_back(value);
        return [value, &out, &release, ranOn](const std::atomic<bool> &cancelled) -> BackgroundJob::Deliver {
            if (ranOn)
                *ranOn = QThread::currentThread();
            while (!release && !cancelled)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            return [value, &out] { out.push_back(value); };
        };
    };
}

} // namespace

class TestBackgroundJob final : public QObject
{
    Q_OBJECT

private slots:
    void runsOffTheUiThreadAndDeliversOnIt()
    {
        BackgroundJob worker;
        std::vector<int> prepared, out;
        std::atomic<bool> release{true};
        std::atomic<QThread *> ranOn{nullptr};
        worker.submit(job(1, prepared, out, release, &ranOn));
        QVERIFY(worker.isBusy());
        QTRY_VERIFY(!worker.isBusy());
        QCOMPARE(out, std::vector<int>{1});
        QVERIFY(ranOn.load() != nullptr);
        QVERIFY(ranOn.load() != QThread::currentThread());
        QCOMPARE(worker.delivered(), 1);
    }

    // Three submissions while the first job runs: the first one's answer is stale and dropped,
    // the second is never prepared, the third runs and is delivered.
    void coalescesAndDropsStaleAnswers()
    {
        BackgroundJob worker;
        std::vector<int> prepared, out;
        std::atomic<bool> release{false};
        worker.submit(job(1, prepared, out, release));
        worker.submit(job(2, prepared, out, release));
        worker.submit(job(3, prepared, out, release));
        QCOMPARE(prepared, std::vector<int>{1});
        release = true;
        QTRY_VERIFY(!worker.isBusy());
        QCOMPARE(prepared, (std::vector<int>{1, 3}));
        QCOMPARE(out, std::vector<int>{3});
        QCOMPARE(worker.delivered(), 1);
    }

    // A preparation that finds nothing to compute runs no thread.
    void emptyWorkRunsNothing()
    {
        BackgroundJob worker;
        worker.submit([]() -> BackgroundJob::Work { return {}; });
        QVERIFY(!worker.isBusy());
        QCOMPARE(worker.delivered(), 0);
    }

    // The Every policy (the scaling curve, the Budget view): the running job's answer is delivered
    // although a newer submission waits, then the newest submission runs; the one in between is
    // never prepared.
    void everyPolicyDeliversEachFinishedJob()
    {
        BackgroundJob worker(BackgroundJob::Answers::Every);
        std::vector<int> prepared, out;
        std::atomic<bool> release{false};
        worker.submit(job(1, prepared, out, release));
        worker.submit(job(2, prepared, out, release));
        worker.submit(job(3, prepared, out, release));
        QVERIFY(worker.hasPending());
        release = true;
        QTRY_VERIFY(!worker.isBusy());
        QCOMPARE(prepared, (std::vector<int>{1, 3}));
        QCOMPARE(out, (std::vector<int>{1, 3}));
        QCOMPARE(worker.delivered(), 2);
    }

    // cancelRunning() raises the running job's flag (its work returns early, and the answer it
    // makes of that is still delivered under Every); dropPending() forgets the waiting submission;
    // the next job starts with the flag cleared.
    void cancelRunningStopsTheJobAndDropPendingForgetsTheNext()
    {
        BackgroundJob worker(BackgroundJob::Answers::Every);
        std::vector<int> prepared, out;
        std::atomic<bool> never{false};
        worker.submit(job(1, prepared, out, never));
        worker.submit(job(2, prepared, out, never));
        worker.dropPending();
        QVERIFY(!worker.hasPending());
        worker.cancelRunning();
        QTRY_VERIFY(!worker.isBusy());
        QCOMPARE(prepared, std::vector<int>{1});
        QCOMPARE(out, std::vector<int>{1});

        std::atomic<bool> sawCancel{true};
        worker.submit([&]() -> BackgroundJob::Work {
            return [&](const std::atomic<bool> &cancelled) -> BackgroundJob::Deliver {
                sawCancel = cancelled.load();
                return [&out] { out.push_back(4); };
            };
        });
        QTRY_VERIFY(!worker.isBusy());
        QVERIFY(!sawCancel);
        QCOMPARE(out, (std::vector<int>{1, 4}));
    }

    // Closing a window while a job runs: the worker stops it and waits; nothing is delivered.
    void destructionCancelsARunningJob()
    {
        std::vector<int> prepared, out;
        std::atomic<bool> release{false};
        {
            BackgroundJob worker;
            worker.submit(job(1, prepared, out, release));
            worker.submit(job(2, prepared, out, release));
            QVERIFY(worker.isBusy());
        }
        QCoreApplication::processEvents();
        QVERIFY(out.empty());
        QCOMPARE(prepared, std::vector<int>{1});
    }
};

QTEST_GUILESS_MAIN(TestBackgroundJob)
#include "tst_backgroundjob.moc"

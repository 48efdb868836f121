// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/BackgroundJob.h"

#include <utility>

namespace gpuplan::ui {

BackgroundJob::BackgroundJob(QObject *parent) : QObject(parent) {}

BackgroundJob::BackgroundJob(Answers answers, QObject *parent) : QObject(parent), m_answers(answers) {}

BackgroundJob::~BackgroundJob()
{
    m_pending = nullptr;
    if (m_thread.joinable()) {
        m_destroying = true;
        m_cancel = true;
        m_thread.join();
    }
}

void BackgroundJob::submit(Prepare prepare)
{
    m_pending = std::move(prepare);
    if (!m_thread.joinable())
        start();
}

void BackgroundJob::cancelRunning()
{
    if (m_thread.joinable())
        m_cancel = true;
}

void BackgroundJob::start()
{
    const Prepare prepare = std::exchange(m_pending, nullptr);
    if (!prepare)
        return;
    Work work = prepare();
    if (!work)
        return;
    m_cancel = false;
    m_thread = std::thread([this, work = std::move(work)] {
        Deliver deliver = work(m_cancel);
        if (m_destroying)
            return;
        // Queued to the UI thread; dropped by Qt if this object is gone by then.
        QMetaObject::invokeMethod(this, [this, deliver = std::move(deliver)] { onDone(deliver); }, Qt::QueuedConnection);
    });
}

void BackgroundJob::onDone(const Deliver &deliver)
{
    if (m_thread.joinable())
        m_thread.join();   // it has posted this call and is returning
    if (m_pending && m_answers == Answers::NewestOnly) {
        start();   // the answer belongs to a plan that has changed since
        return;
    }
    ++m_delivered;
    if (deliver)
        deliver();   // may submit again, which starts the next job at once
    if (m_pending && !m_thread.joinable())
        start();
}

} // namespace gpuplan::ui

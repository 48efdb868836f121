// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/Autosave.h"

#include "document/PlanController.h"
#include "document/RecoveryFile.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QTimer>

namespace gpuplan::ui {

Autosave::Autosave(PlanController *controller, const QString &directory, QObject *parent)
    : QObject(parent), m_controller(controller),
      m_directory(directory.isEmpty() ? defaultRecoveryDirectory() : directory), m_interval(new QTimer(this)),
      m_idle(new QTimer(this))
{
    // One session per process: the pid and start time make the name unique on this machine.
    const QString session = QStringLiteral("session-%1-%2")
                                .arg(QCoreApplication::applicationPid())
                                .arg(QDateTime::currentMSecsSinceEpoch());
    const QDir dir(m_directory);
    if (QDir().mkpath(m_directory)) {
        auto lock = std::make_unique<QLockFile>(dir.filePath(session + QStringLiteral(".lock")));
        lock->setStaleLockTime(0);
        if (lock->tryLock(0))
            m_lock = std::move(lock);
    }
    m_path = dir.filePath(session + QStringLiteral(".gpuplan-recovery"));

    m_interval->setInterval(kDefaultIntervalMs);
    m_idle->setInterval(kDefaultIdleMs);
    m_idle->setSingleShot(true);
    connect(m_interval, &QTimer::timeout, this, &Autosave::saveNow);
    connect(m_idle, &QTimer::timeout, this, &Autosave::saveNow);
    connect(m_controller, &PlanController::planChanged, this, &Autosave::planChanged);
    connect(m_controller, &PlanController::fileStateChanged, this, &Autosave::fileStateChanged);
    m_interval->start();
    // A document that starts out modified (a restored session, edits given on the command line)
    // gets its copy at the first opportunity.
    m_dirty = m_controller->isModified();
    if (m_dirty)
        m_idle->start();
}

Autosave::~Autosave()
{
    // A normal end: the unsaved-changes prompt has run, so the user chose what to keep. The
    // controller may already be gone; only the file is touched. The lock goes with m_lock.
    QFile::remove(m_path);
}

void Autosave::setIntervalMs(int intervalMs)
{
    m_interval->setInterval(intervalMs);
}

void Autosave::setIdleMs(int idleMs)
{
    m_idle->setInterval(idleMs);
}

bool Autosave::saveNow()
{
    if (!m_lock)
        return false;
    if (!m_controller->isModified()) {
        removeCopy();
        return true;
    }
    if (!m_dirty && QFile::exists(m_path))
        return true;
    QString error;
    if (!writeRecoveryFile(m_path, m_controller->plan(), m_controller->filePath(), error)) {
        // Report once per failure streak, not every interval.
        if (!m_lastWriteFailed)
            emit failed(tr("Unsaved changes could not be backed up: %1").arg(error));
        m_lastWriteFailed = true;
        return false;
    }
    m_dirty = false;
    m_lastWriteFailed = false;
    return true;
}

void Autosave::planChanged()
{
    m_dirty = true;
    m_idle->start();   // restarts: the copy is written once the edits pause
}

void Autosave::fileStateChanged()
{
    if (!m_controller->isModified())
        removeCopy();
}

void Autosave::removeCopy()
{
    if (QFile::exists(m_path))
        QFile::remove(m_path);
    m_dirty = m_controller->isModified();
}

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QObject>
#include <QString>

#include <memory>

class QLockFile;
class QTimer;

namespace gpuplan::ui {

class PlanController;

// Keeps a copy of unsaved changes in a recovery file (RecoveryFile.h) so that a crash, a killed
// process or a power cut loses at most a few seconds of work. The copy is written when the plan
// has changed since the last copy: a few seconds after the last edit (idle) and at a fixed
// interval while edits go on. It is removed once the document is clean again (saved, or undone
// to the saved state) and when gpuplan closes normally (the unsaved-changes prompt has run).
class Autosave : public QObject
{
    Q_OBJECT
public:
    static constexpr int kDefaultIntervalMs = 60 * 1000;
    static constexpr int kDefaultIdleMs = 5 * 1000;

    // directory: where the session's files go (created if missing); empty = the default
    // recovery folder in the application data location.
    Autosave(PlanController *controller, const QString &directory = QString(), QObject *parent = nullptr);
    ~Autosave() override;

    void setIntervalMs(int intervalMs);
    void setIdleMs(int idleMs);
    QString directory() const { return m_directory; }
    QString recoveryPath() const { return m_path; }
    bool isActive() const { return m_lock != nullptr; }   // false when the folder is unusable

    // Writes the copy now if the document has unsaved changes (or removes it if it has none).
    bool saveNow();

signals:
    // Writing the copy failed (disk full, folder removed): the user should know their safety net
    // is gone.
    void failed(const QString &message);

private:
    void planChanged();
    void fileStateChanged();
    void removeCopy();

    PlanController *m_controller;
    QString m_directory;
    QString m_path;
    std::unique_ptr<QLockFile> m_lock;
    QTimer *m_interval;
    QTimer *m_idle;
    bool m_dirty = false;          // the plan changed since the copy was written
    bool m_lastWriteFailed = false;
};

} // namespace gpuplan::ui

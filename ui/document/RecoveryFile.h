// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

#include <QDateTime>
#include <QString>

#include <memory>
#include <vector>

class QLockFile;

namespace gpuplan {
class Catalog;
}

namespace gpuplan::ui {

// The recovery files of the autosave (docs/robustness.md "Never lose work"). Each running
// gpuplan owns one session in the recovery folder: "<session>.gpuplan-recovery" with the unsaved
// plan, and "<session>.lock", a QLockFile held while the session runs. A recovery file whose lock
// can be taken belongs to a gpuplan that ended without cleaning up (a crash, a kill, a power
// cut): it is offered at the next start. The file is a JSON object
//   {"format": "gpuplan-recovery", "version": 1, "file": "<the plan's file or empty>",
//    "saved_at": "<ISO 8601 UTC>", "plan": {<a .gpuplan document>}}
// and is read with the same checks as any plan file.
struct RecoveredSession
{
    QString recoveryPath;        // the .gpuplan-recovery file
    QString originalFile;        // the plan's own file when it had one
    QDateTime savedAt;
    Plan plan;
    std::shared_ptr<QLockFile> lock;   // held while this process restores or discards the session
};

inline constexpr const char *kRecoveryFormatName = "gpuplan-recovery";
inline constexpr int kRecoveryFormatVersion = 1;

// QStandardPaths::AppDataLocation + "/recovery".
QString defaultRecoveryDirectory();

// Writes atomically (QSaveFile): a crash during the write leaves the previous copy.
bool writeRecoveryFile(const QString &path, const Plan &plan, const QString &originalFile, QString &error);
bool readRecoveryFile(const QString &path, const Catalog &catalog, RecoveredSession &out, QString &error);

// Sessions of gpuplan processes that are no longer running, newest first, each with its lock
// taken. Files that cannot be read are reported in problems and left alone.
std::vector<RecoveredSession> findOrphanedSessions(const QString &directory, const Catalog &catalog,
                                                   QStringList *problems = nullptr);

// Removes a session's recovery file and lock.
void removeSession(const RecoveredSession &session);

} // namespace gpuplan::ui

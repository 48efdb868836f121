// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "plan/Plan.h"

#include <QString>

#include <string>

namespace gpuplan::ui {

// Saves plan files for the desktop application (docs/robustness.md "Never lose work"):
//  - atomically (QSaveFile): the old file stays intact until the new one is complete on disk,
//    whatever happens during the write; permissions of an existing file are kept;
//  - with a backup of a file written by an older format version before it is first rewritten:
//    "<name>.gpuplan.v<old version>.bak" next to it, made once and never overwritten, so the
//    older gpuplan that wrote it can still open the original. No backup is made when the file
//    on disk is missing, is not a plan, or already has the current version.
class PlanFileWriter
{
public:
    // currentVersion: the format version this build writes (kPlanFormatVersion); tests pass a
    // higher one to make an existing file count as older.
    explicit PlanFileWriter(int currentVersion = kPlanFormatVersion) : m_currentVersion(currentVersion) {}

    bool save(const QString &path, const Plan &plan, QString &error) const;

    // The backup a save to path would make first; empty when none is needed.
    QString backupPathFor(const QString &path) const;

private:
    int m_currentVersion;
};

// Replaces path with text atomically (common/AtomicFile.h: a new temporary file in the folder,
// never a link followed, fsync'ed, renamed): the old file stays as it was unless the new one is
// complete on disk. False with a message naming the file, the step and the reason otherwise.
// Every file the desktop application writes goes through it.
bool writeFileAtomically(const QString &path, const std::string &text, QString &error);

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "document/FieldAssignment.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>

#include <memory>
#include <vector>

class QCommandLineParser;

namespace gpuplan::ui {
class Autosave;
class MainWindow;
class PlanController;
} // namespace gpuplan::ui

namespace gpuplan::app {

// The desktop application's options about unsaved work (docs/robustness.md):
//   --set PATH=VALUE        an edit applied after the plan opens, as an unsaved change (repeatable)
//   --autosave-seconds N    how often unsaved changes are copied to the recovery folder (1-3600, default 60)
//   --recover FILE          write the unsaved plan of a gpuplan that did not close normally to FILE and exit
class RecoveryOptions
{
public:
    RecoveryOptions();
    QList<QCommandLineOption> options() const;
    // Checks the values (field names, types and bounds; the interval's range); false with a
    // message naming the option and what is allowed.
    bool read(const QCommandLineParser &parser, QString &error);

    bool recoverOnly() const { return !m_recoverFile.isEmpty(); }
    // --recover FILE: prints what happened; returns the exit code.
    int recoverToFile(const ui::PlanController &controller) const;

    // Applies the --set edits to the open plan; false with the first problem.
    bool applyEdits(ui::PlanController &controller, QString &error) const;

    // Interactive runs: the autosave of this session, then (once the window shows and the plan
    // given on the command line is open) the --set edits and the offer to restore the work of a
    // session that ended without closing.
    std::unique_ptr<ui::Autosave> startAutosave(ui::PlanController &controller, ui::MainWindow &window) const;
    void afterOpen(ui::MainWindow &window, ui::Autosave &autosave) const;

private:
    QCommandLineOption m_set;
    QCommandLineOption m_autosaveSeconds;
    QCommandLineOption m_recover;
    std::vector<ui::FieldAssignment> m_edits;
    int m_autosaveMs = 0;
    QString m_recoverFile;
};

} // namespace gpuplan::app

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "RecoveryOptions.h"

#include <QCommandLineOption>
#include <QList>
#include <QString>

class QCommandLineParser;

namespace gpuplan::app {

// The desktop application's command line in one table: --help prints it through
// QCommandLineParser and `gpuplan --man` writes gpuplan(1) from it, so the two cannot drift.
struct DesktopOptions
{
    DesktopOptions();

    QCommandLineOption screenshot;
    QCommandLineOption size;
    QCommandLineOption bench;
    QCommandLineOption benchChanges;
    QCommandLineOption theme;
    QCommandLineOption presentation;
    QCommandLineOption tab;
    QCommandLineOption view;
    QCommandLineOption compareWith;
    QCommandLineOption portfolio;
    QCommandLineOption deadlineDays;
    QCommandLineOption deadlineDaysOf;
    RecoveryOptions recovery;   // --set, --autosave-seconds, --recover
    QCommandLineOption exportPdf;
    QCommandLineOption pageSize;

    // Every option above in --help order (without --help and --version, which the parser adds).
    QList<QCommandLineOption> all() const;
    // Adds the options, --help, --version, the description and the PLAN argument.
    void addTo(QCommandLineParser &parser) const;
    // The roff source of gpuplan(1).
    QString manPage() const;

    static QString description();
};

} // namespace gpuplan::app

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// What a written PDF says, read back with poppler's tools the way a reader's viewer would, for the
// UI tests that export through the window's menus.
#include <QProcess>
#include <QStandardPaths>
#include <QString>
#include <QStringList>
#include <QtGlobal>

namespace gpuplan::test {

// Runs a poppler tool; its output, or a text the test's checks cannot mistake for a PDF's when the
// tool is missing (poppler-utils is in .ci/quickstart.sh) or fails.
inline QString poppler(const QString &tool, const QStringList &args)
{
    const QString exe = QStandardPaths::findExecutable(tool);
    if (exe.isEmpty()) {
        qWarning("%s is not installed (poppler-utils)", qPrintable(tool));
        return QStringLiteral("<no %1>").arg(tool);
    }
    QProcess p;
    p.start(exe, args);
    if (!p.waitForFinished(60000) || p.exitCode() != 0)
        return QStringLiteral("<%1 failed: %2>").arg(tool, QString::fromLocal8Bit(p.readAllStandardError()));
    return QString::fromUtf8(p.readAllStandardOutput());
}

// One page's text (page > 0) or the whole document's (page 0), laid out as on the page.
inline QString pdfText(const QString &pdf, int page = 0)
{
    QStringList args{QStringLiteral("-layout")};
    if (page > 0)
        args << QStringLiteral("-f") << QString::number(page) << QStringLiteral("-l") << QString::number(page);
    return poppler(QStringLiteral("pdftotext"), args << pdf << QStringLiteral("-"));
}

} // namespace gpuplan::test

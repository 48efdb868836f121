// SPDX-License-Identifier: GPL-3.0-or-later
#include "document/ExamplePlans.h"

#include <QCoreApplication>
#include <QDir>
#include <QStandardPaths>

namespace gpuplan::ui {

QStringList exampleDirectories()
{
    const QString relative = QStringLiteral("gpuplan/examples");
    QStringList dirs{QDir::cleanPath(QCoreApplication::applicationDirPath() + QStringLiteral("/../share/") + relative)};
    dirs << QStandardPaths::locateAll(QStandardPaths::GenericDataLocation, relative, QStandardPaths::LocateDirectory);
    dirs << QStringLiteral(GPUPLAN_SOURCE_EXAMPLES_DIR);
    dirs.removeDuplicates();
    return dirs;
}

QFileInfoList examplePlans()
{
    for (const QString &dir : exampleDirectories()) {
        const QFileInfoList plans =
            QDir(dir).entryInfoList({QStringLiteral("*.gpuplan")}, QDir::Files | QDir::Readable, QDir::Name);
        if (!plans.isEmpty())
            return plans;
    }
    return {};
}

} // namespace gpuplan::ui

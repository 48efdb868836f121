// SPDX-License-Identifier: GPL-3.0-or-later
#include "portfolio/ClusterConfigExport.h"

#include "document/PlanFileWriter.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>

namespace gpuplan::ui {

QString clusterConfigUnavailableReason(const PortfolioOutcome *outcome, bool computing, int rows)
{
    if (rows == 0)
        return QCoreApplication::translate("PortfolioView", "No plans: add plans to size a cluster first");
    if (computing || !outcome)
        return QCoreApplication::translate("PortfolioView", "The cluster is being sized");
    if (outcome->result.pools.empty())
        return QCoreApplication::translate("PortfolioView", "No plan could be placed: there is no cluster to configure");
    return {};
}

bool writeClusterConfig(const PortfolioResult &result, const Catalog &catalog, ClusterConfigFormat format,
                        const QString &folder, QStringList &written, QString &error)
{
    written.clear();
    QDir dir(folder);
    if (!dir.mkpath(QStringLiteral("."))) {
        error = QCoreApplication::translate("PortfolioView", "Cannot create the folder %1").arg(folder);
        return false;
    }
    const std::string generator = QStringLiteral("gpuplan %1").arg(QCoreApplication::applicationVersion()).toStdString();
    for (const ClusterConfigFile &f : clusterConfigFiles(result, catalog, format, generator)) {
        const QString path = dir.filePath(QString::fromStdString(f.fileName));
        if (!writeFileAtomically(path, f.text, error)) {
            error[0] = error[0].toUpper();
            return false;
        }
        // Scripts are run as they are: node-labels.sh, the sbatch files.
        if (path.endsWith(QLatin1String(".sh")) || path.endsWith(QLatin1String(".sbatch")))
            QFile::setPermissions(path, QFile::permissions(path) | QFile::ExeOwner | QFile::ExeGroup);
        written << path;
    }
    return true;
}

} // namespace gpuplan::ui

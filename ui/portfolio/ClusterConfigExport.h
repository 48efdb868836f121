// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include "portfolio/PortfolioPlans.h"

#include "export/ClusterConfig.h"

#include <QString>
#include <QStringList>

// The Portfolio tab's "Export cluster configuration…": the files of core/export/ClusterConfig.h
// (the same text as `gpuplan-cli portfolio --cluster-config`) written into a folder.
namespace gpuplan::ui {

// Why the cluster configuration cannot be written now (shown as the button's tooltip); empty when
// it can: the portfolio has an answer with at least one pool.
QString clusterConfigUnavailableReason(const PortfolioOutcome *outcome, bool computing, int rows);

// Writes the files into folder (created when missing), each whole or not at all; written holds
// their paths. False with a message naming the file or folder when one cannot be written.
bool writeClusterConfig(const PortfolioResult &result, const Catalog &catalog, ClusterConfigFormat format,
                        const QString &folder, QStringList &written, QString &error);

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

// A controller on the bundled catalog with one of examples/*.gpuplan open, for GUI tests that
// check the teaching and comparison views against the shipped examples.

#include "document/PlanController.h"

#include <QString>

#include <memory>

namespace gpuplan::test {

inline std::unique_ptr<ui::PlanController> openExamplePlan(const char *fileName)
{
    QStringList issues;
    auto c = std::make_unique<ui::PlanController>(ui::PlanController::loadInstalledCatalog(issues));
    QString error;
    if (!c->openFile(QStringLiteral(GPUPLAN_SOURCE_DIR "/examples/") + QString::fromUtf8(fileName), error))
        qWarning("%s", qPrintable(error));
    return c;
}

} // namespace gpuplan::test

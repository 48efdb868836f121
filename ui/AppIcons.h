// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIcon>
#include <QString>

namespace gpuplan::ui {

// The icons compiled into the application (resources/icons, one style: blue lines with an orange
// accent, legible on the light and the dark palette). name is the file name without ".svg":
// "document-open", "memory", "cost", ...
QIcon appIcon(const QString &name);

} // namespace gpuplan::ui

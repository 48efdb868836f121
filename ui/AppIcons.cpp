// SPDX-License-Identifier: GPL-3.0-or-later
#include "AppIcons.h"

namespace gpuplan::ui {

QIcon appIcon(const QString &name)
{
    return QIcon(QStringLiteral(":/icons/%1.svg").arg(name));
}

} // namespace gpuplan::ui

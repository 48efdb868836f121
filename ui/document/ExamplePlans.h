// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QFileInfoList>
#include <QStringList>

namespace gpuplan::ui {

// Where File > Open Example finds the example plans, in search order: share/gpuplan/examples
// beside the executable's installation prefix, the same folder in the XDG data folders
// (/usr/share, /usr/local/share, ...), and the source tree's examples/ when gpuplan runs from
// its build folder.
QStringList exampleDirectories();

// The .gpuplan files of the first of those folders that has any, by file name.
QFileInfoList examplePlans();

} // namespace gpuplan::ui

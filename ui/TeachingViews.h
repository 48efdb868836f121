// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>
#include <QStringList>

namespace gpuplan::ui {

class MainWindow;

// Opens a teaching or comparison view for `gpuplan --screenshot … --view NAME`:
//   teaching  the explanation pane (memory per GPU) and the lesson list;
//   lesson    the first lesson at its second step (its plan replaces the open one);
//   compare   the Compare tab with each of compareFiles as a column (a copy of the open plan
//             when none is given).
// On an unknown name or an unreadable file returns false with a message naming it.
bool showView(MainWindow &window, const QString &view, const QStringList &compareFiles, QString &error);

// The names showView() accepts, for --help and messages.
QStringList viewNames();

} // namespace gpuplan::ui

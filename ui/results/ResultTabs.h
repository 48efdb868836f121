// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QString>

namespace gpuplan::ui {

class ResultTab;
class ResultsPanel;

// The result tabs of the main window, in display order. Adding a view = one ResultTab subclass
// and one line in ResultTabs.cpp.
void addResultTabs(ResultsPanel &panel);

// Command-line name of a tab: its title in lower case, words joined by '-' ("step-time",
// "power-and-cooling"). findResultTab() accepts a name or a unique prefix of one ("power").
QString resultTabName(const ResultTab &tab);
ResultTab *findResultTab(const ResultsPanel &panel, const QString &name);

} // namespace gpuplan::ui

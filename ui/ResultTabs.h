// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

namespace gpuplan::ui {

class ResultsPanel;

// The result tabs of the main window, in display order. Adding a view = one ResultTab subclass
// and one line in ResultTabs.cpp.
void addResultTabs(ResultsPanel &panel);

} // namespace gpuplan::ui

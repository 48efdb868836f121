// SPDX-License-Identifier: GPL-3.0-or-later
#include "ResultTabs.h"

#include "ComparisonTab.h"
#include "MemoryChart.h"
#include "ResultsPanel.h"

namespace gpuplan::ui {

void addResultTabs(ResultsPanel &panel)
{
    panel.addTab(new MemoryChart);
    panel.addTab(new ComparisonTab);
}

} // namespace gpuplan::ui

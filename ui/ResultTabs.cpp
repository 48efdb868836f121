// SPDX-License-Identifier: GPL-3.0-or-later
#include "ResultTabs.h"

#include "ComparisonTab.h"
#include "CostChart.h"
#include "MemoryChart.h"
#include "PowerChart.h"
#include "ResultsPanel.h"
#include "ScalingChart.h"
#include "StepTimeChart.h"

namespace gpuplan::ui {

void addResultTabs(ResultsPanel &panel)
{
    panel.addTab(new MemoryChart);
    panel.addTab(new ScalingChart);
    panel.addTab(new StepTimeChart);
    panel.addTab(new CostChart);
    panel.addTab(new PowerChart);
    panel.addTab(new ComparisonTab);
}

} // namespace gpuplan::ui

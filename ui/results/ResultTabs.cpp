// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/ResultTabs.h"

#include "AppIcons.h"

#include "budget/BudgetView.h"
#include "charts/CostChart.h"
#include "charts/MemoryChart.h"
#include "charts/MemoryStepChart.h"
#include "charts/PowerChart.h"
#include "charts/ResultTab.h"
#include "charts/ScalingChart.h"
#include "charts/ServingFrontierChart.h"
#include "charts/StepTimeChart.h"
#include "portfolio/PortfolioView.h"
#include "results/ComparisonTab.h"
#include "results/ResultsPanel.h"

#include <QRegularExpression>

namespace gpuplan::ui {

void addResultTabs(ResultsPanel &panel)
{
    panel.addTab(new MemoryChart, appIcon(QStringLiteral("memory")));
    panel.addTab(new MemoryStepChart, appIcon(QStringLiteral("memory")));
    panel.addTab(new ScalingChart, appIcon(QStringLiteral("scaling")));
    panel.addTab(new StepTimeChart, appIcon(QStringLiteral("step-time")));
    panel.addTab(new ServingFrontierChart, appIcon(QStringLiteral("throughput")));
    panel.addTab(new CostChart, appIcon(QStringLiteral("cost")));
    panel.addTab(new PowerChart, appIcon(QStringLiteral("power")));
    panel.addTab(new BudgetView(panel.controller()), appIcon(QStringLiteral("budget")));
    panel.addTab(new ComparisonTab, appIcon(QStringLiteral("compare")));
    panel.addTab(new PortfolioView(panel.controller()), appIcon(QStringLiteral("cluster")));
}

QString resultTabName(const ResultTab &tab)
{
    static const QRegularExpression separators(QStringLiteral("[^a-z0-9]+"));
    QString name = tab.title().toLower().replace(separators, QStringLiteral("-"));
    while (name.endsWith(QLatin1Char('-')))
        name.chop(1);
    return name;
}

ResultTab *findResultTab(const ResultsPanel &panel, const QString &name)
{
    ResultTab *prefixMatch = nullptr;
    int prefixMatches = 0;
    for (int i = 0; i < panel.tabCount(); ++i) {
        const QString tabName = resultTabName(*panel.tab(i));
        if (tabName == name)
            return panel.tab(i);
        if (!name.isEmpty() && tabName.startsWith(name)) {
            prefixMatch = panel.tab(i);
            ++prefixMatches;
        }
    }
    return prefixMatches == 1 ? prefixMatch : nullptr;
}

} // namespace gpuplan::ui

// SPDX-License-Identifier: GPL-3.0-or-later
#include "results/ResultsPanel.h"

#include "charts/ResultTab.h"
#include "document/PlanController.h"
#include "results/KeyResultsStrip.h"

#include <QTabWidget>
#include <QVBoxLayout>

namespace gpuplan::ui {

ResultsPanel::ResultsPanel(PlanController *controller, QWidget *parent)
    : QWidget(parent), m_controller(controller), m_strip(new KeyResultsStrip(this)), m_tabWidget(new QTabWidget(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(4);
    layout->addWidget(m_strip);
    layout->addWidget(m_tabWidget, 1);
    m_tabWidget->setDocumentMode(true);
    connect(m_controller, &PlanController::evaluationChanged, this, &ResultsPanel::refresh);
    connect(m_tabWidget, &QTabWidget::currentChanged, this, [this](int index) {
        if (index >= 0 && index < static_cast<int>(m_stale.size()) && m_stale[static_cast<std::size_t>(index)])
            refreshTab(index);
    });
    m_strip->refresh(*m_controller);
}

void ResultsPanel::addTab(ResultTab *tab, const QIcon &icon)
{
    m_tabs.push_back(tab);
    m_stale.push_back(true);
    m_tabWidget->addTab(tab, icon, tab->title());   // the first tab becomes current and refreshes then
    const int index = static_cast<int>(m_tabs.size()) - 1;
    if (m_tabWidget->currentIndex() == index && m_stale.back())
        refreshTab(index);
}

void ResultsPanel::applySettings(const Settings &settings)
{
    for (ResultTab *t : m_tabs)
        t->applySettings(settings);
    refresh();
}

int ResultsPanel::tabCount() const
{
    return static_cast<int>(m_tabs.size());
}

ResultTab *ResultsPanel::tab(int index) const
{
    return m_tabs.at(static_cast<std::size_t>(index));
}

ResultTab *ResultsPanel::currentTab() const
{
    return qobject_cast<ResultTab *>(m_tabWidget->currentWidget());
}

void ResultsPanel::setCurrentTab(ResultTab *tab)
{
    m_tabWidget->setCurrentWidget(tab);
}

void ResultsPanel::refresh()
{
    m_strip->refresh(*m_controller);
    for (std::size_t i = 0; i < m_stale.size(); ++i)
        m_stale[i] = true;
    const int current = m_tabWidget->currentIndex();
    if (current >= 0)
        refreshTab(current);
}

void ResultsPanel::refreshTab(int index)
{
    m_tabs[static_cast<std::size_t>(index)]->refresh(*m_controller);
    m_stale[static_cast<std::size_t>(index)] = false;
}

} // namespace gpuplan::ui

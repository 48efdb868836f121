// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QIcon>
#include <QWidget>

#include <vector>

class QTabWidget;

namespace gpuplan::ui {

class KeyResultsStrip;
class PlanController;
class ResultTab;
class Settings;

// The right-hand side of the window: the key results strip above a tab per result view. Only
// the visible tab is refreshed when the evaluation changes; the others catch up when shown.
class ResultsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ResultsPanel(PlanController *controller, QWidget *parent = nullptr);

    void addTab(ResultTab *tab, const QIcon &icon = {});
    // Passes preferences to every tab and redraws.
    void applySettings(const Settings &settings);
    int tabCount() const;
    ResultTab *tab(int index) const;
    template <typename T>
    T *findTab() const
    {
        for (ResultTab *t : m_tabs) {
            if (auto *match = qobject_cast<T *>(t))
                return match;
        }
        return nullptr;
    }
    ResultTab *currentTab() const;
    void setCurrentTab(ResultTab *tab);

    PlanController *controller() const { return m_controller; }
    KeyResultsStrip *keyResults() const { return m_strip; }
    QTabWidget *tabWidget() const { return m_tabWidget; }

    // Refreshes the strip and the visible tab now; hidden tabs are marked stale.
    void refresh();

private:
    void refreshTab(int index);

    PlanController *m_controller;
    KeyResultsStrip *m_strip;
    QTabWidget *m_tabWidget;
    std::vector<ResultTab *> m_tabs;
    std::vector<bool> m_stale;
};

} // namespace gpuplan::ui

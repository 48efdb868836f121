// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <QWidget>

namespace gpuplan::ui {

class PlanController;
class Settings;

// One tab of the results area. The results panel calls refresh() when the evaluation changes
// and the tab is visible (hidden tabs are refreshed when they are shown). A new tab is one
// subclass plus one line in ResultTabs.cpp.
class ResultTab : public QWidget
{
    Q_OBJECT
public:
    using QWidget::QWidget;

    virtual QString title() const = 0;
    virtual void refresh(const PlanController &controller) = 0;
    // Chart defaults and other preferences; called when the tab is added and when they change.
    virtual void applySettings(const Settings &settings) { Q_UNUSED(settings); }

protected:
    // Puts the tab's content in a frameless scroll area filling the tab: a tab's minimum size is
    // the whole tab widget's, and the window must still fit a 1280x720 projector, so a tab with
    // controls, a chart and a table scrolls below its minimum instead of growing the window.
    void setScrollableContent(QWidget *content);
};

} // namespace gpuplan::ui
